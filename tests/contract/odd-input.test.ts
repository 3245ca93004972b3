/**
 * Odd input and what answers carry (issue 23, finding 10; ADR 024 §10):
 * - a NUL character (U+0000) in a list's search is a 400 `{message, status}` naming the parameter, never its
 *   value (it answered 500 on six lists, and the logged error carried the search term), on every operation with a
 *   `search` query parameter; the same in any text field of a JSON body, on every operation that takes one;
 * - every answer of every read — and its refusals — is `Cache-Control: no-store` unless the operation documents
 *   a `Cache-Control` of its own (the exercise media).
 * The 429's `Retry-After` is checked last of all (zy-rate-limit.test.ts): it spends the caller's budget.
 */
import { describe, expect, it } from "vitest";
import { call, describeRes, expectError, type J, type Req, type Res } from "./lib/client.js";
import { contract, operations, type Operation } from "./lib/contract.js";
import { plans, type Plan } from "./lib/plans.js";
import { fileWorld } from "./lib/world.js";

const w = fileWorld();

const NUL = "\u0000";
const searchParam = (op: Operation) => op.params.find((p) => p.in === "query" && p.name.toLowerCase() === "search");
const withSearch = operations.filter((op) => searchParam(op));

/** A plan's valid request, ready to send. */
async function planned(op: Operation): Promise<{ plan: Plan; req: Req }> {
  const factory = plans[op.operationId];
  if (!factory) throw new Error(`no plan for ${op.operationId}`);
  const plan = await factory(w);
  return { plan, req: { ...plan.req, op: op.operationId } as Req };
}

/** The body with a NUL appended to its first text field (depth-first), and that field's path; null without one. */
function withNul(body: J, path = ""): { body: J; field: string } | null {
  if (typeof body === "string") return { body: `${body}${NUL}Okafor`, field: path };
  if (Array.isArray(body)) {
    for (const [i, item] of body.entries()) {
      const found = withNul(item, `${path}[${i}]`);
      if (found) return { body: body.map((x, j) => (j === i ? found.body : x)), field: found.field };
    }
    return null;
  }
  if (body && typeof body === "object") {
    for (const [key, item] of Object.entries(body)) {
      const found = withNul(item, path ? `${path}.${key}` : key);
      if (found) return { body: { ...body, [key]: found.body }, field: found.field };
    }
  }
  return null;
}

const noValue = (res: Res) => expect(res.text, `the refusal repeats the value\n${describeRes(res)}`).not.toContain("Okafor");

describe("a NUL character in text", () => {
  it("the lists with a search are the six of the finding and the admin locations", () => {
    expect(withSearch.map((op) => op.operationId).sort()).toEqual(
      ["adminListLocations", "listGaitPatientRecords", "listHealthPatientRecords", "listPatientRecords", "listRtmCycles", "listRtmCyclesByMonth", "listTemplates"].sort(),
    );
  });

  for (const op of withSearch) {
    it(`${op.operationId}: search=%00 and a NUL inside a term answer 400 naming the parameter`, async () => {
      const { req } = await planned(op);
      const name = searchParam(op)!.name;
      for (const value of [NUL, `Okafor${NUL}`, `${NUL}Okafor`]) {
        const res = await call({ ...req, query: { ...(req.query ?? {}), [name]: value }, kind: "input" });
        expectError(res, 400);
        expect(res.body.message, describeRes(res)).toContain(name);
        noValue(res);
      }
    });
  }

  const withJsonBody = operations.filter((op) => op.body?.contentType === "application/json");
  for (const op of withJsonBody) {
    it(`${op.operationId}: a NUL in a text field of the body (a body without text: in a path parameter) answers 400 naming it`, async () => {
      const { plan, req } = await planned(op);
      try {
        const broken = withNul(req.body);
        const pathParam = op.params.find((p) => p.in === "path");
        expect(broken ?? pathParam, `${op.operationId}: its valid request has a text field or a path parameter`).toBeTruthy();
        const res = broken
          ? await call({ ...req, body: broken.body, kind: "input" })
          : await call({ ...req, params: { ...(req.params ?? {}), [pathParam!.name]: `${String(req.params?.[pathParam!.name] ?? "")}${NUL}Okafor` }, kind: "input" });
        expectError(res, 400);
        expect(res.body.message, describeRes(res)).toContain(broken ? `field ${broken.field} ` : `path parameter ${pathParam!.name} `);
        noValue(res);
      } finally {
        await plan.cleanup?.().catch(() => {});
      }
    });
  }
});

/** Whether the operation's contract documents a Cache-Control header of its own (for a 2xx). */
function documentsCaching(op: Operation): boolean {
  const responses = (contract.paths as Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>>)[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
  return Object.entries(responses).some(([status, r]) => status.startsWith("2") && Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === "cache-control"));
}

describe("Cache-Control", () => {
  const reads = operations.filter((op) => op.method === "GET");
  for (const op of reads) {
    const own = documentsCaching(op);
    it(`${op.operationId}: ${own ? "its documented Cache-Control; its refusals" : "the answer and its refusals"} no-store`, async () => {
      const { plan, req } = await planned(op);
      try {
        const answer = await call({ ...req, kind: "success" });
        const cacheControl = answer.headers.get("cache-control") ?? "";
        if (!own) expect(cacheControl, `${describeRes(answer)}\n  Cache-Control: ${cacheControl}`).toMatch(/\bno-store\b/);
        else expect(cacheControl, `${op.operationId} documents its Cache-Control`).not.toBe("");
        // A refusal (no token; for an open operation an unknown id) is no-store too.
        const refused = op.secured ? await call({ ...req, as: null, kind: "auth" }) : null;
        if (refused) {
          expect(refused.status).toBe(401);
          expect(refused.headers.get("cache-control"), describeRes(refused)).toBe("no-store");
        }
      } finally {
        await plan.cleanup?.().catch(() => {});
      }
    });
  }
});
