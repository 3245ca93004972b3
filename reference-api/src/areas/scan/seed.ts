import { dayOffset, type AreaSeeder, type Rng } from "../../seed/context.js";
import { insertColumns } from "../../seed/bulk.js";
import { defaultOutcomes, MAIN_RESULT, resultsFor, valueFor, type RiskLevel } from "./catalogue.js";
import { generateHandsLog, generatePoseLog } from "./logs.js";
import { outcomeValues, SCAN_OUTCOME_COLUMNS, scanLogKey, type ScanResult, type ScanSession } from "./mapping.js";

/**
 * Demo data of the scan area (the assessment library itself is in migration 040):
 * - the default risk rules (fall-risk thresholds, tremor grades) for every SCAN organization;
 * - scan sessions over the last 120 days at every location of the SCAN organizations (frontRange, scanOnly,
 *   research; not the internal or disabled ones), by practitioners working there, for a pool of anonymous
 *   participants per organization (some archived, some without demographics), with results that fall into
 *   low, medium and high risk by the rules, scan versions below and above 2.18.0, and insights on high-risk
 *   results;
 * - pose logs (walking skeleton, two laps) for at most 6 gait speed sessions of 2.18.0 or later per
 *   organization, and hands logs for at most 2 tremor sessions per organization, in the file store.
 * The large world gets more sessions per location but the same small number of logs.
 */

const DAY = 86_400_000;
const ASSESSMENT_MIX: [string, number][] = [
  ["AST-0018", 25], ["AST-0009", 12], ["AST-0010", 6], ["AST-0001", 10], ["AST-0011", 8], ["AST-0012", 5],
  ["AST-0019", 10], ["AST-0020", 8], ["AST-0024", 8], ["AST-0031", 8],
];
const OLD_VERSIONS = ["2.12.4", "2.13.1", "2.16.0", "2.17.2"];
const NEW_VERSIONS = ["2.17.2", "2.18.0", "2.18.3", "2.19.1", "2.19.1"];
const MAX_POSE_LOGS_PER_ORG = 6;
/**
 * Hands logs at each location: the first tremor session of scan 2.18.0 or later (replayable, issue 25) and the first
 * of an older scan (its log downloads; its replay is refused).
 */
const HANDS_LOGS_PER_LOCATION = { replayable: 1, older: 1 };


function uuid(rng: Rng): string {
  const w = () => Math.floor(rng.next() * 4294967296).toString(16).padStart(8, "0");
  const a = w(), b = w(), c = w(), d = w();
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${"89ab"[parseInt(c[0]!, 16) & 3]}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
}

export const versionAtLeast = (v: string, min: string) => {
  const a = v.split(".").map(Number);
  const b = min.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

interface Participant {
  uid: string;
  demographics: { age: number; sex: "MALE" | "FEMALE" } | null;
  archived: boolean;
  lastSession: number;
}

export const seed: AreaSeeder = async (ctx) => {
  const rng = ctx.rng("scan");
  const today = ctx.today.getTime();
  // The large world (benchmarks): 5,600 per location × the 9 scan locations (Front Range 5, Summit 2, research 2)
  // = 50,400 sessions, the "≥ 50,000" for the Scan Sessions page benchmark. The demo world: 36.
  const perLocation = ctx.world === "large" ? 5_600 : 36;
  const scanOrgs = ctx.core.organizations.filter((o) => o.products.includes("SCAN"));

  // Risk rules for every SCAN organization.
  const outcomes = defaultOutcomes();
  // Set up with the organization, a year ago (seed/core.ts), not at the wall clock's now().
  const setUpAt = `${dayOffset(ctx.today, -365)}T09:00:00.000Z`;
  const outcomeRows = scanOrgs.flatMap((o) => outcomes.map((x) => [...outcomeValues(o.id, x), setUpAt]));
  await insertColumns(ctx.db, "scan_outcomes", [...SCAN_OUTCOME_COLUMNS.map((name) => ({
    name,
    type: name === "organization_id" ? "uuid" : name === "factors" ? "jsonb" : name === "demographics_required" ? "text[]" : "text",
  })), { name: "updated_at", type: "timestamptz" }], outcomeRows);

  const rows: unknown[][] = [];
  const logs: { id: string; kind: "pose-log" | "hands-log"; results: ScanResult[]; at: number }[] = [];
  for (const org of scanOrgs.filter((o) => !o.isInternal && !o.disabled)) {
    const locations = ctx.core.locations.filter((l) => l.organizationId === org.id);
    const staff = ctx.core.practitioners.filter((p) => p.organizationId === org.id && p.userId && (p.role === "PORTAL_PRACTITIONER" || p.role === "PORTAL_PROVIDER_ADMIN"));
    const prefix = org.name.replace(/[^A-Z]/g, "").slice(0, 3) || "P";
    const participants: Participant[] = Array.from({ length: Math.max(12, locations.length * 10) }, (_, i) => ({
      uid: `${prefix}-${String(10000 + i * 37 + rng.int(0, 30)).padStart(5, "0")}`,
      demographics: rng.chance(0.88) ? { age: rng.int(60, 92), sex: rng.chance(0.55) ? "FEMALE" : "MALE" } : null,
      archived: rng.chance(0.2),
      lastSession: 0,
    }));
    let poseLogs = 0;
    const orgRows: { row: unknown[]; participant: Participant }[] = [];
    for (const loc of locations) {
      const handsLogsHere = { replayable: 0, older: 0 };
      const here = staff.filter((p) => p.locationIds.includes(loc.id));
      const practitioners = here.length > 0 ? here : staff;
      for (let k = 0; k < perLocation; k++) {
        const daysAgo = rng.int(0, 119);
        const created = today - daysAgo * DAY - rng.int(1, 9) * 3600_000 - rng.int(0, 3599) * 1000;
        const participant = rng.pick(participants);
        participant.lastSession = Math.max(participant.lastSession, created);
        const assessmentId = rng.weighted(ASSESSMENT_MIX);
        const version = daysAgo > 60 ? rng.pick(OLD_VERSIONS) : rng.pick(NEW_VERSIONS);
        const level: RiskLevel = rng.chance(0.55) ? "LOW" : assessmentId === "AST-0001" && rng.chance(0.5) ? "MEDIUM" : "HIGH";
        const demo = participant.demographics;
        let results: ScanResult[];
        const insights: ScanSession["resultsInsights"] = [];
        if (assessmentId === "AST-0031") {
          const amplitude = Math.round((level === "LOW" ? 0.05 + rng.next() * 0.9 : 1 + rng.next() * 6) * 100) / 100;
          results = resultsFor(assessmentId, amplitude, () => rng.next());
          if (amplitude >= 1) insights.push({ resultId: "rightTremorAmplitude", level: "WARNING", message: `Right hand tremor amplitude of ${amplitude} cm is mild or worse.` });
        } else if (assessmentId === "AST-0024") {
          results = resultsFor(assessmentId, 0, () => rng.next());
          const low = results.find((r) => r.id === "leftKneeFlexionRom" && r.value < 105);
          if (low) insights.push({ resultId: low.id, level: "INFO", message: `Left knee flexion of ${low.value} deg is below the typical 105 deg.` });
        } else {
          const main = valueFor(assessmentId, level, () => rng.next(), demo);
          results = resultsFor(assessmentId, main, () => rng.next());
          const m = MAIN_RESULT[assessmentId]!;
          if (level === "HIGH") insights.push({ resultId: m.id, level: "WARNING", message: `${m.name} of ${main} ${m.units} is in the high fall-risk range.` });
          else if (level === "MEDIUM") insights.push({ resultId: m.id, level: "INFO", message: `${m.name} of ${main} ${m.units} is in the medium fall-risk range.` });
        }
        const id = uuid(rng);
        const artifacts: string[] = [];
        if (assessmentId === "AST-0018" && versionAtLeast(version, "2.18.0") && poseLogs < MAX_POSE_LOGS_PER_ORG) {
          artifacts.push("pose-log");
          poseLogs++;
          logs.push({ id, kind: "pose-log", results, at: created });
        }
        const handsKind = versionAtLeast(version, "2.18.0") ? "replayable" : "older";
        if (assessmentId === "AST-0031" && handsLogsHere[handsKind] < HANDS_LOGS_PER_LOCATION[handsKind]) {
          artifacts.push("hands-log");
          handsLogsHere[handsKind]++;
          logs.push({ id, kind: "hands-log", results, at: created });
        }
        const createdIso = new Date(created).toISOString();
        const updatedIso = new Date(created + rng.int(30, 400) * 1000).toISOString();
        orgRows.push({
          participant,
          row: [id, org.id, loc.id, rng.pick(practitioners)?.id ?? null, uuid(rng), assessmentId, JSON.stringify(results), JSON.stringify(insights),
            version, demo ? JSON.stringify(demo) : null, participant.uid, null, artifacts, createdIso, updatedIso],
        });
      }
    }
    // Archived participants: archived a few days after their last session (never in the future).
    for (const { row, participant } of orgRows) {
      if (participant.archived && participant.lastSession > 0) row[11] = new Date(Math.min(today, participant.lastSession + rng.int(1, 10) * DAY)).toISOString();
      rows.push(row);
    }
  }

  await insertColumns(ctx.db, "scan_sessions", [
    { name: "id", type: "uuid" }, { name: "organization_id", type: "uuid" }, { name: "location_id", type: "uuid" },
    { name: "practitioner_id", type: "uuid" }, { name: "session_uuid", type: "uuid" }, { name: "assessment_id", type: "text" },
    { name: "results", type: "jsonb" }, { name: "results_insights", type: "jsonb" }, { name: "scan_version", type: "text" },
    { name: "demographics", type: "jsonb" }, { name: "participant_uid", type: "text" }, { name: "participant_archived_date", type: "timestamptz" },
    { name: "artifacts", type: "text[]" }, { name: "created_date", type: "timestamptz" }, { name: "updated_date", type: "timestamptz" },
  ], rows, 5_000);

  for (const log of logs) {
    const value = (id: string) => log.results.find((r) => r.id === id)?.value;
    if (log.kind === "pose-log") {
      const speed = value("gaitSpeed") ?? 1;
      const json = generatePoseLog({
        lapOneTime: value("lapOneTime") ?? 6 / speed,
        lapTwoTime: value("lapTwoTime") ?? 6 / speed,
        cadence: value("cadence") ?? Math.round(70 + 35 * speed),
        results: log.results,
        rng: () => rng.next(),
      });
      await ctx.files.put(scanLogKey(log.id, "pose-log"), JSON.stringify(json), "application/json", { createdAt: new Date(log.at).toISOString() });
    } else {
      const json = generateHandsLog({
        leftAmplitude: value("leftTremorAmplitude") ?? 0.5,
        rightAmplitude: value("rightTremorAmplitude") ?? 0.5,
        frequency: value("tremorFrequency") ?? 5,
        rng: () => rng.next(),
      });
      await ctx.files.put(scanLogKey(log.id, "hands-log"), JSON.stringify(json), "application/json", { createdAt: new Date(log.at).toISOString() });
    }
  }
  if (ctx.world === "large") await seedLongReplaySession(ctx, rng, today);
  ctx.log(`scan: ${outcomeRows.length} outcomes, ${rows.length} sessions, ${logs.length} logs`);
};

/** The replay benchmark's session (scripts/bench/replay.ts): Summit Scan Labs' gait speed session with a 10-minute pose log. */
export const LONG_REPLAY = { participantUid: "BENCH-REPLAY-18000", frames: 18_000, organizationName: "Summit Scan Labs" } as const;

/**
 * Large world only: one AST-0018 session (scan 2.19.1, created an hour ago, so the newest) whose pose log is
 * 18,000 frames (10 minutes at 30 fps: the walk, then standing), at the first location of Summit Scan Labs.
 */
async function seedLongReplaySession(ctx: Parameters<AreaSeeder>[0], rng: Rng, today: number): Promise<void> {
  const org = ctx.core.organizations.find((o) => o.name === LONG_REPLAY.organizationName);
  const location = ctx.core.locations.find((l) => l.organizationId === org?.id);
  if (!org || !location) return;
  const practitioner = ctx.core.practitioners.find((p) => p.organizationId === org.id && p.userId && p.locationIds.includes(location.id));
  const results: ScanResult[] = [
    { id: "gaitSpeed", name: "Gait Speed", value: 0.92, units: "m/s" },
    { id: "lapOneTime", name: "Lap 1 Time", value: 6.4, units: "s" },
    { id: "lapTwoTime", name: "Lap 2 Time", value: 6.6, units: "s" },
  ];
  const id = uuid(rng);
  const created = new Date(today - 3600_000).toISOString();
  await insertColumns(ctx.db, "scan_sessions", [
    { name: "id", type: "uuid" }, { name: "organization_id", type: "uuid" }, { name: "location_id", type: "uuid" },
    { name: "practitioner_id", type: "uuid" }, { name: "session_uuid", type: "uuid" }, { name: "assessment_id", type: "text" },
    { name: "results", type: "jsonb" }, { name: "results_insights", type: "jsonb" }, { name: "scan_version", type: "text" },
    { name: "demographics", type: "jsonb" }, { name: "participant_uid", type: "text" }, { name: "participant_archived_date", type: "timestamptz" },
    { name: "artifacts", type: "text[]" }, { name: "created_date", type: "timestamptz" }, { name: "updated_date", type: "timestamptz" },
  ], [[id, org.id, location.id, practitioner?.id ?? null, uuid(rng), "AST-0018", JSON.stringify(results), "[]", "2.19.1",
    JSON.stringify({ age: 74, sex: "FEMALE" }), LONG_REPLAY.participantUid, null, ["pose-log"], created, created]]);
  const json = generatePoseLog({ lapOneTime: 6.4, lapTwoTime: 6.6, cadence: 102, results, rng: () => rng.next(), minFrames: LONG_REPLAY.frames });
  await ctx.files.put(scanLogKey(id, "pose-log"), JSON.stringify(json), "application/json", { createdAt: created });
}
