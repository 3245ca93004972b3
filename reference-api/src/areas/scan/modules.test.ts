import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { createFixture, type Fixture, type FixtureUser } from "../../testing/fixture.js";

let api: TestApi;
let fx: Fixture;
const as = (u: FixtureUser) => ({ as: { userId: u.userId, groups: u.groups } });
const moduleOf = (name: string, ids: string[]) => ({ name, subtitle: `${name} subtitle`, isLocked: false, assessments: ids.map((id) => ({ id, name: id })) });

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe("getScanClientModules (GET v2/scan/modules)", () => {
  it("answers the caller's organization's modules in the saved order, and follows a new order", async () => {
    expect((await api.request("GET", "/v2/scan/modules", as(fx.practitionerA1))).body).toEqual({ organizationId: fx.orgA.id, overridden: false, scanModules: [] });
    const save = (modules: unknown[]) => api.request("PATCH", `/v2/admin/organizations/${fx.orgA.id}`, { ...as(fx.productAdmin), body: { scanModules: modules } });
    const saved = await save([moduleOf("Balance", ["AST-0018", "AST-0009"]), moduleOf("Mobility", ["AST-0001"])]);
    expect(saved.status).toBe(200);
    const r = await api.request("GET", "/v2/scan/modules", as(fx.practitionerA1));
    expect(r.status).toBe(200);
    expect(r.body.scanModules.map((m: { name: string }) => m.name)).toEqual(["Balance", "Mobility"]);
    expect(r.body.scanModules[0].assessments.map((a: { id: string }) => a.id)).toEqual(["AST-0018", "AST-0009"]);
    const [balance, mobility] = saved.body.scanModules;
    await save([{ ...mobility }, { ...balance, assessments: [...balance.assessments].reverse() }]);
    const after = await api.request("GET", "/v2/scan/modules", as(fx.adminA));
    expect(after.body.scanModules.map((m: { name: string }) => m.name)).toEqual(["Mobility", "Balance"]);
    expect(after.body.scanModules[1].assessments.map((a: { id: string }) => a.id)).toEqual(["AST-0009", "AST-0018"]);
    // Another organization keeps its own (none).
    expect((await api.request("GET", "/v2/scan/modules", as(fx.practitionerB))).body.scanModules).toEqual([]);
  });

  it("serves the override organization's modules to the product's staff only, until it is reset", async () => {
    const set = await api.request("POST", "/v2/admin/settings/scan-modules-organization-override", { ...as(fx.support), body: { organizationId: fx.orgA.id } });
    expect(set.status).toBe(200);
    const staff = await api.request("GET", "/v2/scan/modules", as(fx.support));
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ organizationId: fx.orgA.id, overridden: true });
    expect(staff.body.scanModules.length).toBeGreaterThan(0);
    // A customer is never served another organization's modules.
    expect((await api.request("GET", "/v2/scan/modules", as(fx.practitionerB))).body).toMatchObject({ organizationId: fx.orgB.id, overridden: false, scanModules: [] });
    expect((await api.request("DELETE", "/v2/admin/settings/scan-modules-organization-override", as(fx.productAdmin))).status).toBe(204);
    expect((await api.request("GET", "/v2/scan/modules", as(fx.support))).body).toEqual({ organizationId: fx.internalOrg.id, overridden: false, scanModules: [] });
  });

  it("refuses an organization without SCAN, an account without a role, and anonymous callers", async () => {
    await api.db.query("UPDATE organizations SET products = '{HEALTH}' WHERE id = $1", [fx.orgB.id]);
    try {
      expect((await api.request("GET", "/v2/scan/modules", as(fx.adminB))).status).toBe(403);
    } finally {
      await api.db.query("UPDATE organizations SET products = '{HEALTH,GAIT,PRO,SCAN}' WHERE id = $1", [fx.orgB.id]);
    }
    expect((await api.request("GET", "/v2/scan/modules", { as: { userId: fx.adminA.userId, groups: [] } })).status).toBe(403);
    expect((await api.request("GET", "/v2/scan/modules")).status).toBe(401);
  });
});
