import type { AreaSeeder, SeedContext } from "../../seed/context.js";
import { insertJsonRows, seededSessionDays } from "../health/seed.js";
import { nextCheckOn, SUMMARY_STATUS_SQL, type RtmCode, type RtmStatus } from "./cycles.js";
import { addDays, CYCLE_DAYS, daysBetween, evaluateCycle, REQUIRED_DAYS } from "./rules.js";

/**
 * Demo data of RTM billing: back-to-back 30-day cycles for every Health patient with an account and a
 * program, from their first assignment (or the start of the history) to the cycle running today (or the one
 * of their discharge). Each period has a device-data cycle (98977) and a care-management cycle (98980); the
 * first period of a patient assigned within the history a setup cycle (98975); a period whose care notes pass
 * 20 minutes an additional care-management cycle (98981). Statuses are the billing rules' (rules.ts) applied to
 * the patient's real active days and the care notes the patients seed wrote in each cycle's dates (minutes,
 * interactive communication): billable cycles READY_TO_BILL or, most of those that ended more than two weeks
 * ago, BILLED; running ones IN_PROGRESS while they can make it, else ACTIVE_DAYS_INCOMPLETE. Each cycle's
 * next_check_on is set as the API sets it. Then one monthly summary per patient and month of a cycle's end,
 * its status from its cycles.
 */
export const seed: AreaSeeder = async (ctx: SeedContext) => {
  const rng = ctx.rng("rtm");
  const large = ctx.world === "large";
  const historyDays = large ? 45 : 120;
  const today = ctx.today.toISOString().slice(0, 10);
  const historyStart = addDays(today, -historyDays);

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

  // Care notes (the patients seed wrote them): a cycle's minutes and interactive flag come from those in its dates.
  const noteRows = await ctx.db.query<{ id: string; date: string; minutes: number; interactive: boolean }>(
    `SELECT patient_record_id AS id, date::text AS date, minutes, (interaction_type = 'PATIENT_INTERACTIVE_COMMUNICATION') AS interactive FROM interactions`,
  );
  const notes = new Map<string, { date: string; minutes: number; interactive: boolean }[]>();
  for (const n of noteRows) {
    const list = notes.get(n.id) ?? [];
    list.push({ date: n.date, minutes: Number(n.minutes), interactive: n.interactive === true });
    notes.set(n.id, list);
  }
  const careIn = (list: { date: string; minutes: number; interactive: boolean }[] | undefined, from: string, to: string) => {
    let minutes = 0;
    let interactive = false;
    for (const n of list ?? []) {
      if (n.date < from || n.date > to) continue;
      minutes += Math.max(0, n.minutes);
      interactive ||= n.interactive;
    }
    return { minutes, interactive };
  };

  type SeedCycle = { id: string; patient_record_id: string; code: RtmCode; status: RtmStatus; start_date: string; end_date: string; num_required_days: number; billed_at: string | null; next_check_on: string | null; updated_at: string };
  const cycles: SeedCycle[] = [];
  for (const p of patients) {
    const days = activeDays.get(p.id);
    // Align the first cycle on the first assignment; skip whole cycles before the history starts.
    let start = p.first_assigned;
    if (start < historyStart) start = addDays(start, Math.floor(daysBetween(start, historyStart) / CYCLE_DAYS) * CYCLE_DAYS);
    const setupInHistory = p.first_assigned >= historyStart;
    const stop = p.discharge_date && p.discharge_date < today ? p.discharge_date : today;
    let first = true;
    while (start <= stop) {
      const end = addDays(start, CYCLE_DAYS - 1);
      const active = countIn(days, start, end);
      const care = careIn(notes.get(p.id), start, end);
      // The large world keeps proportions with fewer rows: care-management cycles for a third of the periods.
      const codes: RtmCode[] = large && !rng.chance(0.35) ? ["DEVICE_AND_DATA_TRANSMISSION"] : ["DEVICE_AND_DATA_TRANSMISSION", "PATIENT_INTERACTION"];
      if (first && setupInHistory) codes.unshift("PATIENT_SETUP");
      // 98981 opens once the period's care-management minutes pass 20 (as a care note opens it; rtm/derive.ts).
      if (codes.includes("PATIENT_INTERACTION") && care.minutes > 20) codes.push("ADDITIONAL_PATIENT_INTERACTION");
      let careBilled = false;
      for (const code of codes) {
        const facts = { code, startDate: start, endDate: end, today, activeDays: active, activeToday: days?.includes(today) ?? false, requiredDays: REQUIRED_DAYS, ...care };
        const verdict = evaluateCycle(facts);
        let status: RtmStatus = verdict.status;
        let billedAt: string | null = null;
        // Ended, billable cycles: most of those that ended more than two weeks ago have been billed.
        // (98981 is an add-on: billed only with its period's 98980.)
        if (status === "READY_TO_BILL" && today > end && daysBetween(end, today) > 14 && rng.chance(0.8) && (code !== "ADDITIONAL_PATIENT_INTERACTION" || careBilled)) {
          status = "BILLED";
          billedAt = `${addDays(end, rng.int(3, 12))}T17:00:00.000Z`;
        }
        if (code === "PATIENT_INTERACTION") careBilled = status === "BILLED";
        const nextCheck = nextCheckOn({ code, end_date: end, today }, status, verdict.recheckOn);
        // Last changed when billed, else when last evaluated (its end, or today): from the seed's day, not now().
        const updatedAt = billedAt ?? `${end < today ? end : today}T00:00:00.000Z`;
        cycles.push({ id: rng.uuid(), patient_record_id: p.id, code, status, start_date: start, end_date: end, num_required_days: REQUIRED_DAYS, billed_at: billedAt, next_check_on: nextCheck, updated_at: updatedAt });
      }
      first = false;
      start = addDays(end, 1);
    }
  }

  await insertJsonRows(
    ctx.db,
    "rtm_cycles",
    [["id", "uuid"], ["patient_record_id", "uuid"], ["code", "text"], ["status", "text"], ["start_date", "date"], ["end_date", "date"], ["num_required_days", "integer"], ["billed_at", "timestamptz"], ["next_check_on", "date"], ["updated_at", "timestamptz"]],
    cycles,
    10_000,
  );
  await ctx.db.query(
    `INSERT INTO rtm_monthly_summaries (id, patient_record_id, year_month, status)
     SELECT md5(c.patient_record_id::text || to_char(c.end_date, 'YYYY-MM'))::uuid, c.patient_record_id, to_char(c.end_date, 'YYYY-MM'), ${SUMMARY_STATUS_SQL}
       FROM rtm_cycles c GROUP BY c.patient_record_id, to_char(c.end_date, 'YYYY-MM')
     ON CONFLICT (patient_record_id, year_month) DO UPDATE SET status = EXCLUDED.status`,
  );
  const counts = cycles.reduce<Record<string, number>>((m, c) => ((m[c.status] = (m[c.status] ?? 0) + 1), m), {});
  ctx.log(`rtm: ${cycles.length} cycles for ${patients.length} patients (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")})`);
};
