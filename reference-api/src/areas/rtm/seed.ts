import { demoAccounts } from "../../seed/demo-accounts.js";
import type { AreaSeeder, SeedContext } from "../../seed/context.js";
import { insertJsonRows, seededSessionDays } from "../health/seed.js";
import { nextCheckOn, SUMMARY_STATUS_SQL, type RtmCode, type RtmStatus } from "./cycles.js";
import { addDays, CYCLE_DAYS, daysBetween, evaluateCycle, firstPeriod, nextPeriod, REQUIRED_DAYS } from "./rules.js";
import { recordEvidence } from "./evidence.js";
import { careFacts, type CareEntry } from "../../../../app/domain/rtm-2026.js";

/** The demo practitioner's patients at every boundary of the 2026 rules (ADR 033), by last name. */
export const BOUNDARY_PATIENTS: readonly { lastName: string; days: number; minutes: number; live: boolean }[] = [
  ...[1, 2, 11, 15, 16].map((days) => ({ lastName: `Boundary ${String(days).padStart(2, "0")} days`, days, minutes: 0, live: false })),
  // One each for the end-to-end suite's two projects, which bill them (tests/e2e/rtm-billing.spec.ts).
  ...["js", "no-js"].map((project) => ({ lastName: `Boundary 11 days ${project}`, days: 11, minutes: 0, live: false })),
  // And one each that the billing office bills (issue 32: the rendering practitioner, the claim's CSV columns).
  ...["js", "no-js"].map((project) => ({ lastName: `Claim 11 days ${project}`, days: 11, minutes: 0, live: false })),
  ...[9, 10, 15, 19, 20, 39, 40].flatMap((minutes) => [
    { lastName: `Boundary ${minutes} min live`, days: 0, minutes, live: true },
    { lastName: `Boundary ${minutes} min no call`, days: 0, minutes, live: false },
  ]),
];
/** Their monitoring started 19 days ago: the device interval has 11 days left, today included. */
export const BOUNDARY_STARTED_DAYS_AGO = 19;

/**
 * The demo world's boundary patients (first name "Rtm"): at the demo practitioner's first location, a program
 * assigned BOUNDARY_STARTED_DAYS_AGO days ago, sessions on their first `days` days, and care notes dated today
 * of `minutes` minutes in all (a two-way video call when `live`). The cycles are seeded with everyone's below.
 */
async function seedBoundaryPatients(ctx: SeedContext, today: string): Promise<void> {
  const rng = ctx.rng("rtm-boundaries");
  const account = demoAccounts.find((a) => a.email === "practitioner@frontrange.example")!;
  const who = await ctx.db.one<{ id: string; organization_id: string; location_id: string }>(
    `SELECT p.id, p.organization_id, pl.location_id FROM practitioners p JOIN practitioner_locations pl ON pl.practitioner_id = p.id
      WHERE p.user_id = $1 ORDER BY pl.location_id LIMIT 1`,
    [account.userId],
  );
  if (!who) return;
  const hep = rng.uuid();
  const start = addDays(today, -BOUNDARY_STARTED_DAYS_AGO);
  // Every stamp from the seed's day, never the wall clock (two seeds of one day are the same: seed/world.test.ts).
  const made = `${start}T09:00:00.000Z`;
  await ctx.db.query("INSERT INTO heps (id, organization_id, name, date_created, date_updated) VALUES ($1, $2, 'RTM boundaries', $3, $3)", [hep, who.organization_id, made]);
  for (const b of BOUNDARY_PATIENTS) {
    const id = rng.uuid();
    await ctx.db.query(
      // A Health patient has its side of body and involved body part (the spec's rule for Health patients): without
      // them any edit of the record — the billing office choosing the billing practitioner — answered 400 (issue 32).
      `INSERT INTO patient_records (id, organization_id, location_id, practitioner_id, first_name, last_name, email, has_account, products,
         injured_side_of_body, injured_body_part, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'Rtm', $5, $6, true, ARRAY['HEALTH'], 'LEFT', 'KNEE', $7::date, $8)`,
      [id, who.organization_id, who.location_id, who.id, b.lastName, `rtm.${b.lastName.toLowerCase().replaceAll(" ", ".")}@patients.example`, start, made],
    );
    await ctx.db.query(
      `INSERT INTO hep_assignments (id, hep_id, patient_record_id, assigned_by, assigned_at)
       VALUES ($1, $2, $3, $4, (SELECT ($5::date + time '12:00') AT TIME ZONE timezone FROM organizations WHERE id = $6))`,
      [rng.uuid(), hep, id, who.id, start, who.organization_id],
    );
    const days = new Set<string>();
    for (let d = 0; d < b.days; d++) {
      const day = addDays(start, d);
      days.add(day);
      await ctx.db.query(
        "INSERT INTO health_sessions (id, patient_record_id, hep_id, date) VALUES ($1, $2, $3, (SELECT ($4::date + time '12:00') AT TIME ZONE timezone FROM organizations WHERE id = $5))",
        [rng.uuid(), id, hep, day, who.organization_id],
      );
    }
    seededSessionDays.set(id, days);
    if (b.minutes > 0) {
      await ctx.db.query(
        `INSERT INTO interactions (id, patient_record_id, practitioner_id, date, minutes, notes, interaction_type, is_patient_interaction, live_method, live_two_way, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
        // Dated today, written the afternoon before (as the patients seed stamps a note dated today). The live call
        // is a two-way video call (ADR 033).
        [
          rng.uuid(), id, who.id, today, b.minutes, b.live ? "Video call: reviewed the program." : "Reviewed the data.", b.live ? "PATIENT_INTERACTIVE_COMMUNICATION" : null, b.live,
          b.live ? "VIDEO" : null, b.live ? true : null, `${addDays(today, -1)}T15:00:00.000Z`,
        ],
      );
    }
  }
}

/**
 * Demo data of RTM billing (ADR 033's two clocks) for every Health patient with an account and a program, from
 * their first assignment (or the start of the history) to the period running today (or the one of their
 * discharge): back-to-back 30-day device intervals, each with its 98977 and 98985 cycles (the first of a
 * patient assigned within the history also the set-up, 98975), and calendar months (the first from the
 * assignment) each with its 98979 and 98980 cycles, and 98981 when its care notes pass 20 minutes. Statuses are
 * the billing rules' (rules.ts) applied to the patient's real active days and the care notes the patients seed
 * wrote in each cycle's dates (minutes, live interaction): billable cycles READY_TO_BILL or, most of those that
 * ended more than two weeks ago, BILLED; running ones IN_PROGRESS while they can make it, else
 * ACTIVE_DAYS_INCOMPLETE. The codes of one interval or month are never billable together, so a billed one
 * conflicts with none. Each cycle's next_check_on is set as the API sets it. Then one monthly summary per
 * patient and month of a cycle's end, its status from its cycles. The demo world also gets the boundary
 * patients (BOUNDARY_PATIENTS).
 */
export const seed: AreaSeeder = async (ctx: SeedContext) => {
  const rng = ctx.rng("rtm");
  const large = ctx.world === "large";
  const historyDays = large ? 45 : 120;
  const today = ctx.today.toISOString().slice(0, 10);
  const historyStart = addDays(today, -historyDays);
  if (!large) await seedBoundaryPatients(ctx, today);

  const patients = await ctx.db.query<{ id: string; first_assigned: string; discharge_date: string | null }>(
    `SELECT pr.id, (min(ha.assigned_at) AT TIME ZONE o.timezone)::date::text AS first_assigned, pr.discharge_date::text AS discharge_date
       FROM patient_records pr JOIN organizations o ON o.id = pr.organization_id
       JOIN hep_assignments ha ON ha.patient_record_id = pr.id
      WHERE pr.has_account AND 'HEALTH' = ANY(pr.products) AND NOT pr.hidden
      GROUP BY pr.id, o.timezone ORDER BY pr.id`,
  );
  // Active days (organization time zone) of every such patient: sessions (as the health seed generated them,
  // else from the database) and PRO answers.
  const sessionDays = seededSessionDays.size > 0 ? null : `
       SELECT hs.patient_record_id, (hs.date AT TIME ZONE o.timezone)::date AS day
         FROM health_sessions hs JOIN patient_records pr ON pr.id = hs.patient_record_id JOIN organizations o ON o.id = pr.organization_id
       UNION ALL`;
  const dayRows = await ctx.db.query<{ id: string; days: string[] }>(
    `SELECT x.patient_record_id AS id, array_agg(DISTINCT x.day::text) AS days FROM (${sessionDays ?? ""}
       SELECT pq.patient_record_id, (pa.date_time AT TIME ZONE o.timezone)::date AS day
         FROM pro_answers pa JOIN pro_questions pq ON pq.id = pa.pro_question_id
         JOIN patient_records pr ON pr.id = pq.patient_record_id JOIN organizations o ON o.id = pr.organization_id
     ) x GROUP BY x.patient_record_id`,
  );
  const activeDays = new Map<string, string[]>();
  for (const [id, days] of seededSessionDays) activeDays.set(id, [...days]);
  for (const r of dayRows) activeDays.set(r.id, [...new Set([...(activeDays.get(r.id) ?? []), ...r.days])]);
  const countIn = (days: string[] | undefined, from: string, to: string) => (days ?? []).reduce((n, d) => n + (d >= from && d <= to ? 1 : 0), 0);

  // Care notes (the patients seed wrote them): a cycle's minutes and live interaction come from those in its dates,
  // counted as the API counts them (rtm-2026.ts careFacts: unsuccessful attempts count for nothing).
  const noteRows = await ctx.db.query<{ id: string; date: string; minutes: number; live_method: string | null; live_two_way: boolean | null; unsuccessful_attempt: boolean }>(
    "SELECT patient_record_id AS id, date::text AS date, minutes, live_method, live_two_way, unsuccessful_attempt FROM interactions",
  );
  const notes = new Map<string, (CareEntry & { date: string })[]>();
  for (const n of noteRows) {
    const list = notes.get(n.id) ?? [];
    const liveInteraction = n.live_method === null ? null : { method: n.live_method, twoWay: n.live_two_way === true };
    list.push({ date: n.date, minutes: Number(n.minutes), liveInteraction, unsuccessfulAttempt: n.unsuccessful_attempt === true });
    notes.set(n.id, list);
  }
  const careIn = (list: (CareEntry & { date: string })[] | undefined, from: string, to: string) => {
    const f = careFacts((list ?? []).filter((n) => n.date >= from && n.date <= to));
    return { minutes: f.minutes, interactive: f.live };
  };

  const span = (i: { start: string; end: string }) => [i.start, i.end] as const;
  type SeedCycle = { id: string; patient_record_id: string; code: RtmCode; status: RtmStatus; start_date: string; end_date: string; num_required_days: number; billed_at: string | null; next_check_on: string | null; updated_at: string };
  const cycles: SeedCycle[] = [];
  for (const p of patients) {
    const days = activeDays.get(p.id);
    const stop = p.discharge_date && p.discharge_date < today ? p.discharge_date : today;
    const push = (code: RtmCode, start: string, end: string, billable: { billedWith?: boolean } = {}) => {
      const facts = { code, startDate: start, endDate: end, today, activeDays: countIn(days, start, end), activeToday: days?.includes(today) ?? false, ...careIn(notes.get(p.id), start, end) };
      const verdict = evaluateCycle(facts);
      let status: RtmStatus = verdict.status;
      let billedAt: string | null = null;
      // Ended, billable cycles: most of those that ended more than two weeks ago have been billed.
      // (98981 is an add-on: billed only with its month's 98980.)
      if (status === "READY_TO_BILL" && today > end && daysBetween(end, today) > 14 && rng.chance(0.8) && billable.billedWith !== false) {
        status = "BILLED";
        billedAt = `${addDays(end, rng.int(3, 12))}T17:00:00.000Z`;
      }
      const nextCheck = nextCheckOn({ code, end_date: end, today }, status, verdict.recheckOn);
      // Last changed when billed, else when last evaluated (its end, or today): from the seed's day, not now().
      const updatedAt = billedAt ?? `${end < today ? end : today}T00:00:00.000Z`;
      cycles.push({ id: rng.uuid(), patient_record_id: p.id, code, status, start_date: start, end_date: end, num_required_days: REQUIRED_DAYS, billed_at: billedAt, next_check_on: nextCheck, updated_at: updatedAt });
      return status;
    };
    // The device clock: 30-day intervals from the first assignment; whole intervals before the history skipped.
    let start = p.first_assigned;
    if (start < historyStart) start = addDays(start, Math.floor(daysBetween(start, historyStart) / CYCLE_DAYS) * CYCLE_DAYS);
    if (p.first_assigned >= historyStart) push("PATIENT_SETUP", ...span(firstPeriod("PATIENT_SETUP", p.first_assigned)));
    for (let i = firstPeriod("DEVICE_AND_DATA_TRANSMISSION", start); i.start <= stop; i = nextPeriod("DEVICE_AND_DATA_TRANSMISSION", i.end)) {
      push("DEVICE_AND_DATA_TRANSMISSION", i.start, i.end);
      push("SHORT_DEVICE_AND_DATA_TRANSMISSION", i.start, i.end);
    }
    // The management clock: calendar months, the first from the first assignment (or the history's start).
    const from = p.first_assigned < historyStart ? historyStart : p.first_assigned;
    for (let m = firstPeriod("PATIENT_INTERACTION", from); m.start <= stop; m = nextPeriod("PATIENT_INTERACTION", m.end)) {
      // The large world keeps proportions with fewer rows: care-management cycles for a third of the months.
      if (large && !rng.chance(0.35)) continue;
      push("BRIEF_PATIENT_INTERACTION", m.start, m.end);
      const care = push("PATIENT_INTERACTION", m.start, m.end);
      // 98981 opens once the month's care-management minutes pass 20 (as a care note opens it; rtm/derive.ts).
      if (careIn(notes.get(p.id), m.start, m.end).minutes > 20) push("ADDITIONAL_PATIENT_INTERACTION", m.start, m.end, { billedWith: care === "BILLED" });
    }
  }

  await insertJsonRows(
    ctx.db,
    "rtm_cycles",
    [["id", "uuid"], ["patient_record_id", "uuid"], ["code", "text"], ["status", "text"], ["start_date", "date"], ["end_date", "date"], ["num_required_days", "integer"], ["billed_at", "timestamptz"], ["next_check_on", "date"], ["updated_at", "timestamptz"]],
    cycles,
    10_000,
  );
  // The care notes of the billed care-management cycles are their evidence (ADR 043: frozen, not after the bill).
  const care = new Set<RtmCode>(["BRIEF_PATIENT_INTERACTION", "PATIENT_INTERACTION", "ADDITIONAL_PATIENT_INTERACTION"]);
  await recordEvidence(ctx.db, cycles.filter((c) => c.status === "BILLED" && care.has(c.code)).map((c) => c.id));
  await ctx.db.query(
    `INSERT INTO rtm_monthly_summaries (id, patient_record_id, year_month, status)
     SELECT md5(c.patient_record_id::text || to_char(c.end_date, 'YYYY-MM'))::uuid, c.patient_record_id, to_char(c.end_date, 'YYYY-MM'), ${SUMMARY_STATUS_SQL}
       FROM rtm_cycles c GROUP BY c.patient_record_id, to_char(c.end_date, 'YYYY-MM')
     ON CONFLICT (patient_record_id, year_month) DO UPDATE SET status = EXCLUDED.status`,
  );
  const counts = cycles.reduce<Record<string, number>>((m, c) => ((m[c.status] = (m[c.status] ?? 0) + 1), m), {});
  ctx.log(`rtm: ${cycles.length} cycles for ${patients.length} patients (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")})`);
};
