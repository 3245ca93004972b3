import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, type Fixture, type FixtureUser } from "../../testing/fixture.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { PATIENT_OPERATIONS } from "./record.js";

let api: TestApi;
let fx: Fixture;
let zeb: string; // "Zebulon Quixote", created through the API
let today: string;

type Row = Record<string, unknown> & { id: string; patient_record_id: string; user_id: string; operation_id: string; status: number; request_id: string | null };

const call = (method: string, url: string, as: FixtureUser | null, body?: unknown, requestId?: string) =>
  api.request(method, url, { as: as ?? undefined, body, headers: requestId ? { "x-request-id": requestId } : {} });

/** Rows written since `after` (an id), oldest first. */
const rowsSince = (after: string) => api.db.query<Row>("SELECT *, id::text AS id FROM patient_access_log WHERE patient_access_log.id > $1::bigint ORDER BY patient_access_log.id", [after]);
const lastId = async () => (await api.db.one<{ id: string }>("SELECT coalesce(max(id), 0)::text AS id FROM patient_access_log"))!.id;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  today = (await api.db.one<{ t: string }>("SELECT ((now() AT TIME ZONE 'America/Denver')::date)::text AS t"))!.t;
  const r = await call("POST", "/v2/patients", fx.adminA, {
    firstName: "Zebulon",
    lastName: "Quixote",
    email: "zebulon.quixote@example.com",
    phoneNumber: "(303) 555-0199",
    injuredSideOfBody: "LEFT",
    injuredBodyPart: "KNEE",
    dob: "1950-02-03",
    locationId: fx.orgA.locations[0],
    products: ["HEALTH"],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  zeb = r.body.id;
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe("every patient operation writes one record with the right fields", () => {
  it("records who, which operation, which patient, the outcome and the portal request id", async () => {
    const before = await lastId();
    const r = await call("GET", `/v2/patients/${zeb}/`, fx.practitionerA1, undefined, "portal-req-0001");
    expect(r.status).toBe(200);
    const rows = await rowsSince(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      patient_record_id: zeb,
      user_id: fx.practitionerA1.userId,
      practitioner_id: fx.practitionerA1.practitionerId,
      role: "PORTAL_PRACTITIONER",
      organization_id: fx.orgA.id,
      operation_id: "getPatientRecord",
      method: "GET",
      status: 200,
      request_id: "portal-req-0001",
    });
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  const cases: [string, string, (id: string) => string, unknown, number][] = [
    ["createCareNote", "POST", (id) => `/v2/patients/${id}/interactions`, { date: "", minutes: 12, notes: "secret-note-text" }, 201],
    ["listCareNotes", "GET", (id) => `/v2/patients/${id}/interactions`, undefined, 200],
    ["updatePatientRecord", "PATCH", (id) => `/v2/patients/${id}/`, { injuredBodyPart: "HIP" }, 200],
    ["listPatientPros", "GET", (id) => `/v2/patients/${id}/pros`, undefined, 200],
    ["listPatientHealthSessions", "GET", (id) => `/v2/health/patients/${id}/sessions`, undefined, 200],
    ["listPatientPrograms", "GET", (id) => `/v2/health/patients/${id}/heps`, undefined, 200],
    ["listPatientNotifications", "GET", (id) => `/v2/health/patients/${id}/notifications`, undefined, 200],
    ["getPatientActivityReport", "GET", (id) => `/v2/health/patients/${id}/activity-report`, undefined, 200],
  ];
  for (const [op, method, url, body, status] of cases) {
    it(`${op} writes one record`, async () => {
      const before = await lastId();
      const b = body && typeof body === "object" && "date" in body ? { ...body, date: today } : body;
      const r = await call(method, url(zeb), fx.adminA, b, `req-${op}`);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      const rows = await rowsSince(before);
      expect(rows.map((x) => [x.operation_id, x.patient_record_id, x.status, x.method, x.user_id, x.request_id])).toEqual([[op, zeb, status, method, fx.adminA.userId, `req-${op}`]]);
    });
  }

  it("records refused attempts with their status (another location's practitioner: 404)", async () => {
    const before = await lastId();
    expect((await call("GET", `/v2/patients/${zeb}/`, fx.practitionerA2)).status).toBe(404);
    const rows = await rowsSince(before);
    expect(rows.map((x) => [x.operation_id, x.user_id, x.status, x.request_id])).toEqual([["getPatientRecord", fx.practitionerA2.userId, 404, null]]);
  });

  it("a list records one row per patient on the page, in one statement", async () => {
    const before = await lastId();
    const r = await call("GET", "/v2/patients/pages?limit=3", fx.adminA);
    expect(r.status).toBe(200);
    const ids = (r.body.items as { id: string }[]).map((i) => i.id);
    expect(ids).toHaveLength(3);
    const rows = await rowsSince(before);
    expect(rows.map((x) => x.patient_record_id).sort()).toEqual([...ids].sort());
    expect(new Set(rows.map((x) => x.operation_id))).toEqual(new Set(["listPatientRecords"]));
  });

  it("a malformed request id is stored as null, never as sent", async () => {
    const before = await lastId();
    await call("GET", `/v2/patients/${zeb}/`, fx.adminA, undefined, "Zebulon Quixote; DROP TABLE");
    const rows = await rowsSince(before);
    expect(rows.map((x) => x.request_id)).toEqual([null]);
  });

  it("an operation that reads no patient writes nothing", async () => {
    const before = await lastId();
    expect((await call("GET", "/v2/locations", fx.adminA)).status).toBe(200);
    expect(await rowsSince(before)).toEqual([]);
  });

  it("the history outlives a deleted patient record", async () => {
    const victim = fx.patients.a2[1]!;
    expect((await call("DELETE", `/v2/patients/${victim}/`, fx.adminA)).status).toBe(204);
    const r = await call("GET", `/v2/admin/access-history?patientRecordId=${victim}`, fx.productAdmin);
    expect(r.status).toBe(200);
    expect(r.body.items[0]).toMatchObject({ operationId: "deletePatientRecord", method: "DELETE", status: 204, userId: fx.adminA.userId });
  });
});

describe("bulk changes record every patient they created or changed, in the change's transaction", () => {
  const boundary = "----audit-test-boundary";
  /** A multipart/form-data body: the `product` field (when given) and the CSV as `file`. */
  const upload = (url: string, as: FixtureUser, csv: string, product?: string, requestId?: string) => {
    const parts = [
      ...(product ? [`--${boundary}\r\nContent-Disposition: form-data; name="product"\r\n\r\n${product}\r\n`] : []),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="patients.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
      `--${boundary}--\r\n`,
    ];
    return api.request("POST", url, {
      as,
      body: Buffer.from(parts.join("")),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(requestId ? { "x-request-id": requestId } : {}) },
    });
  };
  const idsOf = async (where: string, args: unknown[]) => (await api.db.query<{ id: string }>(`SELECT id::text AS id FROM patient_records WHERE ${where}`, args)).map((r) => r.id).sort();
  const countPatients = async () => Number((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM patient_records"))!.n);
  const healthCsv = (rows: string[]) => ["firstName,lastName,email,injuredSideOfBody,injuredBodyPart,locationName", ...rows].join("\n") + "\n";

  it("importPatientsCsv: one row per patient created, with the caller, 201 and the request id", async () => {
    const before = await lastId();
    const r = await upload(
      "/v2/patients/upload",
      fx.adminA,
      healthCsv(["Xanthippe,Import,xanthippe.one@example.com,Left,Knee,A North", "Xanthippe,Importer,xanthippe.two@example.com,Right,Hip,A South"]),
      "HEALTH",
      "req-import-1",
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({ importedCount: 2 });
    const created = await idsOf("email LIKE 'xanthippe.%@example.com'", []);
    expect(created).toHaveLength(2);
    const rows = await rowsSince(before);
    expect(rows.map((x) => x.patient_record_id).sort()).toEqual(created);
    for (const row of rows) {
      expect(row).toMatchObject({ operation_id: "importPatientsCsv", method: "POST", status: 201, user_id: fx.adminA.userId, practitioner_id: fx.adminA.practitionerId, role: "PORTAL_PROVIDER_ADMIN", organization_id: fx.orgA.id, request_id: "req-import-1" });
    }
  });

  it("importPatientsCsv: a refused file imports nothing and records nothing", async () => {
    const before = await lastId();
    const r = await upload("/v2/patients/upload", fx.adminA, healthCsv(["Xanthippe,Bad,not-an-email,Left,Knee,A North"]), "HEALTH");
    expect(r.status).toBe(400);
    expect(await rowsSince(before)).toEqual([]);
  });

  it("reconcileGaitPatientsCsv: one row per patient renamed (not the ones already named so, nor other organizations')", async () => {
    const imported = await upload("/v2/patients/upload", fx.adminA, "firstName,lastName,gaitUid,locationName\nOld,Gait,AUD-REC-1,A North\nSame,Gait,AUD-REC-2,A North\n", "GAIT");
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const [renamed] = await idsOf("gait_uid = 'AUD-REC-1'", []);
    const before = await lastId();
    const r = await upload("/v2/patients/reconcile/", fx.adminA, "gaitUid,firstName,lastName\naud-rec-1,Xanthippe,Gait\nAUD-REC-2,Same,Gait\nAUD-REC-404,No,Match\n", undefined, "req-reconcile-1");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ reconciledCount: 1 });
    const rows = await rowsSince(before);
    expect(rows.map((x) => [x.operation_id, x.patient_record_id, x.method, x.status, x.user_id, x.request_id])).toEqual([
      ["reconcileGaitPatientsCsv", renamed, "POST", 200, fx.adminA.userId, "req-reconcile-1"],
    ]);
    // Another organization's admin changes none of A's patients, so no row names one.
    const other = await lastId();
    expect((await upload("/v2/patients/reconcile/", fx.adminB, "gaitUid,firstName,lastName\nAUD-REC-2,Hack,Ed\n")).body).toEqual({ reconciledCount: 0 });
    expect(await rowsSince(other)).toEqual([]);
  });

  it("a change never commits without its records: if they cannot be written, nothing is imported or renamed", async () => {
    // A statement trigger that refuses every insert into the log (creating and dropping triggers is not refused).
    await api.db.exec(`CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit test: log unavailable'; END $$;
      CREATE TRIGGER audit_test_refuse BEFORE INSERT ON patient_access_log FOR EACH STATEMENT EXECUTE FUNCTION audit_test_refuse();`);
    try {
      const patients = await countPatients();
      const imported = await upload("/v2/patients/upload", fx.adminA, healthCsv(["Xanthippe,Lost,xanthippe.lost@example.com,Left,Knee,A North"]), "HEALTH");
      expect(imported.status).toBe(500);
      expect(await countPatients()).toBe(patients);
      const reconciled = await upload("/v2/patients/reconcile/", fx.adminA, "gaitUid,firstName,lastName\nAUD-REC-2,Renamed,Anyway\n");
      expect(reconciled.status).toBe(500);
      expect(await api.db.one("SELECT first_name, last_name FROM patient_records WHERE gait_uid = 'AUD-REC-2'")).toEqual({ first_name: "Same", last_name: "Gait" });
    } finally {
      await api.db.exec("DROP TRIGGER audit_test_refuse ON patient_access_log; DROP FUNCTION audit_test_refuse();");
    }
  });
});

describe("the operations table", () => {
  it("names only operations of the contract (the portal's labels: app/areas/patients/access-history/labels.test.ts)", async () => {
    const contract = (await import("../../core/contract-validator.js")).loadContract() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const known = new Set(Object.values(contract.paths).flatMap((p) => Object.values(p).map((o) => o.operationId)));
    expect(Object.keys(PATIENT_OPERATIONS).filter((op) => !known.has(op))).toEqual([]);
  });
});

describe("the records are append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    await expect(api.db.query("UPDATE patient_access_log SET status = 200")).rejects.toThrow(/append-only/);
    await expect(api.db.query("DELETE FROM patient_access_log")).rejects.toThrow(/append-only/);
    await expect(api.db.query("TRUNCATE patient_access_log")).rejects.toThrow(/append-only/);
    expect(Number((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM patient_access_log"))!.n)).toBeGreaterThan(5);
  });

  it("offers no operation that changes or deletes them", async () => {
    for (const method of ["PATCH", "PUT", "DELETE", "POST"]) {
      expect((await call(method, `/v2/patients/${zeb}/access-history`, fx.productAdmin, method === "DELETE" ? undefined : {})).status).toBe(404);
      expect((await call(method, "/v2/admin/access-history", fx.productAdmin, method === "DELETE" ? undefined : {})).status).toBe(404);
    }
  });
});

describe("reading a patient's access history", () => {
  it("provider admins read it newest first, and the reading itself is recorded", async () => {
    const first = await call("GET", `/v2/patients/${zeb}/access-history?limit=100`, fx.adminA, undefined, "history-read-1");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const ids = (first.body.items as { id: string }[]).map((i) => Number(i.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.body.items.every((i: { patientRecordId: string }) => i.patientRecordId === zeb)).toBe(true);
    expect(first.body.items).toContainEqual(expect.objectContaining({ operationId: "getPatientRecord", userId: fx.practitionerA1.userId, role: "PORTAL_PRACTITIONER", requestId: "portal-req-0001", status: 200 }));
    const second = await call("GET", `/v2/patients/${zeb}/access-history?limit=1`, fx.adminA);
    expect(second.body.items[0]).toMatchObject({ operationId: "getPatientAccessHistory", userId: fx.adminA.userId, requestId: "history-read-1", status: 200 });
    expect(second.body.metadata).toMatchObject({ itemCount: 1, itemsForPage: 1, currentPage: 1, totalItems: first.body.metadata.totalItems + 1 });
  });

  it("pages with page and limit", async () => {
    const all = await call("GET", `/v2/patients/${zeb}/access-history?limit=100`, fx.productAdmin);
    const p2 = await call("GET", `/v2/patients/${zeb}/access-history?limit=2&page=2`, fx.productAdmin);
    expect(p2.status).toBe(200);
    // the read of `all` was recorded in between: page 2 of the newer history starts one record later
    expect(p2.body.items.map((i: { id: string }) => i.id)).toEqual(all.body.items.slice(1, 3).map((i: { id: string }) => i.id));
  });

  it("practitioners get 403, another organization's admin 404, anonymous 401; product staff read it", async () => {
    expect((await call("GET", `/v2/patients/${zeb}/access-history`, fx.practitionerA1)).status).toBe(403);
    expect((await call("GET", `/v2/patients/${zeb}/access-history`, fx.adminB)).status).toBe(404);
    expect((await call("GET", `/v2/patients/${zeb}/access-history`, null)).status).toBe(401);
    expect((await call("GET", `/v2/patients/${zeb}/access-history`, fx.productAdmin)).status).toBe(200);
    expect((await call("GET", `/v2/patients/${zeb}/access-history`, fx.support)).status).toBe(200);
    expect((await call("GET", `/v2/patients/00000000-0000-4000-8000-000000000000/access-history`, fx.productAdmin)).status).toBe(404);
  });
});

describe("the admin search", () => {
  it("finds accesses by patient and by user; product admins and support only", async () => {
    const byPatient = await call("GET", `/v2/admin/access-history?patientRecordId=${zeb}&limit=100`, fx.productAdmin);
    expect(byPatient.status).toBe(200);
    expect(byPatient.body.items.length).toBeGreaterThan(5);
    expect(byPatient.body.items.every((i: { patientRecordId: string }) => i.patientRecordId === zeb)).toBe(true);

    const byUser = await call("GET", `/v2/admin/access-history?userId=${fx.practitionerA1.userId}`, fx.support);
    expect(byUser.status).toBe(200);
    expect(byUser.body.items.length).toBeGreaterThan(0);
    expect(byUser.body.items.every((i: { userId: string }) => i.userId === fx.practitionerA1.userId)).toBe(true);

    const both = await call("GET", `/v2/admin/access-history?userId=${fx.practitionerA2.userId}&patientRecordId=${zeb}`, fx.productAdmin);
    expect(both.body.items.map((i: { status: number }) => i.status)).toEqual([404]);

    for (const who of [fx.adminA, fx.practitionerA1]) expect((await call("GET", "/v2/admin/access-history", who)).status).toBe(403);
    expect((await call("GET", "/v2/admin/access-history", null)).status).toBe(401);
  });

  it("the search is itself recorded, for every patient on the page", async () => {
    const before = await lastId();
    const r = await call("GET", `/v2/admin/access-history?userId=${fx.adminA.userId}&limit=50`, fx.productAdmin);
    const patients = new Set((r.body.items as { patientRecordId: string }[]).map((i) => i.patientRecordId));
    const rows = await rowsSince(before);
    expect(rows.every((x) => x.operation_id === "searchAccessHistory" && x.user_id === fx.productAdmin.userId)).toBe(true);
    expect(new Set(rows.map((x) => x.patient_record_id))).toEqual(patients);
  });
});

describe("no names, no notes", () => {
  it("no column of any row holds the patient's name, contact details or note text", async () => {
    const rows = await api.db.query<Record<string, unknown>>("SELECT * FROM patient_access_log");
    expect(rows.length).toBeGreaterThan(10);
    const text = JSON.stringify(rows).toLowerCase();
    for (const secret of ["zebulon", "quixote", "xanthippe", "secret-note-text", "5550199", "example.com", "1950-02-03", "knee", "hip", "drop table"]) {
      expect(text, secret).not.toContain(secret);
    }
    const columns = Object.keys(rows[0]!).sort();
    expect(columns).toEqual(["at", "id", "method", "operation_id", "organization_id", "patient_record_id", "practitioner_id", "request_id", "role", "status", "user_id"]);
  });
});
