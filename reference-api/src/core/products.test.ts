/**
 * Product entitlements on the server (ADR 020): an organization changes data only for the products it holds.
 * The real server on a fresh database, three organizations: scan-only, gait-only, health-only.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/harness.js";
import { checkOperationProduct, PRODUCT_OF_OPERATION, requireProducts } from "./products.js";
import type { Caller } from "./auth.js";

const id = () => randomUUID();
const org = { scan: id(), gait: id(), health: id() };
const loc = { scan: id(), gait: id(), health: id() };
const users = {
  scan: { userId: "user-scan-admin", groups: ["PORTAL_PROVIDER_ADMIN"] },
  gait: { userId: "user-gait-admin", groups: ["PORTAL_PROVIDER_ADMIN"] },
  health: { userId: "user-health-admin", groups: ["PORTAL_PROVIDER_ADMIN"] },
};

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  const rows = (["scan", "gait", "health"] as const).map((k) => ({ k, products: { scan: "{SCAN}", gait: "{GAIT}", health: "{HEALTH,PRO}" }[k] }));
  for (const { k, products } of rows) {
    await api.db.exec(`
      INSERT INTO organizations (id, name, products) VALUES ('${org[k]}', 'Org ${k}', '${products}');
      INSERT INTO locations (id, organization_id, name) VALUES ('${loc[k]}', '${org[k]}', 'HQ ${k}');
      INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role)
        VALUES ('${id()}', '${org[k]}', '${users[k].userId}', 'A', '${k}', '${k}@${k}.example', 'PORTAL_PROVIDER_ADMIN', 'PORTAL_PROVIDER_ADMIN');
    `);
  }
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const patient = (locationId: string, products: string[], over: Record<string, unknown> = {}) => ({
  firstName: "Ana",
  lastName: `Rivera ${id().slice(0, 6)}`,
  email: `ana.${id().slice(0, 8)}@example.com`,
  phoneNumber: "(303) 555-0142",
  injuredSideOfBody: "LEFT",
  injuredBodyPart: "KNEE",
  dob: "1961-04-18",
  locationId,
  products,
  gaitUid: `G-${id().slice(0, 6)}`,
  ...over,
});

const program = { name: "Knee phase 1", dailyFrequency: 1, weeklyFrequency: 3, blocks: [] };

describe("the rules", () => {
  const caller = (products: string[], organizationId: string | null = "o"): Caller =>
    ({ userId: "u", groups: [], role: "PORTAL_PROVIDER_ADMIN", practitionerId: "p", organizationId, locationIds: [], firstName: null, lastName: null, email: null, products }) as Caller;

  it("refuses a product the organization does not hold, naming it", () => {
    expect(() => requireProducts(caller(["SCAN"]), ["HEALTH"])).toThrow("Your organization does not hold Exer Health.");
    expect(() => requireProducts(caller(["HEALTH"]), ["GAIT"])).toThrow("Your organization does not hold Exer Gait.");
    expect(() => requireProducts(caller(["HEALTH", "GAIT"]), ["HEALTH", "GAIT"])).not.toThrow();
    // No organization: left to the role guards (403 there).
    expect(() => requireProducts(caller([], null), ["HEALTH"])).not.toThrow();
  });

  it("gates every HEP, template, assignment, RTM and gait change by its product", () => {
    for (const op of ["createProgram", "replaceProgram", "assignProgramToPatient", "assignProgramToPatients", "unassignProgram", "createTemplate", "updateTemplate", "deleteTemplate", "deleteTemplates", "advanceRtmCycle", "revertRtmCycle"]) {
      expect(PRODUCT_OF_OPERATION[op], op).toBe("HEALTH");
    }
    expect(PRODUCT_OF_OPERATION.setGaitSessionComment).toBe("GAIT");
    expect(PRODUCT_OF_OPERATION.reconcileGaitPatientsCsv).toBe("GAIT");
    expect(() => checkOperationProduct("createTemplate", caller(["SCAN"]))).toThrow("Exer Health");
    expect(() => checkOperationProduct("listTemplates", caller(["SCAN"]))).not.toThrow();
    expect(() => checkOperationProduct("createTemplate", undefined)).not.toThrow();
  });
});

describe("through the API", () => {
  it("a scan-only organization cannot add a Health (or Gait) patient: 403 with the product named", async () => {
    let r = await api.request("POST", "/v2/patients", { as: users.scan, body: patient(loc.scan, ["HEALTH"]) });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: "Your organization does not hold Exer Health.", status: 403 });
    r = await api.request("POST", "/v2/patients", { as: users.scan, body: patient(loc.scan, ["GAIT"]) });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Your organization does not hold Exer Gait.");
    const count = await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM patient_records WHERE organization_id = $1", [org.scan]);
    expect(count!.n).toBe(0);
  });

  it("a scan-only organization cannot create templates or programs, and cannot import patients", async () => {
    for (const url of ["/v2/health/hep-templates", "/v2/health/heps"]) {
      const r = await api.request("POST", url, { as: users.scan, body: program });
      expect(r.status, url).toBe(403);
      expect(r.body.message).toBe("Your organization does not hold Exer Health.");
    }
    const boundary = "----products-test";
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="product"\r\n\r\nHEALTH\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\nfirstName,lastName\nA,B\n\r\n--${boundary}--\r\n`,
    );
    const r = await api.request("POST", "/v2/patients/upload", { as: users.scan, body: payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    expect(r.status).toBe(403);
  });

  it("reading stays open: a scan-only organization's Health lists are empty pages", async () => {
    const r = await api.request("GET", "/v2/health/hep-templates", { as: users.scan });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it("a gait-only organization adds Gait patients, but cannot add Health to one", async () => {
    const r = await api.request("POST", "/v2/patients", { as: users.gait, body: patient(loc.gait, ["GAIT"], { email: null, injuredSideOfBody: null, injuredBodyPart: null }) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const u = await api.request("PATCH", `/v2/patients/${r.body.id}/`, { as: users.gait, body: { products: ["GAIT", "HEALTH"], injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE", email: `x.${id().slice(0, 6)}@example.com` } });
    expect(u.status).toBe(403);
    expect(u.body.message).toBe("Your organization does not hold Exer Health.");
    // An edit that adds nothing is not refused.
    const e = await api.request("PATCH", `/v2/patients/${r.body.id}/`, { as: users.gait, body: { firstName: "Ann" } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
  });

  it("a health-only organization cannot comment on gait sessions or reconcile gait IDs", async () => {
    const r = await api.request("POST", `/v2/gait/sessions/${id()}/comment`, { as: users.health, body: { comment: "x" } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Your organization does not hold Exer Gait.");
    const boundary = "----products-test";
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\ngaitUid,firstName,lastName\nX,A,B\n\r\n--${boundary}--\r\n`);
    const c = await api.request("POST", "/v2/patients/reconcile/", { as: users.health, body: payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    expect(c.status).toBe(403);
  });

  it("a health organization creates templates", async () => {
    const r = await api.request("POST", "/v2/health/hep-templates", { as: users.health, body: program });
    expect([201, 400]).toContain(r.status);
    expect(r.status).not.toBe(403);
  });
});
