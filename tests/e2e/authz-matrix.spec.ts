/**
 * The portal half of the authorization matrix (tests/authz/matrix.ts): every route file of app/routes × every
 * kind of caller, over plain HTTP (node's fetch, no browser, cookies kept per caller). Each caller signs in through
 * /user/login/ the way a browser without JavaScript does; then every route is requested (GET; the action routes
 * also get a POST without a form token) and the answer's class is compared with the table. A refused caller
 * must never get a 2xx; a POST a caller may not make must never answer 2xx either.
 *
 * Runs in the E2E run (its stack and built portal), project `js` only (@js-only: there is no browser to differ).
 * The expired session: a second portal with a 5-second inactivity timeout (the server ends idle sessions).
 */
import { actionRouteFiles, CALLERS, missingPostRows, missingRouteRows, routeFiles, routeMatrix, routePostMatrix, ROUTE_URLS, urlPattern, type Caller, type PortalClass } from "../authz/matrix.js";
import { readState } from "../setup/state.js";
import { test, expect } from "./helpers/extra-portal.js";
import { apiAs } from "./helpers/stack.js";
import { CookieJar, signInJar } from "./helpers/form-sign-in.js";
import { fillIds, seededIds } from "./helpers/seeded-ids.js";

const EMAIL: Record<Exclude<Caller, "anon" | "expired">, string> = {
  prac: "practitioner@frontrange.example",
  prac2: "practitioner2@frontrange.example",
  padmin: "admin@frontrange.example",
  scan: "scan@scanonly.example",
  other: "research@research.example",
  exer: "productadmin@exer.example",
  support: "support@exer.example",
  nogrp: "nogroups@frontrange.example",
  disab: "disabled@closedclinic.example",
};

async function request(base: string, jar: CookieJar, path: string, init: { method?: string; form?: Record<string, string>; requestId?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header(), "user-agent": "authz-matrix" };
  if (init.requestId) headers["x-request-id"] = init.requestId;
  let body: string | undefined;
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = base;
  }
  const res = await fetch(`${base}${path}`, { method: init.method ?? "GET", headers, body, redirect: "manual" });
  jar.take(res);
  return res;
}

// A refused sign-in (no role, a disabled organization) leaves the jar as the portal left it: its rows say so.
const signIn = (base: string, email: string) => signInJar(base, email);

/** The class of an answer (see tests/authz/matrix.ts). */
function classOf(res: Response): PortalClass {
  if (res.status >= 300 && res.status < 400) {
    const to = new URL(res.headers.get("location") ?? "", "http://x");
    if (to.pathname.startsWith("/user/login")) return "login";
    if (to.pathname === "/") return "root";
    if (to.pathname === "/home/" || to.pathname === "/home") return "home";
    return `->${to.pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}")}`;
  }
  if (res.status >= 200 && res.status < 300) return "ok";
  if (res.status === 404) return "nf";
  return String(res.status) as PortalClass;
}

const ZERO = "00000000-0000-4000-8000-000000000000";

/**
 * The ids for one caller. The research export is the research organization's only: `other` (organization C)
 * asks for one of C's sessions (its own, so it may open it), everyone else for A's (not research: 404).
 */
async function seeded(caller: Caller): Promise<Record<string, string>> {
  const ids = { ...(await seededIds()) };
  ids.exportSession = ids.scanSessionUuid!;
  if (caller === "other") {
    const own = await (await apiAs(EMAIL.other)).GET("/v2/scan/sessions/pages", { params: { query: { limit: 1 } } });
    ids.exportSession = own.data?.items[0]?.sessionUUID ?? ZERO;
  }
  return ids;
}

/**
 * The caller's own profile: what an empty POST to the account routes could change. Patients' data is not compared
 * here (other specs change patients while this one runs): the access trail below shows every change of a patient
 * the API made for one of these posts, whoever else is working at the same time.
 */
async function profileOf(caller: Caller): Promise<unknown> {
  const email = caller === "expired" ? EMAIL.prac : caller === "anon" ? null : EMAIL[caller];
  return email && !["nogrp", "disab"].includes(caller) ? (await (await apiAs(email)).GET("/v2/users/current")).data : null;
}

/** Successful changes (not GET, 2xx) the API recorded with one of this run's request ids, as the caller. */
async function changesMadeBy(caller: Caller, runId: string): Promise<string[]> {
  const email = caller === "expired" ? EMAIL.prac : caller === "anon" || caller === "nogrp" || caller === "disab" ? null : EMAIL[caller];
  if (!email) return [];
  const me = (await (await apiAs(email)).GET("/v2/users/current")).data!;
  const trail = await (await apiAs(EMAIL.exer)).GET("/v2/admin/access-history", { params: { query: { userId: me.userId, limit: 100 } } });
  expect(trail.error, "the access trail can be searched").toBeUndefined();
  return (trail.data?.items ?? [])
    .filter((e) => e.requestId?.startsWith(runId) && e.method !== "GET" && e.status < 300)
    .map((e) => `${e.method} ${e.operationId} (${e.status}, request ${e.requestId})`);
}

test.describe("authorization matrix: portal routes × callers @js-only", () => {
  test("every route file has a row and a URL", () => {
    const missing = missingRouteRows();
    expect(missing.map((f) => `${f}  (${urlPattern(f)})`), "route files without a row in tests/authz/matrix.ts (ROUTE_TABLE and ROUTE_URLS): add them").toEqual([]);
    expect(routeFiles().filter((f) => !ROUTE_URLS[f]), "route files without a URL in ROUTE_URLS").toEqual([]);
    expect(missingPostRows().map((f) => `${f}  (${urlPattern(f)})`), "route files exporting an action without a row in ROUTE_POST_TABLE: add them").toEqual([]);
  });

  for (const caller of CALLERS) {
    test(`as ${caller}: every route answers its class`, async ({ startExtraPortal }) => {
      test.setTimeout(120_000);
      const state = readState();
      const ids = await seeded(caller);
      let base = state.baseURL;
      let jar = new CookieJar();
      if (caller === "expired") {
        const portal = await startExtraPortal({ env: { INACTIVITY_TIMEOUT_SECONDS: "5" } });
        base = portal.url;
        jar = await signIn(base, EMAIL.prac);
        await new Promise((r) => setTimeout(r, 6_000));
      } else if (caller !== "anon") {
        jar = await signIn(base, EMAIL[caller]);
      }
      const snapshot = jar.header();
      const failures: string[] = [];
      const observed: string[] = [];
      for (const file of routeFiles()) {
        const row = routeMatrix[file];
        const url = ROUTE_URLS[file];
        if (!row || !url) continue;
        // The expired session is replayed as it was (each answer would otherwise replace it).
        const j = caller === "expired" ? Object.assign(new CookieJar(), { header: () => snapshot }) : jar;
        const res = await request(base, j, fillIds(url, ids));
        const got = classOf(res);
        observed.push(`${file} ${got.startsWith("->") ? `redirect ${got.slice(2)}` : got}`);
        if (got !== row[caller]) failures.push(`GET ${fillIds(url, ids)} (${file}): expected ${row[caller]}, got ${got} (${res.status})`);
        await res.arrayBuffer().catch(() => undefined);
      }

      // The action routes: a POST without a form token and without fields (an empty form is what a forged or
      // replayed post without the page's token looks like). Signing out comes last: it ends this caller's session.
      const runId = `authz-${caller}-${Date.now().toString(36)}`;
      const before = await profileOf(caller);
      const posts = actionRouteFiles().sort((a, b) => Number(a === "user.logout") - Number(b === "user.logout"));
      for (const [n, file] of posts.entries()) {
        const row = routePostMatrix[file];
        const url = ROUTE_URLS[file];
        if (!row || !url) continue;
        const j = caller === "expired" ? Object.assign(new CookieJar(), { header: () => snapshot }) : jar;
        const res = await request(base, j, fillIds(url, ids), { method: "POST", form: {}, requestId: `${runId}-${n}` });
        const got = classOf(res);
        observed.push(`POST ${file} ${got.startsWith("->") ? `redirect ${got.slice(2)}` : got}`);
        if (got !== row[caller]) failures.push(`POST ${fillIds(url, ids)} (${file}): expected ${row[caller]}, got ${got} (${res.status})`);
        const body = await res.text().catch(() => "");
        // A caller the GET refuses must learn nothing from the post's page either (e.g. the patient's name).
        if (routeMatrix[file]?.[caller] !== "ok" && !routeMatrix[file]?.[caller].startsWith("->") && body.includes(ids.patientName!)) {
          failures.push(`POST ${fillIds(url, ids)} (${file}): the answer to a refused caller shows the patient's name`);
        }
      }
      // No empty post changed anything: the caller's profile is as it was, and the API's access trail holds no
      // successful change of a patient made by one of these posts.
      expect(await profileOf(caller), "an empty POST changed the caller's profile").toEqual(before);
      expect(await changesMadeBy(caller, runId), "changes the API recorded for the empty POSTs").toEqual([]);

      if (process.env.AUTHZ_PRINT === "1") console.log(`observed ${caller}\n${observed.join("\n")}`);
      expect(failures, `${failures.length} route(s) answered differently from the matrix`).toEqual([]);
    });
  }
});
