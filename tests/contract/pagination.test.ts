/**
 * Pagination invariants of every list that takes `page` and `limit` (found in the contract):
 * - every page: items ≤ limit; metadata consistent (itemCount = items, itemsForPage = limit, currentPage = page,
 *   totalPages = ⌈totalItems / limit⌉, the same totalItems on every page, full pages but the last);
 * - walking all pages yields each id once and totalItems ids; a second walk yields the same order;
 * - a page past the end is empty; smaller pages give the same order (a prefix);
 * - a filtered walk with a small limit keeps the invariants; every `sortBy` × `orderBy` yields the same ids once.
 * Lists answering a plain array with page/limit (e.g. templates): pages concatenate to the unpaged list.
 */
import { describe, expect, it } from "vitest";
import { call, describeRes, expectStatus, type J, type Req } from "./lib/client.js";
import { isPagedList, operations, successSchema, type Operation } from "./lib/contract.js";
import { target } from "./lib/env.js";
import { plans } from "./lib/plans.js";
import { mark } from "./lib/recorder.js";
import { fileWorld } from "./lib/world.js";

const w = fileWorld();

const pagedOps = operations.filter((op) => op.method === "GET" && op.params.some((p) => p.name === "page") && op.params.some((p) => p.name === "limit"));
const MAX_PAGES = 15;
/**
 * Lists that grow by being read: reading a patient's access history is itself recorded in that history (ADR 018),
 * so its pages cannot hold still. Checked instead: newest first, and reading page 1 adds exactly one record.
 */
const GROWS_WHEN_READ = new Set(["getPatientAccessHistory"]);
/**
 * Append-only logs other test files write to while this one walks them (every patient call of the suite adds to
 * the access history): pages cannot hold still. Checked instead: consistent metadata and newest first across two
 * pages.
 */
const LIVE_LOGS = new Set(["searchAccessHistory"]);

async function baseReq(op: Operation): Promise<Req> {
  const factory = plans[op.operationId];
  if (!factory) throw new Error(`${op.operationId} has no plan`);
  const plan = await factory(w);
  return { ...plan.req, op: op.operationId, kind: "paging" } as Req;
}

const idOf = (x: J) => String(x.id ?? x.versionId ?? JSON.stringify(x));

async function page(base: Req, query: Record<string, J>): Promise<{ items: J[]; metadata?: J }> {
  const res = await call({ ...base, query: { ...(base.query ?? {}), ...query } });
  expectStatus(res, 200);
  return Array.isArray(res.body) ? { items: res.body } : res.body;
}

/** Walks every page of a paged list and checks each page's invariants; answers the ids in order. */
async function walk(base: Req, query: Record<string, J>, limit: number): Promise<{ ids: string[]; total: number }> {
  const first = await page(base, { ...query, page: 1, limit });
  const total: number = first.metadata.totalItems;
  const totalPages = Math.ceil(total / limit);
  expect(first.metadata.totalPages, `totalPages = ⌈${total}/${limit}⌉`).toBe(totalPages);
  const ids: string[] = [];
  for (let p = 1; p <= Math.max(1, totalPages); p++) {
    const { items, metadata } = p === 1 ? first : await page(base, { ...query, page: p, limit });
    const where = `${base.op} ${JSON.stringify({ ...query, page: p, limit })}`;
    expect(items.length, `${where}: items ≤ limit`).toBeLessThanOrEqual(limit);
    expect(metadata, `${where}: metadata`).toMatchObject({ totalItems: total, itemCount: items.length, itemsForPage: limit, totalPages, currentPage: p });
    const expected = total === 0 ? 0 : p < totalPages ? limit : total - (totalPages - 1) * limit;
    expect(items.length, `${where}: a full page but the last`).toBe(expected);
    ids.push(...items.map(idOf));
  }
  return { ids, total };
}

function expectOnce(ids: string[], total: number, what: string) {
  const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
  expect(dup, `${what}: ids seen twice while walking the pages`).toEqual([]);
  expect(ids.length, `${what}: ids walked = totalItems`).toBe(total);
}

/** A limit giving about `pages` pages (at least 2 items a page). */
const limitFor = (total: number, pages: number) => Math.min(999, Math.max(2, Math.ceil(total / pages)));

describe("pagination", () => {
  it("finds the paged lists in the contract", () => {
    expect(pagedOps.length).toBeGreaterThan(0);
  });

  for (const op of pagedOps) {
    const paged = isPagedList(op);
    it(`${op.operationId}: ${paged ? "page metadata, each id once, stable order, filters and sorts" : "pages concatenate to the whole list"}`, async () => {
      mark(target().recordFile, { op: op.operationId, check: "paging", ok: false });
      const base = await baseReq(op);
      if (GROWS_WHEN_READ.has(op.operationId)) {
        const p1 = await page(base, { page: 1, limit: 2 });
        const p2 = await page(base, { page: 2, limit: 2 });
        expect(p1.items.length).toBe(2);
        expect(p2.metadata!.totalItems, `${op.operationId}: reading page 1 added one record`).toBe(p1.metadata!.totalItems + 1);
        expect(p2.items.map(idOf)[0], `${op.operationId}: newest first, shifted by the recorded read`).toBe(idOf(p1.items[1]!));
        mark(target().recordFile, { op: op.operationId, check: "paging", ok: true });
        return;
      }
      if (LIVE_LOGS.has(op.operationId)) {
        const p1 = await page(base, { page: 1, limit: 3 });
        const p2 = await page(base, { page: 2, limit: 3 });
        for (const [n, p] of [[1, p1], [2, p2]] as const) {
          expect(p.items.length, `${op.operationId} page ${n}: items ≤ limit`).toBeLessThanOrEqual(3);
          expect(p.metadata, `${op.operationId} page ${n}: metadata`).toMatchObject({ itemCount: p.items.length, itemsForPage: 3, currentPage: n });
        }
        const times = [...p1.items, ...p2.items].map((x) => Date.parse(String(x.at)));
        expect(times, `${op.operationId}: newest first`).toEqual([...times].sort((a, b) => b - a));
        mark(target().recordFile, { op: op.operationId, check: "paging", ok: true });
        return;
      }
      if (!paged) {
        const schema = successSchema(op);
        expect(schema?.type, `${op.operationId}: a list with page/limit answers a paged object or an array`).toBe("array");
        const all = (await page(base, {})).items.map(idOf);
        const limit = limitFor(all.length, 6);
        const walked: string[] = [];
        for (let p = 1; p <= 50; p++) {
          const { items } = await page(base, { page: p, limit });
          expect(items.length).toBeLessThanOrEqual(limit);
          walked.push(...items.map(idOf));
          if (items.length < limit) break;
        }
        expect(walked, `${op.operationId}: the pages, in order, are the unpaged list`).toEqual(all);
        mark(target().recordFile, { op: op.operationId, check: "paging", ok: true });
        return;
      }

      const probe = await page(base, { page: 1, limit: 1 });
      const total: number = probe.metadata.totalItems;
      const limit = limitFor(total, 8);
      const a = await walk(base, {}, limit);
      expectOnce(a.ids, a.total, `${op.operationId} limit ${limit}`);
      const b = await walk(base, {}, limit);
      expect(b.ids, `${op.operationId}: two walks give the same order`).toEqual(a.ids);

      // Past the end: empty, metadata still consistent.
      const after = Math.ceil(total / limit) + 1;
      const beyond = await page(base, { page: after, limit });
      expect(beyond.items).toEqual([]);
      expect(beyond.metadata).toMatchObject({ totalItems: total, itemCount: 0, currentPage: after, itemsForPage: limit });

      // Smaller pages: the same order.
      if (total > 2) {
        const small: string[] = [];
        for (let p = 1; p <= 3; p++) small.push(...(await page(base, { page: p, limit: 2 })).items.map(idOf));
        expect(small, `${op.operationId}: pages of 2 are a prefix of the pages of ${limit}`).toEqual(a.ids.slice(0, small.length));
      }

      // A filtered list walked with a small limit.
      const filter: Record<string, J> = {};
      const locParam = op.params.find((p) => p.name === "locationId" || p.name === "locationIds");
      if (locParam && base.as !== "PRODUCT_ADMIN" && base.as !== "SUPPORT") filter[locParam.name] = locParam.name === "locationIds" ? [w.pracLocationId] : w.pracLocationId;
      else if (op.params.some((p) => p.name === "organizationId")) filter.organizationId = w.orgId;
      else if (op.params.some((p) => p.name === "search")) filter.search = "a";
      if (Object.keys(filter).length > 0) {
        const ftotal: number = (await page(base, { ...filter, page: 1, limit: 1 })).metadata.totalItems;
        expect(ftotal, `${op.operationId} ${JSON.stringify(filter)}: a filter narrows the list`).toBeLessThanOrEqual(total);
        const flimit = Math.max(3, limitFor(ftotal, MAX_PAGES));
        const f = await walk(base, filter, flimit);
        expectOnce(f.ids, f.total, `${op.operationId} ${JSON.stringify(filter)} limit ${flimit}`);
        const outside = f.ids.filter((id) => !a.ids.includes(id));
        expect(outside, `${op.operationId}: a filtered list holds only items of the unfiltered one`).toEqual([]);
      }

      // Every sort: the same ids, each once.
      const sortBy = op.params.find((p) => p.name === "sortBy")?.schema.enum as string[] | undefined;
      const sorted = new Set(a.ids);
      for (const [i, s] of (sortBy ?? []).entries()) {
        const orderBy = i % 2 === 0 ? "ASC" : "DESC";
        const slimit = limitFor(total, 5);
        const walked = await walk(base, { sortBy: s, orderBy }, slimit);
        expectOnce(walked.ids, walked.total, `${op.operationId} sortBy=${s} orderBy=${orderBy} limit ${slimit}`);
        expect(walked.ids.filter((id) => !sorted.has(id)), `${op.operationId} sortBy=${s}: the same items as the default order`).toEqual([]);
        const again = await walk(base, { sortBy: s, orderBy }, slimit);
        expect(again.ids, `${op.operationId} sortBy=${s} orderBy=${orderBy}: a stable order`).toEqual(walked.ids);
      }
      mark(target().recordFile, { op: op.operationId, check: "paging", ok: true });
    });
  }

  it("answers a limit over 999 or a page under 1 with 400", async () => {
    for (const op of pagedOps) {
      const base = await baseReq(op);
      for (const q of [{ limit: 1000 }, { page: 0 }, { limit: 0 }]) {
        const res = await call({ ...base, query: { ...(base.query ?? {}), ...q } });
        expect.soft(res.status, describeRes(res)).toBe(400);
      }
    }
  });
});
