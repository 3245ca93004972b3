import { insertColumns } from "../../seed/bulk.js";
import type { AreaSeeder, Rng, SeedPatient } from "../../seed/context.js";
import { dayOffset } from "../../seed/context.js";

/**
 * Demo data of the patients area, on top of the core world (patients with their current plan of care, and an
 * older closed plan for about a tenth of the older patients — the core seed writes those):
 *
 * - care notes of Health patients across their plan within the last 120 days (the RTM seed later marks some
 *   cycles BILLED, which locks the notes in them), written by the patient's primary provider;
 * - PRO questions for patients holding PRO with a phone number: level of pain (0–10), percentage of normal
 *   (0–100) and, for about a third, the strength variant (0–10), with answers every few days (pain falling,
 *   function rising, with noise and missed days);
 * - two hidden patients of the first organization (at its first location, so the demo practitioner meets
 *   'Patient is hidden');
 * - then the patients' most recent activity includes their PRO answers (one set-based UPDATE).
 *
 * The large world keeps it proportional: fewer notes per patient and PRO answers over the last 30 days only.
 * Everything is inserted column-wise (insertColumns); there are no per-patient queries.
 */

const NOTE_TEXTS = [
  "Reviewed home exercise adherence by phone; patient reports completing most sessions.",
  "Discussed pain levels after sessions; advised to reduce range on the last set.",
  "Checked in on progress; progressed program to 3 sets of 12.",
  "Reviewed RTM data with the patient and set goals for next week.",
  "Patient asked about modifying the wall sit; explained the shorter hold option.",
  "Follow-up call: swelling reduced, continuing current program.",
  "Reviewed survey answers; pain trending down. Encouraged daily sessions.",
  "Left voicemail about missed sessions; sent a reminder message.",
  "Video check of exercise form; corrected knee alignment during squats.",
  "Care coordination with the referring physician regarding progress.",
  "Discussed discharge plan and transition to independent exercise.",
  "Answered questions about using the app camera setup.",
];

const DAY_MS = 86_400_000;

/** A v4-shaped UUID from four draws (rng.uuid() draws per hex digit: too slow for the large world). */
function fastUuid(rng: Rng): string {
  const w = () => Math.floor(rng.next() * 4294967296).toString(16).padStart(8, "0");
  const a = w(), b = w(), c = w(), d = w();
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${"89ab"[parseInt(c[0]!, 16) & 3]}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Days-ago bounds of a patient's current plan within the window: [from, to] with from >= to >= minDaysAgo. */
function planWindow(p: SeedPatient, today: Date, windowDays: number, minDaysAgo: number): [number, number] | null {
  const daysAgo = (d: string) => Math.round((today.getTime() - Date.parse(`${d}T00:00:00Z`)) / DAY_MS);
  const from = Math.min(windowDays, daysAgo(p.planStart));
  const to = Math.max(minDaysAgo, p.dischargeDate ? daysAgo(p.dischargeDate) : minDaysAgo);
  return from >= to ? [from, to] : null;
}

export const seed: AreaSeeder = async (ctx) => {
  // The rows reference only ids the core seed just wrote: bulk-load them without per-row foreign-key
  // triggers where the database allows it (PGlite; a superuser on PostgreSQL). Same data either way.
  const superuser = (await ctx.db.one<{ s: boolean }>("SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user"))?.s === true;
  await ctx.db.tx(async (db) => {
    if (superuser) await db.query("SELECT set_config('session_replication_role', 'replica', true)");
    await seedRows({ ...ctx, db });
  });
};

async function seedRows(ctx: Parameters<AreaSeeder>[0]): Promise<void> {
  const rng = ctx.rng("patients");
  const large = ctx.world === "large";
  const { today } = ctx;

  // Care notes.
  const notes: unknown[][] = [];
  for (const p of ctx.core.patients) {
    if (!p.products.includes("HEALTH")) continue;
    const win = planWindow(p, today, 120, 0);
    if (!win) continue;
    const n = large ? rng.int(0, 2) : rng.int(0, 5);
    for (let i = 0; i < n; i++) {
      const daysAgo = rng.int(win[1], win[0]);
      const interactive = rng.chance(0.6);
      // Written that afternoon (UTC), or — for a note dated today — the afternoon before: never after the seed
      // ran, and never from the wall clock (two seeds of one day are the same; the list orders by created_at).
      const at = new Date(today.getTime() - Math.max(daysAgo, 1) * DAY_MS + rng.int(14, 23) * 3_600_000).toISOString();
      const [id, minutes, text] = [fastUuid(rng), rng.pick([5, 10, 10, 15, 20, 20, 20, 25, 30, 40]), rng.pick(NOTE_TEXTS)];
      // The call the note records (ADR 033), from its text: a voicemail left is a one-way phone call; an interactive
      // note is a two-way video call when its text says so, else a two-way phone call.
      const voicemail = text.includes("voicemail");
      const live = voicemail ? { method: "PHONE", twoWay: false } : interactive ? { method: text.startsWith("Video") ? "VIDEO" : "PHONE", twoWay: true } : null;
      const twoWay = live?.twoWay === true;
      notes.push([
        id, p.id, p.practitionerId, dayOffset(today, -daysAgo), minutes, text, twoWay ? "PATIENT_INTERACTIVE_COMMUNICATION" : null, twoWay,
        live?.method ?? null, live?.twoWay ?? null, at, at,
      ]);
    }
  }
  await insertColumns(ctx.db, "interactions", [
    { name: "id", type: "uuid" }, { name: "patient_record_id", type: "uuid" }, { name: "practitioner_id", type: "uuid" },
    { name: "date", type: "date" }, { name: "minutes", type: "integer" }, { name: "notes", type: "text" },
    { name: "interaction_type", type: "text" }, { name: "is_patient_interaction", type: "boolean" },
    { name: "live_method", type: "text" }, { name: "live_two_way", type: "boolean" },
    { name: "created_at", type: "timestamptz" }, { name: "updated_at", type: "timestamptz" },
  ], notes);

  // PRO questions and answers.
  const questions: unknown[][] = [];
  const answers: unknown[][] = [];
  const windowDays = large ? 30 : 120;
  const lastAnswer = new Map<string, string>();
  for (const p of ctx.core.patients) {
    if (!p.products.includes("PRO") || !p.phoneNumber) continue;
    const kinds: [string, string, number, number, boolean][] = [
      ["LEVEL_OF_PAIN", "What is your level of pain today?", 0, 10, false],
      ["PERCENTAGE_OF_NORMAL", "What percentage of normal do you feel today?", 0, 100, true],
    ];
    if (rng.chance(0.35)) kinds.push(["LEVEL_OF_STRENGTH", "How strong do you feel today?", 0, 10, true]);
    const win = planWindow(p, today, windowDays, 1);
    for (const [questionId, text, min, max, rising] of kinds) {
      const qid = fastUuid(rng);
      questions.push([qid, p.id, questionId, text, true, min, max, "CHOICE"]);
      if (!win) continue;
      const span = max - min;
      const startV = rising ? min + span * (0.2 + rng.next() * 0.3) : min + span * (0.5 + rng.next() * 0.4);
      const endV = rising ? min + span * (0.65 + rng.next() * 0.3) : min + span * (0.05 + rng.next() * 0.3);
      for (let d = win[0]; d >= win[1]; d -= large ? rng.int(8, 12) : rng.int(2, 4)) {
        if (rng.chance(0.15)) continue; // no reply that day
        const progress = win[0] === win[1] ? 1 : (win[0] - d) / (win[0] - win[1]);
        const noise = (rng.next() - 0.5) * span * 0.15;
        let v = clamp(startV + (endV - startV) * progress + noise, min, max);
        v = max === 100 ? Math.round(v / 5) * 5 : Math.round(v);
        const at = new Date(today.getTime() - d * DAY_MS + rng.int(13 * 3600, 23 * 3600) * 1000);
        const iso = at.toISOString();
        answers.push([fastUuid(rng), qid, iso, String(v)]);
        if ((lastAnswer.get(p.id) ?? "") < iso) lastAnswer.set(p.id, iso);
      }
    }
  }
  await insertColumns(ctx.db, "pro_questions", [
    { name: "id", type: "uuid" }, { name: "patient_record_id", type: "uuid" }, { name: "question_id", type: "text" }, { name: "text", type: "text" },
    { name: "is_chartable", type: "boolean" }, { name: "min_value", type: "numeric" }, { name: "max_value", type: "numeric" }, { name: "pro_answer_type", type: "text" },
  ], questions);
  await insertColumns(ctx.db, "pro_answers", [
    { name: "id", type: "uuid" }, { name: "pro_question_id", type: "uuid" }, { name: "date_time", type: "timestamptz" }, { name: "value", type: "text" },
  ], answers);

  // Two hidden patients of the first organization, at its first location.
  const firstOrg = ctx.core.organizations.find((o) => ctx.core.patients.some((p) => p.organizationId === o.id));
  const firstLocation = ctx.core.locations.find((l) => l.organizationId === firstOrg?.id);
  const hidden = ctx.core.patients.filter((p) => p.locationId === firstLocation?.id).slice(-2).map((p) => p.id);
  if (hidden.length > 0) await ctx.db.query("UPDATE patient_records SET hidden = true WHERE id = ANY($1::uuid[])", [hidden]);

  // Most recent activity includes PRO answers (one set-based UPDATE from the answers just generated).
  await ctx.db.query(
    `UPDATE patient_records pr
        SET most_recent_activity = GREATEST(pr.most_recent_activity, x.last),
            health_most_recent_activity = CASE WHEN 'HEALTH' = ANY(pr.products) THEN GREATEST(pr.health_most_recent_activity, x.last) ELSE pr.health_most_recent_activity END
       FROM unnest($1::uuid[], $2::timestamptz[]) AS x(id, last)
      WHERE pr.id = x.id`,
    [[...lastAnswer.keys()], [...lastAnswer.values()]],
  );

  ctx.log(`patients: ${notes.length} care notes, ${questions.length} PRO questions, ${answers.length} PRO answers, ${hidden.length} hidden patients`);
}
