import type { Db } from "../../db/db.js";
import type { AreaSeeder, Rng, SeedContext } from "../../seed/context.js";
import type { HealthSet } from "./sessions.js";

/**
 * Demo data of the health area: health sessions of the Health patients who have an account and an active
 * program, over the last 120 days (45 in the large world, with fewer sets per session). Adherence varies:
 * some patients train almost daily, some now and then, and some lapsed more than 7 days ago (the dashboard's
 * NO_RECENT_SESSION). Sets cover every result status and every reporting metric; some sessions are
 * self-reported and a few are single exercises. Then the patients' most-recent session/activity times follow.
 */

type ResultStatus = HealthSet["setInfo"]["resultStatus"];
type GoalType = HealthSet["setGoal"]["goalType"];

interface BlockLike {
  exerciseId?: string;
  sideOfBody?: string | null;
  numSets?: number;
  setGoal?: { goalType?: string; reps?: number | null; time?: number | null };
}

interface Assignment {
  patient_record_id: string;
  hep_id: string;
  hep_name: string;
  blocks: BlockLike[] | null;
  assigned_at: Date | string;
}

/** Used when the exercise library is empty (the programs seed has not run). */
const FALLBACK_EXERCISES: [string, string, GoalType][] = [
  ["S-0001", "Seated Knee Extension", "REPS"],
  ["S-0002", "Standing Hip Abduction", "REPS"],
  ["S-0003", "Shoulder Flexion", "ROM"],
  ["S-0004", "Wall Sit", "TIME"],
  ["S-0005", "Heel Slides", "REPS_OR_TIME"],
  ["S-0006", "Bridge Hold", "TIME"],
];

const DAY_MS = 86_400_000;

const CAMERA_STATUSES: [ResultStatus, number][] = [
  ["SUCCESS", 68],
  ["SKIPPED_IN_SET", 11],
  ["SKIPPED", 7],
  ["NOT_STARTED", 7],
  ["CALIBRATION_ERROR", 7],
];

function weighted<T>(rng: Rng, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

const GOALS: ReadonlySet<string> = new Set(["ROM", "TIME", "REPS", "REPS_OR_TIME"]);

interface Exercise {
  exerciseId: string;
  exerciseName: string;
  sideOfBody: HealthSet["sideOfBody"];
  numSets: number;
  goal: HealthSet["setGoal"];
  /** Peak angle the patient works towards (degrees). */
  romTarget: number;
}

function toExercises(blocks: BlockLike[] | null, names: Map<string, string>, rng: Rng): Exercise[] {
  const list = (blocks ?? []).filter((b) => typeof b.exerciseId === "string");
  const source: BlockLike[] = list.length > 0 ? list : FALLBACK_EXERCISES.slice(0, 3).map(([id, , g]) => ({ exerciseId: id, sideOfBody: null, numSets: 2, setGoal: { goalType: g } }));
  return source.map((b) => {
    const goalType = (GOALS.has(b.setGoal?.goalType ?? "") ? b.setGoal!.goalType : "REPS") as GoalType;
    const reps = goalType === "REPS" || goalType === "REPS_OR_TIME" ? (b.setGoal?.reps ?? (goalType === "REPS" ? 10 : 5)) : null;
    const time = goalType === "TIME" || goalType === "REPS_OR_TIME" ? (b.setGoal?.time ?? (goalType === "TIME" ? 30 : 60)) : null;
    const side = b.sideOfBody === "LEFT" || b.sideOfBody === "RIGHT" ? b.sideOfBody : null;
    return {
      exerciseId: b.exerciseId!,
      exerciseName: names.get(b.exerciseId!) ?? FALLBACK_EXERCISES.find((f) => f[0] === b.exerciseId)?.[1] ?? b.exerciseId!,
      sideOfBody: side,
      numSets: Math.max(1, Math.min(5, b.numSets ?? 2)),
      goal: { goalType, reps, time },
      romTarget: rng.int(70, 150),
    };
  });
}

/** One set's result. `progress` (0..1) is how far into the patient's history the session is (ROM improves). */
function makeSet(rng: Rng, ex: Exercise, status: ResultStatus, progress: number, metricOverride?: HealthSet["setInfo"]["reportingMetric"]): HealthSet {
  const g = ex.goal;
  const metric = metricOverride ?? (g.goalType === "REPS_OR_TIME" ? (rng.chance(0.6) ? "REPS" : "TIME") : g.goalType);
  let ratio: number;
  switch (status) {
    case "SUCCESS":
      ratio = 1;
      break;
    case "SKIPPED_IN_SET":
      ratio = Math.round(rng.int(15, 90)) / 100;
      break;
    case "SELF_REPORTED":
      ratio = rng.chance(0.8) ? 1 : Math.round(rng.int(30, 80)) / 100;
      break;
    default:
      ratio = 0;
  }
  const measured = ratio > 0 && status !== "SELF_REPORTED";
  const goalReps = g.reps ?? 10;
  const goalTime = g.time ?? 30;
  const completedReps = metric === "TIME" ? null : Math.round(goalReps * ratio);
  const completedTime = metric === "TIME" ? Math.round(goalTime * ratio) : ratio > 0 ? Math.round(goalReps * ratio * rng.int(3, 6)) : 0;
  const peak = ex.romTarget * (0.65 + 0.3 * progress) + rng.int(-6, 6);
  return {
    exerciseId: ex.exerciseId,
    exerciseName: ex.exerciseName,
    sideOfBody: ex.sideOfBody,
    setGoal: { ...g },
    setInfo: {
      resultStatus: status,
      completedReps,
      completedTime: status === "NOT_STARTED" ? null : completedTime,
      completionRatio: ratio,
      romMin: measured ? rng.int(0, 15) : null,
      romMax: measured ? Math.max(20, Math.round(peak)) : null,
      reportingMetric: metric as HealthSet["setInfo"]["reportingMetric"],
    },
  };
}

export interface SessionInsert {
  id: string;
  patient_record_id: string;
  hep_id: string | null;
  session_kind: "HEPSession" | "SingleSession";
  date: string;
  is_self_reported: boolean;
  sets: HealthSet[];
}

/** Inserts rows through one JSON parameter per chunk (fast for big seeds: no per-value parameters). */
export async function insertJsonRows(db: Db, table: string, columns: [string, string][], rows: object[], chunk = 4000): Promise<void> {
  const names = columns.map(([n]) => n).join(", ");
  const defs = columns.map(([n, t]) => `${n} ${t}`).join(", ");
  for (let i = 0; i < rows.length; i += chunk) {
    await db.query(`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset($1::json) AS x(${defs})`, [JSON.stringify(rows.slice(i, i + chunk))]);
  }
}

/**
 * The session days (YYYY-MM-DD, the organizations' local dates) of each patient, as the last health seed
 * generated them; the RTM seed reads it instead of aggregating the sessions again (falls back to the database).
 */
export const seededSessionDays = new Map<string, Set<string>>();

export const seed: AreaSeeder = async (ctx: SeedContext) => {
  seededSessionDays.clear();
  const rng = ctx.rng("health");
  const large = ctx.world === "large";
  const historyDays = large ? 45 : 120;
  const todayMs = ctx.today.getTime();

  const names = new Map(
    (await ctx.db.query<{ id: string; name: string }>("SELECT id, name FROM exercises").catch(() => [] as { id: string; name: string }[])).map((r) => [r.id, r.name]),
  );
  // The active assignment of each Health patient with an account (the oldest active one when several).
  const assignments = await ctx.db.query<Assignment>(
    `SELECT DISTINCT ON (ha.patient_record_id) ha.patient_record_id, ha.hep_id, h.name AS hep_name, h.blocks, ha.assigned_at
       FROM hep_assignments ha JOIN heps h ON h.id = ha.hep_id JOIN patient_records pr ON pr.id = ha.patient_record_id
      WHERE ha.retired_at IS NULL AND pr.has_account AND 'HEALTH' = ANY(pr.products) AND NOT pr.hidden
      ORDER BY ha.patient_record_id, ha.assigned_at, ha.id`,
  );
  const patients = new Map(ctx.core.patients.map((p) => [p.id, p]));
  // Deterministic order regardless of how the database returns rows.
  assignments.sort((a, b) => (a.patient_record_id < b.patient_record_id ? -1 : a.patient_record_id > b.patient_record_id ? 1 : 0));

  const rows: SessionInsert[] = [];
  const showcased = new Set<string>();
  const addSession = (a: Assignment, exercises: Exercise[], d: number, k: number, progress: number, selfReportRate: number) => {
    const at = new Date(todayMs - d * DAY_MS + (13 + k * 5) * 3600_000 + rng.int(0, 4 * 3600)).toISOString();
    const selfReported = rng.chance(selfReportRate);
    const single = !selfReported && rng.chance(0.05);
    const sets: HealthSet[] = [];
    if (single) {
      const ex = rng.pick(exercises);
      for (let s = 0; s < (large ? 1 : ex.numSets); s++) sets.push(makeSet(rng, ex, weighted(rng, CAMERA_STATUSES), progress));
    } else if (large) {
      // The large world keeps rows small: one set of one of the program's exercises.
      sets.push(makeSet(rng, rng.pick(exercises), selfReported ? "SELF_REPORTED" : weighted(rng, CAMERA_STATUSES), progress));
    } else {
      for (const ex of exercises) {
        for (let s = 0; s < ex.numSets; s++) sets.push(makeSet(rng, ex, selfReported ? "SELF_REPORTED" : weighted(rng, CAMERA_STATUSES), progress));
      }
    }
    // Sessions fall between 13:00 and 22:00 UTC: the same calendar day in every US mainland time zone.
    let days = seededSessionDays.get(a.patient_record_id);
    if (!days) seededSessionDays.set(a.patient_record_id, (days = new Set()));
    days.add(at.slice(0, 10));
    rows.push({
      id: rng.uuid(),
      patient_record_id: a.patient_record_id,
      hep_id: single ? null : a.hep_id,
      session_kind: single ? "SingleSession" : "HEPSession",
      date: at,
      is_self_reported: selfReported,
      sets,
    });
  };
  for (const a of assignments) {
    const p = patients.get(a.patient_record_id);
    const exercises = toExercises(a.blocks, names, rng);
    const assignedDaysAgo = Math.floor((todayMs - new Date(a.assigned_at).getTime()) / DAY_MS);
    const firstDay = Math.min(historyDays, Math.max(1, assignedDaysAgo));
    // Discharged patients stop training at their discharge date.
    const dischargeDaysAgo = p?.dischargeDate ? Math.ceil((todayMs - Date.parse(`${p.dischargeDate}T00:00:00Z`)) / DAY_MS) : 0;
    const lastDay = Math.max(1, dischargeDaysAgo);
    const selfReportRate = rng.chance(0.3) ? 0.35 : 0.04;
    // Demo: daily 45 %, regular 25 %, lapsed (nothing in the last 8+ days) 30 %. Large world: the same
    // shapes but mostly sparse, so the history stays proportional (a few dense patients make RTM billable).
    const profile = large
      ? weighted<"daily" | "sparse" | "lapsed">(rng, [["daily", 4], ["sparse", 64], ["lapsed", 32]])
      : weighted<"daily" | "regular" | "lapsed">(rng, [["daily", 45], ["regular", 25], ["lapsed", 30]]);
    if (profile === "sparse") {
      const n = rng.int(1, large ? 2 : 3);
      for (let i = 0; i < n; i++) {
        const d = rng.int(lastDay, Math.max(lastDay, Math.min(firstDay, 30)));
        addSession(a, exercises, d, 0, 1 - d / Math.max(1, firstDay), selfReportRate);
      }
    } else if (large && profile === "lapsed") {
      const d = rng.int(8, 45);
      if (d <= firstDay && d >= lastDay) addSession(a, exercises, d, 0, 0.5, selfReportRate);
    } else {
      const p1 = profile === "daily" ? 0.85 : profile === "regular" ? 0.5 : 0.7;
      const lapseDay = profile === "lapsed" ? rng.int(8, Math.max(9, Math.min(45, firstDay))) : 0;
      for (let d = firstDay; d >= lastDay; d--) {
        if (d < lapseDay) break;
        if (!rng.chance(p1)) continue;
        const count = !large && rng.chance(0.1) ? 2 : 1;
        for (let k = 0; k < count; k++) addSession(a, exercises, d, k, 1 - d / Math.max(1, firstDay), selfReportRate);
      }
    }

    // One showcase session per organization (the day before yesterday): every result status and every
    // reporting metric, so the activity view shows them all.
    if (p && !showcased.has(p.organizationId) && lastDay <= 2 && firstDay >= 2) {
      showcased.add(p.organizationId);
      const statuses: ResultStatus[] = ["NOT_STARTED", "SKIPPED", "SKIPPED_IN_SET", "CALIBRATION_ERROR", "SUCCESS", "SELF_REPORTED"];
      const metrics = ["ROM", "REPS", "TIME"] as const;
      const sets = statuses.map((st, i) => {
        const ex = exercises[i % exercises.length]!;
        const metric = metrics[i % 3]!;
        const goal: HealthSet["setGoal"] = metric === "ROM" ? { goalType: "ROM", reps: null, time: null } : metric === "REPS" ? { goalType: "REPS", reps: 10, time: null } : { goalType: "TIME", reps: null, time: 30 };
        return makeSet(rng, { ...ex, goal }, st, 0.8, metric);
      });
      const at = new Date(todayMs - 2 * DAY_MS + 15 * 3600_000).toISOString();
      rows.push({ id: rng.uuid(), patient_record_id: a.patient_record_id, hep_id: a.hep_id, session_kind: "HEPSession", date: at, is_self_reported: false, sets });
      if (!seededSessionDays.has(a.patient_record_id)) seededSessionDays.set(a.patient_record_id, new Set());
      seededSessionDays.get(a.patient_record_id)!.add(at.slice(0, 10));
    }
  }

  await insertJsonRows(
    ctx.db,
    "health_sessions",
    [["id", "uuid"], ["patient_record_id", "uuid"], ["hep_id", "uuid"], ["session_kind", "text"], ["date", "timestamptz"], ["is_self_reported", "boolean"], ["sets", "jsonb"]],
    rows,
    large ? 10_000 : 2_000,
  );

  // Most recent session / activity, set-based (PRO answers may already have set the activity times).
  await ctx.db.query(
    `UPDATE patient_records pr
        SET most_recent_session = GREATEST(pr.most_recent_session, x.last),
            most_recent_activity = GREATEST(pr.most_recent_activity, x.last),
            health_most_recent_session = GREATEST(pr.health_most_recent_session, x.last),
            health_most_recent_activity = GREATEST(pr.health_most_recent_activity, x.last)
       FROM (SELECT patient_record_id, max(date) AS last FROM health_sessions GROUP BY patient_record_id) x
      WHERE pr.id = x.patient_record_id`,
  );
  ctx.log(`health: ${rows.length} sessions for ${assignments.length} patients`);
};
