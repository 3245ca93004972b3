/**
 * The API half of the authorization matrix (tests/authz/matrix.ts): every operation of the contract × every kind
 * of caller, each cell's answer class checked. Starts from the operation's plan (lib/plans.ts: a valid request
 * with real ids of organization A), so a refusal reflects authorization, not validation.
 *
 * - Refused callers are sent the plan's request as is (in parallel: a refusal must change nothing).
 * - Allowed callers of a reading operation are sent the same request; of a changing one, each allowed caller
 *   gets a fresh plan (a delete, an advance … would otherwise be used up by the first).
 * - Every answer is validated against the contract (lib/client.ts) and never a 5xx; a refusal never carries the
 *   record's own strings (the plan's secrets).
 * Operations run in a bounded pool (reads) and one after another (changes).
 */
import { importJWK, SignJWT } from "jose";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { API_CALLERS, apiMatrix, missingOperationRows, type ApiClass, type Caller } from "../authz/matrix.js";
import { call, describeRes, hasRole, tokenOf, type Req, type Res } from "./lib/client.js";
import { operations, type Operation } from "./lib/contract.js";
import { target } from "./lib/env.js";
import { plans, type Plan } from "./lib/plans.js";
import { fileWorld } from "./lib/world.js";
import type { Role } from "./lib/target.js";

const ROLE_OF: Record<Caller, Role | null | "EXPIRED"> = {
  anon: null,
  prac: "PRACTITIONER",
  prac2: "PRACTITIONER2",
  padmin: "PROVIDER_ADMIN",
  scan: "OTHER_ORG",
  other: "RESEARCH",
  exer: "PRODUCT_ADMIN",
  support: "SUPPORT",
  nogrp: "NO_GROUPS",
  disab: "DISABLED_ORG",
  expired: "EXPIRED",
};

const w = fileWorld();
let expiredToken: string | undefined;

/**
 * An access token exactly like PRACTITIONER's but expired an hour ago, signed with the identity service's own key:
 * cognito-local's (its key ships with the package), or CONTRACT_TOKEN_EXPIRED against another deployment.
 */
async function makeExpiredToken(): Promise<string | undefined> {
  if (process.env.CONTRACT_TOKEN_EXPIRED) return process.env.CONTRACT_TOKEN_EXPIRED;
  if (target().mode !== "fresh-stack") return undefined;
  const require = createRequire(import.meta.url);
  const keyFile = require.resolve("cognito-local/lib/keys/cognitoLocal.private.json");
  const { jwk } = JSON.parse(readFileSync(keyFile, "utf8")) as { jwk: Record<string, string> };
  const key = await importJWK(jwk, "RS256");
  const payload = JSON.parse(Buffer.from(tokenOf("PRACTITIONER").split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...payload, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: "RS256", kid: jwk.kid ?? "CognitoLocal" }).sign(key);
}

function asCaller(req: Req, caller: Caller): Req {
  const role = ROLE_OF[caller];
  if (role === "EXPIRED") return { ...req, as: null, authorization: `Bearer ${expiredToken}` };
  if (role === null) return { ...req, as: null, authorization: undefined };
  return { ...req, as: role, authorization: undefined };
}

const available = (caller: Caller) => {
  const role = ROLE_OF[caller];
  if (role === "EXPIRED") return !!expiredToken;
  return role === null || hasRole(role);
};

/** The class of an answer, as the matrix writes it. */
export function classOf(op: Operation, res: Res): ApiClass {
  if (op.successStatuses.includes(res.status) || (res.status >= 200 && res.status < 300)) return "ok";
  return res.status as ApiClass;
}

const observed: Record<string, Partial<Record<Caller, string>>> = {};

/** A bounded pool: at most `size` tasks at once. */
async function pool<T>(items: T[], size: number, fn: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (i < items.length) {
        const item = items[i++]!;
        await fn(item).catch((e: unknown) => errors.push(e));
      }
    }),
  );
  if (errors.length) throw errors[0];
}

const failures: string[] = [];
const cellCount = { cells: 0, sent: 0 };

async function runOperation(op: Operation): Promise<void> {
  const row = apiMatrix[op.operationId];
  const factory = plans[op.operationId];
  if (!row || !factory) return;
  const result: Partial<Record<Caller, string>> = (observed[op.operationId] = {});
  const mutating = op.method !== "GET";
  let plan: Plan;
  try {
    plan = await factory(w);
  } catch (err) {
    failures.push(`${op.operationId}: its plan could not be built: ${(err as Error).message}`);
    return;
  }
  const plansUsed: Plan[] = [plan];
  const check = (caller: Caller, res: Res, p: Plan) => {
    const want = row[caller];
    const got = classOf(op, res);
    result[caller] = String(got);
    cellCount.sent++;
    const problems: string[] = [];
    if (res.problem) problems.push(`contract: ${res.problem}`);
    if (String(got) !== String(want)) problems.push(`expected ${want}, got ${got}`);
    if (got !== "ok") for (const s of p.secrets ?? []) if (res.text.includes(s)) problems.push(`the refusal carries "${s}"`);
    if (problems.length) failures.push(`${op.operationId} × ${caller}: ${problems.join("; ")}\n  ${describeRes(res).replace(/\n/g, "\n  ")}`);
  };
  const callers = API_CALLERS.filter(available);
  cellCount.cells += callers.length;
  const refused = callers.filter((c) => row[c] !== "ok");
  const allowed = callers.filter((c) => row[c] === "ok");
  await Promise.all(
    refused.map(async (c) => {
      const res = await call({ ...asCaller({ ...plan.req, op: op.operationId }, c), kind: "role" });
      check(c, res, plan);
    }),
  );
  if (!mutating) {
    await Promise.all(
      allowed.map(async (c) => {
        const res = await call({ ...asCaller({ ...plan.req, op: op.operationId }, c), kind: "role" });
        check(c, res, plan);
      }),
    );
  } else {
    // The plan's own caller first (its request was built for it), then each other allowed caller on a fresh plan.
    const planRole = plan.req.as ?? null;
    const ordered = [...allowed].sort((a, b) => Number(ROLE_OF[b] === planRole) - Number(ROLE_OF[a] === planRole));
    let first = true;
    for (const c of ordered) {
      let p = plan;
      if (!first) {
        try {
          p = await factory(w);
          plansUsed.push(p);
        } catch (err) {
          failures.push(`${op.operationId} × ${c}: a fresh plan could not be built: ${(err as Error).message}`);
          continue;
        }
      }
      first = false;
      const res = await call({ ...asCaller({ ...p.req, op: op.operationId }, c), kind: "role" });
      check(c, res, p);
    }
  }
  for (const p of plansUsed) await p.cleanup?.().catch(() => {});
}

beforeAll(async () => {
  expiredToken = await makeExpiredToken();
});

describe("authorization matrix: API operations × callers", () => {
  it("has a row for every operation of the contract, and a cell for every caller", () => {
    const missing = missingOperationRows(operations.map((o) => o.operationId));
    expect(missing, `operations without a row in tests/authz/matrix.ts (apiMatrix): add them`).toEqual([]);
    for (const op of operations) expect(plans[op.operationId], `${op.operationId} has no plan`).toBeDefined();
  });

  it("every caller kind is configured", () => {
    const absent = API_CALLERS.filter((c) => !available(c));
    if (target().mode === "fresh-stack") expect(absent, "caller kinds without credentials on the fresh stack").toEqual([]);
  });

  it("every cell answers its class (0 leaks)", async () => {
    const started = Date.now();
    const reads = operations.filter((o) => o.method === "GET");
    const changes = operations.filter((o) => o.method !== "GET");
    await pool(reads, 6, runOperation);
    for (const op of changes) await runOperation(op);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`authorization matrix (API): ${operations.length} operations × ${API_CALLERS.length} callers; ${cellCount.cells} cells checked, ${cellCount.sent} requests, ${failures.length} wrong, in ${secs} s`);
    if (process.env.AUTHZ_PRINT === "1") {
      const header = ["operation", ...API_CALLERS].join(" | ");
      console.log([header, ...operations.map((o) => [o.operationId, ...API_CALLERS.map((c) => observed[o.operationId]?.[c] ?? "-")].join(" | "))].join("\n"));
    }
    expect(failures, `${failures.length} cell(s) answered differently from the matrix:\n\n${failures.join("\n\n")}`).toEqual([]);
  }, 600_000);
});
