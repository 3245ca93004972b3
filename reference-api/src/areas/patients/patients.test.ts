import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkInsert } from "../../db/db.js";
import { addDays } from "./record.js";
import { createFixture, ids, multipart, tokens, type Fixture, type TestUser } from "./test-fixture.js";
import { parseCsv } from "./csv.js";
import { normalizePhone, PHONE_MESSAGE } from "./validation.js";
import { isValidPhone, PHONE_MESSAGES } from "../../../../app/domain/phone.js";

let fx: Fixture;
let today: string;

const healthPatient = (over: Record<string, unknown> = {}) => ({
  firstName: "Ana",
  lastName: "Rivera",
  email: `ana.${randomUUID().slice(0, 8)}@example.com`,
  phoneNumber: "(303) 555-0142",
  injuredSideOfBody: "LEFT",
  injuredBodyPart: "KNEE",
  dob: "1961-04-18",
  locationId: ids.north,
  products: ["HEALTH"],
  ...over,
});

async function addPatient(token: TestUser, over: Record<string, unknown> = {}) {
  const r = await fx.call("POST", "/v2/patients", token, healthPatient(over));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; [k: string]: any };
}

beforeAll(async () => {
  fx = await createFixture();
  today = (await fx.db.one<{ t: string }>("SELECT ((now() AT TIME ZONE 'America/Denver')::date)::text AS t"))!.t;
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

describe("pure helpers", () => {
  it("normalises phone numbers to +1 and 10 digits", () => {
    expect(normalizePhone("(303) 555-0142")).toBe("+13035550142");
    expect(normalizePhone("+1 303 555 0142")).toBe("+13035550142");
    expect(normalizePhone("")).toBeNull();
    expect(normalizePhone("555-0142")).toBeUndefined();
    expect(normalizePhone("303555014x")).toBeUndefined();
    expect(normalizePhone("23035550142")).toBeUndefined();
  });
  it("reads a phone by the portal's rule, with its words (app/domain/phone.ts: one definition)", () => {
    // 000 §5: "exactly 10 digits after removing non-digits" — the portal accepted these and the API refused them.
    for (const typed of ["Tel. 303-555-0142", "303 555 0142 (cell)", "303/555/0142"]) {
      expect(isValidPhone(typed)).toBe(true);
      expect(normalizePhone(typed)).toBe("+13035550142");
    }
    for (const typed of ["555-0142", "303-555-01422", "call me"]) {
      expect(isValidPhone(typed)).toBe(false);
      expect(normalizePhone(typed)).toBeUndefined();
    }
    expect(PHONE_MESSAGE).toBe(PHONE_MESSAGES.invalid);
    expect(PHONE_MESSAGE).toBe("Phone number must be 10 digits");
  });
  it("parses quoted CSV fields", () => {
    const rows = parseCsv('a,b,c\r\n"x, y","he said ""hi""",\n\n"multi\nline",2,3\n');
    expect(rows.map((r) => r.fields)).toEqual([["a", "b", "c"], ["x, y", 'he said "hi"', ""], ["multi\nline", "2", "3"]]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(() => parseCsv('a,"b\n')).toThrow("Line 1: a quoted field is not closed");
    expect(() => parseCsv('a,b\nc,"d"x,e\n')).toThrow("Line 2: unexpected text after a closing quote");
    expect(() => parseCsv('a,b\n\nc,d"e\n')).toThrow("Line 3: a quote inside an unquoted field");
    expect(parseCsv("\ufeffx,y\r1,2").map((r) => r.fields)).toEqual([["x", "y"], ["1", "2"]]);
  });
});

describe("add patient", () => {
  it("creates a health patient with a plan of care starting today", async () => {
    const p = await addPatient(tokens.pracNorth, { primaryPractitionerId: undefined });
    expect(p.patient.phoneNumber).toBe("+13035550142");
    expect(p.plansOfCare).toEqual([{ start: today, end: null }]);
    expect(p.practitioner.id).toBe(ids.pracNorth);
    expect(p.productData.health.status).toBe("NO_ASSIGNED_HEP");
    expect(p.productData.gait).toBeNull();
    expect(p.discharged).toBe(false);
  });

  it("rejects a phone number that is not 10 digits, naming phoneNumber", async () => {
    const r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ phoneNumber: "303-555-014" }));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/phoneNumber/);
    expect(r.body).toEqual({ message: expect.any(String), status: 400 });
  });

  it("rejects a date of birth in the future", async () => {
    const r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ dob: addDays(today, 2) }));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^dob/);
  });

  it("refuses a date of birth before 1900 and a care note before 2000, in the portal's words (issue 34: app/domain/date-bounds.ts)", async () => {
    let r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ dob: "1800-05-01" }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("dob: Date of birth must be on or after 01/01/1900.");
    r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ dob: "1900-01-01", email: `old-${randomUUID()}@example.com` }));
    expect(r.status).toBe(201);
    r = await fx.call("POST", `/v2/patients/${r.body.id}/interactions`, tokens.admin, { date: "1900-01-01", minutes: 20, notes: "x" });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("date: Date must be on or after 01/01/2000.");
  });

  it("enforces completeness by product", async () => {
    let r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ email: null }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("email: Email is required");
    r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ injuredBodyPart: null }));
    expect(r.body.message).toBe("injuredBodyPart: Involved body part is required");
    const { injuredSideOfBody: _omit, ...noSide } = healthPatient();
    r = await fx.call("POST", "/v2/patients", tokens.admin, noSide);
    expect(r.body.message).toBe("injuredSideOfBody: Side of body is required");
    r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ products: [] }));
    expect(r.body.message).toBe("products: You must select at least one product.");
    r = await fx.call("POST", "/v2/patients", tokens.admin, { firstName: "", lastName: "Gait", locationId: ids.north, products: ["GAIT"], gaitUid: "G-1" });
    expect(r.body.message).toBe("firstName: First name is required");
    r = await fx.call("POST", "/v2/patients", tokens.admin, { firstName: "Pro", lastName: "Only", locationId: ids.north, products: ["PRO"] });
    expect(r.body.message).toBe("phoneNumber: Phone number is required");
    // N/A side (null) is fine for HEALTH; a gait-only patient needs no e-mail.
    expect((await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ injuredSideOfBody: null }))).status).toBe(201);
    r = await fx.call("POST", "/v2/patients", tokens.admin, { firstName: "Gil", lastName: "Gait", locationId: ids.south, products: ["GAIT"], gaitUid: "gx-100" });
    expect(r.status).toBe(201);
    expect(r.body.productData).toEqual({ health: null, gait: { uid: "gx-100", mostRecentSession: null } });
  });

  it("answers 409 for a duplicate e-mail in the organization (case-insensitive)", async () => {
    const p = await addPatient(tokens.admin);
    const r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ email: p.patient.email.toUpperCase() }));
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^email/);
    // Another organization may use the same e-mail.
    expect((await fx.call("POST", "/v2/patients", tokens.adminB, healthPatient({ email: p.patient.email, locationId: ids.west }))).status).toBe(201);
  });

  it("checks the location and the primary provider", async () => {
    let r = await fx.call("POST", "/v2/patients", tokens.pracNorth, healthPatient({ locationId: ids.south }));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^locationId/);
    r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ locationId: ids.west }));
    expect(r.body.message).toBe("locationId: Location not found");
    r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ locationId: ids.north, primaryPractitionerId: ids.pracSouth }));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^primaryPractitionerId/);
    r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ locationId: ids.north, primaryPractitionerId: ids.admin }));
    expect(r.status).toBe(201);
  });

  it("finds patients by case-insensitive search, ASCII or not", async () => {
    const p = await addPatient(tokens.admin, { firstName: "Zoë", lastName: "Núñez-QUINTERO" });
    const find = async (term: string) => (await fx.call("GET", `/v2/patients/pages?status=ALL&search=${encodeURIComponent(term)}`, tokens.admin)).body.items.map((x: any) => x.id);
    expect(await find("quintero")).toEqual([p.id]);
    expect(await find("ZOË")).toEqual([p.id]);
    expect(await find("núñez")).toEqual([p.id]);
    expect(await find("zoë núñez")).toEqual([p.id]);
    expect(await find("Núñez-Quintero, zo")).toEqual([p.id]);
    expect(await find(p.patient.email.toUpperCase())).toEqual([p.id]);
    expect(await find("quintero_")).toEqual([]);
  });

  it("rejects unknown fields and bad enums through the contract", async () => {
    let r = await fx.call("POST", "/v2/patients", tokens.admin, { ...healthPatient(), extra: 1 });
    expect(r.status).toBe(400);
    r = await fx.call("POST", "/v2/patients", tokens.admin, healthPatient({ injuredSideOfBody: "UP" }));
    expect(r.status).toBe(400);
  });
});

describe("authorization", () => {
  let northPatient: { id: string };
  beforeAll(async () => {
    northPatient = await addPatient(tokens.admin, { locationId: ids.north });
  });

  it("hides patients of other locations and organizations (404)", async () => {
    expect((await fx.call("GET", `/v2/patients/${northPatient.id}`, tokens.pracNorth)).status).toBe(200);
    const other = await fx.call("GET", `/v2/patients/${northPatient.id}`, tokens.pracSouth);
    expect(other.status).toBe(404);
    expect((await fx.call("GET", `/v2/patients/${northPatient.id}`, tokens.adminB)).status).toBe(404);
    expect((await fx.call("PATCH", `/v2/patients/${northPatient.id}`, tokens.pracSouth, { firstName: "X" })).status).toBe(404);
    expect((await fx.call("GET", `/v2/patients/${northPatient.id}/interactions`, tokens.adminB)).status).toBe(404);
    expect((await fx.call("PATCH", `/v2/patients?patientRecordIds=${northPatient.id}`, tokens.pracSouth, { primaryPractitionerId: null })).status).toBe(404);
  });

  it("answers 'Patient is hidden' for a hidden patient and leaves it out of lists", async () => {
    const p = await addPatient(tokens.admin, { lastName: "Hiddenperson" });
    await fx.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [p.id]);
    const r = await fx.call("GET", `/v2/patients/${p.id}`, tokens.admin);
    expect(r).toEqual({ status: 404, body: { message: "Patient is hidden", status: 404 } });
    const list = await fx.call("GET", "/v2/patients/pages?search=hiddenperson", tokens.admin);
    expect(list.body.metadata.totalItems).toBe(0);
  });

  it("lets only provider admins delete patients", async () => {
    const p = await addPatient(tokens.admin, { locationId: ids.north });
    const r = await fx.call("DELETE", `/v2/patients/${p.id}`, tokens.pracNorth);
    expect(r.status).toBe(403);
    expect((await fx.call("DELETE", `/v2/patients/${p.id}`, tokens.adminB)).status).toBe(404);
    await fx.call("POST", `/v2/patients/${p.id}/interactions`, tokens.admin, { date: today, minutes: 5, notes: "n" });
    expect((await fx.call("DELETE", `/v2/patients/${p.id}`, tokens.admin)).status).toBe(204);
    expect((await fx.call("GET", `/v2/patients/${p.id}`, tokens.admin)).status).toBe(404);
  });

  it("refuses a caller without a token (401) or without a portal role (403)", async () => {
    const r = await fx.app.inject({ method: "GET", url: "/v2/patients/pages" });
    expect(r.statusCode).toBe(401);
    expect((await fx.call("GET", "/v2/patients/pages", { userId: "user-admin", groups: [] })).status).toBe(403);
    expect((await fx.call("GET", "/v2/patients/pages", { userId: "nobody", groups: ["PORTAL_PROVIDER_ADMIN"] })).status).toBe(403);
  });
});

describe("patient list", () => {
  const listOrg = "c0000000-0000-4000-8000-000000000001";
  const loc1 = "c0000000-0000-4000-8000-0000000000a1";
  const loc2 = "c0000000-0000-4000-8000-0000000000a2";
  const listAdmin: TestUser = { userId: "user-list-admin", groups: ["PORTAL_PROVIDER_ADMIN"] };
  const prac = "c0000000-0000-4000-8000-0000000000c2";
  beforeAll(async () => {
    await fx.db.exec(`
      INSERT INTO organizations (id, name) VALUES ('${listOrg}', 'List Org');
      INSERT INTO locations (id, organization_id, name) VALUES ('${loc1}', '${listOrg}', 'Alpha'), ('${loc2}', '${listOrg}', 'Beta');
      INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role) VALUES
        ('c0000000-0000-4000-8000-0000000000c1', '${listOrg}', 'user-list-admin', 'L', 'Admin', 'ladmin@c.example', 'PORTAL_PROVIDER_ADMIN', 'PORTAL_PROVIDER_ADMIN'),
        ('${prac}', '${listOrg}', 'user-list-prac', 'L', 'Prac', 'lprac@c.example', 'PORTAL_PRACTITIONER', 'PORTAL_PRACTITIONER');
      INSERT INTO practitioner_locations VALUES ('${prac}', '${loc2}');`);
    // 25 patients: names P00..P24, activity descending by index (some without), every 5th discharged
    // yesterday, every 4th at loc2 with prac as provider, odd ones GAIT as well.
    const rows: unknown[][] = [];
    for (let i = 0; i < 25; i++) {
      const id = `c0000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      rows.push([
        id, listOrg, i % 4 === 0 ? loc2 : loc1, i % 4 === 0 ? prac : null, `First${i}`, `P${String(i).padStart(2, "0")}`,
        `p${i}@list.example`, i % 2 ? ["HEALTH", "GAIT"] : ["HEALTH"], i % 2 ? `GU-${i}` : null,
        i % 5 === 0 ? addDays(today, -1) : i % 7 === 0 ? today : null,
        i < 20 ? new Date(Date.UTC(2024, 0, 1) + (25 - i) * 3_600_000).toISOString() : null,
      ]);
    }
    await bulkInsert(fx.db, "patient_records",
      ["id", "organization_id", "location_id", "practitioner_id", "first_name", "last_name", "email", "products", "gait_uid", "discharge_date", "most_recent_activity"], rows);
  });
  const get = (q: string, token = listAdmin) => fx.call("GET", `/v2/patients/pages?${q}`, token);
  const names = (b: any) => b.items.map((p: any) => p.patient.lastName);

  it("defaults to active patients sorted by last activity (DESC, no activity last) with paging", async () => {
    const r = await get("limit=10");
    expect(r.status).toBe(200);
    // 5 discharged (0,5,10,15,20) → 20 active; index 7/14/21 discharge today and stay active.
    expect(r.body.metadata).toEqual({ totalItems: 20, itemCount: 10, itemsForPage: 10, totalPages: 2, currentPage: 1 });
    expect(names(r.body).slice(0, 3)).toEqual(["P01", "P02", "P03"]);
    const p2 = await get("limit=10&page=2");
    expect(names(p2.body).slice(-4)).toEqual(["P21", "P22", "P23", "P24"]);
    const all = [...names(r.body), ...names(p2.body)];
    expect(new Set(all).size).toBe(20);
    const asc = await get("limit=3&orderBy=ASC");
    expect(names(asc.body)).toEqual(["P24", "P23", "P22"]);
  });

  it("filters by status", async () => {
    const d = await get("status=DISCHARGED");
    expect(names(d.body).sort()).toEqual(["P00", "P05", "P10", "P15", "P20"]);
    expect(d.body.items.every((p: any) => p.discharged)).toBe(true);
    expect((await get("status=ALL")).body.metadata.totalItems).toBe(25);
  });

  it("searches names, e-mail and gait ID case-insensitively", async () => {
    expect(names((await get("search=p1&status=ALL&sortBy=NAME&orderBy=ASC")).body)).toEqual(["P01", "P10", "P11", "P12", "P13", "P14", "P15", "P16", "P17", "P18", "P19"]);
    expect(names((await get("search=gu-13")).body)).toEqual(["P13"]);
    expect(names((await get("search=FIRST3%20P03")).body)).toEqual(["P03"]);
    expect((await get("search=100%25")).body.metadata.totalItems).toBe(0);
  });

  it("filters by location, provider and product", async () => {
    const byLoc = await get(`status=ALL&locationId=${loc2}`);
    expect(byLoc.body.metadata.totalItems).toBe(7);
    expect((await get(`status=ALL&locationId=${loc1},${loc2}`)).body.metadata.totalItems).toBe(25);
    expect((await get(`status=ALL&primaryPractitionerId=${prac}`)).body.metadata.totalItems).toBe(7);
    expect((await get("status=ALL&product=GAIT")).body.metadata.totalItems).toBe(12);
    expect((await get("locationId=not-a-uuid")).status).toBe(400);
  });

  it("sorts by name, e-mail and location with a stable order", async () => {
    expect(names((await get("status=ALL&sortBy=NAME&orderBy=DESC&limit=2")).body)).toEqual(["P24", "P23"]);
    // byte order: "p0@" < "p10@" < "p11@"
    expect(names((await get("status=ALL&sortBy=EMAIL&orderBy=ASC&limit=3")).body)).toEqual(["P00", "P10", "P11"]);
    const byLoc = await get("status=ALL&sortBy=LOCATION&orderBy=DESC&limit=7");
    expect(byLoc.body.items.every((p: any) => p.location.name === "Beta")).toBe(true);
    expect((await get("sortBy=BOGUS")).status).toBe(400);
  });

  it("sorts by health status (then name) across pages", async () => {
    const hep = "c0000000-0000-4000-8000-0000000000d1";
    await fx.db.query("INSERT INTO heps (id, organization_id, name) VALUES ($1, $2, 'Hip program')", [hep, listOrg]);
    await fx.db.query(
      `INSERT INTO hep_assignments (id, hep_id, patient_record_id)
         SELECT gen_random_uuid(), $1, id FROM patient_records WHERE organization_id = $2 AND right(last_name, 1) IN ('0', '3', '6', '9')`,
      [hep, listOrg],
    );
    await fx.db.query("UPDATE patient_records SET has_account = (right(last_name, 1) IN ('0', '2', '4', '6')) WHERE organization_id = $1", [listOrg]);
    const rank = { NO_ASSIGNED_HEP: 0, NO_ACCOUNT: 1, HAS_ACCOUNT: 2 } as Record<string, number>;
    for (const dir of ["ASC", "DESC"] as const) {
      const seen: any[] = [];
      for (let page = 1; page <= 4; page++) seen.push(...(await get(`status=ALL&sortBy=STATUS&orderBy=${dir}&limit=7&page=${page}`)).body.items);
      expect(seen.length).toBe(25);
      const key = (p: any) => `${rank[p.productData.health.status]}|${p.patient.lastName}`;
      const expected = [...seen].sort((a, b) => (key(a) < key(b) ? -1 : 1));
      if (dir === "DESC") expected.reverse();
      expect(seen.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      expect(new Set(seen.map((p) => p.productData.health.status)).size).toBe(3);
    }
    const first = (await get("status=ALL&sortBy=STATUS&orderBy=DESC&limit=1")).body;
    expect(first.items[0].productData.health).toMatchObject({ status: "HAS_ACCOUNT", heps: [{ id: hep, name: "Hip program" }] });
    expect(first.metadata.totalItems).toBe(25);
    const byProgram = (await get("status=ALL&sortBy=PROGRAM&orderBy=ASC&limit=25")).body.items;
    expect(byProgram.slice(0, 10).every((p: any) => p.productData.health.heps[0]?.name === "Hip program")).toBe(true);
    expect(byProgram.at(-1).productData.health.heps).toEqual([]);
    const byProduct = (await get("status=ALL&sortBy=PRODUCT&orderBy=DESC&limit=12")).body.items;
    expect(byProduct.every((p: any) => p.products.includes("GAIT"))).toBe(true);
  });

  it("scopes a practitioner to their locations", async () => {
    const r = await get("status=ALL", { userId: "user-list-prac", groups: ["PORTAL_PRACTITIONER"] });
    expect(r.body.metadata.totalItems).toBe(7);
    expect(r.body.items.every((p: any) => p.location.id === loc2)).toBe(true);
  });
});

describe("update and bulk update", () => {
  it("updates details and adds products; refuses removing required data", async () => {
    const p = await fx.call("POST", "/v2/patients", tokens.admin, { firstName: "Gus", lastName: "Gait", locationId: ids.north, products: ["GAIT"], gaitUid: "GU-77" });
    let r = await fx.call("PATCH", `/v2/patients/${p.body.id}`, tokens.admin, { products: ["HEALTH"], email: "gus@example.com" });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/You must set Side of Body and Involved Body Part for Health patients\./);
    r = await fx.call("PATCH", `/v2/patients/${p.body.id}`, tokens.admin, { products: ["HEALTH"], email: "gus@example.com", injuredSideOfBody: null, injuredBodyPart: "HIP", phoneNumber: "303.555.0199" });
    expect(r.status).toBe(200);
    expect(r.body.products).toEqual(["HEALTH", "GAIT"]);
    expect(r.body.patient.phoneNumber).toBe("+13035550199");
    expect(r.body.productData.health.injuredBodyPart).toBe("HIP");
    r = await fx.call("PATCH", `/v2/patients/${p.body.id}`, tokens.admin, { email: null });
    expect(r.body.message).toBe("email: Email is required");
    r = await fx.call("PATCH", `/v2/patients/${p.body.id}`, tokens.pracNorth, { locationId: ids.south });
    expect(r.status).toBe(400);
  });

  it("bulk-updates the provider of several patients and answers them in order", async () => {
    const a = await addPatient(tokens.admin);
    const b = await addPatient(tokens.admin);
    const r = await fx.call("PATCH", `/v2/patients?patientRecordIds=${b.id},${a.id}`, tokens.admin, { primaryPractitionerId: ids.pracNorth });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((p: any) => p.id)).toEqual([b.id, a.id]);
    expect(r.body.every((p: any) => p.practitioner.id === ids.pracNorth)).toBe(true);
    const bad = await fx.call("PATCH", `/v2/patients?patientRecordIds=${a.id}`, tokens.admin, { primaryPractitionerId: ids.pracSouth });
    expect(bad.status).toBe(400);
  });
});

describe("plan of care and discharge", () => {
  it("accepts an end within the window and marks the patient discharged after it", async () => {
    const p = await addPatient(tokens.admin);
    let r = await fx.call("PATCH", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { end: addDays(today, 29) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^end/);
    // Not before the plan's start (today).
    r = await fx.call("PATCH", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { end: addDays(today, -1) });
    expect(r.status).toBe(400);
    r = await fx.call("PATCH", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { end: addDays(today, 28) });
    expect(r.status).toBe(200);
    expect(r.body.dischargeDate).toBe(addDays(today, 28));
    expect(r.body.discharged).toBe(false);
    r = await fx.call("PATCH", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { end: today });
    expect(r.body.discharged).toBe(false); // active through the end of today
    expect(r.body.plansOfCare.at(-1)).toEqual({ start: today, end: today });
  });

  it("allows 28 days back for an older plan, then starts a new plan after the end", async () => {
    const p = await addPatient(tokens.admin);
    await fx.db.query("UPDATE plans_of_care SET start_date = $2 WHERE patient_record_id = $1", [p.id, addDays(today, -60)]);
    let r = await fx.call("PATCH", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { end: addDays(today, -29) });
    expect(r.status).toBe(400);
    r = await fx.call("PATCH", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { end: addDays(today, -28) });
    expect(r.status).toBe(200);
    expect(r.body.discharged).toBe(true);
    const list = await fx.call("GET", `/v2/patients/pages?status=DISCHARGED&search=${encodeURIComponent(p.patient.email)}`, tokens.admin);
    expect(list.body.metadata.totalItems).toBe(1);

    const body = { start: addDays(today, -28), locationId: ids.north, products: ["PRO"], injuredSideOfBody: "RIGHT", injuredBodyPart: "SHOULDER" };
    r = await fx.call("POST", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, body);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^start/);
    r = await fx.call("POST", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { ...body, start: addDays(today, 1) });
    expect(r.status).toBe(400);
    r = await fx.call("POST", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { ...body, start: addDays(today, -27) });
    expect(r.status).toBe(201);
    expect(r.body.discharged).toBe(false);
    expect(r.body.dischargeDate).toBeNull();
    expect(r.body.products).toEqual(["HEALTH", "PRO"]);
    expect(r.body.plansOfCare).toEqual([
      { start: addDays(today, -60), end: addDays(today, -28) },
      { start: addDays(today, -27), end: null },
    ]);
    expect(r.body.productData.health.injuredBodyPart).toBe("SHOULDER");
    // The new plan is open: another one cannot start.
    r = await fx.call("POST", `/v2/patients/${p.id}/plan-of-care`, tokens.admin, { ...body, start: today });
    expect(r.status).toBe(400);
  });
});

describe("care notes", () => {
  let patient: { id: string };
  const billedCycle = randomUUID();
  const billedStart = () => addDays(today, -60);
  const billedEnd = () => addDays(today, -31);
  beforeAll(async () => {
    patient = await addPatient(tokens.admin);
    await fx.db.query(
      `INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date) VALUES
         ($1, $3, 'PATIENT_INTERACTION', 'BILLED', $4, $5), ($2, $3, 'PATIENT_INTERACTION', 'IN_PROGRESS', $6, $7)`,
      [billedCycle, randomUUID(), patient.id, billedStart(), billedEnd(), addDays(today, -30), addDays(today, -1)],
    );
  });
  const url = () => `/v2/patients/${patient.id}/interactions`;

  it("validates and creates notes with the cycle status", async () => {
    let r = await fx.call("POST", url(), tokens.admin, { date: addDays(today, 1), minutes: 20, notes: "x" });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^date/);
    r = await fx.call("POST", url(), tokens.admin, { date: today, minutes: -1, notes: "x" });
    expect(r.status).toBe(400);
    r = await fx.call("POST", url(), tokens.admin, { date: today, minutes: 20, notes: "   " });
    expect(r.body.message).toBe("notes: Notes are required");
    r = await fx.call("POST", url(), tokens.admin, { date: today, minutes: 20, notes: `${"a".repeat(250)}\n${"b".repeat(249)}` });
    expect(r.body.message).toBe("notes: Max Character Limit is 500");
    r = await fx.call("POST", url(), tokens.admin, { date: addDays(today, -10), minutes: 20, notes: "Call", liveInteraction: { method: "VIDEO", twoWay: true } });
    expect(r.status).toBe(201);
    // 20 minutes with a two-way video call: the care-management cycle holding the date is billable at once (ADR 008, 033).
    expect(r.body).toMatchObject({ minutes: 20, interactionType: "PATIENT_INTERACTIVE_COMMUNICATION", isPatientInteraction: true, rtmCycleStatus: "READY_TO_BILL" });
    expect(r.body.practitioner.id).toBe(ids.admin);
    // Billing never blocks documentation (ADR 043): a note dated in a billed month is added, as time after the bill.
    r = await fx.call("POST", url(), tokens.admin, { date: billedStart(), minutes: 20, notes: "late" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ rtmCycleStatus: null, afterBill: { codes: ["98980"], wouldReach: null } });
    expect((await fx.call("DELETE", `${url()}/${r.body.id}`, tokens.admin)).status).toBe(204);
  });

  it("locks a note a billed code was billed on (its evidence, ADR 043): no delete, only the text may change", async () => {
    const id = randomUUID();
    await fx.db.query("INSERT INTO interactions (id, patient_record_id, date, minutes, notes) VALUES ($1, $2, $3, 15, 'billed note')", [id, patient.id, addDays(today, -45)]);
    await fx.db.query("INSERT INTO rtm_cycle_evidence (cycle_id, interaction_id) VALUES ($1, $2)", [billedCycle, id]);
    const list = await fx.call("GET", `${url()}?start=${billedStart()}&end=${billedEnd()}`, tokens.admin);
    expect(list.body.map((n: any) => [n.id, n.rtmCycleStatus])).toEqual([[id, "BILLED"]]);
    let r = await fx.call("DELETE", `${url()}/${id}`, tokens.admin);
    expect(r).toEqual({ status: 409, body: { message: "This care note is in a billed cycle and cannot be deleted.", status: 409 } });
    r = await fx.call("PATCH", `${url()}/${id}`, tokens.admin, { minutes: 30 });
    expect(r.status).toBe(409);
    r = await fx.call("PATCH", `${url()}/${id}`, tokens.admin, { date: addDays(today, -5) });
    expect(r.status).toBe(409);
    r = await fx.call("PATCH", `${url()}/${id}`, tokens.admin, { isPatientInteraction: true });
    expect(r.status).toBe(409);
    r = await fx.call("PATCH", `${url()}/${id}`, tokens.admin, { liveInteraction: { method: "PHONE", twoWay: true } });
    expect(r.status).toBe(409);
    r = await fx.call("PATCH", `${url()}/${id}`, tokens.admin, { liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true });
    expect(r.status).toBe(409);
    // The same call again is no change: the text may still be edited with it.
    r = await fx.call("PATCH", `${url()}/${id}`, tokens.admin, { liveInteraction: null, unsuccessfulAttempt: false, notes: "billed note" });
    expect(r.status).toBe(200);
    r = await fx.call("PATCH", `${url()}/${id}`, tokens.admin, { notes: "corrected text", minutes: 15 });
    expect(r.status).toBe(200);
    expect(r.body.notes).toBe("corrected text");
  });

  it("records the call (method, two-way) and unsuccessful attempts; the spec's flags follow (ADR 033)", async () => {
    const post = (body: Record<string, unknown>) => fx.call("POST", url(), tokens.admin, { date: addDays(today, -3), minutes: 12, notes: "Call", ...body });
    let r = await post({ liveInteraction: { method: "PHONE", twoWay: true } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ liveInteraction: { method: "PHONE", twoWay: true }, unsuccessfulAttempt: false, isPatientInteraction: true, interactionType: "PATIENT_INTERACTIVE_COMMUNICATION" });
    const call = r.body.id as string;
    // A one-way call (voicemail left) is recorded, and is no patient interaction.
    r = await post({ liveInteraction: { method: "VIDEO", twoWay: false } });
    expect(r.body).toMatchObject({ liveInteraction: { method: "VIDEO", twoWay: false }, unsuccessfulAttempt: false, isPatientInteraction: false, interactionType: null });
    // An unsuccessful attempt: how the patient was tried, never two-way, never an interaction.
    r = await post({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true, isPatientInteraction: false });
    r = await post({ unsuccessfulAttempt: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("liveInteraction: an unsuccessful attempt records how the patient was tried (PHONE or VIDEO)");
    r = await post({ liveInteraction: { method: "PHONE", twoWay: true }, unsuccessfulAttempt: true });
    expect(r.body.message).toBe("unsuccessfulAttempt: an unsuccessful attempt is never a two-way interaction");
    r = await post({ liveInteraction: { method: "VIDEO", twoWay: false }, unsuccessfulAttempt: true, isPatientInteraction: true });
    expect(r.body.message).toBe("unsuccessfulAttempt: an unsuccessful attempt is never a two-way interaction");
    r = await post({ liveInteraction: { method: "PHONE", twoWay: true }, isPatientInteraction: false });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("isPatientInteraction: must be true exactly when liveInteraction is two-way");
    r = await post({ liveInteraction: { method: "EMAIL", twoWay: true } });
    expect(r.status).toBe(400);
    // The spec's flag alone: an interactive communication whose method is not recorded.
    r = await post({ isPatientInteraction: true });
    expect(r.body).toMatchObject({ liveInteraction: null, unsuccessfulAttempt: false, isPatientInteraction: true, interactionType: "PATIENT_INTERACTIVE_COMMUNICATION" });
    const unknown = r.body.id as string;

    const patch = (id: string, body: Record<string, unknown>) => fx.call("PATCH", `${url()}/${id}`, tokens.admin, body);
    // The method recorded later makes it the live call; the spec's flag set false clears it.
    r = await patch(unknown, { liveInteraction: { method: "VIDEO", twoWay: true } });
    expect(r.body).toMatchObject({ liveInteraction: { method: "VIDEO", twoWay: true }, isPatientInteraction: true });
    r = await patch(unknown, { isPatientInteraction: false });
    expect(r.body).toMatchObject({ liveInteraction: null, isPatientInteraction: false, interactionType: null });
    // The flag true again on a note that is a two-way call already: nothing changes.
    r = await patch(call, { isPatientInteraction: true, notes: "Call, reworded" });
    expect(r.body).toMatchObject({ liveInteraction: { method: "PHONE", twoWay: true }, isPatientInteraction: true, notes: "Call, reworded" });
    r = await patch(call, { unsuccessfulAttempt: true });
    expect(r.status).toBe(400);
    r = await patch(call, { liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true });
    expect(r.body).toMatchObject({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true, isPatientInteraction: false });
    r = await patch(call, { liveInteraction: null });
    expect(r.status).toBe(400);
    r = await patch(call, { liveInteraction: null, unsuccessfulAttempt: false });
    expect(r.body).toMatchObject({ liveInteraction: null, unsuccessfulAttempt: false, isPatientInteraction: false });
  });

  it("a 0-minute two-way call is no patient interaction: the call is kept, the spec's flag is false (issue 32, ADR 049)", async () => {
    const post = (body: Record<string, unknown>) => fx.call("POST", url(), tokens.admin, { date: addDays(today, -3), notes: "Call", ...body });
    let r = await post({ minutes: 0, liveInteraction: { method: "VIDEO", twoWay: true } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ minutes: 0, liveInteraction: { method: "VIDEO", twoWay: true }, isPatientInteraction: false, interactionType: null });
    const id = r.body.id as string;
    // Said true with 0 minutes: refused at the flag.
    r = await post({ minutes: 0, liveInteraction: { method: "PHONE", twoWay: true }, isPatientInteraction: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("isPatientInteraction: a note of 0 minutes is not a patient interaction (enter its minutes, at least 1)");
    r = await post({ minutes: 0, isPatientInteraction: true });
    expect(r.status).toBe(400);
    // Said false with its two-way call: that agrees.
    r = await post({ minutes: 0, liveInteraction: { method: "PHONE", twoWay: true }, isPatientInteraction: false, interactionType: null });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ liveInteraction: { method: "PHONE", twoWay: true }, isPatientInteraction: false });
    const patch = (body: Record<string, unknown>) => fx.call("PATCH", `${url()}/${id}`, tokens.admin, body);
    // Its minutes corrected: the call is the interaction; back to 0: it is not.
    r = await patch({ minutes: 4 });
    expect(r.body).toMatchObject({ minutes: 4, liveInteraction: { method: "VIDEO", twoWay: true }, isPatientInteraction: true, interactionType: "PATIENT_INTERACTIVE_COMMUNICATION" });
    r = await patch({ minutes: 0 });
    expect(r.body).toMatchObject({ minutes: 0, liveInteraction: { method: "VIDEO", twoWay: true }, isPatientInteraction: false, interactionType: null });
    r = await fx.call("GET", url(), tokens.admin);
    expect((r.body as Array<{ id: string; isPatientInteraction: boolean }>).find((n) => n.id === id)?.isPatientInteraction).toBe(false);
  });

  it("edits and deletes an unlocked note; moving it into a billed month makes it time after the bill (ADR 043)", async () => {
    const c = await fx.call("POST", url(), tokens.admin, { date: addDays(today, -2), minutes: 10, notes: "n" });
    let r = await fx.call("PATCH", `${url()}/${c.body.id}`, tokens.admin, { minutes: 25, interactionType: "PATIENT_INTERACTIVE_COMMUNICATION" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ minutes: 25, isPatientInteraction: true });
    r = await fx.call("PATCH", `${url()}/${c.body.id}`, tokens.admin, { date: addDays(today, -40) });
    expect(r.status).toBe(200);
    // Not frozen (not the bill's evidence); its 25 minutes open the ended month's 98981, which cannot bill (no live call).
    expect(r.body).toMatchObject({ rtmCycleStatus: "ACTIVE_DAYS_INCOMPLETE", afterBill: { codes: ["98980"] } });
    r = await fx.call("PATCH", `${url()}/${c.body.id}`, tokens.admin, { interactionType: null, isPatientInteraction: true });
    expect(r.status).toBe(400);
    expect((await fx.call("DELETE", `${url()}/${c.body.id}`, tokens.admin)).status).toBe(204);
    expect((await fx.call("DELETE", `${url()}/${c.body.id}`, tokens.admin)).status).toBe(404);
    // A note of another patient is not found through this patient.
    const other = await addPatient(tokens.admin);
    const n = await fx.call("POST", `/v2/patients/${other.id}/interactions`, tokens.admin, { date: today, minutes: 1, notes: "o" });
    expect((await fx.call("PATCH", `${url()}/${n.body.id}`, tokens.admin, { notes: "x" })).status).toBe(404);
  });
});

describe("PROs", () => {
  it("lists questions with answers, filtered by date", async () => {
    const p = await addPatient(tokens.admin, { products: ["HEALTH", "PRO"] });
    const q = randomUUID();
    await fx.db.query("INSERT INTO pro_questions (id, patient_record_id, question_id, text, min_value, max_value, pro_answer_type) VALUES ($1, $2, 'LEVEL_OF_PAIN', 'What is your level of pain today?', 0, 10, 'CHOICE')", [q, p.id]);
    await fx.db.query("INSERT INTO pro_answers (id, pro_question_id, date_time, value) VALUES ($1, $3, '2024-05-01T10:00:00Z', '6'), ($2, $3, '2024-05-03T23:30:00Z', '4')", [randomUUID(), randomUUID(), q]);
    let r = await fx.call("GET", `/v2/patients/${p.id}/pros`, tokens.admin);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: q, questionId: "LEVEL_OF_PAIN", text: "What is your level of pain today?", isChartable: true, minValue: 0, maxValue: 10, proAnswerType: "CHOICE",
      answers: [{ dateTime: "2024-05-01T10:00:00.000Z", value: "6" }, { dateTime: "2024-05-03T23:30:00.000Z", value: "4" }] }]);
    r = await fx.call("GET", `/v2/patients/${p.id}/pros?start=2024-05-02&end=2024-05-03`, tokens.admin);
    expect(r.body[0].answers).toEqual([{ dateTime: "2024-05-03T23:30:00.000Z", value: "4" }]);
    expect((await fx.call("GET", `/v2/patients/${p.id}/pros?start=2024-05-04&end=2024-05-03`, tokens.admin)).status).toBe(400);
  });
});

describe("CSV import and reconcile", () => {
  const upload = async (url: string, token: TestUser, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) => {
    const m = multipart(file, fields);
    return fx.send("POST", url, token, m.payload, m.contentType);
  };
  const csv = (text: string) => ({ name: "patients.csv", type: "text/csv", content: text });
  const header = "firstName,lastName,email,phoneNumber,dob,injuredSideOfBody,injuredBodyPart,locationName\n";

  it("imports nothing when one row is invalid, and lists the problems", async () => {
    const before = Number((await fx.db.one<{ n: string }>("SELECT count(*) AS n FROM patient_records"))!.n);
    const r = await upload("/v2/patients/upload", tokens.admin, csv(header +
      "Ima,Good,ima.good@example.com,3035550100,1970-01-01,Left,Knee,North\n" +
      '"Bad, Row",Person,not-an-email,123,01/02/1980,Up,Elbow,Nowhere\n'), { product: "HEALTH" });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(["message", "status"]);
    expect(r.body.message).toContain("Line 3: email: Email must be valid");
    expect(r.body.message).toContain("Line 3: phoneNumber: Phone number must be 10 digits");
    expect(r.body.message).toContain('Line 3: locationName: Location "Nowhere" not found');
    expect(r.body.message).not.toContain("Line 2");
    const after = Number((await fx.db.one<{ n: string }>("SELECT count(*) AS n FROM patient_records"))!.n);
    expect(after).toBe(before);
  });

  it("imports valid health and gait files", async () => {
    let r = await upload("/v2/patients/upload", tokens.pracNorth, csv(header +
      "Ima,Good,ima.good@example.com,(303) 555-0100,02/03/1970,Left,Knee,north\n" +
      'Otto,"O\'Neil, Jr.",otto@example.com,,,N/A,shoulder,North\n'), { product: "HEALTH" });
    expect(r).toEqual({ status: 201, body: { importedCount: 2 } });
    const list = await fx.call("GET", "/v2/patients/pages?search=ima.good", tokens.pracNorth);
    expect(list.body.items[0]).toMatchObject({ patient: { dob: "1970-02-03", phoneNumber: "+13035550100" }, practitioner: { id: ids.pracNorth }, plansOfCare: [{ start: today, end: null }] });
    // Same e-mail again → a row problem, nothing imported.
    r = await upload("/v2/patients/upload", tokens.pracNorth, csv(header + "Ima,Again,IMA.GOOD@example.com,,,Left,Knee,North\n"), { product: "HEALTH" });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Line 2: email/);
    // A practitioner cannot import into another location.
    r = await upload("/v2/patients/upload", tokens.pracNorth, csv(header + "A,B,ab@example.com,,,Left,Knee,South\n"), { product: "HEALTH" });
    expect(r.body.message).toMatch(/not one of your locations/);
    r = await upload("/v2/patients/upload", tokens.admin, csv("firstName,lastName,gaitUid,locationName,dob\nGail,Walker,GW-1,South,\nGeo,Step,GW-2,South,1950-05-05\n"), { product: "GAIT" });
    expect(r).toEqual({ status: 201, body: { importedCount: 2 } });
  });

  it("refuses wrong files with 400", async () => {
    expect((await upload("/v2/patients/upload", tokens.admin, { name: "x.png", type: "image/png", content: Buffer.from([137, 80, 78, 71, 0, 0]) }, { product: "HEALTH" })).status).toBe(400);
    expect((await upload("/v2/patients/upload", tokens.admin, csv(""), { product: "HEALTH" })).status).toBe(400);
    expect((await upload("/v2/patients/upload", tokens.admin, csv(header), { product: "HEALTH" })).body.message).toMatch(/no patient rows/);
    expect((await upload("/v2/patients/upload", tokens.admin, csv("foo,bar\n1,2\n"), { product: "HEALTH" })).body.message).toMatch(/Unknown column/);
    expect((await upload("/v2/patients/upload", tokens.admin, csv(header + 'a,"b\n'), { product: "HEALTH" })).status).toBe(400);
    expect((await upload("/v2/patients/upload", tokens.admin, csv(header), {})).body.message).toMatch(/^product/);
    expect((await upload("/v2/patients/upload", tokens.admin, null, { product: "HEALTH" })).body.message).toMatch(/^file/);
    const big = await upload("/v2/patients/upload", tokens.admin, csv(header + "x".repeat(5 * 1024 * 1024 + 10)), { product: "HEALTH" });
    expect(big.status).toBe(400);
    const json = await fx.call("POST", "/v2/patients/upload", tokens.admin, { file: "x" });
    expect(json.status).toBe(400);
  }, 30_000);

  it("reconciles gait patient names by gait ID", async () => {
    await upload("/v2/patients/upload", tokens.admin, csv("firstName,lastName,gaitUid,locationName\nOld,Name,REC-1,North\nKeep,Same,REC-2,North\n"), { product: "GAIT" });
    let r = await upload("/v2/patients/reconcile", tokens.admin, csv("gaitUid,firstName,lastName\nrec-1,New,Name\nREC-2,Keep,Same\nREC-404,No,Match\n"));
    expect(r).toEqual({ status: 200, body: { reconciledCount: 1 } });
    const list = await fx.call("GET", "/v2/patients/pages?search=rec-1", tokens.admin);
    expect(list.body.items[0].patient.firstName).toBe("New");
    r = await upload("/v2/patients/reconcile", tokens.admin, csv("gaitUid,firstName,lastName\nREC-1,,Name\n"));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Line 2: firstName: First name is required");
    // Another organization's admin reconciles nothing of ours.
    r = await upload("/v2/patients/reconcile", tokens.adminB, csv("gaitUid,firstName,lastName\nREC-1,Hack,Ed\n"));
    expect(r.body.reconciledCount).toBe(0);
  });
});
