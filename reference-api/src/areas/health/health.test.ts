import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { createFixture, createPatient, type Fixture, type FixtureUser } from "../../testing/fixture.js";
import { createRng } from "../../seed/context.js";
import { sessionProgress, type HealthSet } from "./sessions.js";
import { wantsPdf } from "./handlers.js";
import { seed as healthSeed } from "./seed.js";

let api: TestApi;
let fx: Fixture;
const as = (u: FixtureUser) => ({ as: { userId: u.userId, groups: u.groups } });

function set(exerciseId: string, side: "LEFT" | "RIGHT" | null, status: HealthSet["setInfo"]["resultStatus"], ratio: number, reps: number | null, rom: [number, number] | null): HealthSet {
  return {
    exerciseId,
    exerciseName: exerciseId === "S-0001" ? "Seated Knee Extension" : "Shoulder Flexion",
    sideOfBody: side,
    setGoal: { goalType: exerciseId === "S-0001" ? "REPS" : "ROM", reps: exerciseId === "S-0001" ? 10 : null, time: null },
    setInfo: { resultStatus: status, completedReps: reps, completedTime: 30, completionRatio: ratio, romMin: rom?.[0] ?? null, romMax: rom?.[1] ?? null, reportingMetric: exerciseId === "S-0001" ? "REPS" : "ROM" },
  };
}

async function addSession(patientId: string, date: string, sets: HealthSet[], opts: { selfReported?: boolean; hepId?: string | null; kind?: string } = {}) {
  const id = randomUUID();
  await api.db.query(
    "INSERT INTO health_sessions (id, patient_record_id, hep_id, session_kind, date, is_self_reported, sets) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)",
    [id, patientId, opts.hepId ?? null, opts.kind ?? "HEPSession", date, opts.selfReported ?? false, JSON.stringify(sets)],
  );
  return id;
}

let hepId: string;
let pA1: string;
const S = {} as Record<"mar10" | "mar12" | "mar12self" | "mar20", string>;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  pA1 = fx.patients.a1[0]!;
  hepId = randomUUID();
  await api.db.query("INSERT INTO heps (id, organization_id, name) VALUES ($1, $2, 'Knee program')", [hepId, fx.orgA.id]);
  await api.db.query("INSERT INTO hep_assignments (id, hep_id, patient_record_id, assigned_at) VALUES ($1, $2, $3, '2026-03-01T17:00:00Z')", [randomUUID(), hepId, pA1]);
  // 2026-03-10 and 2026-03-12 in America/Denver (the fixture organizations' time zone).
  S.mar10 = await addSession(pA1, "2026-03-10T18:00:00Z", [set("S-0001", "LEFT", "SUCCESS", 1, 10, [5, 90]), set("S-0001", "RIGHT", "SKIPPED_IN_SET", 0.5, 5, [8, 70])], { hepId });
  S.mar12 = await addSession(pA1, "2026-03-12T18:00:00Z", [set("S-0001", "LEFT", "SUCCESS", 1, 10, [3, 95]), set("S-0003", null, "CALIBRATION_ERROR", 0, null, null)], { hepId });
  S.mar12self = await addSession(pA1, "2026-03-12T20:00:00Z", [set("S-0001", "LEFT", "SELF_REPORTED", 1, 10, null)], { hepId, selfReported: true });
  S.mar20 = await addSession(pA1, "2026-03-20T18:00:00Z", [set("S-0003", null, "NOT_STARTED", 0, null, null)], { kind: "SingleSession" });
  const q = randomUUID();
  await api.db.query("INSERT INTO pro_questions (id, patient_record_id, question_id, text, min_value, max_value, pro_answer_type) VALUES ($1, $2, 'LEVEL_OF_PAIN', 'What is your level of pain today?', 0, 10, 'CHOICE')", [q, pA1]);
  await api.db.query("INSERT INTO pro_answers (id, pro_question_id, date_time, value) VALUES ($1, $2, '2026-03-12T15:00:00Z', '4'), ($3, $2, '2026-03-14T15:00:00Z', '3')", [randomUUID(), q, randomUUID()]);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe("helpers", () => {
  it("computes session progress: mean completion ratio, capped at 100, rounded", () => {
    expect(sessionProgress([])).toBe(0);
    expect(sessionProgress([set("S-0001", "LEFT", "SUCCESS", 1, 10, null), set("S-0001", "LEFT", "SKIPPED_IN_SET", 0.5, 5, null)])).toBe(75);
    expect(sessionProgress([set("S-0001", "LEFT", "SKIPPED_IN_SET", 0.333, 3, null)])).toBe(33);
  });
  it("chooses PDF only when Accept prefers it", () => {
    expect(wantsPdf(undefined)).toBe(false);
    expect(wantsPdf("application/json")).toBe(false);
    expect(wantsPdf("application/pdf")).toBe(true);
    expect(wantsPdf("application/pdf, application/json")).toBe(true);
    expect(wantsPdf("application/json, application/pdf")).toBe(false);
    expect(wantsPdf("application/json;q=0.5, application/pdf")).toBe(true);
    expect(wantsPdf("*/*")).toBe(false);
  });
});

describe("GET /v2/health/patients/{id}/sessions", () => {
  const url = (id: string, q = "") => `/v2/health/patients/${id}/sessions${q}`;

  it("answers the patient's sessions newest first, with sets, program and progress", async () => {
    const res = await api.request("GET", url(pA1), as(fx.adminA));
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([S.mar20, S.mar12self, S.mar12, S.mar10]);
    const mar10 = res.body[3];
    expect(mar10).toMatchObject({ sessionKind: "HEPSession", isSelfReported: false, hep: { id: hepId, name: "Knee program" }, progressPercent: 75 });
    expect(mar10.sets[1].setInfo).toMatchObject({ resultStatus: "SKIPPED_IN_SET", completionRatio: 0.5, romMin: 8, romMax: 70 });
    expect(res.body[0]).toMatchObject({ sessionKind: "SingleSession", hep: null, progressPercent: 0 });
  });

  it("filters by time range (inclusive) and leaves out self-reported sessions on request", async () => {
    const range = await api.request("GET", url(pA1, "?start=2026-03-10T18:00:00Z&end=2026-03-12T20:00:00Z"), as(fx.adminA));
    expect(range.status).toBe(200);
    expect(range.body.map((s: { id: string }) => s.id)).toEqual([S.mar12self, S.mar12, S.mar10]);
    const noSelf = await api.request("GET", url(pA1, "?start=2026-03-10T18:00:00Z&end=2026-03-12T20:00:00Z&includeSelfReported=false"), as(fx.adminA));
    expect(noSelf.body.map((s: { id: string }) => s.id)).toEqual([S.mar12, S.mar10]);
    const withSelf = await api.request("GET", url(pA1, "?includeSelfReported=true"), as(fx.adminA));
    expect(withSelf.body).toHaveLength(4);
    const after = await api.request("GET", url(pA1, "?start=2026-03-13T00:00:00Z"), as(fx.adminA));
    expect(after.body.map((s: { id: string }) => s.id)).toEqual([S.mar20]);
  });

  it("refuses bad input with 400", async () => {
    const reversed = await api.request("GET", url(pA1, "?start=2026-03-12T00:00:00Z&end=2026-03-10T00:00:00Z"), as(fx.adminA));
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(/end/);
    expect((await api.request("GET", url(pA1, "?start=yesterday"), as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", url(pA1, "?includeSelfReported=maybe"), as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", url("not-a-uuid"), as(fx.adminA))).status).toBe(400);
  });

  it("keeps patients of other organizations and other locations out (404), and needs a token (401)", async () => {
    expect((await api.request("GET", url(pA1), as(fx.adminB))).status).toBe(404);
    expect((await api.request("GET", url(pA1), as(fx.practitionerA2))).status).toBe(404);
    expect((await api.request("GET", url(pA1), as(fx.practitionerA1))).status).toBe(200);
    expect((await api.request("GET", url(randomUUID()), as(fx.adminA))).status).toBe(404);
    expect((await api.request("GET", url(pA1))).status).toBe(401);
  });
});

describe("POST /v2/health/patients/{id}/invite", () => {
  const url = (id: string) => `/v2/health/patients/${id}/invite`;

  it("records the invite of a patient without an account (204)", async () => {
    const id = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, hasAccount: false, products: ["HEALTH"] });
    const res = await api.request("POST", url(id), as(fx.practitionerA1));
    expect(res.status).toBe(204);
    expect(res.raw.length).toBe(0);
    const row = await api.db.one<{ invite_sent_at: Date | null }>("SELECT invite_sent_at FROM patient_records WHERE id = $1", [id]);
    expect(row?.invite_sent_at).not.toBeNull();
  });

  it("answers 409 when the patient already has an account", async () => {
    const res = await api.request("POST", url(pA1), as(fx.adminA));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "The patient already has an account.", status: 409 });
  });

  it("answers 400 without an e-mail or without Health, 404 across organizations", async () => {
    const noEmail = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, hasAccount: false, email: null, products: ["HEALTH"] });
    const r1 = await api.request("POST", url(noEmail), as(fx.adminA));
    expect(r1.status).toBe(400);
    expect(r1.body.message).toMatch(/email/);
    const gaitOnly = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, hasAccount: false, products: ["GAIT"] });
    expect((await api.request("POST", url(gaitOnly), as(fx.adminA))).status).toBe(400);
    expect((await api.request("POST", url(noEmail), as(fx.adminB))).status).toBe(404);
  });
});

describe("GET /v2/health/patients/{id}/activity-report", () => {
  const url = (q: string) => `/v2/health/patients/${pA1}/activity-report${q}`;
  const range = "?start=2026-03-10T06:00:00Z&end=2026-03-17T05:59:59Z"; // Denver (MDT, UTC-6)

  it("answers the report data as JSON: organization, provider, record, day counts, exercises per day, PROs", async () => {
    const res = await api.request("GET", url(range), as(fx.adminA));
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.organization).toMatchObject({ id: fx.orgA.id, name: "Org A" });
    expect(r.provider).toMatchObject({ id: fx.practitionerA1.practitionerId });
    expect(r.patientRecord.id).toBe(pA1);
    // Mar 10 … Mar 16 (Denver): sessions on the 10th and 12th, PRO answers on the 12th and 14th.
    expect(r.meta).toMatchObject({ minDate: "2026-03-10", maxDate: "2026-03-16", dayCount: 7, dayCountSessions: 2, dayCountPROs: 2, dayCountAnyActivity: 3 });
    const knee = r.exercises.find((e: { exerciseId: string }) => e.exerciseId === "S-0001");
    expect(knee).toMatchObject({ exerciseName: "Seated Knee Extension", goalType: "REPS", sideOfBody: null });
    expect(knee.days).toEqual([
      { date: "2026-03-10", totalReps: 15, minRange: 5, maxRange: 90 },
      { date: "2026-03-12", totalReps: 20, minRange: 3, maxRange: 95 },
    ]);
    expect(r.pros).toHaveLength(1);
    expect(r.pros[0]).toMatchObject({ questionId: "LEVEL_OF_PAIN", minValue: 0, maxValue: 10 });
    expect(r.pros[0].answers.map((a: { value: string }) => a.value)).toEqual(["4", "3"]);
  });

  it("groups exercises by side with groupBy=SIDE", async () => {
    const res = await api.request("GET", url(`${range}&groupBy=SIDE`), as(fx.adminA));
    expect(res.status).toBe(200);
    const knee = res.body.exercises.filter((e: { exerciseId: string }) => e.exerciseId === "S-0001");
    expect(knee.map((e: { sideOfBody: string }) => e.sideOfBody).sort()).toEqual(["LEFT", "RIGHT"]);
    const right = knee.find((e: { sideOfBody: string }) => e.sideOfBody === "RIGHT");
    expect(right.days).toEqual([{ date: "2026-03-10", totalReps: 5, minRange: 8, maxRange: 70 }]);
  });

  it("renders a real PDF when Accept asks for application/pdf", async () => {
    const res = await api.request("GET", url(range), { ...as(fx.adminA), headers: { accept: "application/pdf" } });
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^application\/pdf/);
    expect(res.raw.subarray(0, 4).toString()).toBe("%PDF");
    expect(String(res.headers["content-disposition"])).toMatch(/filename="03-16-2026_P.+\.pdf"/);
  });

  it("validates the range and the organization boundary", async () => {
    expect((await api.request("GET", url("?start=2026-03-17T00:00:00Z&end=2026-03-10T00:00:00Z"), as(fx.adminA))).status).toBe(400);
    const tooLong = await api.request("GET", url("?start=2024-01-01T00:00:00Z&end=2026-03-10T00:00:00Z"), as(fx.adminA));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/366 days/);
    expect((await api.request("GET", url("?groupBy=DAY"), as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", url(range), as(fx.adminB))).status).toBe(404);
    expect((await api.request("GET", url(range), { ...as(fx.adminB), headers: { accept: "application/pdf" } })).status).toBe(404);
  });

  it("defaults to the last 30 days", async () => {
    const res = await api.request("GET", url(""), as(fx.adminA));
    expect(res.status).toBe(200);
    expect(res.body.meta.dayCount).toBeGreaterThanOrEqual(30);
    expect(res.body.meta.dayCount).toBeLessThanOrEqual(31);
  });
});

describe("GET /v2/health/patients/pages", () => {
  it("lists only Health patients the caller can see", async () => {
    const gaitOnly = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, products: ["GAIT"], lastName: "Gaitonly" });
    const res = await api.request("GET", "/v2/health/patients/pages?limit=100&status=ALL", as(fx.adminA));
    expect(res.status).toBe(200);
    const ids = res.body.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(pA1);
    expect(ids).not.toContain(gaitOnly);
    expect(ids).not.toContain(fx.patients.b[0]);
    expect(res.body.items.every((p: { products: string[] }) => p.products.includes("HEALTH"))).toBe(true);
    const mine = await api.request("GET", "/v2/health/patients/pages?limit=100", as(fx.practitionerA2));
    expect(mine.body.items.map((p: { id: string }) => p.id).sort()).toEqual([...fx.patients.a2].sort());
    const paged = await api.request("GET", "/v2/health/patients/pages?limit=1&page=2&sortBy=NAME&orderBy=ASC", as(fx.adminA));
    expect(paged.body.metadata).toMatchObject({ itemCount: 1, itemsForPage: 1, currentPage: 2 });
    expect((await api.request("GET", "/v2/health/patients/pages?sortBy=BOGUS", as(fx.adminA))).status).toBe(400);
  });
});

describe("seed", () => {
  it("creates sessions for Health patients with an account and a program, and updates their activity times", async () => {
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const patient = fx.patients.a2[0]!;
    const blocks = [
      { id: 1, uuid: randomUUID(), exerciseId: "S-0001", sideOfBody: "LEFT", numSets: 2, setGoal: { goalType: "REPS", reps: 10, time: null } },
      { id: 2, uuid: randomUUID(), exerciseId: "S-0004", sideOfBody: null, numSets: 1, setGoal: { goalType: "TIME", reps: null, time: 30 } },
    ];
    const hep = randomUUID();
    await api.db.query("INSERT INTO heps (id, organization_id, name, blocks) VALUES ($1, $2, 'Seeded program', $3::jsonb)", [hep, fx.orgA.id, JSON.stringify(blocks)]);
    await api.db.query("INSERT INTO hep_assignments (id, hep_id, patient_record_id, assigned_at) VALUES ($1, $2, $3, $4)", [randomUUID(), hep, patient, new Date(today.getTime() - 60 * 86_400_000).toISOString()]);
    const before = Number((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM health_sessions"))!.n);
    await healthSeed({ db: api.db, files: api.services.files, world: "demo", today, rng: (s) => createRng(s.length * 7919), core: { organizations: [], locations: [], practitioners: [], patients: [] }, log: () => {} });
    const rows = await api.db.query<{ patient_record_id: string; n: number }>("SELECT patient_record_id, count(*)::int AS n FROM health_sessions GROUP BY 1");
    const seeded = rows.find((r) => r.patient_record_id === patient);
    expect(seeded?.n ?? 0).toBeGreaterThan(0);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThan(before);
    const pr = await api.db.one<{ health_most_recent_session: Date | null; most_recent_activity: Date | null }>("SELECT health_most_recent_session, most_recent_activity FROM patient_records WHERE id = $1", [patient]);
    expect(pr?.health_most_recent_session).not.toBeNull();
    expect(pr?.most_recent_activity).not.toBeNull();
    // Seeded sets satisfy the contract (the list answers through response validation).
    const res = await api.request("GET", `/v2/health/patients/${patient}/sessions`, as(fx.adminA));
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(seeded!.n);
  });
});
