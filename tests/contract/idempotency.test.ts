/**
 * The `Idempotency-Key` header (every operation whose contract declares it: the creates, the RTM cycle's
 * advance and revert, the deletes the portal's forms make):
 * a repeat with the same key and request gets the first answer and creates nothing more; the same key with
 * another request is a 422 `{message, status}`; two concurrent first uses create one record.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, describeRes, expectError, expectStatus, ok, type J, type Req, type Res } from "./lib/client.js";
import { operations } from "./lib/contract.js";
import { plans } from "./lib/plans.js";
import { fileWorld, newPatient, patientBody } from "./lib/world.js";

const w = fileWorld();

const HEADER = "Idempotency-Key";
const keyed = (op: string, req: Omit<Req, "op"> & { op?: string }, key: string): Req => ({ ...req, op, kind: "rule", headers: { ...(req.headers ?? {}), [HEADER]: key } });
const replayed = (res: Res) => res.headers.get("idempotent-replayed") === "true";
const declaring = operations.filter((op) => op.params.some((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key"));

describe("Idempotency-Key", () => {
  it("is declared by the create operations", () => {
    expect(declaring.map((op) => op.operationId).sort()).toEqual(
      [
        "adminAddTypeformForm",
        "adminCreateOrganization",
        "assignProgramToPatient",
        "assignProgramToPatients",
        "createCareNote",
        "createLocation",
        "createPatientRecord",
        "createProgram",
        "createTemplate",
        "importPatientsCsv",
        "invitePractitioner",
        "reconcileGaitPatientsCsv",
        "replaceProgram",
        "resendPatientInvite",
        "resendPractitionerInvite",
        "setGaitSessionComment",
        "startPlanOfCare",
        // State changes whose repeat would be refused (409: the cycle is billed already).
        "advanceRtmCycle",
        "revertRtmCycle",
        // The deletes the portal's forms make (a repeat on another portal process would find the record gone: 404).
        "deleteCareNote",
        "deletePractitioner",
        "deleteTemplate",
        "deleteTemplates",
        "stopCareTimer",
        "unassignProgram",
      ].sort(),
    );
    for (const op of declaring) expect(op.statuses, `${op.operationId} documents the 422`).toContain("422");
  });

  for (const op of declaring) {
    it(`${op.operationId}: a repeat gets the first answer; another request with the key is a 422`, async () => {
      const plan = await plans[op.operationId]!(w);
      const key = randomUUID();
      const first = await call(keyed(op.operationId, plan.req, key));
      expectStatus(first, op.successStatuses);
      expect(replayed(first), describeRes(first)).toBe(false);
      const again = await call(keyed(op.operationId, plan.req, key));
      expectStatus(again, first.status);
      expect(again.text, "the repeat's body is the first answer's").toBe(first.text);
      expect(replayed(again), describeRes(again)).toBe(true);

      // Another request under the same key: another record's id in the path, else another valid body.
      // (Each call writes its own multipart boundary: the repeat above was the same upload under another one.)
      const pathParam = op.params.find((p) => p.in === "path");
      const fresh = async () => (await plans[op.operationId]!(w)).req;
      const other: Omit<Req, "op"> = pathParam
        ? { ...plan.req, params: { ...plan.req.params, [pathParam.name]: randomUUID() } }
        : plan.req.body !== undefined
          ? { ...plan.req, body: (await fresh()).body }
          : plan.req.multipart !== undefined
            ? { ...plan.req, multipart: (await fresh()).multipart }
            : { ...plan.req, query: (await fresh()).query };
      expect(JSON.stringify(other), "the variant differs").not.toBe(JSON.stringify(plan.req));
      const reused = await call(keyed(op.operationId, other, key));
      expectError(reused, 422);
      await plan.cleanup?.();
    });
  }

  it("care notes: a replay creates one note; another body with the key creates none", async () => {
    const p = await newPatient(w);
    const body = { date: w.today, minutes: 12, notes: `Idempotent note ${randomUUID().slice(0, 8)}`, isPatientInteraction: false };
    const key = randomUUID();
    const req = keyed("createCareNote", { as: "PRACTITIONER", params: { id: p.id }, body }, key);
    const [a, b] = await Promise.all([call(req), call(req)]);
    expectStatus(a, 201);
    expectStatus(b, 201);
    expect(b.body.id).toBe(a.body.id);
    const c = await call(req);
    expect(c.body.id).toBe(a.body.id);
    expectError(await call({ ...req, body: { ...body, notes: "Another note" } }), 422);
    const notes: J = await ok({ op: "listCareNotes", as: "PRACTITIONER", params: { id: p.id }, query: { limit: 50 } });
    const items: J[] = Array.isArray(notes) ? notes : notes.items;
    expect(items.filter((n) => n.notes === body.notes).length, "one note saved").toBe(1);
    expect(items.filter((n) => n.notes === "Another note").length, "the 422 saved nothing").toBe(0);
  });

  it("CSV import: the same file under the key imports once (whatever the boundary); another file under it imports nothing", async () => {
    const u = randomUUID().slice(0, 8);
    const csvOf = (tag: string) =>
      ["firstName,lastName,email,injuredSideOfBody,injuredBodyPart,locationId", `Keyed,Import ${u}${tag},keyed.import.${u}${tag}@contract.example,Left,Knee,${w.pracLocationId}`].join("\n");
    const upload = (csv: string) => ({ file: { content: csv, filename: "patients.csv", type: "text/csv" }, product: "HEALTH" });
    const key = randomUUID();
    const req = keyed("importPatientsCsv", { as: "PRACTITIONER", multipart: upload(csvOf("a")) }, key);
    const [a, b] = await Promise.all([call(req), call(req)]);
    expectStatus(a, 201);
    expectStatus(b, 201);
    expect(a.body.importedCount).toBe(1);
    expect(b.text).toBe(a.text);
    expect([replayed(a), replayed(b)].filter(Boolean)).toHaveLength(1);
    expectError(await call(keyed("importPatientsCsv", { as: "PRACTITIONER", multipart: upload(csvOf("b")) }, key)), 422);
    const found: J = await ok({ op: "listPatientRecords", as: "PRACTITIONER", query: { search: `Import ${u}`, status: "ALL" } });
    expect(found.items.map((x: J) => x.patient.lastName)).toEqual([`Import ${u}a`]);
  });

  it("patients: two concurrent first uses of a key create one patient", async () => {
    const body = patientBody(w, { products: ["HEALTH"], gaitUid: null });
    const req = keyed("createPatientRecord", { as: "PRACTITIONER", body }, randomUUID());
    const [a, b] = await Promise.all([call(req), call(req)]);
    expectStatus(a, 201);
    expectStatus(b, 201);
    expect(b.body.id).toBe(a.body.id);
    expect([replayed(a), replayed(b)].filter(Boolean)).toHaveLength(1);
    const found: J = await ok({ op: "listPatientRecords", as: "PRACTITIONER", query: { search: body.lastName, status: "ALL" } });
    expect(found.items.map((x: J) => x.id)).toEqual([a.body.id]);
    expectStatus(await call({ op: "deletePatientRecord", as: "PROVIDER_ADMIN", params: { id: a.body.id }, kind: "setup" }), 204);
  });

  it("keys belong to their caller: another user's request with the same key is executed", async () => {
    const p = await newPatient(w);
    const key = randomUUID();
    const body = { date: w.today, minutes: 3, notes: `Two callers ${randomUUID().slice(0, 8)}`, isPatientInteraction: false };
    const mine = await call(keyed("createCareNote", { as: "PRACTITIONER", params: { id: p.id }, body }, key));
    const theirs = await call(keyed("createCareNote", { as: "PROVIDER_ADMIN", params: { id: p.id }, body }, key));
    expectStatus(mine, 201);
    expectStatus(theirs, 201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(replayed(theirs)).toBe(false);
  });

  it("a malformed key is a 400", async () => {
    const p = await newPatient(w);
    expectError(await call(keyed("createCareNote", { as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 3, notes: "x" } }, "no spaces allowed")), 400);
  });
});
