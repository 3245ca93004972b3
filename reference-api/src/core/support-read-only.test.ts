/**
 * ADR 026: support staff (EXER_SUPPORT) are read-only members of their own organization. Every change to the
 * organization, its locations, providers, patients and programs is refused (403) before any record is looked up;
 * reads, their own favorites and the scan-modules override stay open. Product admins keep changing it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, type TestApi } from "../testing/harness.js";
import { SUPPORT_CANNOT_CHANGE } from "./auth.js";

let api: TestApi;
let fx: Fixture;
let internalLocation: string;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  const loc = await api.request("POST", "/v2/locations", { as: fx.productAdmin, body: { name: "Internal HQ", timezone: "America/Denver" } });
  expect(loc.status).toBe(201);
  internalLocation = loc.body.id;
});
afterAll(async () => api?.close());

const changes = (f: Fixture, locationId: string) => [
  { method: "PATCH", url: `/v2/organizations/${f.internalOrg.id}`, body: { name: "Renamed by support" } },
  { method: "POST", url: "/v2/locations", body: { name: "Support's location", timezone: "America/Denver" } },
  { method: "PATCH", url: `/v2/locations/${locationId}`, body: { name: "Renamed" } },
  { method: "POST", url: "/v2/practitioners", body: { firstName: "Pro", lastName: "Admin", email: "support-invite@test.example", role: "PORTAL_PROVIDER_ADMIN" } },
  { method: "POST", url: "/v2/patients", body: { firstName: "Sup", lastName: "Port", email: "support-patient@test.example", phoneNumber: "(303) 555-0199", injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE", dob: "1950-02-03", locationId, products: ["HEALTH"] } },
  { method: "PATCH", url: `/v2/practitioners/${f.productAdmin.practitionerId}`, body: { locationIds: [locationId] } },
];

describe("support staff in their own organization (ADR 026)", () => {
  it("refuses every change with 403 and the support message, and changes nothing", async () => {
    const before = await api.db.one<{ n: number }>("SELECT (SELECT count(*) FROM locations) + (SELECT count(*) FROM practitioners) + (SELECT count(*) FROM patient_records) AS n");
    for (const c of changes(fx, internalLocation)) {
      const res = await api.request(c.method as "POST", c.url, { as: fx.support, body: c.body });
      expect(res.status, `${c.method} ${c.url}`).toBe(403);
      expect(res.body).toEqual({ message: SUPPORT_CANNOT_CHANGE, status: 403 });
    }
    const after = await api.db.one<{ n: number }>("SELECT (SELECT count(*) FROM locations) + (SELECT count(*) FROM practitioners) + (SELECT count(*) FROM patient_records) AS n");
    expect(after!.n).toBe(before!.n);
    const org = await api.request("GET", "/v2/users/current", { as: fx.support });
    expect(org.body.organization.name).not.toBe("Renamed by support");
  });

  it("lets support read, keep their favorites and set the scan-modules override", async () => {
    expect((await api.request("GET", "/v2/locations", { as: fx.support })).status).toBe(200);
    expect((await api.request("GET", "/v2/practitioners", { as: fx.support })).status).toBe(200);
    expect((await api.request("GET", "/v2/users/meta/favorite-exercises/", { as: fx.support })).status).toBe(200);
    const url = "/v2/admin/settings/scan-modules-organization-override";
    expect((await api.request("POST", url, { as: fx.support, body: { organizationId: fx.orgA.id } })).status).toBe(200);
    expect((await api.request("DELETE", url, { as: fx.support })).status).toBe(204);
  });

  it("lets a product admin change the same organization", async () => {
    const res = await api.request("PATCH", `/v2/organizations/${fx.internalOrg.id}`, { as: fx.productAdmin, body: { name: "Exer Internal" } });
    expect(res.status).toBe(200);
  });
});
