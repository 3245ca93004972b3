/**
 * The organization boundary on lists (records by id are checked per operation in operations.test.ts):
 * - every list another organization's user can call holds none of organization A's ids;
 * - a practitioner's patient lists hold only patients at their own locations.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectSuccess, hasRole, type J } from "./lib/client.js";
import { isAdminOperation, operations } from "./lib/contract.js";
import { target } from "./lib/env.js";
import { plans } from "./lib/plans.js";
import { mark } from "./lib/recorder.js";
import { fileWorld } from "./lib/world.js";

const w = fileWorld();
const idsOfA = new Set<string>();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

async function collect(op: string, query: Record<string, J> = {}, params: Record<string, string> = {}) {
  const res = await call({ op, as: "PROVIDER_ADMIN", query, params });
  const body = expectSuccess(res);
  for (const item of (Array.isArray(body) ? body : body.items) as J[]) if (typeof item.id === "string") idsOfA.add(item.id.toLowerCase());
}

beforeAll(async () => {
  idsOfA.add(w.orgId.toLowerCase());
  await collect("listPatientRecords", { status: "ALL", limit: 999 });
  await collect("listLocations");
  await collect("listPractitioners");
  await collect("listTemplates");
  await collect("listRtmCycles", { limit: 999 });
  await collect("listScanSessions", { limit: 999 });
  // The ids the other organization may legitimately share (none expected) are none: A's ids are A's.
  for (const id of [w.me.OTHER_ORG?.organization?.id, w.me.OTHER_ORG?.practitionerId]) if (id) idsOfA.delete(String(id).toLowerCase());
});

/** Secured, non-admin GET operations without path parameters: the lists and overviews of the caller's organization. */
const listOps = operations.filter((op) => op.method === "GET" && op.secured && !isAdminOperation(op) && !op.params.some((p) => p.in === "path") && !op.params.some((p) => p.in === "query" && p.required));

describe("organization boundary on lists", () => {
  it("collected organization A's ids", () => {
    expect(idsOfA.size).toBeGreaterThan(10);
  });

  for (const op of listOps) {
    it(`${op.operationId} as another organization holds none of organization A's records`, async () => {
      if (!hasRole("OTHER_ORG")) return;
      const factory = plans[op.operationId];
      if (!factory) throw new Error(`${op.operationId} has no plan`);
      const plan = await factory(w);
      mark(target().recordFile, { op: op.operationId, check: "org", ok: false });
      const query = op.params.some((p) => p.name === "limit") ? { ...(plan.req.query ?? {}), limit: 999 } : plan.req.query;
      const res = await call({ ...plan.req, op: op.operationId, as: "OTHER_ORG", query, kind: "org" });
      expect(res.problem).toBeNull();
      expect(res.status).toBeLessThan(500);
      const leaked = (res.text.match(UUID) ?? []).filter((id) => idsOfA.has(id.toLowerCase()));
      expect([...new Set(leaked)], `${op.operationId}: ids of organization A in another organization's answer`).toEqual([]);
      mark(target().recordFile, { op: op.operationId, check: "org", ok: true });
    });
  }

  for (const op of ["listPatientRecords", "listHealthPatientRecords", "listGaitPatientRecords"]) {
    it(`${op} as a practitioner holds only patients at the practitioner's locations`, async () => {
      const mine = new Set((w.me.PRACTITIONER.locations as J[]).map((l) => l.id));
      const status = op === "listGaitPatientRecords" ? {} : { status: "ALL" };
      const res = await call({ op, as: "PRACTITIONER", query: { limit: 999, ...status }, kind: "org" });
      const body = expectSuccess(res);
      const elsewhere = (body.items as J[]).filter((p) => !mine.has(p.location.id)).map((p) => `${p.id} at ${p.location.name}`);
      expect(elsewhere, `${op}: patients outside PRACTITIONER's locations`).toEqual([]);
      const all = expectSuccess(await call({ op, as: "PROVIDER_ADMIN", query: { limit: 1, ...status }, kind: "org" }));
      expect(all.metadata.totalItems, `${op}: the provider admin sees at least as many`).toBeGreaterThanOrEqual(body.metadata.totalItems);
    });
  }
});
