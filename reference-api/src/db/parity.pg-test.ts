/**
 * PGlite ⇄ PostgreSQL parity (ADR 016), run by the PostgreSQL test mode only (npm run test:unit:pg): the demo
 * world is seeded into both databases with the same day, and every read the portal makes — each list of the
 * contract with every sortBy × orderBy, the patient's sections, details — is asked of both APIs as each demo
 * account. Any difference in status or body (order, number formatting, dates, null vs missing, counts) fails.
 * Only values that are expected to differ are masked: instants the requests wrote (the access log), windows
 * read back relative to the request's now() and signed URLs' expiry and signature. The seed writes no instant of the wall clock (seed/world.test.ts), so the
 * rows' own stamps are compared as they are.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledContractPath } from "../core/contract-validator.js";
import { createFileStore } from "../core/files.js";
import { demoAccounts } from "../seed/demo-accounts.js";
import { seedToday, seedWorld } from "../seed/index.js";
import { createPgliteTestDb, createTestApi, createTestDb, type TestApi } from "../testing/harness.js";
import { usePostgres } from "../testing/postgres.js";
import { migrate } from "./db.js";

type Parameter = { $ref?: string; name: string; in: string; required?: boolean; schema?: { enum?: string[]; $ref?: string } };
type Operation = { operationId: string; parameters?: Parameter[] };

let pglite: TestApi;
let postgres: TestApi;
const runStarted = Date.now();

beforeAll(async () => {
  if (!usePostgres()) throw new Error("parity.pg-test.ts runs in the PostgreSQL test mode (TEST_DATABASE=postgres)");
  const today = seedToday();
  const seeded = async (db: Awaited<ReturnType<typeof createTestDb>>) => {
    await migrate(db);
    await seedWorld({ db, files: createFileStore(db), world: "demo", today });
    return createTestApi({}, { db });
  };
  [pglite, postgres] = await Promise.all([createPgliteTestDb().then(seeded), createTestDb().then(seeded)]);
}, 300_000);

afterAll(async () => {
  await pglite?.close();
  await postgres?.close();
});

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Masks what legitimately differs between two separately seeded databases. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  }
  if (typeof value === "string") {
    // Written by the requests themselves (the patient access log's `at`): the two requests ran at different instants.
    if (ISO_DATE_TIME.test(value) && Date.parse(value) >= runStarted && Date.parse(value) <= Date.now() + 1000) return "<during the run>";
    // Windows read back relative to the request's now() (Insights' `since`, 30 days back): the two requests ran
    // at different instants.
    if (ISO_DATE_TIME.test(value) && Math.abs(Date.parse(value) - (runStarted - 30 * 86_400_000)) < 30 * 60_000) return "<now - 30 days>";
    if (value.includes("signature=")) return value.replace(/expires=\d+/, "expires=<t>").replace(/signature=[^&]+/, "signature=<s>");
  }
  return value;
}

async function both(url: string, as: { userId: string; groups: string[] }) {
  const [a, b] = await Promise.all([pglite.request("GET", url, { as }), postgres.request("GET", url, { as })]);
  const body = (r: { body: unknown; raw: Buffer; headers: Record<string, unknown> }) =>
    Buffer.isBuffer(r.body) ? `<${String(r.headers["content-type"])} ${r.raw.length > 0 ? "bytes" : "empty"}>` : normalize(r.body);
  return { pglite: { status: a.status, body: body(a) }, postgres: { status: b.status, body: body(b) }, raw: a.body };
}

const contract = JSON.parse(readFileSync(bundledContractPath, "utf8")) as { paths: unknown; components: Record<string, Record<string, unknown>> };
/** Resolves a local `#/components/…` reference. */
function deref<T>(x: T & { $ref?: string }): T {
  if (!x.$ref) return x;
  const [, , kind, name] = x.$ref.split("/");
  return deref(contract.components[kind!]![name!] as T & { $ref?: string });
}
const enumOf = (p: Parameter | undefined) => (p?.schema ? deref(p.schema).enum ?? [] : []);
const operations = Object.entries(contract.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  item.get ? [{ path, op: item.get }] : [],
);

/** The GET operations without path parameters, with every sortBy × orderBy they accept. */
function listUrls(): string[] {
  const urls: string[] = [];
  for (const { path, op } of operations) {
    if (path.includes("{") || path.startsWith("/media") || path === "/healthcheck") continue;
    const params = (op.parameters ?? []).map(deref);
    if (params.some((p) => p.in === "query" && p.required)) continue;
    const sortBy = enumOf(params.find((p) => p.name === "sortBy"));
    const orderBy = enumOf(params.find((p) => p.name === "orderBy"));
    urls.push(path);
    for (const s of sortBy) for (const o of orderBy.length ? orderBy : [undefined]) urls.push(`${path}?sortBy=${s}${o ? `&orderBy=${o}` : ""}`);
    // Every other enumerated filter, one value at a time (status=DISCHARGED, product=GAIT, …).
    for (const p of params.filter((x) => x.in === "query" && x.name !== "sortBy" && x.name !== "orderBy")) {
      for (const v of enumOf(p)) urls.push(`${path}?${p.name}=${v}`);
    }
    if (params.some((p) => p.name === "limit")) urls.push(`${path}?page=2&limit=7`);
  }
  return urls;
}

const accounts = demoAccounts.map((a) => ({ userId: a.userId, groups: a.groups, email: a.email }));

describe("PGlite and PostgreSQL answer every read alike", () => {
  for (const account of accounts) {
    it(`lists, as ${account.email}`, async () => {
      const diffs: string[] = [];
      let answered = 0;
      const urls = listUrls();
      for (const url of urls) {
        const r = await both(url, account);
        if (r.pglite.status === 200) answered++;
        if (JSON.stringify(r.pglite) !== JSON.stringify(r.postgres)) {
          diffs.push(url);
          expect.soft(r.postgres, url).toEqual(r.pglite);
        }
      }
      expect(diffs, `answers differ for ${diffs.join(", ")}`).toEqual([]);
      // The walk reads real data: a signed-in portal user gets most lists (refusals are compared too).
      if (!account.email.startsWith("disabled") && !account.email.startsWith("nogroups")) expect(answered).toBeGreaterThan(urls.length / 3);
    });
  }

  it("a patient's record and sections, programs, templates and scan sessions, as the practitioner and the provider admin", async () => {
    const diffs: string[] = [];
    for (const account of accounts.filter((a) => a.groups.includes("PORTAL_PRACTITIONER") || a.groups.includes("PORTAL_PROVIDER_ADMIN")).slice(0, 4)) {
      const check = async (url: string) => {
        const r = await both(url, account);
        if (JSON.stringify(r.pglite) !== JSON.stringify(r.postgres)) {
          diffs.push(`${account.email} ${url}`);
          expect.soft(r.postgres, `${account.email} ${url}`).toEqual(r.pglite);
        }
        return r.raw as { items?: { id: string }[] } | undefined;
      };
      const patients = (await check("/v2/patients/pages?limit=12"))?.items ?? [];
      for (const p of patients) {
        for (const section of ["", "/pros", "/interactions"]) await check(`/v2/patients/${p.id}${section}`);
        for (const section of ["heps", "sessions", "notifications"]) await check(`/v2/health/patients/${p.id}/${section}`);
        await check(`/v2/gait/sessions?patientRecordId=${p.id}`);
      }
      for (const t of (await check("/v2/health/hep-templates"))?.items ?? []) await check(`/v2/health/hep-templates/${t.id}`);
      for (const s of ((await check("/v2/scan/sessions/pages?limit=10"))?.items ?? []).slice(0, 10)) await check(`/v2/scan/sessions/${s.id}`);
    }
    expect(diffs).toEqual([]);
  });
});
