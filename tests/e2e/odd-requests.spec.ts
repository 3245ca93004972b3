/**
 * Odd requests never answer 5xx (issue 23, finding 8; ADR 024 §8): every route with an action (the authorization
 * matrix's POST table, tests/authz/matrix.ts, read from `react-router routes --json`) gets posts of every content
 * type a client can send — none, text/plain, JSON, XML, bytes, a multipart body cut short or without a boundary,
 * garbage with a boundary, an empty multipart form, an empty and a malformed urlencoded form, the same through
 * React Router's data URL (`.data`) and with a `_data` query (Remix's old data parameter), and PUT/PATCH/DELETE
 * without a body — as an anonymous visitor, a practitioner, a provider admin and the product admin. Every answer
 * must be below 500, carry no stack trace and no server path, and a body that is not a form must get 415.
 *
 * HTTP only (node's fetch, cookies kept per caller), like the matrix's portal half: `@js-only` (no browser to differ).
 */
import { actionRouteFiles, routePostMatrix, ROUTE_URLS } from "../authz/matrix.js";
import { PROJECT_ROOT } from "../../scripts/identity/cognito-local.js";
import { readState } from "../setup/state.js";
import { expect, test } from "./fixtures.js";
import { apiAs } from "./helpers/stack.js";
import { CookieJar, signInJar } from "./helpers/form-sign-in.js";

type Caller = "anon" | "prac" | "padmin" | "exer";
const EMAIL: Record<Exclude<Caller, "anon">, string> = {
  prac: "practitioner@frontrange.example",
  padmin: "admin@frontrange.example",
  exer: "productadmin@exer.example",
};

/** A body of one kind: its Content-Type (none when undefined), its bytes, and whether it is a form at all. */
interface Body {
  name: string;
  type?: string;
  body?: string | Uint8Array;
  form: boolean;
  method?: string;
}

const BOUNDARY = "----oddRequests7MA4YWxkTrZu0gW";
const BODIES: Body[] = [
  { name: "no body, no type", form: false },
  { name: "empty body, no type", body: new Uint8Array(), form: false },
  { name: "text/plain", type: "text/plain;charset=UTF-8", body: "intent=delete&id=1", form: false },
  { name: "JSON", type: "application/json", body: JSON.stringify({ intent: "delete", id: 1 }), form: false },
  { name: "JSON, broken", type: "application/json", body: '{"intent":', form: false },
  { name: "XML", type: "application/xml", body: "<intent>delete</intent>", form: false },
  { name: "bytes", type: "application/octet-stream", body: new Uint8Array([0, 159, 146, 150, 255]), form: false },
  { name: "multipart without a boundary", type: "multipart/form-data", body: "intent=delete", form: false },
  { name: "multipart cut short", type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndel`, form: true },
  { name: "multipart garbage", type: `multipart/form-data; boundary=${BOUNDARY}`, body: "this is not multipart at all", form: true },
  { name: "multipart part without a name", type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`, form: true },
  { name: "multipart, empty form", type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}--\r\n`, form: true },
  { name: "urlencoded, empty", type: "application/x-www-form-urlencoded", body: "", form: true },
  { name: "urlencoded, malformed", type: "application/x-www-form-urlencoded", body: "%zz=%&intent=%E0%A4%A&&=&%00=%00", form: true },
  { name: "PUT without a body", method: "PUT", form: false },
  { name: "PATCH JSON", method: "PATCH", type: "application/json", body: "{}", form: false },
  { name: "DELETE without a body", method: "DELETE", form: false },
];

/** The same route reached three ways: its URL, React Router's data URL, and Remix's `_data` parameter. */
function addresses(url: string): { name: string; url: string }[] {
  const u = new URL(url, "http://x");
  const path = u.pathname.replace(/\/$/, "");
  const data = `${path === "" ? "/_root" : path}.data${u.search}`;
  const withData = `${u.pathname}${u.search ? `${u.search}&` : "?"}_data=routes%2F_app.patients._index`;
  return [
    { name: "page", url: `${u.pathname}${u.search}` },
    { name: ".data", url: data },
    { name: "_data", url: withData },
  ];
}

async function send(base: string, jar: CookieJar, path: string, b: Body): Promise<{ status: number; text: string; headers: Headers }> {
  const headers: Record<string, string> = { cookie: jar.header(), origin: base, "user-agent": "odd-requests" };
  if (b.type) headers["content-type"] = b.type;
  const res = await fetch(`${base}${path}`, { method: b.method ?? "POST", headers, body: b.body as BodyInit | undefined, redirect: "manual" });
  jar.take(res);
  return { status: res.status, text: await res.text().catch(() => ""), headers: res.headers };
}

const signIn = (base: string, email: string) => signInJar(base, email, { strict: true });

let idsOnce: Promise<Record<string, string>> | undefined;
/** The ids the action routes' URLs name: a patient at the practitioner's location, a scan organization. */
function ids(): Promise<Record<string, string>> {
  idsOnce ??= (async () => {
    const api = await apiAs(EMAIL.prac);
    const patients = await api.GET("/v2/health/patients/pages", { params: { query: { limit: 1, status: "ACTIVE" } } });
    const scanOrgs = await (await apiAs(EMAIL.exer)).GET("/v2/admin/scan/organizations/locations");
    return { patient: patients.data!.items[0]!.id, org: scanOrgs.data![0]!.id };
  })();
  return idsOnce;
}

/** What must never reach a client: a stack frame, the server's own paths. */
function leaks(text: string): string | null {
  if (/\n\s+at .+[(\s]\S+:\d+:\d+\)?/.test(text)) return "a stack trace";
  if (text.includes(PROJECT_ROOT)) return `the server path ${PROJECT_ROOT}`;
  if (/node_modules\//.test(text)) return "a node_modules path";
  if (/\b(TypeError|ReferenceError|SyntaxError): /.test(text)) return "an error's name and message";
  return null;
}

test.describe("odd requests to every action route @js-only", () => {
  test("the action routes are the matrix's", () => {
    const routes = actionRouteFiles();
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((f) => !ROUTE_URLS[f] || !routePostMatrix[f])).toEqual([]);
  });

  for (const caller of ["anon", "prac", "padmin", "exer"] as const) {
    test(`as ${caller}: every content type, an empty body, .data and _data: never a 5xx, no stack, 415 for what is not a form`, async () => {
      test.setTimeout(240_000);
      const base = readState().baseURL;
      const known = await ids();
      const jar = caller === "anon" ? new CookieJar() : await signIn(base, EMAIL[caller]);
      // Signing out comes last: it ends this caller's session.
      const routes = actionRouteFiles().sort((a, b) => Number(a === "user.logout") - Number(b === "user.logout"));
      const failures: string[] = [];
      let sent = 0;
      for (const file of routes) {
        const url = ROUTE_URLS[file]!.replace(/\{(\w+)\}/g, (_, k: string) => known[k] ?? `missing-${k}`);
        for (const address of addresses(url)) {
          for (const b of BODIES) {
            const res = await send(base, jar, address.url, b);
            sent++;
            const what = `${b.method ?? "POST"} ${address.url} (${file}, ${address.name}) ${b.name}`;
            if (res.status >= 500) failures.push(`${what}: ${res.status}`);
            const leak = leaks(res.text);
            if (leak) failures.push(`${what}: the answer shows ${leak}`);
            if (!b.form && res.status !== 415) failures.push(`${what}: ${res.status}, not 415`);
            if (res.status === 415 && !res.text.trim()) failures.push(`${what}: 415 without a message`);
          }
        }
      }
      expect(sent).toBeGreaterThan(routes.length * BODIES.length);
      expect(failures, `${failures.length} odd request(s) answered badly`).toEqual([]);
    });
  }
});
