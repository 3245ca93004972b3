import { defineHandlers } from "../../core/handlers.js";
import { requireMember, type Caller } from "../../core/auth.js";
import { conflict } from "../../core/errors.js";
import type { Db } from "../../db/db.js";
import { CYCLE_COLUMNS, CYCLE_FROM, factsOf, loadActivity, rederiveCycles, refreshSummaries, toRtmCycles, type CycleRow, type RtmStatus } from "./cycles.js";
import { billingChanged, lockPatientCycles } from "./derive.js";
import { refusal, revertRefusal } from "./rules.js";
import { dropEvidence, recordEvidence } from "./evidence.js";
import { getVisibleCycleRow, getVisibleSummary, listCycles, listMonth } from "./list.js";
import { renderCyclePdf, renderMonthlyPdf } from "./pdf.js";

export const NO_BILLING_PRACTITIONER = "The patient has no billing practitioner: choose one (or a primary provider) before marking a code billed.";

const TRANSITIONS = {
  ADVANCE: { from: "READY_TO_BILL", to: "BILLED", verb: "marked as billed" },
  REVERT: { from: "BILLED", to: "READY_TO_BILL", verb: "reverted to ready to bill" },
} as const satisfies Record<string, { from: RtmStatus; to: RtmStatus; verb: string }>;

/**
 * ADVANCE (READY_TO_BILL → BILLED) or REVERT (BILLED → READY_TO_BILL); any other status is a 409. Any member who
 * sees the patient may mark a code billed (the billing office — provider admins — included): the claim is billed
 * under the patient's billing (rendering) practitioner, recorded with the cycle, and the rules compare those, not
 * who clicked (issue 32, ADR 044); who clicked and when are recorded too (billed_by, billed_at). One
 * conditional UPDATE decides: of concurrent requests for one cycle exactly one finds the status it expects (the
 * others get the 409), so a cycle is never billed twice and billed_at/billed_by are written once. The patient's
 * row lock also orders it against care-note writes (a note cannot slip into a cycle being billed) and against
 * an ADVANCE of another set-up cycle of the patient (98975 once per episode).
 */
async function promote(db: Db, caller: Caller, id: string, kind: keyof typeof TRANSITIONS, billNow = false) {
  const t = TRANSITIONS[kind];
  const row = await getVisibleCycleRow(db, caller, id);
  await db.tx(async (tx) => {
    await lockPatientCycles(tx, row.patient_record_id);
    // Who the claim is billed under: the patient's billing practitioner now (the one chosen, else the primary provider).
    const rendering = (await tx.one<{ id: string | null }>("SELECT coalesce(rtm_billing_practitioner_id, practitioner_id) AS id FROM patient_records WHERE id = $1", [row.patient_record_id]))?.id ?? null;
    if (kind === "ADVANCE" && !rendering) throw conflict(NO_BILLING_PRACTITIONER);
    // The statuses it may leave: READY_TO_BILL, or IN_PROGRESS for a code met so far billed now (ADR 043).
    const from: string[] = [t.from];
    const fresh = await tx.one<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM} WHERE c.id = $1`, [id]);
    const facts = fresh ? factsOf(fresh, (await loadActivity(tx, [fresh])).get(fresh.id)) : null;
    if (kind === "ADVANCE" && fresh && facts && fresh.status !== "BILLED") {
      // The 2026 rules (ADR 033), under the patient's lock: a conflict with a billed code (compared by rendering
      // practitioner, ADR 044), requirements not met, or a code met so far while its period runs without "Bill now"
      // (ADR 043) refuse it with the rule named — whatever status the cycle shows.
      const refused = refusal(facts, rendering, billNow);
      if (refused) throw conflict(refused.message, { rule: refused.rule });
      if (billNow) from.push("IN_PROGRESS");
    }
    if (kind === "REVERT" && fresh?.status === "BILLED" && facts) {
      // Revert in order (ADR 043): not a base code whose add-on is billed.
      const refused = revertRefusal(facts);
      if (refused) throw conflict(refused.message, { rule: refused.rule });
    }
    const updated = await tx.one(
      `UPDATE rtm_cycles SET status = $2, updated_at = now(),
              billed_at = CASE WHEN $2 = 'BILLED' THEN now() END, billed_by = CASE WHEN $2 = 'BILLED' THEN $4::uuid END,
              rendering_practitioner_id = CASE WHEN $2 = 'BILLED' THEN $5::uuid END
        WHERE id = $1 AND status = ANY($3::text[]) RETURNING id`,
      [id, t.to, from, caller.practitionerId, rendering],
    );
    if (!updated) {
      const now = await tx.one<{ status: string }>("SELECT status FROM rtm_cycles WHERE id = $1", [id]);
      throw conflict(`Only a cycle that is ${t.from} can be ${t.verb} (this one is ${now?.status ?? row.status}).`);
    }
    if (kind === "ADVANCE") await recordEvidence(tx, [id]);
    else {
      // Its evidence is released, and its status follows the rules as any cycle not billed (ADR 043).
      await dropEvidence(tx, id);
      await rederiveCycles(tx, await tx.query<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM} WHERE c.id = $1`, [id]));
    }
    await billingChanged(tx, row.patient_record_id, row.id);
    await refreshSummaries(tx, [row.patient_record_id]);
  });
  const [cycle] = await toRtmCycles(db, [await getVisibleCycleRow(db, caller, id)]);
  return cycle!;
}

async function organizationName(db: Db, organizationId: string): Promise<{ name: string; timezone: string }> {
  return (await db.one<{ name: string; timezone: string }>("SELECT name, timezone FROM organizations WHERE id = $1", [organizationId])) ?? { name: "", timezone: "America/Denver" };
}

/** Handlers of the rtm area, keyed by operationId. */
export const handlers = defineHandlers({
  async listRtmCycles(ctx) {
    // Ended cycles are settled before the page is answered (see readSettled in cycles.ts).
    return listCycles(ctx.db, requireMember(ctx.caller), ctx.query);
  },

  async listRtmCyclesByMonth(ctx) {
    return listMonth(ctx.db, requireMember(ctx.caller), ctx.params.yearMonth, ctx.query);
  },

  async advanceRtmCycle(ctx) {
    return promote(ctx.db, ctx.caller, ctx.params.id, "ADVANCE", ctx.query?.billNow === true);
  },

  async revertRtmCycle(ctx) {
    return promote(ctx.db, ctx.caller, ctx.params.id, "REVERT");
  },

  async getRtmCyclePdfUrl(ctx) {
    const row = await getVisibleCycleRow(ctx.db, ctx.caller, ctx.params.id);
    const [cycle] = await toRtmCycles(ctx.db, [row]);
    const org = await organizationName(ctx.db, row.organization_id);
    const key = `rtm/cycles/${row.id}.pdf`;
    await ctx.files.put(key, await renderCyclePdf(cycle!, org.name, org.timezone), "application/pdf");
    await ctx.db.query("UPDATE rtm_cycles SET pdf_key = $2 WHERE id = $1", [row.id, key]);
    return { pdfUrl: ctx.signer.sign(key).url };
  },

  async getRtmMonthlySummaryPdfUrl(ctx) {
    const m = requireMember(ctx.caller);
    const summary = await getVisibleSummary(ctx.db, ctx.caller, ctx.params.id);
    const org = await organizationName(ctx.db, m.organizationId);
    const key = `rtm/monthly-summaries/${summary.id}.pdf`;
    await ctx.files.put(key, await renderMonthlyPdf(summary, org.name, org.timezone), "application/pdf");
    await ctx.db.query("UPDATE rtm_monthly_summaries SET pdf_key = $2 WHERE id = $1", [summary.id, key]);
    return { pdfUrl: ctx.signer.sign(key).url };
  },
});
