import type { AreaSeeder, Rng, SeedPatient } from "../../seed/context.js";
import { insertColumns } from "../../seed/bulk.js";
import { generatePoseLog } from "../scan/logs.js";
import { gaitPoseLogKey } from "../scan/mapping.js";
import type { GaitMeasureItem } from "./mapping.js";

/**
 * Demo data of the gait area: gait speed sessions of the GAIT patients over the last 120 days (both
 * schemas: GAIT_SA_1 before the client upgrade, mostly GAIT_SA_2 since), each patient walking around a
 * baseline speed (about a third below the 0.8 m/s threshold) that improves slowly, hip flexion around a
 * baseline (some below 20 degrees), therapist comments on some sessions, a few sessions captured under the
 * excluded test gait UID 'TEST' (dropped from the daily report), and pose logs for a few sessions (admin
 * replay). Then the patients' gait/most-recent session and activity times are updated in one statement.
 * The large world gets one session for about half of the patients so it stays fast (~20k sessions).
 */

const DAY = 86_400_000;
/** The gait walkway (per lap), as in the pose logs. */
const LAP_METRES = 6;
const COMMENTS = [
  "Used the handrail on the turn.",
  "Reported knee pain on the second lap.",
  "Much steadier than last week.",
  "Needed verbal cues to keep pace.",
  "Walked with a cane today; first session without the walker.",
  "Fatigued after lap one, rested 30 s.",
  "Shoes changed to supportive trainers.",
  "Good trunk control throughout.",
];

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
const measure = (name: string, displayName: string, value: number, unit: string, disabled = false) => ({ name, displayName, value, unit, disabled });

interface Walk {
  speed: number;
  lap1: number;
  lap2: number;
  hipL: number;
  hipR: number;
  trunk: number;
  head: number;
}

function walk(rng: Rng, baseSpeed: number, baseHip: number): Walk {
  const speed = round(Math.max(0.3, baseSpeed + (rng.next() - 0.5) * 0.12));
  const lap1 = LAP_METRES / (speed * (0.96 + rng.next() * 0.08));
  const lap2 = (2 * LAP_METRES) / speed - lap1;
  return {
    speed,
    lap1: round(lap1),
    lap2: round(lap2),
    hipL: round(baseHip + (rng.next() - 0.5) * 6, 1),
    hipR: round(baseHip + (rng.next() - 0.5) * 6, 1),
    trunk: round(4 + rng.next() * 10, 1),
    head: round(8 + rng.next() * 18, 1),
  };
}

/** The measure items as the gait client writes them (GAIT_SA_2 carries more; its speed measure is avgSpeed). */
function items(schema: "GAIT_SA_1" | "GAIT_SA_2", w: Walk, rng: Rng): GaitMeasureItem[] {
  if (schema === "GAIT_SA_1") {
    return [
      { item: "speed", type: "gait", measures: [measure("speed", "Speed", w.speed, "m/s"), measure("distance", "Distance", LAP_METRES * 2, "m"), measure("time", "Time", round(w.lap1 + w.lap2), "s")] },
      { item: "trunk", type: "bodypart", measures: [measure("maxTrunkAngle", "Max Trunk Angle", w.trunk, "deg")] },
      { item: "head", type: "bodypart", measures: [measure("maxHeadFlexionAngle", "Max Head Flexion", w.head, "deg", rng.chance(0.05))] },
    ];
  }
  const diff = () => round(rng.next() * 14, 1);
  return [
    {
      item: "speed", type: "gait", measures: [
        measure("avgSpeed", "Average Speed", w.speed, "m/s"),
        measure("distance", "Distance", LAP_METRES, "m"),
        measure("lapOneTime", "Lap 1 Time", w.lap1, "s"),
        measure("lapTwoTime", "Lap 2 Time", w.lap2, "s"),
        measure("avgTime", "Average Time", round((w.lap1 + w.lap2) / 2), "s"),
      ],
    },
    { item: "step", type: "gait", measures: [measure("stepLengthDifference", "Step Length Difference", diff(), "%"), measure("stepTimeDifference", "Step Time Difference", diff(), "%")] },
    { item: "stride", type: "gait", measures: [measure("strideLengthDifference", "Stride Length Difference", diff(), "%"), measure("strideTimeDifference", "Stride Time Difference", diff(), "%")] },
    { item: "trunk", type: "bodypart", measures: [measure("maxTrunkAngle", "Max Trunk Angle", w.trunk, "deg")] },
    { item: "head", type: "bodypart", measures: [measure("maxHeadFlexionAngle", "Max Head Flexion", w.head, "deg", rng.chance(0.05))] },
    {
      item: "hip", type: "bodypart", measures: [
        measure("leftFlexion", "Left Hip Flexion", w.hipL, "deg"),
        measure("rightFlexion", "Right Hip Flexion", w.hipR, "deg"),
        measure("hipFlexionAngle", "Hip Flexion", round((w.hipL + w.hipR) / 2, 1), "deg"),
      ],
    },
  ];
}

/** A fast v4-shaped UUID from four draws (rng.uuid() draws once per digit). */
function uuid(rng: Rng): string {
  const w = () => Math.floor(rng.next() * 4294967296).toString(16).padStart(8, "0");
  const a = w(), b = w(), c = w(), d = w();
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${"89ab"[parseInt(c[0]!, 16) & 3]}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
}

export const seed: AreaSeeder = async (ctx) => {
  const rng = ctx.rng("gait");
  const large = ctx.world === "large";
  const today = ctx.today.getTime();
  const gaitPatients = ctx.core.patients.filter((p) => p.products.includes("GAIT"));
  const rows: unknown[][] = [];
  const poseLogCandidates: { id: string; w: Walk; items: GaitMeasureItem[]; captured: string }[] = [];

  const add = (p: SeedPatient, at: number, w: Walk, gaitUid: string | null, comment: string | null) => {
    const daysAgo = (today - at) / DAY;
    const schema = rng.chance(daysAgo < 45 ? 0.85 : 0.3) ? "GAIT_SA_2" : "GAIT_SA_1";
    const its = items(schema, w, rng);
    const assistance = w.speed < 0.6 ? (rng.chance(0.5) ? "WALKER" : "CANE") : w.speed < 0.8 && rng.chance(0.4) ? "CANE" : "NONE";
    const id = uuid(rng);
    const captured = new Date(at).toISOString();
    rows.push([id, p.organizationId, p.id, p.practitionerId, uuid(rng), schema, captured, gaitUid, assistance, rng.chance(0.15) ? "IMPERIAL" : "METRIC",
      JSON.stringify(its), w.speed, comment, comment ? captured : null, comment ? p.practitionerId : null, captured]);
    if (schema === "GAIT_SA_2" && !large && poseLogCandidates.length < 40 && rng.chance(0.05)) poseLogCandidates.push({ id, w, items: its, captured });
  };

  for (const p of gaitPatients) {
    // Sessions between the start of the plan (at most 120 days back) and discharge (or yesterday).
    const first = Math.max(Date.parse(`${p.planStart}T00:00:00Z`), Date.parse(p.createdAt), today - 120 * DAY);
    const last = Math.min(p.dischargeDate ? Date.parse(`${p.dischargeDate}T00:00:00Z`) : today, today - DAY);
    if (last < first) continue;
    const count = large ? (rng.chance(0.5) ? 1 : 0) : rng.int(3, 12);
    const slow = rng.chance(0.33);
    const baseSpeed = slow ? 0.45 + rng.next() * 0.32 : 0.82 + rng.next() * 0.45;
    const baseHip = rng.chance(0.25) ? 14 + rng.next() * 5 : 21 + rng.next() * 12;
    const days = new Set<number>();
    for (let k = 0; k < count; k++) days.add(Math.floor((first - (first % DAY)) / DAY + rng.next() * ((last - first) / DAY + 1)));
    const sorted = [...days].sort((a, b) => a - b);
    sorted.forEach((day, i) => {
      const progress = sorted.length > 1 ? i / (sorted.length - 1) : 0;
      const at = day * DAY + rng.int(15 * 3600, 23 * 3600) * 1000;
      const w = walk(rng, baseSpeed + progress * 0.1, baseHip + progress * 3);
      add(p, at, w, p.gaitUid?.toUpperCase() ?? null, rng.chance(0.15) ? rng.pick(COMMENTS) : null);
    });
  }

  // A few sessions captured under the excluded test UID (a therapist trying the gait client).
  const frontDesk = gaitPatients.slice(0, 3);
  frontDesk.forEach((p, i) => add(p, today - (1 + i) * DAY + (16 + i) * 3600_000, walk(rng, 1.1, 25), "TEST", null));

  await insertColumns(ctx.db, "gait_sessions", [
    { name: "id", type: "uuid" }, { name: "organization_id", type: "uuid" }, { name: "patient_record_id", type: "uuid" },
    { name: "practitioner_id", type: "uuid" }, { name: "session_uuid", type: "uuid" }, { name: "session_schema", type: "text" },
    { name: "captured_date", type: "timestamptz" }, { name: "gait_uid", type: "text" }, { name: "assistance_option", type: "text" },
    { name: "units_selected", type: "text" }, { name: "items", type: "jsonb" }, { name: "avg_speed", type: "numeric" },
    { name: "comment", type: "text" }, { name: "comment_updated_at", type: "timestamptz" }, { name: "comment_updated_by", type: "uuid" },
    { name: "created_at", type: "timestamptz" },
  ], rows, 5_000);

  // Pose logs of a few sessions (the admin replay and log download).
  const logged = poseLogCandidates.slice(0, 3);
  for (const s of logged) {
    const results = s.items.flatMap((it) => it.measures.filter((m) => !m.disabled).map((m) => ({ id: m.name, name: m.displayName, value: m.value, units: m.unit })));
    const log = generatePoseLog({ lapOneTime: s.w.lap1, lapTwoTime: s.w.lap2, cadence: Math.round(70 + 35 * s.w.speed), results, rng: () => rng.next() });
    await ctx.files.put(gaitPoseLogKey(s.id), JSON.stringify(log), "application/json", { createdAt: s.captured });
  }
  if (logged.length > 0) await ctx.db.query("UPDATE gait_sessions SET artifacts = '{pose-log}' WHERE id = ANY($1::uuid[])", [logged.map((s) => s.id)]);

  // The patients' most recent gait session and activity, set-based.
  await ctx.db.query(`
    UPDATE patient_records pr
       SET gait_most_recent_session = g.latest,
           most_recent_session = GREATEST(pr.most_recent_session, g.latest),
           most_recent_activity = GREATEST(pr.most_recent_activity, g.latest)
      FROM (SELECT patient_record_id, max(captured_date) AS latest FROM gait_sessions GROUP BY patient_record_id) g
     WHERE pr.id = g.patient_record_id`);
  ctx.log(`gait: ${rows.length} sessions, ${logged.length} pose logs`);
};
