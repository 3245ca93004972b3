/**
 * ADR 026: support staff (EXER_SUPPORT) read their own organization and change nothing in it. The outside probe
 * (issue 23, finding 12) had support create a location, a provider-admin invitation and a patient and rename the
 * internal organization; each is refused here with 403 and ADR 015's message, and nothing is created. The same
 * requests by a product admin of the same organization succeed (they are valid: the refusal is the role's).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, hasRole, type J, type Req } from "./lib/client.js";
import { fileWorld, onCleanup, patientBody, programBody } from "./lib/world.js";

const SUPPORT_CANNOT_CHANGE = "Support staff cannot make this change; ask a product admin.";

const w = fileWorld();
let orgId: string;
let locationId: string;

beforeAll(async () => {
  orgId = (await call({ op: "getCurrentUser", as: "SUPPORT" })).body?.organization?.id;
  const locations = (await call({ op: "listLocations", as: "SUPPORT" })).body as J[];
  locationId = locations[0]?.id;
});

const available = () => hasRole("SUPPORT") && hasRole("PRODUCT_ADMIN");

/** The changes of the probe, and the rest of the organization's own changes, in support's own organization. */
function changes(): { name: string; req: Req }[] {
  const u = w.unique();
  const { templateId: _t, ...template } = programBody(w, { name: `Support template ${u}` });
  return [
    { name: "rename the organization", req: { op: "updateOrganization", params: { id: orgId }, body: { name: `Renamed by support ${u}` } } },
    { name: "create a location", req: { op: "createLocation", body: { name: `Support location ${u}`, timezone: "America/Denver" } } },
    { name: "rename a location", req: { op: "updateLocation", params: { id: locationId }, body: { name: `Support rename ${u}` } } },
    {
      name: "invite a provider admin",
      req: { op: "invitePractitioner", body: { firstName: "Support", lastName: `Invite ${u}`, email: `support.invite.${u}@contract.example`, role: "PORTAL_PROVIDER_ADMIN" } },
    },
    { name: "create a patient", req: { op: "createPatientRecord", body: patientBody(w, { locationId, products: ["HEALTH"], gaitUid: null }) } },
    { name: "create a template", req: { op: "createTemplate", body: template } },
    { name: "create a program", req: { op: "createProgram", body: programBody(w) } },
  ];
}

describe("support staff in their own organization (ADR 026)", () => {
  it("support is a member of an organization with a location", () => {
    if (!available()) return;
    expect(orgId, "support's organization").toBeTruthy();
    expect(locationId, "a location of support's organization").toBeTruthy();
  });

  it("refuses every change with 403 and the support message, and nothing changes", async () => {
    if (!available()) return;
    const before = { me: (await call({ op: "getCurrentUser", as: "SUPPORT" })).body, locations: (await call({ op: "listLocations", as: "SUPPORT" })).body, providers: (await call({ op: "listPractitioners", as: "SUPPORT" })).body };
    for (const c of changes()) {
      const res = await call({ ...c.req, as: "SUPPORT" });
      expect(res.status, c.name).toBe(403);
      expect(res.body, c.name).toEqual({ message: SUPPORT_CANNOT_CHANGE, status: 403 });
    }
    expect((await call({ op: "getCurrentUser", as: "SUPPORT" })).body.organization.name).toBe(before.me.organization.name);
    expect((await call({ op: "listLocations", as: "SUPPORT" })).body).toEqual(before.locations);
    expect((await call({ op: "listPractitioners", as: "SUPPORT" })).body.length).toBe((before.providers as J[]).length);
  });

  it("a product admin of the same organization may make the same changes (the requests are valid)", async () => {
    if (!available()) return;
    const name = (await call({ op: "getCurrentUser", as: "PRODUCT_ADMIN" })).body.organization.name;
    for (const c of changes().filter((x) => ["rename the organization", "create a patient", "invite a provider admin"].includes(x.name))) {
      const res = await call({ ...c.req, as: "PRODUCT_ADMIN" });
      expect(res.status, c.name).toBeLessThan(300);
      if (c.req.op === "createPatientRecord") onCleanup(() => call({ op: "deletePatientRecord", as: "PRODUCT_ADMIN", params: { id: res.body.id } }));
      if (c.req.op === "invitePractitioner") onCleanup(() => call({ op: "deletePractitioner", as: "PRODUCT_ADMIN", params: { id: res.body.id } }));
    }
    expect((await call({ op: "updateOrganization", as: "PRODUCT_ADMIN", params: { id: orgId }, body: { name } })).status).toBe(200);
  });

  it("support still reads the organization and keeps their own favorites", async () => {
    if (!available()) return;
    for (const op of ["listLocations", "listPractitioners", "listTemplates", "getDashboardActions"]) expect((await call({ op, as: "SUPPORT" })).status, op).toBe(200);
    const exerciseId = w.exercises[0]!;
    expect((await call({ op: "addFavoriteExercise", as: "SUPPORT", body: { id: exerciseId } })).status).toBeLessThan(300);
    expect((await call({ op: "removeFavoriteExercise", as: "SUPPORT", params: { id: exerciseId } })).status).toBeLessThan(300);
  });
});
