/**
 * The generic checks every operation gets, all derived from the operation's plan (a valid request):
 * 401 (no token, tampered tokens), 400 (property-based invalid input, malformed JSON), 403 (wrong role),
 * organization boundary (403/404, nothing leaked), the operation's own refusals, the valid request itself,
 * valid generated input.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { call, describeRes, expectError, expectStatus, hasRole, tokenOf, type J, type Req } from "./client.js";
import { documents, isAdminOperation, type JsonSchema, type Operation } from "./contract.js";
import type { Plan } from "./plans.js";
import { mark } from "./recorder.js";
import { arbitrary, invalidBodyCases, invalidParamCases, MALFORMED_JSON, usableSites, type InvalidCase, type InvalidSite } from "./schema-arb.js";
import { target } from "./env.js";
import type { Role } from "./target.js";
import { unique, type World } from "./world.js";

/** Operations only provider admins (and staff) may call: practitioners get 403 (from the contract's descriptions). */
export const PROVIDER_ADMIN_ONLY = new Set([
  "updateOrganization",
  "uploadOrganizationLogo",
  "deleteOrganizationLogo",
  "createLocation",
  "updateLocation",
  "invitePractitioner",
  "updatePractitioner",
  "deletePractitioner",
  "resendPractitionerInvite",
  "setOrganizationMfaRequirement",
  "resetPractitionerMfa",
  "deletePatientRecord",
  "getPatientAccessHistory",
]);

/** Secured operations any authenticated caller may make, even without a portal role. */
export const NO_ROLE_ALLOWED = new Set(["getCurrentUser"]);

export const seedFor = (operationId: string) => {
  let h = target().seed | 0;
  for (const c of operationId) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
};

const withOp = (op: Operation, req: Plan["req"] | Req): Req => ({ ...req, op: op.operationId }) as Req;

/**
 * Runs every case of a check, collecting failures instead of stopping at the first, then marks the check for
 * the conformance table (passed only when no case failed) and throws one error listing every failed case.
 */
class Cases {
  private errors: string[] = [];
  constructor(
    private op: Operation,
    private check: "auth" | "input" | "role" | "org" | "rules",
  ) {
    if (check !== "rules") mark(target().recordFile, { op: op.operationId, check, ok: false });
  }
  async run(fn: () => unknown): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.errors.push((err as Error).message);
    }
  }
  finish(): void {
    if (this.check !== "rules") mark(target().recordFile, { op: this.op.operationId, check: this.check, ok: this.errors.length === 0 });
    if (this.errors.length) throw new Error(`${this.errors.length} case(s) failed:\n\n${this.errors.join("\n\n")}`);
  }
}

// ---------------------------------------------------------------------------------------------------- 401

const b64 = (s: string) => Buffer.from(s).toString("base64url");

export function tamperedAuthorizations(token: string): { name: string; header: string | undefined }[] {
  const [h = "", p = "", s = ""] = token.split(".");
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    /* an opaque token: the payload variants still are not valid tokens */
  }
  const elevated = { ...payload, "cognito:groups": ["EXER_ADMIN"], exp: Math.floor(Date.now() / 1000) + 7200 };
  const i = Math.min(10, Math.max(0, s.length - 2));
  const flipped = s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
  return [
    { name: "no Authorization header", header: undefined },
    { name: "a changed signature", header: `Bearer ${h}.${p}.${flipped}` },
    { name: "an elevated payload with the original signature", header: `Bearer ${h}.${b64(JSON.stringify(elevated))}.${s}` },
    { name: 'an unsigned token (alg "none")', header: `Bearer ${b64(JSON.stringify({ alg: "none", typ: "JWT" }))}.${b64(JSON.stringify(elevated))}.` },
    { name: "a token that is not a JWT", header: "Bearer not-a-jwt" },
    { name: "Basic credentials", header: `Basic ${Buffer.from("admin:admin").toString("base64")}` },
    { name: "the token without the Bearer scheme", header: token },
  ];
}

export async function checkAuth(op: Operation, plan: Plan): Promise<void> {
  const cases = new Cases(op, "auth");
  const role = (plan.req.as ?? "PRACTITIONER") as Role;
  for (const t of tamperedAuthorizations(tokenOf(role))) {
    const req: Req = { ...withOp(op, plan.req), as: null, authorization: t.header, kind: "auth" };
    const res = await call(req);
    await cases.run(() => {
      expect(res.status, `${t.name} must answer 401\n${describeRes(res)}`).toBe(401);
      expectError(res, 401);
    });
  }
  cases.finish();
}

// ---------------------------------------------------------------------------------------------------- 400

export const hasInputs = (op: Operation) => !!op.body || op.params.some((p) => p.in === "query" || p.in === "path");

function multipartSites(schema: JsonSchema, base: Record<string, J>): InvalidSite[] {
  const sites: InvalidSite[] = [];
  for (const r of schema.required ?? []) {
    if (!(r in base)) continue;
    const value = Object.fromEntries(Object.entries(base).filter(([k]) => k !== r));
    sites.push({ kind: "missing", where: `part ${r}`, arb: fc.constant({ kind: "missing" as const, where: `part ${r}`, value }) });
  }
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    if (s.enum) {
      sites.push({
        kind: "enum",
        where: `part ${k}`,
        arb: fc.stringMatching(/^[A-Z][A-Z_]{2,12}$/).filter((x) => !s.enum!.includes(x)).map((x) => ({ kind: "enum" as const, where: `part ${k}`, value: { ...base, [k]: x } })),
      });
    }
  }
  if (schema.additionalProperties === false) {
    sites.push({ kind: "additional", where: "part", arb: fc.constant({ kind: "additional" as const, where: "part unexpectedPart", value: { ...base, unexpectedPart: "x" } }) });
  }
  return sites;
}

function invalidReq(op: Operation, base: Req, c: InvalidCase): Req {
  if (c.where.startsWith("query.") || c.where.startsWith("path.")) {
    const v = c.value as { query: Req["query"]; params: Req["params"] };
    return { ...base, query: v.query, params: v.params };
  }
  if (c.where.startsWith("part")) return { ...base, multipart: c.value as Req["multipart"] };
  return { ...base, body: c.value };
}

const caseText = (c: InvalidCase) => `${c.kind} at ${c.where}`;

export async function checkInput(op: Operation, plan: Plan): Promise<number> {
  const cases = new Cases(op, "input");
  const seed = seedFor(op.operationId);
  const base: Req = { ...withOp(op, plan.inputBase ?? plan.req), kind: "input" };
  const sites: InvalidSite[] = [];
  const json = op.body?.contentType === "application/json";
  if (json && base.body !== undefined) sites.push(...invalidBodyCases(op.body!.schema, base.body));
  if (op.body?.contentType === "multipart/form-data" && base.multipart) sites.push(...multipartSites(op.body.schema, base.multipart as Record<string, J>));
  sites.push(...invalidParamCases(op, base));
  const usable = usableSites(sites, seed);
  let sent = 0;
  const expect400 = async (req: Req, what: string) => {
    const res = await call(req);
    sent++;
    expect(res.status, `${op.operationId}: ${what} must answer 400\n${describeRes(res)}`).toBe(400);
    expectError(res, 400);
  };
  const soft400 = (req: Req, what: string) => cases.run(() => expect400(req, what));
  // Deterministic: every required field dropped, one example of every other kind of mistake.
  const seen = new Set<string>();
  for (const { site, example } of usable) {
    const key = site.kind === "missing" ? `${site.kind}${site.where}` : `${site.kind}${site.where.startsWith("/") ? "body" : site.where.split(".")[0]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await soft400(invalidReq(op, base, example), caseText(example));
  }
  if (json) {
    for (const text of MALFORMED_JSON.slice(0, 3)) await soft400({ ...base, body: undefined, raw: { text, contentType: "application/json" } }, `malformed JSON ${JSON.stringify(text)}`);
    if (op.body!.required) {
      await soft400({ ...base, body: undefined, raw: { text: "", contentType: "application/json" } }, "an empty JSON body");
      await soft400({ ...base, body: undefined }, "no body");
    }
  } else if (op.body?.required) {
    await soft400({ ...base, multipart: undefined }, "no body");
  }
  // Property-based: random invalid variants from every site, fixed seed, bounded.
  if (usable.length > 0) {
    const arb = fc.oneof(...usable.map(({ site }) => site.arb.map((c) => ({ c, site }))));
    await cases.run(() =>
      fc.assert(
        fc.asyncProperty(arb, async ({ c, site }) => {
          if (site.invalid && !site.invalid(c)) return;
          await expect400(invalidReq(op, base, c), caseText(c));
        }),
        { seed, numRuns: target().numRuns, endOnFailure: true },
      ),
    );
  }
  cases.finish();
  return sent;
}

// ---------------------------------------------------------------------------------------------------- 403

export function refusedRoles(op: Operation): Role[] {
  if (!op.secured) return [];
  const roles: Role[] = [];
  if (isAdminOperation(op)) roles.push("PRACTITIONER", "PROVIDER_ADMIN", "OTHER_ORG");
  else if (PROVIDER_ADMIN_ONLY.has(op.operationId)) roles.push("PRACTITIONER");
  if (!NO_ROLE_ALLOWED.has(op.operationId)) roles.push("NO_GROUPS");
  roles.push("DISABLED_ORG");
  return roles.filter(hasRole);
}

export async function checkRoles(op: Operation, plan: Plan): Promise<void> {
  const cases = new Cases(op, "role");
  for (const role of refusedRoles(op)) {
    const res = await call({ ...withOp(op, plan.req), as: role, kind: "role" });
    await cases.run(() => {
      expect(res.status, `${role} must be refused with 403\n${describeRes(res)}`).toBe(403);
      expectError(res, 403);
    });
  }
  // Staff: support may use the admin area as product admins do (read-only operations checked).
  if (isAdminOperation(op) && op.method === "GET" && hasRole("SUPPORT")) {
    const res = await call({ ...withOp(op, plan.req), as: "SUPPORT", kind: "role" });
    await cases.run(() => expectStatus(res, op.successStatuses));
  }
  cases.finish();
}

// ---------------------------------------------------------------------------------------------------- organization

export async function checkOrganization(op: Operation, plan: Plan, w: World): Promise<boolean> {
  const otherOrg = !!plan.orgScoped && hasRole("OTHER_ORG");
  const otherLocation = !!plan.locationScoped && plan.req.as === "PRACTITIONER" && w.practitioner2Elsewhere;
  if (!otherOrg && !otherLocation) return false;
  const cases = new Cases(op, "org");
  const refusal = async (role: Role, statuses: number[], why: string) => {
    const allowed = statuses.filter((s) => documents(op, s));
    const res = await call({ ...withOp(op, plan.req), as: role, kind: "org" });
    await cases.run(() => {
      expect(allowed.length, `${op.operationId} documents none of ${statuses.join("/")}`).toBeGreaterThan(0);
      expect(allowed, `${why} (${role}): must be refused (${allowed.join(" or ")})\n${describeRes(res)}`).toContain(res.status);
      expectError(res, allowed);
      for (const secret of plan.secrets ?? []) expect(res.text, `the refusal must not leak "${secret}"`).not.toContain(secret);
    });
  };
  if (otherOrg) await refusal("OTHER_ORG", plan.orgScoped === "body" ? [400, 403, 404] : [403, 404], "another organization's records");
  if (otherLocation) await refusal("PRACTITIONER2", [403, 404], "a patient at another location");
  cases.finish();
  return true;
}

// ---------------------------------------------------------------------------------------------------- operation rules

export async function checkRefusals(op: Operation, plan: Plan): Promise<void> {
  const cases = new Cases(op, "rules");
  for (const r of plan.refusals ?? []) {
    const res = await call({ ...r.req, kind: "rule" });
    await cases.run(() => {
      expect(r.expect, `${op.operationId}: ${r.name} must answer ${r.expect.join(" or ")}\n${describeRes(res)}`).toContain(res.status);
      expect(res.problem, `contract violation\n${describeRes(res)}`).toBeNull();
      if (res.status >= 400) expectError(res, r.expect);
      if (r.check) r.check(res);
    });
  }
  cases.finish();
}

// ---------------------------------------------------------------------------------------------------- success

export async function checkSuccess(op: Operation, plan: Plan): Promise<void> {
  mark(target().recordFile, { op: op.operationId, check: "success", ok: false });
  const res = await call({ ...withOp(op, plan.req), kind: "success" });
  expectStatus(res, plan.expect ?? op.successStatuses);
  if (plan.verify) await plan.verify(res);
  for (const v of plan.alsoValid ?? []) {
    const r2 = await call({ ...v, kind: "success" });
    expectStatus(r2, op.successStatuses);
  }
  mark(target().recordFile, { op: op.operationId, check: "success", ok: true, note: plan.refusalOnly });
}

// ---------------------------------------------------------------------------------------------------- generated

export async function checkGenerated(op: Operation, plan: Plan): Promise<boolean> {
  const seed = seedFor(op.operationId) ^ 0x5eed;
  let arb: fc.Arbitrary<Req> | undefined;
  let numRuns = 5;
  let after: ((res: Awaited<ReturnType<typeof call>>) => Promise<void>) | undefined;
  if (plan.generated) {
    arb = plan.generated.arb.map((r) => withOp(op, r));
    numRuns = plan.generated.numRuns ?? 5;
    after = plan.generated.after;
  } else if (plan.generatedQuery && op.params.some((p) => p.in === "query")) {
    const qp = op.params.filter((p) => p.in === "query");
    const schema: JsonSchema = { type: "object", properties: Object.fromEntries(qp.map((p) => [p.name, p.schema])), required: qp.filter((p) => p.required).map((p) => p.name) };
    const fix = typeof plan.generatedQuery === "object" && plan.generatedQuery.fix ? plan.generatedQuery.fix : (q: Record<string, J>) => q;
    arb = (arbitrary(schema, { unique }) as fc.Arbitrary<Record<string, J>>).map((q) => ({ ...withOp(op, plan.req), query: { ...(plan.req.query ?? {}), ...fix(q) } }));
  }
  if (!arb) return false;
  mark(target().recordFile, { op: op.operationId, check: "generated", ok: false });
  await fc.assert(
    fc.asyncProperty(arb, async (req) => {
      const res = await call({ ...req, kind: "generated" });
      expectStatus(res, op.successStatuses);
      if (after) await after(res);
    }),
    { seed, numRuns, endOnFailure: true },
  );
  mark(target().recordFile, { op: op.operationId, check: "generated", ok: true });
  return true;
}
