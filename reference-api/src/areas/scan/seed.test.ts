import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAjv, loadContract } from "../../core/contract-validator.js";
import { createRng, type CoreWorld } from "../../seed/context.js";
import { seedCore } from "../../seed/core.js";
import { demoAccounts } from "../../seed/demo-accounts.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { seed as gaitSeed } from "../gait/seed.js";
import { defaultOutcomes, MAIN_RESULT, matchingFactors } from "./catalogue.js";
import { seed as scanSeed, versionAtLeast } from "./seed.js";

/** The gait and scan seeds on the demo world: their data answers through the API within the contract. */
let api: TestApi;
let core: CoreWorld;
const DAY = 86_400_000;
const today = new Date(Date.UTC(2026, 10, 22));
const account = (email: string) => {
  const a = demoAccounts.find((x) => x.email === email)!;
  return { as: { userId: a.userId, groups: a.groups } };
};

beforeAll(async () => {
  api = await createTestApi();
  const base = {
    db: api.db,
    files: api.services.files,
    world: "demo" as const,
    today,
    rng: (s: string) => createRng(parseInt(createHash("sha256").update(s).digest("hex").slice(0, 8), 16)),
    log: () => {},
  };
  core = await seedCore(base);
  await gaitSeed({ ...base, core });
  await scanSeed({ ...base, core });
}, 240_000);

afterAll(async () => {
  await api?.close();
});

describe("gait seed", () => {
  it("gives GAIT patients sessions of both schemas, slow and fast, some commented, some under TEST", async () => {
    const stats = await api.db.one<{ sa1: number; sa2: number; slow: number; fast: number; comments: number; test: number; non_gait: number; future: number }>(`
      SELECT count(*) FILTER (WHERE session_schema = 'GAIT_SA_1')::int AS sa1, count(*) FILTER (WHERE session_schema = 'GAIT_SA_2')::int AS sa2,
             count(*) FILTER (WHERE avg_speed < 0.8)::int AS slow, count(*) FILTER (WHERE avg_speed >= 0.8)::int AS fast,
             count(comment)::int AS comments, count(*) FILTER (WHERE gs.gait_uid = 'TEST')::int AS test,
             count(*) FILTER (WHERE NOT ('GAIT' = ANY(pr.products)))::int AS non_gait,
             count(*) FILTER (WHERE captured_date > $1)::int AS future
        FROM gait_sessions gs JOIN patient_records pr ON pr.id = gs.patient_record_id`, [today.toISOString()]);
    expect(stats!.sa1).toBeGreaterThan(50);
    expect(stats!.sa2).toBeGreaterThan(50);
    expect(stats!.slow).toBeGreaterThan(20);
    expect(stats!.fast).toBeGreaterThan(20);
    expect(stats!.comments).toBeGreaterThan(10);
    expect(stats!.test).toBe(3);
    expect(stats!.non_gait).toBe(0);
    expect(stats!.future).toBe(0);
    const mismatched = await api.db.one<{ n: number }>(`
      SELECT count(*)::int AS n FROM patient_records pr
       WHERE pr.gait_most_recent_session IS DISTINCT FROM (SELECT max(captured_date) FROM gait_sessions g WHERE g.patient_record_id = pr.id)
          OR (pr.gait_most_recent_session IS NOT NULL AND pr.most_recent_activity < pr.gait_most_recent_session)`);
    expect(mismatched!.n).toBe(0);
  });

  it("answers the report of a day within the contract and without the TEST sessions", async () => {
    const testDays = await api.db.query<{ captured_date: Date }>("SELECT captured_date FROM gait_sessions WHERE gait_uid = 'TEST' ORDER BY captured_date");
    const day = new Date(testDays[0]!.captured_date);
    const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
    const end = new Date(start.getTime() + DAY - 1);
    const r = await api.request("GET", `/v2/gait/sessions/report?start=${start.toISOString()}&end=${end.toISOString()}`, account("admin@frontrange.example"));
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
    expect(r.body.some((x: { subject: { gaitUid: string | null } }) => x.subject.gaitUid === "TEST")).toBe(false);
    // The patient's own list still has the TEST session.
    const testSession = await api.db.one<{ patient_record_id: string; id: string }>("SELECT patient_record_id, id FROM gait_sessions WHERE gait_uid = 'TEST' AND captured_date = $1", [day]);
    const own = await api.request("GET", `/v2/gait/sessions?patientRecordId=${testSession!.patient_record_id}`, account("admin@frontrange.example"));
    expect(own.status).toBe(200);
    expect(own.body.map((x: { id: string }) => x.id)).toContain(testSession!.id);
  });

  it("lists the gait patients within the contract", async () => {
    const r = await api.request("GET", "/v2/gait/patients/pages?limit=999", account("admin@frontrange.example"));
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBeGreaterThan(50);
    expect(r.body.items.every((p: { products: string[] }) => p.products.includes("GAIT"))).toBe(true);
  });
});

describe("scan seed", () => {
  it("answers every organization's sessions within the contract", async () => {
    for (const email of ["admin@frontrange.example", "scan@scanonly.example", "research@research.example", "practitioner@frontrange.example"]) {
      const r = await api.request("GET", "/v2/scan/sessions/pages?limit=999", account(email));
      expect(r.status, email).toBe(200);
      expect(r.body.items.length, email).toBeGreaterThan(10);
    }
    const outcomes = await api.request("GET", "/v2/scan/outcomes/risk-factors", account("scan@scanonly.example"));
    expect(outcomes.body).toEqual(defaultOutcomes());
  });

  it("records results that fall into low, medium and high risk by the organization's rules, with insights on the high ones", async () => {
    const rules = new Map(defaultOutcomes().map((o) => [o.assessmentId, o]));
    const rows = await api.db.query<{ assessment_id: string; results: { id: string; value: number }[]; demographics: { age: number; sex: string } | null; results_insights: { level: string }[] }>(
      "SELECT assessment_id, results, demographics, results_insights FROM scan_sessions",
    );
    const seen = new Set<string>();
    for (const row of rows) {
      const main = MAIN_RESULT[row.assessment_id];
      if (!main) continue;
      const value = row.results.find((r) => r.id === main.id)!.value;
      const matching = matchingFactors(rules.get(row.assessment_id)!, value, row.demographics);
      expect(matching.length).toBeLessThanOrEqual(1);
      const category = matching[0]?.category ?? "LOW";
      seen.add(category);
      expect(row.results_insights.some((i) => i.level === "WARNING"), `${row.assessment_id} ${value}`).toBe(category === "HIGH");
    }
    expect([...seen].sort()).toEqual(["HIGH", "LOW", "MEDIUM"]);
  });

  it("mixes scan versions, archived participants and missing demographics", async () => {
    const rows = await api.db.query<{ scan_version: string; participant_archived_date: Date | null; demographics: unknown; created_date: Date }>(
      "SELECT scan_version, participant_archived_date, demographics, created_date FROM scan_sessions",
    );
    expect(rows.some((r) => versionAtLeast(r.scan_version, "2.18.0"))).toBe(true);
    expect(rows.some((r) => !versionAtLeast(r.scan_version, "2.18.0"))).toBe(true);
    expect(rows.some((r) => r.participant_archived_date !== null)).toBe(true);
    expect(rows.some((r) => r.demographics === null)).toBe(true);
    for (const r of rows) {
      if (r.participant_archived_date) expect(new Date(r.participant_archived_date).getTime()).toBeGreaterThan(new Date(r.created_date).getTime());
      expect(new Date(r.created_date).getTime()).toBeLessThanOrEqual(today.getTime());
    }
  });

  it("stores a valid pose or hands log for every session that lists one", async () => {
    const ajv = createAjv();
    ajv.addSchema(loadContract() as object, "contract");
    const poseLog = ajv.getSchema("contract#/components/schemas/PoseLog")!;
    const handsLog = ajv.getSchema("contract#/components/schemas/HandsLog")!;
    const rows = await api.db.query<{ id: string; artifacts: string[]; scan_version: string; assessment_id: string }>(
      "SELECT id, artifacts, scan_version, assessment_id FROM scan_sessions WHERE cardinality(artifacts) > 0",
    );
    expect(rows.filter((r) => r.artifacts.includes("pose-log")).length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.artifacts.includes("pose-log")).length).toBeLessThanOrEqual(40);
    // Hands logs of replayable sessions (2.18.0 or later) and of older ones (issue 25: the portal replays them).
    expect(rows.filter((r) => r.artifacts.includes("hands-log") && versionAtLeast(r.scan_version, "2.18.0")).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.artifacts.includes("hands-log") && !versionAtLeast(r.scan_version, "2.18.0")).length).toBeGreaterThan(0);
    for (const r of rows) {
      for (const artifact of r.artifacts) {
        const file = await api.services.files.get(`scan/${r.id}/${artifact}.json`);
        expect(file, `${r.id} ${artifact}`).toBeDefined();
        const json = JSON.parse(file!.data.toString("utf8"));
        const valid = artifact === "pose-log" ? poseLog : handsLog;
        expect(valid(json), JSON.stringify(valid.errors)).toBe(true);
        if (artifact === "pose-log") {
          expect(versionAtLeast(r.scan_version, "2.18.0")).toBe(true);
          expect(json.frames.length).toBeGreaterThanOrEqual(600);
        }
      }
    }
    const gaitLogs = await api.db.query<{ id: string }>("SELECT id FROM gait_sessions WHERE 'pose-log' = ANY(artifacts)");
    expect(gaitLogs.length).toBeGreaterThan(0);
    for (const g of gaitLogs) expect(await api.services.files.exists(`gait/${g.id}/pose-log.json`)).toBe(true);
  });
});
