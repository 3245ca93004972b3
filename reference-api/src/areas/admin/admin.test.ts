import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../../core/contract-validator.js";
import { createFixture, createPatient, type Fixture } from "../../testing/fixture.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { scanLogKey } from "../scan/mapping.js";
import { gaitWindow } from "./lists.js";
import { dayIn } from "./organizations.js";

let api: TestApi;
let fx: Fixture;

const as = (u: { userId: string; groups: string[] }) => ({ as: { userId: u.userId, groups: u.groups } });
const DAY = 86_400_000;
let stanceDirectives: unknown;
/** A real 1×1 PNG (logos are decoded: a signature alone is refused). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

function multipart(data: Buffer, type = "image/png") {
  const boundary = "----admin-test-boundary";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function orgCount() {
  return (await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM organizations"))!.n;
}

async function addScanSession(o: { organizationId: string; locationId: string | null; practitionerId: string | null; assessmentId?: string; created: Date; artifacts?: string[] }) {
  const id = randomUUID();
  const sessionUUID = randomUUID();
  await api.db.query(
    `INSERT INTO scan_sessions (id, organization_id, location_id, practitioner_id, session_uuid, assessment_id, results, scan_version, participant_uid, artifacts, created_date, updated_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, '2.18.3', $8, $9, $10, $10)`,
    [id, o.organizationId, o.locationId, o.practitionerId, sessionUUID, o.assessmentId ?? "AST-0018",
      JSON.stringify([{ id: "gaitSpeed", name: "Gait Speed", value: 0.9, units: "m/s" }]), `P-${id.slice(0, 5)}`, o.artifacts ?? [], o.created.toISOString()],
  );
  return { id, sessionUUID };
}

async function addGaitSession(patientId: string, captured: Date) {
  const id = randomUUID();
  const pr = await api.db.one<{ organization_id: string; practitioner_id: string; gait_uid: string }>(
    "SELECT organization_id, practitioner_id, gait_uid FROM patient_records WHERE id = $1",
    [patientId],
  );
  const items = [{ item: "speed", type: "gait", measures: [{ name: "avgSpeed", displayName: "Average Speed", value: 0.8, unit: "m/s", disabled: false }] }];
  await api.db.query(
    `INSERT INTO gait_sessions (id, organization_id, patient_record_id, practitioner_id, session_uuid, session_schema, captured_date, gait_uid, items, avg_speed)
     VALUES ($1, $2, $3, $4, $5, 'GAIT_SA_2', $6, $7, $8::jsonb, 0.8)`,
    [id, pr!.organization_id, patientId, pr!.practitioner_id, randomUUID(), captured.toISOString(), pr!.gait_uid, JSON.stringify(items)],
  );
  return id;
}

const outcome = (assessmentId: string) => ({
  type: "FALL",
  assessmentId,
  demographicsRequired: null,
  factors: [
    { category: "LOW", description: "Fast enough.", shortDescription: "Low Risk", criteria: [{ type: "SPEED", units: "m/s", conditions: [{ comparator: "gte", value: 0.8 }] }] },
    { category: "HIGH", description: "Too slow.", shortDescription: "High Risk", criteria: [{ type: "SPEED", units: "m/s", conditions: [{ comparator: "lt", value: 0.8 }] }] },
  ],
  source: "STEADI",
  title: "Fall Risk",
  description: null,
  resultDefinitionId: "gaitSpeed",
  leftResultDefinitionId: null,
  rightResultDefinitionId: null,
});

let scanA: { id: string; sessionUUID: string };
let scanB: { id: string; sessionUUID: string };
let gaitRecent: string;
let throwawayOrg: string;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  // The assessment library (AST-0001 … AST-0031) comes with the scan migration.
  stanceDirectives = (await api.db.one<{ directives: unknown }>("SELECT directives FROM assessments WHERE id = 'AST-0020'"))!.directives;
  for (const [v, required] of [["2.17.0", true], ["2.18.0", false], ["2.19.1", false], ["2.9.4", true]] as const) {
    const [major, minor, patch] = v.split(".").map(Number);
    await api.db.query("INSERT INTO scan_client_versions (version_id, major, minor, patch, update_required) VALUES ($1, $2, $3, $4, $5)", [v, major, minor, patch, required]);
  }
  // The internal test builds' versions (003 §5): no numbers.
  for (const v of ["9999a", "test", "9999"]) await api.db.query("INSERT INTO scan_client_versions (version_id, update_required) VALUES ($1, false)", [v]);
  const now = Date.now();
  scanA = await addScanSession({ organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, created: new Date(now - 2 * DAY), artifacts: ["pose-log"] });
  await api.services.files.put(scanLogKey(scanA.id, "pose-log"), JSON.stringify({ frames: [] }), "application/json");
  scanB = await addScanSession({ organizationId: fx.orgB.id, locationId: fx.orgB.locations[0], practitionerId: fx.practitionerB.practitionerId, assessmentId: "AST-0020", created: new Date(now - 5 * DAY) });
  gaitRecent = await addGaitSession(fx.patients.a1[0]!, new Date(now - 3 * DAY));
  throwawayOrg = randomUUID();
  await api.db.query("INSERT INTO organizations (id, name, products) VALUES ($1, 'Throwaway Org', '{SCAN}')", [throwawayOrg]);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe("authorization: product staff only", () => {
  // One valid call per admin operation: refused for portal roles, allowed for EXER_SUPPORT (and EXER_ADMIN).
  const calls = (): { op: string; method: string; url: string; body?: unknown; multipart?: boolean }[] => [
    { op: "adminListOrganizations", method: "GET", url: "/v2/admin/organizations" },
    { op: "adminCreateOrganization", method: "POST", url: "/v2/admin/organizations", body: { orgName: "Auth Org", products: ["GAIT"], practitioner: { firstName: "Auth", lastName: "Check", email: `auth-${randomUUID().slice(0, 8)}@test.example` }, location: { name: "Main", timezone: "America/Denver" } } },
    { op: "adminGetOrganization", method: "GET", url: `/v2/admin/organizations/${throwawayOrg}` },
    { op: "adminUpdateOrganization", method: "PATCH", url: `/v2/admin/organizations/${throwawayOrg}`, body: { scanModules: [] } },
    { op: "adminEnableOrganization", method: "POST", url: `/v2/admin/organizations/${throwawayOrg}/enable` },
    { op: "adminDisableOrganization", method: "POST", url: `/v2/admin/organizations/${throwawayOrg}/disable` },
    { op: "adminUploadOrganizationLogo", method: "POST", url: `/v2/admin/organizations/${throwawayOrg}/logo`, multipart: true },
    { op: "adminListLocations", method: "GET", url: "/v2/admin/locations" },
    { op: "adminUpdateLocationKeyword", method: "PATCH", url: `/v2/admin/locations/${fx.orgB.locations[0]}`, body: { keyword: "BMAIN" } },
    { op: "adminListScanOrganizationsWithLocations", method: "GET", url: "/v2/admin/scan/organizations/locations" },
    { op: "adminGetUserProfile", method: "GET", url: `/v2/admin/user-profile?uuid=${fx.practitionerA1.userId}` },
    { op: "adminGetInviteCode", method: "GET", url: `/v2/admin/invite-code?email=${encodeURIComponent("nobody@test.example")}` },
    { op: "adminGetInsights", method: "GET", url: "/v2/admin/insights" },
    { op: "adminGetScanModulesOverride", method: "GET", url: "/v2/admin/settings/scan-modules-organization-override" },
    { op: "adminSetScanModulesOverride", method: "POST", url: "/v2/admin/settings/scan-modules-organization-override", body: { organizationId: throwawayOrg } },
    { op: "adminResetScanModulesOverride", method: "DELETE", url: "/v2/admin/settings/scan-modules-organization-override" },
    { op: "adminListTypeformForms", method: "GET", url: "/v2/admin/pro/typeform-forms" },
    { op: "adminAddTypeformForm", method: "POST", url: "/v2/admin/pro/typeform-forms", body: { id: `f${randomUUID().slice(0, 7)}`, webhookConfirmed: true } },
    { op: "adminListUnprocessedTypeformResponses", method: "GET", url: "/v2/admin/pro/unprocessed-typeform-responses" },
    { op: "adminListScanClientVersions", method: "GET", url: "/v2/admin/scan/clients" },
    { op: "adminUpdateScanClientVersion", method: "PUT", url: "/v2/admin/scan/clients/2.9.4", body: { updateRequired: true } },
    { op: "adminListRiskFactorOutcomes", method: "GET", url: `/v2/admin/scan/organizations/${throwawayOrg}/outcomes/risk-factors` },
    { op: "adminSaveRiskFactorOutcome", method: "PUT", url: `/v2/admin/scan/organizations/${throwawayOrg}/assessments/AST-0018/outcomes/risk-factors`, body: outcome("AST-0018") },
    { op: "adminListScanSessions", method: "GET", url: "/v2/admin/scan/sessions/pages" },
    { op: "adminGetScanSessionArtifactSignedUrl", method: "GET", url: `/v2/admin/scan/sessions/${scanA.id}/pose-log/signed-url` },
    { op: "adminListGaitSessions", method: "GET", url: "/v2/admin/gait/sessions" },
    { op: "adminGetGaitSessionPoseLogSignedUrl", method: "GET", url: `/v2/admin/gait/sessions/${gaitRecent}/pose-log/signed-url` },
  ];
  const send = (c: ReturnType<typeof calls>[number], who: { userId: string; groups: string[] }) =>
    c.multipart ? api.request(c.method, c.url, { ...as(who), ...multipart(PNG) }) : api.request(c.method, c.url, { ...as(who), body: c.body });

  it("covers every admin operation of the contract", () => {
    const adminOps = Object.values(loadContract().paths)
      .flatMap((p) => Object.values(p).map((op) => (op as { operationId?: string }).operationId))
      .filter((id): id is string => !!id && id.startsWith("admin"));
    expect(calls().map((c) => c.op).sort()).toEqual(adminOps.sort());
  });

  it("refuses provider admins, practitioners and users without a role with 403, and anonymous callers with 401", async () => {
    const noRole = { userId: fx.adminB.userId, groups: [] as string[] };
    for (const c of calls()) {
      for (const who of [fx.adminA, fx.practitionerA1, noRole]) {
        const r = await send(c, who);
        expect(r.status, `${c.op} as ${who.groups.join(",") || "no role"}`).toBe(403);
      }
      const anon = await api.request(c.method, c.url, { body: c.body });
      expect(anon.status, `${c.op} anonymous`).toBe(401);
    }
  });

  it("lets support staff read every admin screen and set or reset the scan-modules override; every other change is refused (ADR 015)", async () => {
    // The e-mail and the gait pose log do not exist: those answer 404 (after the role check passed).
    const notFoundOps = new Set(["adminGetInviteCode", "adminGetGaitSessionPoseLogSignedUrl"]);
    const supportMayChange = new Set(["adminSetScanModulesOverride", "adminResetScanModulesOverride"]);
    const refused: string[] = [];
    for (const c of calls()) {
      const r = await send(c, fx.support);
      if (c.method !== "GET" && !supportMayChange.has(c.op)) {
        expect(r.status, c.op).toBe(403);
        expect(r.body, c.op).toMatchObject({ message: "Support staff cannot make this change; ask a product admin.", status: 403 });
        refused.push(c.op);
      } else if (notFoundOps.has(c.op)) expect(r.status, c.op).toBe(404);
      else expect([200, 201, 204], `${c.op}: ${JSON.stringify(r.body)}`).toContain(r.status);
    }
    expect(refused.sort()).toEqual([
      "adminAddTypeformForm",
      "adminCreateOrganization",
      "adminDisableOrganization",
      "adminEnableOrganization",
      "adminSaveRiskFactorOutcome",
      "adminUpdateLocationKeyword",
      "adminUpdateOrganization",
      "adminUpdateScanClientVersion",
      "adminUploadOrganizationLogo",
    ]);
    for (const c of calls()) {
      const r = await send(c, fx.productAdmin);
      if (c.method === "GET") expect([200, 404], c.op).toContain(r.status);
      else expect([200, 201, 204, 409], `${c.op}: ${JSON.stringify(r.body)}`).toContain(r.status);
    }
  });

});

describe("organizations", () => {
  const create = (over: Record<string, unknown> = {}) => ({
    orgName: "Mountain View Rehab",
    products: ["HEALTH", "SCAN"],
    practitioner: { firstName: "Alex", lastName: "Moreno", email: `alex-${randomUUID().slice(0, 6)}@mountainview.example` },
    location: { name: "Boulder Clinic", timezone: "America/Denver", address1: "1200 Pearl St", address2: "", city: "Boulder", stateCode: "co", countryCode: null, zipCode: "80302", keyword: ` boulder-${++keywords} ` },
    ...over,
  });
  let keywords = 0;

  it("creates the organization, its first location and its invited first provider together", async () => {
    const body = create();
    const r = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Mountain View Rehab", timezone: "America/Denver", products: ["HEALTH", "SCAN"], disabled: false, scanModules: [] });
    const loc = await api.db.one<{ id: string; name: string; keyword: string; address2: string | null; state_code: string; country_code: string; default_provider_id: string }>(
      "SELECT * FROM locations WHERE organization_id = $1",
      [r.body.id],
    );
    expect(loc).toMatchObject({ name: "Boulder Clinic", keyword: body.location.keyword.trim().toUpperCase(), address2: null, state_code: "CO", country_code: "US" });
    const p = await api.db.one<{ id: string; role: string; user_id: string | null; invite_code: string | null; invited_at: string | null; email: string }>(
      "SELECT * FROM practitioners WHERE organization_id = $1",
      [r.body.id],
    );
    expect(p).toMatchObject({ role: "PORTAL_PROVIDER_ADMIN", user_id: null, email: body.practitioner.email });
    expect(p!.invite_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(p!.invited_at).not.toBeNull();
    expect(loc!.default_provider_id).toBe(p!.id);
    expect(await api.db.one("SELECT 1 FROM practitioner_locations WHERE practitioner_id = $1 AND location_id = $2", [p!.id, loc!.id])).toBeTruthy();

    // The invite code can be looked up by e-mail (case-insensitive) for the sign-up link.
    const invite = await api.request("GET", `/v2/admin/invite-code?email=${encodeURIComponent(body.practitioner.email.toUpperCase())}`, as(fx.support));
    expect(invite.status).toBe(200);
    expect(invite.body).toEqual({ firstName: "Alex", lastName: "Moreno", email: body.practitioner.email, inviteCode: p!.invite_code, hasAccount: false });
  });

  it("refuses a bad location with the product's message and creates nothing", async () => {
    const before = await orgCount();
    const blank = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ location: { name: "   ", timezone: "America/Denver" } }) });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("location.name: Name is required");
    const badTz = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ location: { name: "X", timezone: "Europe/Paris" } }) });
    expect(badTz.status).toBe(400);
    expect(badTz.body.message).toContain("location/timezone");
    const noOrgName = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ orgName: " " }) });
    expect(noOrgName.body.message).toBe("orgName: Organization name is required");
    const badRole = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ practitioner: { firstName: "A", lastName: "B", email: "a@b.example", role: "EXER_ADMIN" } }) });
    expect(badRole.status).toBe(400);
    expect(await orgCount()).toBe(before);
  });

  it("answers 409 for an e-mail already used by a provider, rolling back the organization and location", async () => {
    const before = await orgCount();
    const locations = (await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM locations"))!.n;
    const email = (await api.db.one<{ email: string }>("SELECT email FROM practitioners WHERE id = $1", [fx.adminB.practitionerId]))!.email;
    const r = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ practitioner: { firstName: "Dup", lastName: "Email", email: email.toUpperCase() } }) });
    expect(r.status).toBe(409);
    expect(await orgCount()).toBe(before);
    expect((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM locations"))!.n).toBe(locations);
  });

  it("refuses a location keyword that is not a code (400) or is in use by any location, in any case (409), creating nothing", async () => {
    const before = await orgCount();
    await api.db.query("UPDATE locations SET keyword = 'NORTHB' WHERE id = $1", [fx.orgB.locations[0]]);
    const taken = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ location: { name: "X", timezone: "America/Denver", keyword: " northb " } }) });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("location.keyword: This keyword is already used by another location.");
    const spaced = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ location: { name: "X", timezone: "America/Denver", keyword: "TWO WORDS" } }) });
    expect(spaced.status).toBe(400);
    expect(spaced.body.message).toMatch(/location\/keyword/);
    // The ZIP code is a code too, as on the organization's own location form.
    const zip = await api.request("POST", "/v2/admin/organizations", { ...as(fx.productAdmin), body: create({ location: { name: "X", timezone: "America/Denver", zipCode: "8030" } }) });
    expect(zip.status).toBe(400);
    expect(zip.body.message).toMatch(/location\/zipCode/);
    expect(await orgCount()).toBe(before);
  });

  it("lists organizations by name and answers 404 for an unknown id", async () => {
    const list = await api.request("GET", "/v2/admin/organizations", as(fx.support));
    const names = list.body.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list.body[0]).not.toHaveProperty("scanModules");
    const missing = await api.request("GET", `/v2/admin/organizations/${randomUUID()}`, as(fx.support));
    expect(missing.status).toBe(404);
  });

  it("uploads a PNG logo and refuses anything else", async () => {
    const ok = await api.request("POST", `/v2/admin/organizations/${fx.orgB.id}/logo`, { ...as(fx.productAdmin), ...multipart(PNG) });
    expect(ok.status).toBe(200);
    expect(ok.body.logoUrl).toMatch(/^http:\/\/api\.test\/files\//);
    const gif = await api.request("POST", `/v2/admin/organizations/${fx.orgB.id}/logo`, { ...as(fx.productAdmin), ...multipart(Buffer.from("GIF89a-not-a-png"), "image/png") });
    expect(gif.status).toBe(400);
    const unknown = await api.request("POST", `/v2/admin/organizations/${randomUUID()}/logo`, { ...as(fx.productAdmin), ...multipart(PNG) });
    expect(unknown.status).toBe(404);
  });
});

describe("scan modules", () => {
  const save = (scanModules: unknown[]) => api.request("PATCH", `/v2/admin/organizations/${fx.orgA.id}`, { ...as(fx.productAdmin), body: { scanModules } });

  it("validates modules with the product's messages, naming the field", async () => {
    expect((await save([{ name: "  ", subtitle: "x", isLocked: false }])).body).toEqual({ status: 400, message: "scanModules[0].name: Module Name is required" });
    expect((await save([{ name: "A", subtitle: "x", isLocked: false }, { name: "B", subtitle: "", isLocked: false }])).body.message).toBe("scanModules[1].subtitle: Subtitle is required");
    const dup = await save([{ name: "A", subtitle: "x", isLocked: false, assessments: [{ id: "AST-0018", name: "G" }, { id: "AST-0020", name: "S" }, { id: "AST-0018", name: "G" }] }]);
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("scanModules[0].assessments[2].id: assessment AST-0018 is already in this module");
    const unknown = await save([{ name: "A", subtitle: "x", isLocked: false, assessments: [{ id: "AST-0999", name: "Nope" }] }]);
    expect(unknown.body.message).toBe("scanModules[0].assessments[0].id: unknown assessment AST-0999");
    const icon = await save([{ name: "A", subtitle: "x", isLocked: false, imageName: "Kittens" }]);
    expect(icon.status).toBe(400);
    expect(icon.body.message).toContain("imageName");
    // The subject orientation is a code (issue 25, ADR 031): FRONT, SIDE or BACK, not free text.
    const orientation = await save([{ name: "A", subtitle: "x", isLocked: false, assessments: [{ id: "AST-0018", name: "G", subjectOrientation: "<b>sideways</b>" }] }]);
    expect(orientation.status).toBe(400);
    expect(orientation.body.message).toContain("subjectOrientation");
    const noLock = await save([{ name: "A", subtitle: "x" }]);
    expect(noLock.status).toBe(400);
    expect(noLock.body.message).toContain("isLocked");
    const url = await save([{ name: "A", subtitle: "x", isLocked: false, imageUrl: "not a url" }]);
    expect(url.status).toBe(400);
    const sameId = randomUUID();
    const twice = await save([{ id: sameId, name: "A", subtitle: "x", isLocked: false }, { id: sameId, name: "B", subtitle: "y", isLocked: false }]);
    expect(twice.body.message).toMatch(/^scanModules\[1\]\.id:/);
    // Nothing was saved by the refused calls.
    expect((await api.request("GET", `/v2/admin/organizations/${fx.orgA.id}`, as(fx.support))).body.scanModules).toEqual([]);
  });

  it("saves the ordered modules with defaults and answers them from the detail", async () => {
    const r = await save([
      { name: " Fall Risk ", subtitle: "Balance", isLocked: false, imageName: "Balance & Stability", assessments: [{ id: "AST-0020", name: "Stance", nameOverride: "  " }, { id: "AST-0018", name: "Gait Speed", nameOverride: "Walk Test" }] },
      { name: "Locked", subtitle: "Soon", isLocked: true, imageUrl: "https://cdn.example/m.png" },
    ]);
    expect(r.status).toBe(200);
    const [m1, m2] = r.body.scanModules;
    expect(m1).toMatchObject({ name: "Fall Risk", imageName: "Balance & Stability", isLocked: false, imageUrl: null });
    expect(m1.assessments.map((a: { id: string }) => a.id)).toEqual(["AST-0020", "AST-0018"]);
    expect(m1.assessments[0]).toEqual({ id: "AST-0020", name: "Stance", thumbnailUrl: null, subjectOrientation: "FRONT", directives: stanceDirectives, nameOverride: null });
    expect(m1.assessments[1].nameOverride).toBe("Walk Test");
    expect(m2).toMatchObject({ name: "Locked", imageName: "Assessment", isLocked: true, imageUrl: "https://cdn.example/m.png", assessments: [] });
    expect(m1.id).toMatch(/^[0-9a-f-]{36}$/);
    const detail = await api.request("GET", `/v2/admin/organizations/${fx.orgA.id}`, as(fx.support));
    expect(detail.body.scanModules).toEqual(r.body.scanModules);
    // Saving again with the ids keeps them; reordering is kept.
    const again = await save([{ ...m2 }, { ...m1 }]);
    expect(again.body.scanModules.map((m: { id: string }) => m.id)).toEqual([m2.id, m1.id]);
  });
});

describe("disable and enable", () => {
  it("disables an organization: patients discharged, its users refused; enable restores both", async () => {
    const org = fx.orgB.id;
    const [open, early] = fx.patients.b as [string, string];
    const future = await createPatient(api.db, { organizationId: org, locationId: fx.orgB.locations[0], practitionerId: fx.practitionerB.practitionerId });
    await api.db.query("UPDATE patient_records SET discharge_date = current_date - 40 WHERE id = $1", [early]);
    await api.db.query("UPDATE plans_of_care SET end_date = current_date - 40, start_date = current_date - 60 WHERE patient_record_id = $1", [early]);
    await api.db.query("UPDATE patient_records SET discharge_date = current_date + 20 WHERE id = $1", [future]);
    await api.db.query("UPDATE plans_of_care SET end_date = current_date + 20 WHERE patient_record_id = $1", [future]);
    const state = async () =>
      api.db.query<{ id: string; discharge_date: string | null; end_date: string | null }>(
        `SELECT pr.id, pr.discharge_date::text, poc.end_date::text FROM patient_records pr JOIN plans_of_care poc ON poc.patient_record_id = pr.id WHERE pr.organization_id = $1 ORDER BY pr.id`,
        [org],
      );
    const before = await state();
    expect((await api.request("GET", "/v2/users/current", as(fx.adminB))).status).not.toBe(403);

    const r = await api.request("POST", `/v2/admin/organizations/${org}/disable`, as(fx.productAdmin));
    expect(r.status).toBe(200);
    expect(r.body.disabled).toBe(true);
    const today = dayIn("America/Denver", new Date());
    const after = new Map((await state()).map((s) => [s.id, s]));
    expect(after.get(open)).toMatchObject({ discharge_date: today, end_date: today });
    expect(after.get(future)).toMatchObject({ discharge_date: today, end_date: today });
    expect(after.get(early)!.discharge_date).toBe(before.find((s) => s.id === early)!.discharge_date);
    // The discharged patients' records changed: one access record each, written with the change (ADR 018).
    const audited = async (op: string) =>
      (await api.db.query<{ p: string; user_id: string; status: number }>("SELECT patient_record_id::text AS p, user_id, status FROM patient_access_log WHERE operation_id = $1 AND patient_record_id = ANY($2::uuid[])", [op, [open, early, future]]))
        .map((a) => [a.p, a.user_id, a.status])
        .sort();
    expect(await audited("adminDisableOrganization")).toEqual([open, future].sort().map((p) => [p, fx.productAdmin.userId, 200]));
    // The organization's users lose access to every call.
    expect((await api.request("GET", "/v2/users/current", as(fx.adminB))).status).toBe(403);
    expect((await api.request("GET", "/v2/patients/pages", as(fx.practitionerB))).status).toBe(403);
    expect((await api.request("GET", "/v2/admin/organizations", as(fx.support))).body.find((o: { id: string }) => o.id === org).disabled).toBe(true);
    // Disabling again changes nothing.
    expect((await api.request("POST", `/v2/admin/organizations/${org}/disable`, as(fx.productAdmin))).status).toBe(200);

    const e = await api.request("POST", `/v2/admin/organizations/${org}/enable`, as(fx.productAdmin));
    expect(e.status).toBe(200);
    expect(e.body.disabled).toBe(false);
    expect(await state()).toEqual(before);
    // Disabling again discharged nobody; enabling restored the same two patients.
    expect(await audited("adminDisableOrganization")).toHaveLength(2);
    expect(await audited("adminEnableOrganization")).toEqual([open, future].sort().map((p) => [p, fx.productAdmin.userId, 200]));
    expect((await api.request("GET", "/v2/users/current", as(fx.adminB))).status).not.toBe(403);
    expect(await api.db.one("SELECT 1 FROM organization_disable_discharges WHERE organization_id = $1", [org])).toBeUndefined();
  });

  it("refuses to disable the staff organization and answers 404 for an unknown one", async () => {
    const r = await api.request("POST", `/v2/admin/organizations/${fx.internalOrg.id}/disable`, as(fx.productAdmin));
    expect(r.status).toBe(400);
    expect((await api.request("POST", `/v2/admin/organizations/${randomUUID()}/enable`, as(fx.productAdmin))).status).toBe(404);
  });
});

describe("scan client versions", () => {
  it("lists newest first with the latest flagged", async () => {
    const r = await api.request("GET", "/v2/admin/scan/clients", as(fx.support));
    expect(r.status).toBe(200);
    expect(r.body.map((v: { versionId: string }) => v.versionId)).toEqual(["2.19.1", "2.18.0", "2.17.0", "2.9.4", "9999", "9999a", "test"]);
    expect(r.body.map((v: { isLatest: boolean }) => v.isLatest)).toEqual([true, false, false, false, false, false, false]);
  });

  it("updates updateRequired and records the caller; refuses the latest, unknown and malformed versions", async () => {
    const r = await api.request("PUT", "/v2/admin/scan/clients/2.18.0", { ...as(fx.productAdmin), body: { updateRequired: true } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ versionId: "2.18.0", updateRequired: true, isLatest: false, updatedBy: { firstName: "Staff", lastName: "Tester" } });
    const list = await api.request("GET", "/v2/admin/scan/clients", as(fx.support));
    expect(list.body.find((v: { versionId: string }) => v.versionId === "2.18.0").updateRequired).toBe(true);
    expect((await api.request("PUT", "/v2/admin/scan/clients/2.19.1", { ...as(fx.productAdmin), body: { updateRequired: true } })).status).toBe(400);
    expect((await api.request("PUT", "/v2/admin/scan/clients/3.0.0", { ...as(fx.productAdmin), body: { updateRequired: true } })).status).toBe(404);
    expect((await api.request("PUT", "/v2/admin/scan/clients/2.18", { ...as(fx.productAdmin), body: { updateRequired: true } })).status).toBe(400);
    expect((await api.request("PUT", "/v2/admin/scan/clients/2.18.0", { ...as(fx.productAdmin), body: { updateRequired: "yes" } })).status).toBe(400);
    expect((await api.request("PUT", "/v2/admin/scan/clients/tests", { ...as(fx.productAdmin), body: { updateRequired: true } })).status).toBe(400);
  });

  it("saves the internal test versions (test, 9999, 9999a: 003 §5), which are never the latest", async () => {
    for (const v of ["test", "9999", "9999a"]) {
      const r = await api.request("PUT", `/v2/admin/scan/clients/${v}`, { ...as(fx.productAdmin), body: { updateRequired: true } });
      expect(r.status, v).toBe(200);
      expect(r.body).toEqual({ versionId: v, updateRequired: true, isLatest: false, updatedBy: { firstName: "Staff", lastName: "Tester" } });
    }
    const list = await api.request("GET", "/v2/admin/scan/clients", as(fx.support));
    expect(list.body.filter((v: { updateRequired: boolean; versionId: string }) => ["test", "9999", "9999a"].includes(v.versionId) && v.updateRequired)).toHaveLength(3);
    expect(list.body[0]).toMatchObject({ versionId: "2.19.1", isLatest: true });
  });
});

describe("locations", () => {
  it("sets, trims and clears a location's keyword", async () => {
    const id = fx.orgA.locations[1];
    const r = await api.request("PATCH", `/v2/admin/locations/${id}`, { ...as(fx.productAdmin), body: { keyword: "  SOUTHA " } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, name: "A South", keyword: "SOUTHA", organization: { id: fx.orgA.id, name: "Org A" }, city: "Denver", state: "CO" });
    const found = await api.request("GET", "/v2/admin/locations?search=southa", as(fx.support));
    expect(found.body.items.map((l: { id: string }) => l.id)).toEqual([id]);
    const cleared = await api.request("PATCH", `/v2/admin/locations/${id}`, { ...as(fx.productAdmin), body: { keyword: "   " } });
    expect(cleared.body.keyword).toBeNull();
    expect((await api.request("PATCH", `/v2/admin/locations/${randomUUID()}`, { ...as(fx.productAdmin), body: { keyword: "X" } })).status).toBe(404);
  });

  it("keeps keywords codes, in capitals, unique across organizations ignoring case (issue 25)", async () => {
    const [mine, other] = [fx.orgA.locations[1], fx.orgB.locations[0]];
    const patch = (id: string | undefined, keyword: string | null) => api.request("PATCH", `/v2/admin/locations/${id}`, { ...as(fx.productAdmin), body: { keyword } });
    const set = await patch(other, "b-main_1");
    expect(set.status).toBe(200);
    expect(set.body.keyword).toBe("B-MAIN_1");
    // Another organization's keyword, in any case: 409 naming the field; the location keeps its own.
    const before = (await api.db.one<{ keyword: string | null }>("SELECT keyword FROM locations WHERE id = $1", [mine]))!.keyword;
    for (const taken of ["B-MAIN_1", "b-Main_1", " b-main_1 "]) {
      const r = await patch(mine, taken);
      expect(r.status, taken).toBe(409);
      expect(r.body.message).toBe("keyword: This keyword is already used by another location.");
    }
    expect((await api.db.one<{ keyword: string | null }>("SELECT keyword FROM locations WHERE id = $1", [mine]))!.keyword).toBe(before);
    // The location's own keyword again: not a conflict.
    expect((await patch(other, "B-MAIN_1")).status).toBe(200);
    // Spaces inside, markup, emoji, a leading dash, too long: 400 (the contract's pattern) naming the field.
    for (const bad of ["TWO WORDS", "<b>KW</b>", "KW😀", "-KW", "K".repeat(33)]) {
      const r = await patch(mine, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toMatch(/keyword/);
    }
    // The database refuses what the API would (migration 131): a second location with the keyword, or not a code.
    await expect(api.db.query("UPDATE locations SET keyword = 'B-MAIN_1' WHERE id = $1", [mine])).rejects.toMatchObject({ code: "23505" });
    await expect(api.db.query("UPDATE locations SET keyword = 'two words' WHERE id = $1", [mine])).rejects.toMatchObject({ code: "23514" });
  });

  it("filters by organization, sorts and pages", async () => {
    const a = await api.request("GET", `/v2/admin/locations?organizationId=${fx.orgA.id}`, as(fx.support));
    expect(a.body.items.map((l: { name: string }) => l.name)).toEqual(["A North", "A South"]);
    const desc = await api.request("GET", `/v2/admin/locations?organizationId=${fx.orgA.id}&orderBy=DESC`, as(fx.support));
    expect(desc.body.items.map((l: { name: string }) => l.name)).toEqual(["A South", "A North"]);
    const byOrg = await api.request("GET", "/v2/admin/locations?sortBy=ORGANIZATION&limit=2&page=1", as(fx.support));
    expect(byOrg.body.metadata).toMatchObject({ itemCount: 2, itemsForPage: 2, currentPage: 1 });
    expect(byOrg.body.items[0].organization.name <= byOrg.body.items[1].organization.name).toBe(true);
    expect((await api.request("GET", "/v2/admin/locations?sortBy=ZIP", as(fx.support))).status).toBe(400);
  });

  it("lists the scan organizations with their locations by name", async () => {
    const r = await api.request("GET", "/v2/admin/scan/organizations/locations", as(fx.support));
    const a = r.body.find((o: { id: string }) => o.id === fx.orgA.id);
    expect(a.locations.map((l: { name: string }) => l.name)).toEqual(["A North", "A South"]);
    expect(r.body.find((o: { id: string }) => o.id === fx.internalOrg.id)).toBeUndefined();
  });
});

describe("users and settings", () => {
  it("finds a user's profile by UUID, or answers the product's 404 message", async () => {
    const r = await api.request("GET", `/v2/admin/user-profile?uuid=${fx.practitionerA1.userId}`, as(fx.support));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userId: fx.practitionerA1.userId, practitionerId: fx.practitionerA1.practitionerId, role: "PORTAL_PRACTITIONER", organization: { id: fx.orgA.id } });
    const missing = await api.request("GET", `/v2/admin/user-profile?uuid=${randomUUID()}`, as(fx.support));
    expect(missing.body).toEqual({ status: 404, message: "No patient found, please check the UUID." });
    expect((await api.request("GET", "/v2/admin/user-profile?uuid=nope", as(fx.support))).status).toBe(400);
  });

  it("finds a user's profile by e-mail (any case); exactly one of uuid and email", async () => {
    const email = (await api.db.one<{ email: string }>("SELECT email FROM practitioners WHERE id = $1", [fx.practitionerA1.practitionerId]))!.email;
    const r = await api.request("GET", `/v2/admin/user-profile?email=${encodeURIComponent(email.toUpperCase())}`, as(fx.support));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userId: fx.practitionerA1.userId, practitionerId: fx.practitionerA1.practitionerId });
    const missing = await api.request("GET", `/v2/admin/user-profile?email=${encodeURIComponent("nobody@test.example")}`, as(fx.support));
    expect(missing.body).toEqual({ status: 404, message: "No patient found, please check the email." });
    const both = await api.request("GET", `/v2/admin/user-profile?uuid=${fx.practitionerA1.userId}&email=${encodeURIComponent(email)}`, as(fx.support));
    expect(both.status).toBe(400);
    expect((await api.request("GET", "/v2/admin/user-profile", as(fx.support))).status).toBe(400);
    expect((await api.request("GET", "/v2/admin/user-profile?email=not-an-email", as(fx.support))).status).toBe(400);
  });

  it("gets, sets and resets the scan-modules organization override", async () => {
    const url = "/v2/admin/settings/scan-modules-organization-override";
    expect((await api.request("POST", url, { ...as(fx.support), body: { organizationId: randomUUID() } })).status).toBe(404);
    // An organization without Scan has no modules to serve: refused at the field (issue 34: a forged post was accepted).
    const noScan = randomUUID();
    await api.db.query("INSERT INTO organizations (id, name, products) VALUES ($1, 'No Scan Org', '{HEALTH}')", [noScan]);
    expect((await api.request("POST", url, { ...as(fx.support), body: { organizationId: noScan } })).body).toEqual({ status: 400, message: "organizationId: This organization does not have Scan: choose an organization with Scan." });
    expect((await api.request("GET", url, as(fx.support))).body).not.toEqual({ organizationId: noScan });
    expect((await api.request("POST", url, { ...as(fx.support), body: { organizationId: fx.orgA.id } })).body).toEqual({ organizationId: fx.orgA.id });
    expect((await api.request("GET", url, as(fx.support))).body).toEqual({ organizationId: fx.orgA.id });
    expect((await api.request("DELETE", url, as(fx.support))).status).toBe(204);
    expect((await api.request("GET", url, as(fx.support))).body).toEqual({ organizationId: null });
  });

  it("registers Typeform forms: id required, webhook confirmed, no duplicates", async () => {
    const url = "/v2/admin/pro/typeform-forms";
    expect((await api.request("POST", url, { ...as(fx.productAdmin), body: { id: "  ", webhookConfirmed: true } })).body.message).toBe("id: Form ID is required");
    expect((await api.request("POST", url, { ...as(fx.productAdmin), body: { id: "abc123", webhookConfirmed: false } })).status).toBe(400);
    const ok = await api.request("POST", url, { ...as(fx.productAdmin), body: { id: "abc123", webhookConfirmed: true } });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ id: "abc123", hasExerWebhookEnabled: true });
    expect((await api.request("POST", url, { ...as(fx.productAdmin), body: { id: "abc123", webhookConfirmed: true } })).status).toBe(409);
    await api.db.query("INSERT INTO typeform_forms (id, has_exer_webhook_enabled) VALUES ('missing1', false)");
    const list = await api.request("GET", url, as(fx.support));
    expect(list.body).toEqual(expect.arrayContaining([{ id: "abc123", hasExerWebhookEnabled: true }, { id: "missing1", hasExerWebhookEnabled: false }]));
    // Adding a form whose webhook is Missing confirms it.
    expect((await api.request("POST", url, { ...as(fx.productAdmin), body: { id: "missing1", webhookConfirmed: true } })).status).toBe(201);
  });
});

describe("scan sessions, outcomes and logs", () => {
  it("lists sessions across organizations, newest first, 15 per page by default", async () => {
    const r = await api.request("GET", "/v2/admin/scan/sessions/pages", as(fx.support));
    expect(r.status).toBe(200);
    expect(r.body.metadata.itemsForPage).toBe(15);
    const ids = r.body.items.map((s: { id: string }) => s.id);
    expect(ids.indexOf(scanA.id)).toBeLessThan(ids.indexOf(scanB.id));
    expect(r.body.items.find((s: { id: string }) => s.id === scanB.id).organization.id).toBe(fx.orgB.id);
  });

  it("filters by assessment, location, provider and dates", async () => {
    const get = async (q: string) => (await api.request("GET", `/v2/admin/scan/sessions/pages?${q}`, as(fx.support))).body.items.map((s: { id: string }) => s.id);
    expect(await get("assessmentIds=AST-0020")).toEqual([scanB.id]);
    expect(await get(`locationIds=${fx.orgA.locations[0]}&locationIds=${fx.orgB.locations[0]}`)).toEqual([scanA.id, scanB.id]);
    expect(await get("provider=pracTA1")).toEqual([scanA.id]);
    expect(await get("provider=PractB%20Tester")).toEqual([scanB.id]);
    expect(await get(`start=${new Date(Date.now() - 3 * DAY).toISOString()}`)).toEqual([scanA.id]);
    expect((await api.request("GET", `/v2/admin/scan/sessions/pages?start=${new Date().toISOString()}&end=${new Date(Date.now() - DAY).toISOString()}`, as(fx.support))).status).toBe(400);
  });

  it("a session UUID ignores every other filter", async () => {
    const r = await api.request("GET", `/v2/admin/scan/sessions/pages?sessionUUID=${scanB.sessionUUID}&assessmentIds=AST-0018&locationIds=${fx.orgA.locations[0]}&provider=nobody&start=2000-01-01T00:00:00Z&end=2000-01-02T00:00:00Z`, as(fx.support));
    expect(r.body.items.map((s: { id: string }) => s.id)).toEqual([scanB.id]);
    expect(r.body.metadata.totalItems).toBe(1);
  });

  it("signs the URL of an existing log and answers 404 when there is none", async () => {
    const ok = await api.request("GET", `/v2/admin/scan/sessions/${scanA.id}/pose-log/signed-url`, as(fx.support));
    expect(ok.status).toBe(200);
    const file = await api.request("GET", ok.body.url.replace("http://api.test", ""));
    expect(file.status).toBe(200);
    expect(file.body).toEqual({ frames: [] });
    const none = await api.request("GET", `/v2/admin/scan/sessions/${scanB.id}/pose-log/signed-url`, as(fx.support));
    expect(none.body).toEqual({ status: 404, message: "No pose logs available" });
    expect((await api.request("GET", `/v2/admin/scan/sessions/${scanA.id}/hands-log/signed-url`, as(fx.support))).status).toBe(404);
    expect((await api.request("GET", `/v2/admin/scan/sessions/${scanA.id}/video/signed-url`, as(fx.support))).status).toBe(400);
    expect((await api.request("GET", `/v2/admin/scan/sessions/${randomUUID()}/pose-log/signed-url`, as(fx.support))).status).toBe(404);
  });

  it("saves and lists an organization's risk-factor outcomes with validation", async () => {
    const url = `/v2/admin/scan/organizations/${fx.orgA.id}/assessments/AST-0018/outcomes/risk-factors`;
    const mismatch = await api.request("PUT", url, { ...as(fx.productAdmin), body: outcome("AST-0020") });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toMatch(/^assessmentId:/);
    const noResult = await api.request("PUT", url, { ...as(fx.productAdmin), body: { ...outcome("AST-0018"), resultDefinitionId: null } });
    expect(noResult.body.message).toMatch(/^resultDefinitionId:/);
    const ageWithout = outcome("AST-0018");
    ageWithout.factors[0]!.criteria.push({ type: "AGE", units: "years", conditions: [{ comparator: "gte", value: 60 }] });
    expect((await api.request("PUT", url, { ...as(fx.productAdmin), body: ageWithout })).body.message).toBe("factors[0].criteria[1].type: factor 1 (LOW): an AGE criterion needs AGE in demographicsRequired");
    // Rules that cannot work (issue 25), refused with 400 naming the path: the portal's own check (ADR 031).
    const refused = async (change: (o: ReturnType<typeof outcome>) => void) => {
      const body = structuredClone(outcome("AST-0018"));
      change(body);
      const r = await api.request("PUT", url, { ...as(fx.productAdmin), body });
      expect(r.status).toBe(400);
      return r.body.message as string;
    };
    const speed = (comparator: string, value: number) => ({ type: "SPEED", units: "m/s", conditions: [{ comparator, value }] });
    expect(await refused((o) => ((o.factors[0]!.criteria = [speed("gt", 5)]), (o.factors[1]!.criteria = [speed("lt", 10)])))).toBe(
      "factors[1].criteria[0].conditions: factor 1 (LOW) and factor 2 (HIGH) both match SPEED > 5 and < 10 m/s: every value must select exactly one factor",
    );
    expect(await refused((o) => (o.factors[1]!.criteria[0]!.conditions = [{ comparator: "gt", value: 10 }, { comparator: "lt", value: 5 }]))).toMatch(
      /^factors\[1\]\.criteria\[0\]\.conditions: factor 2 \(HIGH\) can never match: > 10 and < 5/,
    );
    expect(await refused((o) => (o.factors[1]!.criteria = []))).toBe("factors[1].criteria: factor 2 (HIGH) has no result criterion (SPEED, DISTANCE, TIME or REPS): it would match every result");
    expect(await refused((o) => (o.factors[0]!.criteria[0]!.units = "parsecs"))).toBe('factors[0].criteria[0].units: factor 1 (LOW): unknown units "parsecs" for SPEED; use m/s, cm/s, ft/s, km/h, mph');
    expect(await refused((o) => ((o as { leftResultDefinitionId: string | null }).leftResultDefinitionId = "leftSpeed"))).toBe("leftResultDefinitionId: must be null for a FALL outcome (it reads resultDefinitionId)");
    expect(await refused((o) => o.factors.pop())).toBe("factors: no factor matches SPEED < 0.8 m/s: every value must select exactly one factor");
    const badShape = await api.request("PUT", url, { ...as(fx.productAdmin), body: { ...outcome("AST-0018"), factors: [{ category: "LOW" }] } });
    expect(badShape.status).toBe(400);
    const ok = await api.request("PUT", url, { ...as(fx.productAdmin), body: outcome("AST-0018") });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(outcome("AST-0018"));
    const list = await api.request("GET", `/v2/admin/scan/organizations/${fx.orgA.id}/outcomes/risk-factors`, as(fx.support));
    expect(list.body).toEqual([outcome("AST-0018")]);
    expect((await api.request("PUT", `/v2/admin/scan/organizations/${fx.orgA.id}/assessments/AST-0777/outcomes/risk-factors`, { ...as(fx.productAdmin), body: outcome("AST-0777") })).status).toBe(404);
    expect((await api.request("GET", `/v2/admin/scan/organizations/${randomUUID()}/outcomes/risk-factors`, as(fx.support))).status).toBe(404);
  });
});

describe("gait sessions", () => {
  it("lists the last 90 days across organizations, newest first", async () => {
    const old = await addGaitSession(fx.patients.a2[0]!, new Date(Date.now() - 100 * DAY));
    const newest = await addGaitSession(fx.patients.a2[0]!, new Date(Date.now() - DAY));
    const r = await api.request("GET", "/v2/admin/gait/sessions", as(fx.support));
    expect(r.status).toBe(200);
    const ids = r.body.map((s: { id: string }) => s.id);
    expect(ids).toContain(gaitRecent);
    expect(ids).not.toContain(old);
    expect(ids.indexOf(newest)).toBeLessThan(ids.indexOf(gaitRecent));
    const s = r.body.find((x: { id: string }) => x.id === gaitRecent);
    expect(s).toMatchObject({ organization: { id: fx.orgA.id, name: "Org A" }, patient: { firstName: "Pat" }, practitioner: { id: fx.practitionerA1.practitionerId } });
    expect(s.patientRecordGaitUid).toMatch(/^GT-/);
    const explicit = await api.request("GET", `/v2/admin/gait/sessions?start=${new Date(Date.now() - 120 * DAY).toISOString()}&end=${new Date(Date.now() - 40 * DAY).toISOString()}`, as(fx.support));
    expect(explicit.body.map((x: { id: string }) => x.id)).toEqual([old]);
  });

  it("refuses a window longer than 90 days or reversed", async () => {
    const long = await api.request("GET", "/v2/admin/gait/sessions?start=2026-01-01T00:00:00Z&end=2026-04-02T00:00:00Z", as(fx.support));
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("90 days");
    expect((await api.request("GET", "/v2/admin/gait/sessions?start=2026-04-01T00:00:00Z&end=2026-01-01T00:00:00Z", as(fx.support))).status).toBe(400);
    expect((await api.request("GET", "/v2/admin/gait/sessions?start=2026-01-01T00:00:00Z&end=2026-03-31T00:00:00Z", as(fx.support))).status).toBe(200);
  });

  it("derives the window from one bound", () => {
    const w = gaitWindow({ start: "2026-01-01T00:00:00.000Z" });
    expect(w.end.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    const e = gaitWindow({ end: "2026-04-01T00:00:00.000Z" });
    expect(e.start.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("signs a gait pose log URL when the log exists, and the list says which sessions have one (issue 25)", async () => {
    const listed = async () => (await api.request("GET", "/v2/admin/gait/sessions", as(fx.support))).body.find((x: { id: string }) => x.id === gaitRecent);
    expect((await api.request("GET", `/v2/admin/gait/sessions/${gaitRecent}/pose-log/signed-url`, as(fx.support))).body.message).toBe("No pose logs available");
    expect((await listed()).artifacts).toEqual([]);
    await api.services.files.put(`gait/${gaitRecent}/pose-log.json`, JSON.stringify({ frames: [] }), "application/json");
    // A file the session does not list is not offered: the list and the signed URL agree.
    expect((await api.request("GET", `/v2/admin/gait/sessions/${gaitRecent}/pose-log/signed-url`, as(fx.support))).status).toBe(404);
    await api.db.query("UPDATE gait_sessions SET artifacts = '{pose-log}' WHERE id = $1", [gaitRecent]);
    expect((await listed()).artifacts).toEqual(["pose-log"]);
    const r = await api.request("GET", `/v2/admin/gait/sessions/${gaitRecent}/pose-log/signed-url`, as(fx.support));
    expect(r.status).toBe(200);
    expect(r.body.url).toContain("/files/");
    expect((await api.request("GET", `/v2/admin/gait/sessions/${randomUUID()}/pose-log/signed-url`, as(fx.support))).status).toBe(404);
  });
});
