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
import { CALLERS, missingRouteRows, routeFiles, routeMatrix, ROUTE_URLS, urlPattern, type Caller, type PortalClass } from "../authz/matrix.js";
import { readState } from "../setup/state.js";
import { test, expect } from "./helpers/extra-portal.js";
import { apiAs, DEMO_PASSWORD } from "./helpers/stack.js";

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

/** A cookie jar of one caller (name → value; the portal sets path=/ cookies only). */
class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (value === "" || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

async function request(base: string, jar: Jar, path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header(), "user-agent": "authz-matrix" };
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

async function signIn(base: string, email: string): Promise<Jar> {
  const jar = new Jar();
  await request(base, jar, "/user/login/", { method: "POST", form: { email, password: DEMO_PASSWORD } });
  return jar;
}

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

/** Seeded objects for the path parameters, learned from the API as organization A's practitioner. */
async function seeded(): Promise<Record<string, string>> {
  const api = await apiAs(EMAIL.prac);
  const patients = await api.GET("/v2/health/patients/pages", { params: { query: { limit: 5, status: "ACTIVE" } } });
  const patient = patients.data!.items[0]!;
  const sessions = await api.GET("/v2/scan/sessions/pages", { params: { query: { limit: 5 } } });
  const templates = await api.GET("/v2/health/hep-templates");
  const cycles = await api.GET("/v2/health/rtm-cycles", { params: { query: { limit: 5 } } });
  const heps = await api.GET("/v2/health/patients/{id}/heps", { params: { path: { id: patient.id } } });
  return {
    patient: patient.id,
    scanSession: sessions.data!.items[0]!.id,
    template: (templates.data as { id: string }[])[0]!.id,
    cycle: (cycles.data as { items: { id: string }[] }).items[0]?.id ?? "00000000-0000-4000-8000-000000000000",
    hep: ((heps.data ?? []) as { id: string }[])[0]?.id ?? "00000000-0000-4000-8000-000000000000",
  };
}

const fill = (url: string, ids: Record<string, string>) => url.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? `missing-${k}`);

test.describe("authorization matrix: portal routes × callers @js-only", () => {
  test("every route file has a row and a URL", () => {
    const missing = missingRouteRows();
    expect(missing.map((f) => `${f}  (${urlPattern(f)})`), "route files without a row in tests/authz/matrix.ts (ROUTE_TABLE and ROUTE_URLS): add them").toEqual([]);
    expect(routeFiles().filter((f) => !ROUTE_URLS[f]), "route files without a URL in ROUTE_URLS").toEqual([]);
  });

  for (const caller of CALLERS) {
    test(`as ${caller}: every route answers its class`, async ({ startExtraPortal }) => {
      test.setTimeout(120_000);
      const state = readState();
      const ids = await seeded();
      let base = state.baseURL;
      let jar = new Jar();
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
        const j = caller === "expired" ? Object.assign(new Jar(), { header: () => snapshot }) : jar;
        const res = await request(base, j, fill(url, ids));
        const got = classOf(res);
        observed.push(`${file} ${got.startsWith("->") ? `redirect ${got.slice(2)}` : got}`);
        if (got !== row[caller]) failures.push(`GET ${fill(url, ids)} (${file}): expected ${row[caller]}, got ${got} (${res.status})`);
        await res.arrayBuffer().catch(() => undefined);
      }
      if (process.env.AUTHZ_PRINT === "1") console.log(`observed ${caller}\n${observed.join("\n")}`);
      expect(failures, `${failures.length} route(s) answered differently from the matrix`).toEqual([]);
    });
  }
});
