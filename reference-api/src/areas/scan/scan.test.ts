import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAjv, loadContract } from "../../core/contract-validator.js";
import { createRng } from "../../seed/context.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { createFixture, type Fixture, type FixtureUser } from "../../testing/fixture.js";
import { defaultOutcomes, MAIN_RESULT, matchingFactors, valueFor, type RiskLevel } from "./catalogue.js";
import { CANVAS, generateHandsLog, generatePoseLog } from "./logs.js";
import { scanLogKey, upsertScanOutcome, type ScanOutcome } from "./mapping.js";
import { versionAtLeast } from "./seed.js";

let api: TestApi;
let fx: Fixture;
const as = (u: FixtureUser) => ({ as: { userId: u.userId, groups: u.groups } });

/** A validator of a contract schema by name (the bundled contract). */
function schemaValidator(name: string) {
  const ajv = createAjv();
  ajv.addSchema(loadContract() as object, "contract");
  const v = ajv.getSchema(`contract#/components/schemas/${name}`);
  if (!v) throw new Error(`no schema ${name}`);
  return v;
}

/** Picks the factor of a rule whose criteria all match (the portal's risk selection); LOW when none does. */
function selectCategory(outcome: ScanOutcome, value: number, demo: { age: number; sex: string } | null): string {
  const matching = matchingFactors(outcome, value, demo);
  expect(matching.length).toBeLessThanOrEqual(1);
  return matching[0]?.category ?? "LOW";
}

interface SessionSpec {
  org: string;
  location: string;
  practitioner: string | null;
  assessmentId: string;
  created: string;
  artifacts?: string[];
  version?: string;
}

async function addScanSession(spec: SessionSpec) {
  const id = randomUUID();
  const uuid = randomUUID();
  await api.db.query(
    `INSERT INTO scan_sessions (id, organization_id, location_id, practitioner_id, session_uuid, assessment_id, results, scan_version, demographics,
       participant_uid, participant_archived_date, artifacts, created_date, updated_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, $11, $12, $13, $13)`,
    [id, spec.org, spec.location, spec.practitioner, uuid, spec.assessmentId, JSON.stringify([{ id: "gaitSpeed", name: "Gait Speed", value: 0.74, units: "m/s" }]),
      spec.version ?? "2.18.3", JSON.stringify({ age: 71, sex: "FEMALE" }), `P-${id.slice(0, 5)}`, spec.assessmentId === "AST-0009" ? "2026-04-01T00:00:00Z" : null,
      spec.artifacts ?? [], spec.created],
  );
  return { id, uuid };
}

let s: Record<"a1Gait" | "a1Tug" | "a2Gait" | "a2Reach" | "bGait", { id: string; uuid: string }>;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  const [a1, a2] = fx.orgA.locations;
  const [b1] = fx.orgB.locations;
  s = {
    a1Gait: await addScanSession({ org: fx.orgA.id, location: a1, practitioner: fx.practitionerA1.practitionerId, assessmentId: "AST-0018", created: "2026-03-10T15:00:00Z", artifacts: ["pose-log"] }),
    a1Tug: await addScanSession({ org: fx.orgA.id, location: a1, practitioner: fx.practitionerA1.practitionerId, assessmentId: "AST-0009", created: "2026-03-11T15:00:00Z" }),
    a2Gait: await addScanSession({ org: fx.orgA.id, location: a2, practitioner: fx.practitionerA2.practitionerId, assessmentId: "AST-0018", created: "2026-03-12T15:00:00Z", artifacts: ["pose-log"] }),
    a2Reach: await addScanSession({ org: fx.orgA.id, location: a2, practitioner: null, assessmentId: "AST-0001", created: "2026-03-13T15:00:00Z", version: "2.12.4" }),
    bGait: await addScanSession({ org: fx.orgB.id, location: b1, practitioner: fx.practitionerB.practitionerId, assessmentId: "AST-0018", created: "2026-03-14T15:00:00Z", artifacts: ["pose-log"] }),
  };
  const log = generatePoseLog({ lapOneTime: 7, lapTwoTime: 7.3, cadence: 100, results: [], rng: createRng(7).next });
  await api.services.files.put(scanLogKey(s.a1Gait.id, "pose-log"), JSON.stringify(log), "application/json");
  await api.services.files.put(scanLogKey(s.bGait.id, "pose-log"), JSON.stringify(log), "application/json");
  // a2Gait lists a pose log but its file is missing: answered as having none.
  const outcomes = defaultOutcomes();
  for (const o of outcomes) await upsertScanOutcome(api.db, fx.orgA.id, o);
  await upsertScanOutcome(api.db, fx.orgB.id, outcomes.find((o) => o.assessmentId === "AST-0018")!);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe("listScanSessions", () => {
  const list = (u: FixtureUser, q = "") => api.request("GET", `/v2/scan/sessions/pages${q}`, as(u));
  const ids = (r: { body: { items: { id: string }[] } }) => r.body.items.map((x) => x.id);

  it("answers the organization's sessions newest first in the contract's shape", async () => {
    const r = await list(fx.adminA);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([s.a2Reach.id, s.a2Gait.id, s.a1Tug.id, s.a1Gait.id]);
    expect(r.body.metadata).toEqual({ totalItems: 4, itemCount: 4, itemsForPage: 20, totalPages: 1, currentPage: 1 });
    const tug = r.body.items.find((x: { id: string }) => x.id === s.a1Tug.id);
    expect(tug.participant.isArchived).toBe(true);
    expect(tug.participant.archivedDate).toBe("2026-04-01T00:00:00.000Z");
    expect(tug.location).toEqual({ id: fx.orgA.locations[0], name: "A North" });
    expect(tug.organization).toMatchObject({ id: fx.orgA.id, name: "Org A" });
    const reach = r.body.items.find((x: { id: string }) => x.id === s.a2Reach.id);
    expect(reach.practitioner).toBeNull();
    expect(reach.session.meta.scanVersion).toBe("2.12.4");
  });

  it("limits a practitioner to their locations and never shows another organization", async () => {
    expect(ids(await list(fx.practitionerA1))).toEqual([s.a1Tug.id, s.a1Gait.id]);
    expect(ids(await list(fx.practitionerA1, `?locationId=${fx.orgA.locations[1]}`))).toEqual([]);
    expect(ids(await list(fx.adminB))).toEqual([s.bGait.id]);
    expect(ids(await list(fx.adminB, `?locationId=${fx.orgA.locations[0]}`))).toEqual([]);
  });

  it("filters by location, dates, assessments (repeated) and provider", async () => {
    expect(ids(await list(fx.adminA, `?locationId=${fx.orgA.locations[1]}`))).toEqual([s.a2Reach.id, s.a2Gait.id]);
    expect(ids(await list(fx.adminA, "?start=2026-03-11T15:00:00Z&end=2026-03-12T15:00:00Z"))).toEqual([s.a2Gait.id, s.a1Tug.id]);
    expect(ids(await list(fx.adminA, "?assessmentIds=AST-0018"))).toEqual([s.a2Gait.id, s.a1Gait.id]);
    expect(ids(await list(fx.adminA, "?assessmentIds=AST-0001&assessmentIds=AST-0009"))).toEqual([s.a2Reach.id, s.a1Tug.id]);
    expect(ids(await list(fx.adminA, "?provider=practa2"))).toEqual([s.a2Gait.id]);
    expect(ids(await list(fx.adminA, "?provider=PractA1%20Tester&assessmentIds=AST-0018"))).toEqual([s.a1Gait.id]);
  });

  it("looks up a session UUID ignoring every other filter, within the caller's reach", async () => {
    const q = `?sessionUUID=${s.a1Gait.uuid}&locationId=${fx.orgA.locations[1]}&assessmentIds=AST-0001&provider=nobody&start=2027-01-01T00:00:00Z`;
    expect(ids(await list(fx.adminA, q))).toEqual([s.a1Gait.id]);
    expect(ids(await list(fx.adminA, `?sessionUUID=${s.a1Gait.uuid.toUpperCase()}`))).toEqual([s.a1Gait.id]);
    expect(ids(await list(fx.practitionerA2, `?sessionUUID=${s.a1Gait.uuid}`))).toEqual([]);
    expect(ids(await list(fx.adminB, `?sessionUUID=${s.a1Gait.uuid}`))).toEqual([]);
    // An inverted date range is not even looked at when the UUID is given.
    expect((await list(fx.adminA, `?sessionUUID=${s.a1Gait.uuid}&start=2026-03-12T00:00:00Z&end=2026-03-11T00:00:00Z`)).status).toBe(200);
  });

  it("pages with stable metadata", async () => {
    const p2 = await list(fx.adminA, "?limit=3&page=2");
    expect(ids(p2)).toEqual([s.a1Gait.id]);
    expect(p2.body.metadata).toEqual({ totalItems: 4, itemCount: 1, itemsForPage: 3, totalPages: 2, currentPage: 2 });
    const p3 = await list(fx.adminA, "?limit=3&page=3");
    expect(p3.body.items).toEqual([]);
    expect(p3.body.metadata.totalItems).toBe(4);
  });

  it("validates the query and the caller", async () => {
    expect((await list(fx.adminA, "?start=2026-03-12T00:00:00Z&end=2026-03-11T00:00:00Z")).status).toBe(400);
    expect((await list(fx.adminA, "?assessmentIds=0018")).status).toBe(400);
    expect((await list(fx.adminA, "?limit=1000")).status).toBe(400);
    expect((await list(fx.adminA, "?sessionUUID=abc")).status).toBe(400);
    expect((await list(fx.adminA, "?locationId=abc")).status).toBe(400);
    expect((await list({ ...fx.adminA, groups: [] })).status).toBe(403);
    expect((await api.request("GET", "/v2/scan/sessions/pages")).status).toBe(401);
  });
});

describe("getScanPoseLogSignedUrl", () => {
  const url = (u: FixtureUser, id: string) => api.request("GET", `/v2/scan/sessions/${id}/pose-log/signed-url`, as(u));

  it("answers a signed URL that downloads the pose log", async () => {
    const r = await url(fx.practitionerA1, s.a1Gait.id);
    expect(r.status).toBe(200);
    const u = new URL(r.body.url);
    expect(`${u.protocol}//${u.host}`).toBe(api.config.publicUrl);
    expect(u.pathname).toMatch(/^\/files\/[A-Za-z0-9_-]+$/);
    const token = u.pathname.split("/").pop()!;
    const expires = Number(u.searchParams.get("expires"));
    expect(new Date(expires * 1000).toISOString()).toBe(r.body.expiresAt);
    expect(api.services.signer.verify(token, expires, u.searchParams.get("signature")!)).toBe(`scan/${s.a1Gait.id}/pose-log.json`);
    const file = await api.request("GET", `${u.pathname}${u.search}`);
    if (file.status !== 501) {
      expect(file.status).toBe(200);
      const log = JSON.parse(file.raw.toString("utf8"));
      expect(log.frames.length).toBeGreaterThanOrEqual(600);
      expect(log.lapInfo.lap1StartFrame).toBeGreaterThan(0);
    }
  });

  it("answers 404 without a pose log or outside the caller's reach", async () => {
    const none = await url(fx.adminA, s.a1Tug.id);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("This session has no pose log.");
    expect((await url(fx.adminA, s.a2Gait.id)).status).toBe(404); // listed but the file is missing
    expect((await url(fx.adminA, s.bGait.id)).status).toBe(404);
    expect((await url(fx.practitionerA2, s.a1Gait.id)).status).toBe(404);
    expect((await url(fx.adminA, randomUUID())).status).toBe(404);
    expect((await url(fx.adminA, "nope")).status).toBe(400);
    expect((await api.request("GET", `/v2/scan/sessions/${s.a1Gait.id}/pose-log/signed-url`)).status).toBe(401);
  });
});

describe("getScanHandsLogSignedUrl (issue 25: the portal replays and downloads hands logs)", () => {
  const url = (u: FixtureUser, id: string) => api.request("GET", `/v2/scan/sessions/${id}/hands-log/signed-url`, as(u));

  it("signs the hands log of a session that has one, in the caller's reach only", async () => {
    // a1Tug gets a hands log for this test (and loses it after: the other tests count its artifacts as none).
    const key = scanLogKey(s.a1Tug.id, "hands-log");
    await api.services.files.put(key, JSON.stringify(generateHandsLog({ leftAmplitude: 0.4, rightAmplitude: 0.6, frequency: 5, rng: createRng(3).next })), "application/json");
    await api.db.query("UPDATE scan_sessions SET artifacts = '{hands-log}' WHERE id = $1", [s.a1Tug.id]);
    try {
      const r = await url(fx.practitionerA1, s.a1Tug.id);
      expect(r.status).toBe(200);
      const u = new URL(r.body.url);
      expect(api.services.signer.verify(u.pathname.split("/").pop()!, Number(u.searchParams.get("expires")), u.searchParams.get("signature")!)).toBe(key);
      // The pose-log call still says it has none; outside the caller's reach: 404.
      expect((await api.request("GET", `/v2/scan/sessions/${s.a1Tug.id}/pose-log/signed-url`, as(fx.practitionerA1))).status).toBe(404);
      expect((await url(fx.practitionerA2, s.a1Tug.id)).status).toBe(404);
      expect((await url(fx.adminB, s.a1Tug.id)).status).toBe(404);
    } finally {
      await api.db.query("UPDATE scan_sessions SET artifacts = '{}' WHERE id = $1", [s.a1Tug.id]);
    }
    const none = await url(fx.practitionerA1, s.a1Gait.id);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("This session has no hands log.");
    expect((await url(fx.adminA, "nope")).status).toBe(400);
    expect((await api.request("GET", `/v2/scan/sessions/${s.a1Gait.id}/hands-log/signed-url`)).status).toBe(401);
  });
});

describe("a signed pose-log URL is bound to its session and expires (issue 12 isolation)", () => {
  const signed = async (u: FixtureUser, id: string) => new URL((await api.request("GET", `/v2/scan/sessions/${id}/pose-log/signed-url`, as(u))).body.url);
  const path = (u: URL) => `${u.pathname}${u.search}`;

  it("refuses session A's URL edited to session B's file (token or signature swapped)", async () => {
    const a = await signed(fx.adminA, s.a1Gait.id);
    const b = await signed(fx.adminB, s.bGait.id);
    const tokenB = b.pathname.split("/").pop()!;
    const swappedToken = new URL(a);
    swappedToken.pathname = `/files/${tokenB}`;
    expect((await api.request("GET", path(swappedToken))).status).toBe(403);
    const swappedSignature = new URL(a);
    swappedSignature.searchParams.set("signature", b.searchParams.get("signature")!);
    expect((await api.request("GET", path(swappedSignature))).status).toBe(403);
    // The token names the file: it cannot be pointed at another session's key without the signing secret.
    expect(api.services.signer.verify(tokenB, Number(a.searchParams.get("expires")), a.searchParams.get("signature")!)).toBeNull();
  });

  it("refuses an expired pose-log URL", async () => {
    const expired = new URL(api.services.signer.sign(scanLogKey(s.a1Gait.id, "pose-log"), -10).url);
    expect((await api.request("GET", path(expired))).status).toBe(403);
  });

  it("another organization gets neither a URL nor a UUID match for organization A's session", async () => {
    expect((await api.request("GET", `/v2/scan/sessions/${s.a1Gait.id}/pose-log/signed-url`, as(fx.adminB))).status).toBe(404);
    const byUuid = await api.request("GET", `/v2/scan/sessions/pages?sessionUUID=${s.a1Gait.uuid}`, as(fx.adminB));
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.items).toEqual([]);
    expect(byUuid.body.metadata.totalItems).toBe(0);
  });
});

describe("listAssessments and listRiskFactorOutcomes", () => {
  it("answers the library with the built-in definitions", async () => {
    const r = await api.request("GET", "/v2/scan/assessments", as(fx.practitionerA1));
    expect(r.status).toBe(200);
    const byId = new Map(r.body.map((a: { id: string }) => [a.id, a]));
    for (const id of ["AST-0001", "AST-0009", "AST-0010", "AST-0011", "AST-0012", "AST-0018", "AST-0019", "AST-0020", "AST-0024"]) expect(byId.has(id)).toBe(true);
    const rom = byId.get("AST-0024") as { resultDefinitions: { id: string }[] };
    expect(rom.resultDefinitions.map((d) => d.id)).toEqual(expect.arrayContaining(["leftKneeFlexionRom", "rightHipFlexionRom", "trunkFlexionRom"]));
    expect((byId.get("AST-0019") as { resultDefinitions: unknown[] }).resultDefinitions).toEqual([]);
    expect(byId.get("AST-0018")).toMatchObject({
      resultDefinitions: [],
      directives: { startingConditions: [{ type: "NONE" }], endingConditions: [{ type: "TIME", value: 300 }] },
    });
    expect((await api.request("GET", "/v2/scan/assessments", { as: { userId: fx.adminA.userId, groups: [] } })).status).toBe(403);
  });

  it("answers only the caller organization's outcomes", async () => {
    const a = await api.request("GET", "/v2/scan/outcomes/risk-factors", as(fx.practitionerA2));
    expect(a.status).toBe(200);
    expect(a.body.length).toBe(defaultOutcomes().length);
    const b = await api.request("GET", "/v2/scan/outcomes/risk-factors", as(fx.adminB));
    expect(b.body.map((o: { assessmentId: string }) => o.assessmentId)).toEqual(["AST-0018"]);
    const staff = await api.request("GET", "/v2/scan/outcomes/risk-factors", as(fx.productAdmin));
    expect(staff.body).toEqual([]);
  });

  it("replaces an outcome on upsert", async () => {
    const o = defaultOutcomes().find((x) => x.assessmentId === "AST-0018")!;
    await upsertScanOutcome(api.db, fx.orgB.id, { ...o, title: "Edited" });
    const b = await api.request("GET", "/v2/scan/outcomes/risk-factors", as(fx.adminB));
    expect(b.body).toHaveLength(1);
    expect(b.body[0].title).toBe("Edited");
  });
});

describe("the risk rules and the seed's values agree", () => {
  it("every generated value selects the intended risk level", () => {
    const outcomes = new Map(defaultOutcomes().map((o) => [o.assessmentId, o]));
    const rng = createRng(99);
    for (const id of Object.keys(MAIN_RESULT)) {
      const levels: RiskLevel[] = id === "AST-0001" ? ["LOW", "MEDIUM", "HIGH"] : ["LOW", "HIGH"];
      for (const level of levels) {
        for (let k = 0; k < 200; k++) {
          const demo = rng.chance(0.9) ? { age: rng.int(60, 94), sex: rng.pick(["MALE", "FEMALE"] as const) } : null;
          const value = valueFor(id, level, rng.next, demo);
          expect(selectCategory(outcomes.get(id)!, value, demo), `${id} ${level} ${value} ${JSON.stringify(demo)}`).toBe(level);
        }
      }
    }
  });

  it("the thresholds table holds at its edges", () => {
    const o = new Map(defaultOutcomes().map((x) => [x.assessmentId, x]));
    expect(selectCategory(o.get("AST-0018")!, 0.8, null)).toBe("LOW");
    expect(selectCategory(o.get("AST-0018")!, 0.79, null)).toBe("HIGH");
    expect(selectCategory(o.get("AST-0020")!, 15, null)).toBe("LOW");
    expect(selectCategory(o.get("AST-0009")!, 12, null)).toBe("HIGH");
    expect(selectCategory(o.get("AST-0010")!, 11.99, null)).toBe("LOW");
    expect(selectCategory(o.get("AST-0001")!, 10, null)).toBe("MEDIUM");
    expect(selectCategory(o.get("AST-0001")!, 6, null)).toBe("HIGH");
    expect(selectCategory(o.get("AST-0001")!, 10.01, null)).toBe("LOW");
    expect(selectCategory(o.get("AST-0011")!, 11.7, { age: 75, sex: "MALE" })).toBe("HIGH");
    expect(selectCategory(o.get("AST-0011")!, 11.7, { age: 75, sex: "FEMALE" })).toBe("LOW");
    expect(selectCategory(o.get("AST-0012")!, 20, { age: 93, sex: "FEMALE" })).toBe("LOW");
    expect(selectCategory(o.get("AST-0019")!, 13, { age: 62, sex: "MALE" })).toBe("HIGH");
    expect(selectCategory(o.get("AST-0019")!, 13, { age: 62, sex: "FEMALE" })).toBe("LOW");
    const schema = schemaValidator("ScanOutcome");
    for (const x of defaultOutcomes()) expect(schema(x), JSON.stringify(schema.errors)).toBe(true);
  });

  it("compares scan versions", () => {
    expect(versionAtLeast("2.18.0", "2.18.0")).toBe(true);
    expect(versionAtLeast("2.17.9", "2.18.0")).toBe(false);
    expect(versionAtLeast("2.19.1", "2.18.0")).toBe(true);
    expect(versionAtLeast("3.0.0", "2.18.0")).toBe(true);
  });
});

describe("the log generators", () => {
  it("draw a plausible walking skeleton of two laps", () => {
    const log = generatePoseLog({ lapOneTime: 6.4, lapTwoTime: 6.9, cadence: 105, results: [{ id: "gaitSpeed", name: "Gait Speed", value: 0.9, units: "m/s" }], rng: createRng(3).next });
    expect(schemaValidator("PoseLog")(log)).toBe(true);
    expect(log.frames.length).toBeGreaterThanOrEqual(600);
    const { lap1StartFrame, lap1EndFrame, lap2StartFrame, lap2EndFrame } = log.lapInfo;
    expect(lap1StartFrame).toBeLessThan(lap1EndFrame);
    expect(lap1EndFrame).toBeLessThan(lap2StartFrame);
    expect(lap2StartFrame).toBeLessThan(lap2EndFrame);
    expect(lap2EndFrame).toBeLessThan(log.frames.length);
    expect(lap1EndFrame - lap1StartFrame).toBe(Math.round(6.4 * 30));
    for (const side of ["left", "right"] as const) {
      const { bestCycle, stepInfo } = log.strideInfo[side];
      expect(bestCycle.startFrame).toBeGreaterThanOrEqual(lap1StartFrame);
      expect(bestCycle.endFrame).toBeLessThanOrEqual(lap1EndFrame);
      expect(bestCycle.endFrame - bestCycle.startFrame).toBe(Math.round((30 * 120) / 105));
      expect(stepInfo.frameLength).toBeGreaterThan(0);
      expect(stepInfo.frameLength).toBeLessThan(bestCycle.endFrame - bestCycle.startFrame);
    }
    let confident = 0;
    let total = 0;
    for (const f of log.frames) {
      for (const [name, k] of Object.entries(f.keypoints)) {
        total++;
        if (k!.confidence > 0.5) confident++;
        if (k!.confidence === 0) {
          expect(name).toMatch(/Heel$/);
          continue;
        }
        expect(k!.x).toBeGreaterThan(0);
        expect(k!.x).toBeLessThan(CANVAS.width);
        expect(k!.y).toBeGreaterThan(0);
        expect(k!.y).toBeLessThan(CANVAS.height);
      }
      // Anatomy: the nose above the neck above the mid hip above the ankles.
      const k = f.keypoints;
      expect(k.nose!.y).toBeLessThan(k.neck!.y);
      expect(k.neck!.y).toBeLessThan(k.midHip!.y);
      expect(k.midHip!.y).toBeLessThan(Math.min(k.leftAnkle!.y, k.rightAnkle!.y));
    }
    expect(confident / total).toBeGreaterThan(0.8);
    expect(confident / total).toBeLessThan(1);
    // Walks across: starts left, right at the end of lap 1, back left at the end of lap 2.
    const x = (frame: number) => log.frames[frame]!.keypoints.midHip!.x;
    expect(x(lap1StartFrame)).toBeLessThan(150);
    expect(x(lap1EndFrame)).toBeGreaterThan(750);
    expect(x(lap2EndFrame)).toBeLessThan(150);
    expect(log.resultFrames.at(-1)).toEqual({ frame: lap2EndFrame, results: [{ id: "gaitSpeed", name: "Gait Speed", value: 0.9, units: "m/s" }] });
  });

  it("draw hands of 21 joints per frame", () => {
    const log = generateHandsLog({ leftAmplitude: 0.5, rightAmplitude: 3, frequency: 5, rng: createRng(4).next });
    expect(schemaValidator("HandsLog")(log)).toBe(true);
    expect(log.frames.length).toBeGreaterThan(300);
    expect(new Set(log.frames.flatMap((f) => f.joints.map((j) => j.side)))).toEqual(new Set(["LEFT", "RIGHT"]));
    for (const f of log.frames) expect(f.joints).toHaveLength(21);
    // The right hand trembles more than the left: a larger spread of the middle finger tip.
    const spread = (side: string) => {
      const xs = log.frames.flatMap((f) => f.joints.filter((j) => j.side === side && j.name === "middleTip").map((j) => j.x));
      return Math.max(...xs) - Math.min(...xs);
    };
    expect(spread("RIGHT")).toBeGreaterThan(spread("LEFT"));
  });
});

describe("renderPdf", () => {
  const body = () => ({
    pdfGroup: "ASSESSMENT_OUTCOMES_PDF",
    pdfName: "P-20931 Gait Speed 11-20-2026",
    pdfDocumentData: {
      sessionData: {
        participantUid: "P-20931",
        createdDate: "2026-11-20T15:04:12.000Z",
        assessmentName: "Gait Speed",
        practitionerName: "Maya Okafor",
        demographics: { age: 72, sex: "FEMALE" },
        assessment: { id: "AST-0018", results: [{ id: "gaitSpeed", name: "Gait Speed", value: 0.72, units: "m/s" }, { id: "rom", name: "Knee ROM", value: 101.4, units: "deg" }] },
      },
      outcomeBoxData: { category: "HIGH", title: "High Risk", description: "Gait speed below 0.8 m/s is associated with a high risk of falls." },
      outcomeSliderData: { value: 0.72, units: "m/s", segments: [{ category: "HIGH", label: "< 0.8 m/s" }, { category: "LOW", label: ">= 0.8 m/s" }] },
      outcomeFactorTableData: {
        rows: [
          { category: "LOW", description: "Gait speed of 0.8 m/s or more is associated with a low risk of falls.", criteria: ">= 0.8 m/s" },
          { category: "HIGH", description: "Gait speed below 0.8 m/s is associated with a high risk of falls.", criteria: "< 0.8 m/s" },
        ],
      },
    },
  });

  it("renders a real PDF", async () => {
    const r = await api.request("POST", "/render-pdf", { ...as(fx.practitionerA1), body: body() });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^application\/pdf/);
    expect(r.headers["content-disposition"]).toBe('inline; filename="P-20931 Gait Speed 11-20-2026.pdf"');
    expect(r.raw.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(r.raw.subarray(-8).toString("latin1")).toContain("%%EOF");
    expect(r.raw.length).toBeGreaterThan(1500);
  });

  it("renders without demographics and with many factor rows", async () => {
    const b = body();
    b.pdfDocumentData.sessionData.demographics = null as never;
    b.pdfDocumentData.outcomeFactorTableData.rows = Array.from({ length: 60 }, (_, i) => ({ category: i % 2 ? "HIGH" : "LOW", description: `Factor ${i} ${"long text ".repeat(20)}`, criteria: `>= ${i}` }));
    const r = await api.request("POST", "/render-pdf", { ...as(fx.adminA), body: b });
    expect(r.status).toBe(200);
    expect(r.raw.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("rejects a bad body with 400", async () => {
    const post = (b: unknown) => api.request("POST", "/render-pdf", { ...as(fx.adminA), body: b });
    const wrongGroup = { ...body(), pdfGroup: "OTHER" };
    expect((await post(wrongGroup)).status).toBe(400);
    const extra = { ...body(), extra: true };
    expect((await post(extra)).status).toBe(400);
    const { pdfName: _n, ...noName } = body();
    expect((await post(noName)).status).toBe(400);
    const badCategory = body();
    (badCategory.pdfDocumentData.outcomeBoxData as { category: string }).category = "PURPLE";
    expect((await post(badCategory)).status).toBe(400);
    const badDate = body();
    badDate.pdfDocumentData.sessionData.createdDate = "yesterday";
    expect((await post(badDate)).status).toBe(400);
    const nested = body();
    (nested.pdfDocumentData.sessionData as Record<string, unknown>).ssn = "123";
    expect((await post(nested)).status).toBe(400);
    expect((await post("not json")).status).toBe(400);
    expect((await api.request("POST", "/render-pdf", { body: body() })).status).toBe(401);
    expect((await api.request("POST", "/render-pdf", { as: { userId: fx.adminA.userId, groups: [] }, body: body() })).status).toBe(403);
  });
});
