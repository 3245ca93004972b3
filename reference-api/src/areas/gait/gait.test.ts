import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { createFixture, createPatient, type Fixture, type FixtureUser } from "../../testing/fixture.js";
import { productTextLength, speedOf } from "./mapping.js";

let api: TestApi;
let fx: Fixture;

/** The report day used by the tests: 2026-03-10 in America/Denver (MDT, UTC-6). */
const DAY_START = "2026-03-10T06:00:00.000Z";
const DAY_END = "2026-03-11T05:59:59.999Z";

const as = (u: FixtureUser) => ({ as: { userId: u.userId, groups: u.groups } });

async function addSession(patientId: string, capturedDate: string, opts: { gaitUid?: string | null; schema?: string; comment?: string | null; speed?: number } = {}) {
  const id = randomUUID();
  const pr = await api.db.one<{ organization_id: string; practitioner_id: string; gait_uid: string }>(
    "SELECT organization_id, practitioner_id, gait_uid FROM patient_records WHERE id = $1",
    [patientId],
  );
  const schema = opts.schema ?? "GAIT_SA_2";
  const speed = opts.speed ?? 0.9;
  const items = [{ item: "speed", type: "gait", measures: [{ name: schema === "GAIT_SA_2" ? "avgSpeed" : "speed", displayName: "Speed", value: speed, unit: "m/s", disabled: false }] }];
  await api.db.query(
    `INSERT INTO gait_sessions (id, organization_id, patient_record_id, practitioner_id, session_uuid, session_schema, captured_date, gait_uid, items, avg_speed, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
    [id, pr!.organization_id, patientId, pr!.practitioner_id, randomUUID(), schema, capturedDate, opts.gaitUid === undefined ? pr!.gait_uid : opts.gaitUid, JSON.stringify(items), speed, opts.comment ?? null],
  );
  return id;
}

type Key = "a1Start" | "a1End" | "a1Before" | "a1After" | "a1Old" | "a1Test" | "a1DemoTest" | "a1NoUid" | "a2Day" | "bDay";
let s: Record<Key, string>;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  const [a1, a1b] = fx.patients.a1 as [string, string];
  const [a2] = fx.patients.a2 as [string];
  const [b] = fx.patients.b as [string];
  s = {
    a1Start: await addSession(a1, DAY_START),
    a1End: await addSession(a1, DAY_END, { schema: "GAIT_SA_1", speed: 0.62 }),
    a1Before: await addSession(a1, "2026-03-10T05:59:59.999Z"),
    a1After: await addSession(a1, "2026-03-11T06:00:00.000Z"),
    a1Old: await addSession(a1, "2026-01-05T17:00:00.000Z", { comment: "Old comment" }),
    a1Test: await addSession(a1b, "2026-03-10T15:00:00.000Z", { gaitUid: "test" }),
    a1DemoTest: await addSession(a1b, "2026-03-10T16:00:00.000Z", { gaitUid: "DEMO-TEST" }),
    a1NoUid: await addSession(a1b, "2026-03-10T17:00:00.000Z", { gaitUid: null }),
    a2Day: await addSession(a2, "2026-03-10T18:00:00.000Z"),
    bDay: await addSession(b, "2026-03-10T18:00:00.000Z"),
  };
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe("helpers", () => {
  it("counts a line break as two characters", () => {
    expect(productTextLength("abc")).toBe(3);
    expect(productTextLength("a\nb")).toBe(4);
    expect(productTextLength("a\r\nb")).toBe(4);
  });
  it("finds the speed measure under both names", () => {
    expect(speedOf([{ item: "speed", type: "gait", measures: [{ name: "avgSpeed", displayName: "x", value: 0.7, unit: "m/s", disabled: false }] }])).toBe(0.7);
    expect(speedOf([{ item: "speed", type: "gait", measures: [{ name: "speed", displayName: "x", value: 1.1, unit: "m/s", disabled: false }] }])).toBe(1.1);
    expect(speedOf([])).toBeNull();
  });
});

describe("listGaitSessions", () => {
  it("answers the patient's sessions newest first in the contract's shape", async () => {
    const r = await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}`, as(fx.adminA));
    expect(r.status).toBe(200);
    expect(r.body.map((x: { id: string }) => x.id)).toEqual([s.a1After, s.a1End, s.a1Start, s.a1Before, s.a1Old]);
    const one = r.body.find((x: { id: string }) => x.id === s.a1End);
    expect(one.sessionSchema).toBe("GAIT_SA_1");
    expect(one.subject.gaitUid).toMatch(/^GT-/);
    expect(one.practitioner.id).toBe(fx.practitionerA1.practitionerId);
    expect(one.session.meta).toMatchObject({ capturedDate: "2026-03-11T05:59:59.999Z", comment: null, assistanceOption: "NONE", unitsSelected: "METRIC" });
  });

  it("filters by start and end (inclusive) and refuses an inverted range", async () => {
    const r = await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}&start=${DAY_START}&end=${DAY_END}`, as(fx.practitionerA1));
    expect(r.status).toBe(200);
    expect(r.body.map((x: { id: string }) => x.id).sort()).toEqual([s.a1Start, s.a1End].sort());
    const bad = await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}&start=${DAY_END}&end=${DAY_START}`, as(fx.adminA));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/end/);
  });

  it("answers 404 for patients the caller cannot see, 400 without a patient, 403 without a role, 401 without a token", async () => {
    expect((await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}`, as(fx.practitionerA2))).status).toBe(404);
    expect((await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}`, as(fx.adminB))).status).toBe(404);
    expect((await api.request("GET", `/v2/gait/sessions?patientRecordId=${randomUUID()}`, as(fx.adminA))).status).toBe(404);
    expect((await api.request("GET", "/v2/gait/sessions", as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", "/v2/gait/sessions?patientRecordId=nope", as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}`, { as: { userId: fx.adminA.userId, groups: [] } })).status).toBe(403);
    expect((await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}`)).status).toBe(401);
  });

  it("hides the sessions of a hidden patient", async () => {
    const hidden = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, products: ["GAIT"] });
    const sid = await addSession(hidden, "2026-03-10T19:00:00.000Z");
    await api.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [hidden]);
    expect((await api.request("GET", `/v2/gait/sessions?patientRecordId=${hidden}`, as(fx.adminA))).status).toBe(404);
    const report = await api.request("GET", `/v2/gait/sessions/report?start=${DAY_START}&end=${DAY_END}`, as(fx.adminA));
    expect(report.body.map((x: { id: string }) => x.id)).not.toContain(sid);
    expect((await api.request("POST", `/v2/gait/sessions/${sid}/comment`, { ...as(fx.adminA), body: { comment: "x" } })).status).toBe(404);
    await api.db.query("DELETE FROM patient_records WHERE id = $1", [hidden]);
  });
});

describe("getGaitReport", () => {
  const report = (u: FixtureUser, start = DAY_START, end = DAY_END) => api.request("GET", `/v2/gait/sessions/report?start=${start}&end=${end}`, as(u));

  it("answers the organization's sessions of the day, boundaries included, oldest first, without excluded gait UIDs", async () => {
    const r = await report(fx.adminA);
    expect(r.status).toBe(200);
    const ids = r.body.map((x: { id: string }) => x.id);
    expect(ids).toEqual([s.a1Start, s.a1NoUid, s.a2Day, s.a1End]);
    expect(ids).not.toContain(s.a1Test); // 'test' is excluded case-insensitively
    expect(ids).not.toContain(s.a1DemoTest);
    expect(ids).not.toContain(s.a1Before);
    expect(ids).not.toContain(s.a1After);
    expect(ids).not.toContain(s.bDay);
  });

  it("follows the configured exclusion list", async () => {
    const other = await createTestApi({ gaitReportExcludedUids: ["DEMO-TEST"] });
    try {
      const f2 = await createFixture(other.db);
      const pr = await other.db.one<{ organization_id: string }>("SELECT organization_id FROM patient_records WHERE id = $1", [f2.patients.a1[0]]);
      for (const uid of ["TEST", "DEMO-TEST"]) {
        await other.db.query(
          `INSERT INTO gait_sessions (id, organization_id, patient_record_id, session_uuid, session_schema, captured_date, gait_uid)
           VALUES ($1, $2, $3, $4, 'GAIT_SA_2', '2026-03-10T15:00:00Z', $5)`,
          [randomUUID(), pr!.organization_id, f2.patients.a1[0], randomUUID(), uid],
        );
      }
      const r = await other.request("GET", `/v2/gait/sessions/report?start=${DAY_START}&end=${DAY_END}`, { as: { userId: f2.adminA.userId, groups: f2.adminA.groups } });
      expect(r.status).toBe(200);
      expect(r.body.map((x: { subject: { gaitUid: string } }) => x.subject.gaitUid)).toEqual(["TEST"]);
    } finally {
      await other.close();
    }
  }, 60_000);

  it("limits a practitioner to their locations", async () => {
    const r = await report(fx.practitionerA2);
    expect(r.body.map((x: { id: string }) => x.id)).toEqual([s.a2Day]);
    const b = await report(fx.practitionerB);
    expect(b.body.map((x: { id: string }) => x.id)).toEqual([s.bDay]);
  });

  it("refuses windows longer than a day, inverted windows, future days and missing bounds", async () => {
    expect((await report(fx.adminA, DAY_START, "2026-03-11T07:00:00.001Z")).status).toBe(400);
    expect((await report(fx.adminA, DAY_START, "2026-03-11T06:59:59.999Z")).status).toBe(200); // a 25-hour DST day
    expect((await report(fx.adminA, DAY_END, DAY_START)).status).toBe(400);
    const future = new Date(Date.now() + 2 * 86_400_000);
    const r = await report(fx.adminA, future.toISOString(), new Date(future.getTime() + 3_600_000).toISOString());
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/future/);
    expect((await api.request("GET", `/v2/gait/sessions/report?start=${DAY_START}`, as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", `/v2/gait/sessions/report?start=yesterday&end=${DAY_END}`, as(fx.adminA))).status).toBe(400);
  });

  it("never shows organization A's sessions or gait patients to organization B", async () => {
    expect((await report(fx.adminB)).body.map((x: { id: string }) => x.id)).toEqual([s.bDay]);
    const atA = await api.request("GET", `/v2/gait/patients/pages?locationId=${fx.orgA.locations[0]}&limit=999`, as(fx.adminB));
    expect(atA.status).toBe(200);
    expect(atA.body.items).toEqual([]);
    const all = await api.request("GET", "/v2/gait/patients/pages?limit=999", as(fx.adminB));
    const ofA = new Set([...fx.patients.a1, ...fx.patients.a2]);
    expect(all.body.items.filter((x: { id: string }) => ofA.has(x.id))).toEqual([]);
  });

  it("answers an empty list for a day without sessions", async () => {
    const r = await report(fx.adminA, "2026-02-01T07:00:00.000Z", "2026-02-02T06:59:59.999Z");
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });
});

describe("setGaitSessionComment", () => {
  const comment = (u: FixtureUser, id: string, body: unknown) => api.request("POST", `/v2/gait/sessions/${id}/comment`, { ...as(u), body });

  it("sets, replaces and deletes the comment, answering the updated session", async () => {
    const set = await comment(fx.practitionerA1, s.a1Start, { comment: "  Walked with a cane.  " });
    expect(set.status).toBe(200);
    expect(set.body.id).toBe(s.a1Start);
    expect(set.body.session.meta.comment).toBe("Walked with a cane.");
    const list = await api.request("GET", `/v2/gait/sessions?patientRecordId=${fx.patients.a1[0]}`, as(fx.adminA));
    expect(list.body.find((x: { id: string }) => x.id === s.a1Start).session.meta.comment).toBe("Walked with a cane.");
    const row = await api.db.one<{ comment_updated_by: string }>("SELECT comment_updated_by FROM gait_sessions WHERE id = $1", [s.a1Start]);
    expect(row!.comment_updated_by).toBe(fx.practitionerA1.practitionerId);

    const replaced = await comment(fx.adminA, s.a1Start, { comment: "Second thought." });
    expect(replaced.body.session.meta.comment).toBe("Second thought.");
    const deleted = await comment(fx.adminA, s.a1Start, { comment: null });
    expect(deleted.status).toBe(200);
    expect(deleted.body.session.meta.comment).toBeNull();
    const after = await api.db.one<{ comment: string | null }>("SELECT comment FROM gait_sessions WHERE id = $1", [s.a1Start]);
    expect(after!.comment).toBeNull();
  });

  it("accepts 1000 characters and refuses more, counting a line break as two", async () => {
    expect((await comment(fx.adminA, s.a1End, { comment: "x".repeat(1000) })).status).toBe(200);
    const tooLong = await comment(fx.adminA, s.a1End, { comment: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/comment/);
    const withBreak = await comment(fx.adminA, s.a1End, { comment: `${"x".repeat(499)}\n${"y".repeat(500)}` });
    expect(withBreak.status).toBe(400);
    expect(withBreak.body.message).toMatch(/line break counts as two/);
    expect((await comment(fx.adminA, s.a1End, { comment: `${"x".repeat(499)}\n${"y".repeat(499)}` })).status).toBe(200);
  });

  it("refuses blank comments, bad bodies and bad ids", async () => {
    expect((await comment(fx.adminA, s.a1End, { comment: "   " })).status).toBe(400);
    expect((await comment(fx.adminA, s.a1End, { comment: "" })).status).toBe(400);
    expect((await comment(fx.adminA, s.a1End, {})).status).toBe(400);
    expect((await comment(fx.adminA, s.a1End, { comment: "ok", extra: 1 })).status).toBe(400);
    expect((await comment(fx.adminA, s.a1End, { comment: ["x"] })).status).toBe(400);
    expect((await comment(fx.adminA, "not-a-uuid", { comment: "ok" })).status).toBe(400);
  });

  it("answers 404 outside the caller's reach", async () => {
    expect((await comment(fx.adminB, s.a1End, { comment: "nope" })).status).toBe(404);
    expect((await comment(fx.practitionerA2, s.a1End, { comment: "nope" })).status).toBe(404);
    expect((await comment(fx.adminA, randomUUID(), { comment: "nope" })).status).toBe(404);
    const row = await api.db.one<{ comment: string | null }>("SELECT comment FROM gait_sessions WHERE id = $1", [s.bDay]);
    expect(row!.comment).toBeNull();
  });
});

describe("listGaitPatientRecords", () => {
  let healthOnly: string;
  beforeAll(async () => {
    healthOnly = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, products: ["HEALTH"] });
  });
  const list = (u: FixtureUser, q = "") => api.request("GET", `/v2/gait/patients/pages${q}`, as(u));

  it("lists only GAIT patients of the caller's reach", async () => {
    const admin = await list(fx.adminA);
    expect(admin.status).toBe(200);
    const ids = admin.body.items.map((x: { id: string }) => x.id);
    expect(ids.sort()).toEqual([...fx.patients.a1, ...fx.patients.a2].sort());
    expect(ids).not.toContain(healthOnly);
    expect(admin.body.metadata).toMatchObject({ totalItems: 4, currentPage: 1 });
    expect(admin.body.items[0].productData.gait.uid).toMatch(/^GT-/);
    const prac = await list(fx.practitionerA2);
    expect(prac.body.items.map((x: { id: string }) => x.id).sort()).toEqual([...fx.patients.a2].sort());
  });

  it("filters by location and exact gait UID (case-insensitive) and pages", async () => {
    const loc = await list(fx.adminA, `?locationId=${fx.orgA.locations[1]}`);
    expect(loc.body.items.map((x: { id: string }) => x.id).sort()).toEqual([...fx.patients.a2].sort());
    const uid = (await api.db.one<{ gait_uid: string }>("SELECT gait_uid FROM patient_records WHERE id = $1", [fx.patients.a1[1]]))!.gait_uid;
    const byUid = await list(fx.adminA, `?gaitUid=${uid.toLowerCase()}`);
    expect(byUid.body.items.map((x: { id: string }) => x.id)).toEqual([fx.patients.a1[1]]);
    const outside = await list(fx.adminB, `?gaitUid=${uid}`);
    expect(outside.body.items).toEqual([]);
    const page2 = await list(fx.adminA, "?limit=3&page=2&sortBy=GAIT_UID&orderBy=ASC");
    expect(page2.body.metadata).toMatchObject({ totalItems: 4, itemCount: 1, itemsForPage: 3, totalPages: 2, currentPage: 2 });
    const all = await list(fx.adminA, "?sortBy=GAIT_UID&orderBy=ASC");
    const uids = all.body.items.map((x: { productData: { gait: { uid: string } } }) => x.productData.gait.uid);
    expect(uids).toEqual([...uids].sort());
  });

  it("keeps the total exact across writes (the count is cached by the table's version)", async () => {
    const total = async () => (await list(fx.adminA, "?limit=1")).body.metadata.totalItems as number;
    expect(await total()).toBe(4);
    expect(await total()).toBe(4); // served from the cache
    const added = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[1], practitionerId: fx.practitionerA2.practitionerId, products: ["GAIT"] });
    expect(await total()).toBe(5);
    await api.db.query("UPDATE patient_records SET products = '{HEALTH}' WHERE id = $1", [added]);
    expect(await total()).toBe(4);
    await api.db.query("UPDATE patient_records SET products = '{GAIT}', hidden = true WHERE id = $1", [added]);
    expect(await total()).toBe(4);
    await api.db.query("UPDATE patient_records SET hidden = false WHERE id = $1", [added]);
    expect(await total()).toBe(5);
    expect((await list(fx.practitionerA2, "?limit=1")).body.metadata.totalItems).toBe(3);
    await api.db.query("DELETE FROM patient_records WHERE id = $1", [added]);
    expect(await total()).toBe(4);
    expect((await list(fx.practitionerA2, "?limit=1")).body.metadata.totalItems).toBe(2);
  });

  it("validates the query", async () => {
    expect((await list(fx.adminA, "?limit=1000")).status).toBe(400);
    expect((await list(fx.adminA, "?sortBy=AGE")).status).toBe(400);
    expect((await list(fx.adminA, "?locationId=x")).status).toBe(400);
    expect((await list({ ...fx.adminA, groups: [] })).status).toBe(403);
  });
});
