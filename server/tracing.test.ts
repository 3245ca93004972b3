/**
 * Traces (ADR 030), end to end in one process: the SDK started as server/index.ts starts it (spans into an
 * in-memory exporter), the reference API listening on a fresh database (its spans through the same SDK), and the
 * portal — the real app (its server build from Vite), the real express server — answering one page: the patient
 * list searched by a patient's name. The trace must be one tree, request → loaders → provider-API operation →
 * fetch → the reference API's server span, and no span may carry the name (nor the patient's id) anywhere.
 */
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { context } from "@opentelemetry/api";
import { suppressTracing } from "@opentelemetry/core";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "../app/testing/config";
import { startPortalTracing } from "./tracing";

const root = fileURLToPath(new URL("..", import.meta.url));
const FIRST = "Zebulon";
const LAST = "Quintanilla";
const SERVER = 1;
const CLIENT = 2;

const exporter = new InMemorySpanExporter();
let portal = "";
let cookie = "";
let patientId = "";
let identityUrl = "";
let logLines: string[] = [];
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  // First, as in production: the SDK, before anything it instruments is loaded.
  // Every request traced (the default keeps a tenth of the traces that start here): the test reads each one.
  await startPortalTracing({ env: { ...process.env, OTEL_TRACES_SAMPLER: "always_on" }, spanProcessors: [new SimpleSpanProcessor({ exporter })] });

  const { createTestApi, mintToken } = await import("../reference-api/src/testing/harness.js");
  const { createFixture, createPatient } = await import("../reference-api/src/testing/fixture.js");
  const api = await createTestApi();
  closers.push(() => api.close());
  const world = await createFixture(api.db);
  const admin = world.adminA;
  patientId = await createPatient(api.db, { organizationId: world.orgA.id, locationId: world.orgA.locations[0], practitionerId: admin.practitionerId, firstName: FIRST, lastName: LAST });
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  const apiUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;

  // The portal's configuration, for this module's copy of the app and for the one Vite loads.
  Object.assign(process.env, TEST_ENV, { PROVIDER_API_URL: apiUrl, SESSION_CACHE_SECONDS: "0" });
  const { useTestConfig } = await import("../app/testing/config");
  // The identity service: a stub that refuses every password as Cognito does.
  const identity = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(400, { "content-type": "application/x-amz-json-1.1", "x-amzn-errortype": "NotAuthorizedException" }).end(JSON.stringify({ __type: "NotAuthorizedException", message: "Incorrect username or password." })));
  }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => identity.once("listening", () => resolve()));
  closers.push(() => new Promise((resolve) => identity.close(resolve)));
  identityUrl = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
  const config = useTestConfig({ PROVIDER_API_URL: apiUrl, SESSION_CACHE_SECONDS: "0", COGNITO_ENDPOINT: identityUrl });

  // A signed-in session of the organization's admin (the access token as the identity service would mint it).
  const { createTestContext, portalRequest } = await import("../app/context");
  const { getSession } = await import("../app/auth/session.server");
  const { startSession } = await import("../app/auth/user.server");
  const loadContext = createTestContext();
  const session = getSession(new Request("http://127.0.0.1/"), loadContext);
  startSession(session, { accessToken: await mintToken({ userId: admin.userId, groups: admin.groups }), refreshToken: "refresh", idToken: undefined });
  cookie = [...portalRequest(loadContext).responseCookies.values()].map((c) => c.split(";")[0]).join("; ");

  const { setLogSink } = await import("../app/log.server");
  const restoreLog = setLogSink((line) => void logLines.push(line));
  closers.push(async () => restoreLog());

  const vite = await import("vite");
  const viteServer = await vite.createServer({ root, logLevel: "error", server: { middlewareMode: true, hmr: false, ws: false, watch: null }, appType: "custom" });
  closers.push(() => viteServer.close());
  const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as import("react-router").ServerBuild;
  const { createApp } = await import("./app");
  const server: Server = createApp({ build, mode: "production", config, root, isShuttingDown: () => false }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  portal = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

/** The spans of the trace of the portal's request to `path`, once its server span has ended. */
async function traceOf(path: string): Promise<{ html: string; status: number; spans: ReadableSpan[]; root: ReadableSpan }> {
  exporter.reset();
  logLines = [];
  // The test's own request makes no span: the portal's server span is the trace's root.
  const res = await context.with(suppressTracing(context.active()), () => fetch(`${portal}${path}`, { headers: { cookie, "user-agent": "curl/8" } }));
  const html = await res.text();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const root = exporter.getFinishedSpans().find((s) => s.kind === SERVER && !s.parentSpanContext);
    if (root) {
      await new Promise((r) => setTimeout(r, 100)); // the reference API's spans end before, the last loaders' with it
      return { html, status: res.status, root, spans: exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === root.spanContext().traceId) };
    }
    if (Date.now() > deadline) throw new Error(`no server span for ${path}: ${exporter.getFinishedSpans().map((s) => s.name).join(", ")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const parentOf = (spans: ReadableSpan[], span: ReadableSpan) => spans.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId);
function ancestors(spans: ReadableSpan[], span: ReadableSpan): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  for (let p = parentOf(spans, span); p; p = parentOf(spans, p)) chain.push(p);
  return chain;
}

describe("the trace of one page (the patient list searched by a patient's name)", () => {
  it("is one tree: request → loaders → the provider-API operation → its fetch → the reference API's server span", async () => {
    const { html, status, spans, root } = await traceOf(`/patients/?tab=active&q=${LAST}`);
    expect(status).toBe(200);
    expect(html).toContain(LAST); // the search ran and found the patient

    // The request: named by the route pattern, never the URL.
    expect(root.attributes["http.route"]).toMatch(/^\/patients\/?$/);
    expect(root.name).toBe(`GET ${root.attributes["http.route"]}`);
    expect(root.attributes["url.path"]).toBe(root.attributes["http.route"]);

    // Loaders: the layout's and the page's, under the request.
    const loaders = spans.filter((s) => s.name.startsWith("loader "));
    expect(loaders.map((s) => s.attributes["react_router.route.id"])).toEqual(expect.arrayContaining(["root", "routes/_app", "routes/_app.patients._index"]));
    for (const loader of loaders) expect(ancestors(spans, loader)).toContain(root);

    // The list's call: a span named by its operationId under the page's loader, its fetch under it (traceparent),
    // and the reference API's server span the child of that fetch, named by the contract's path.
    const list = spans.find((s) => s.name === "listPatientRecords");
    expect(list, spans.map((s) => s.name).join(", ")).toBeDefined();
    expect(list!.attributes["url.template"]).toBe("/v2/patients/pages");
    expect(list!.attributes["http.response.status_code"]).toBe(200);
    expect(ancestors(spans, list!).map((s) => s.name)).toContain("loader routes/_app.patients._index");
    const fetchSpan = spans.find((s) => s.kind === CLIENT && parentOf(spans, s) === list);
    expect(fetchSpan).toBeDefined();
    const apiSpan = spans.find((s) => s.kind === SERVER && parentOf(spans, s) === fetchSpan);
    expect(apiSpan).toBeDefined();
    expect(apiSpan!.name).toBe("GET /v2/patients/pages");
    expect(apiSpan!.attributes["exer.provider_api.operation"]).toBe("listPatientRecords");
    expect(apiSpan!.attributes["http.response.status_code"]).toBe(200);

    // Every provider-API operation of the page (the locations …) hangs under a loader the same way; the current user,
    // loaded once per request by the authentication middleware (ADR 037), under that middleware's span.
    const operations = spans.filter((s) => s.attributes["exer.provider_api.operation"] !== undefined && s.kind !== SERVER);
    expect(operations.length).toBeGreaterThan(1);
    for (const op of operations) expect(ancestors(spans, op).some((s) => s.name.startsWith("loader ") || s.name.startsWith("middleware "))).toBe(true);
    const user = operations.filter((s) => s.attributes["exer.provider_api.operation"] === "getCurrentUser");
    expect(user).toHaveLength(1);
    expect(ancestors(spans, user[0]!).map((s) => s.name)).toContain("middleware routes/_app");

    // The request's log line carries the trace's ids.
    const requestLine = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === "request");
    expect(requestLine?.trace_id).toBe(root.spanContext().traceId);
    expect(requestLine?.span_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it("holds no PHI: neither the searched name nor the patient's id in any span's name, attribute, event or status", async () => {
    const first = await traceOf(`/patients/?tab=active&q=${LAST}`);
    // A patient's page too: its path holds the patient's id.
    const second = await traceOf(`/patients/${patientId}/`);
    expect(second.root.attributes["http.route"]).toMatch(/^\/patients\/:patientRecordId\/?$/);
    const spans = [...first.spans, ...second.spans];
    expect(spans.length).toBeGreaterThan(10);
    const leaks = spans
      .map((s) => ({ name: s.name, text: JSON.stringify({ name: s.name, attributes: s.attributes, events: s.events, status: s.status, links: s.links }) }))
      .filter(({ text }) => [LAST, FIRST, patientId].some((phi) => text.toLowerCase().includes(phi.toLowerCase())));
    expect(leaks).toEqual([]);
    // The query's parameters are named, their values not.
    const apiList = first.spans.find((s) => s.kind === SERVER && s.attributes["http.route"] === "/v2/patients/pages");
    expect(apiList?.attributes["url.query"]).toMatch(/(^|&)search=REDACTED(&|$)/);
  });
});

describe("identity calls", () => {
  it("are a span each, named by the Cognito operation, with the HTTP call under it and not the login in it", async () => {
    exporter.reset();
    const { signInWithPassword } = await import("../app/auth/identity.server");
    const email = "zebulon.quintanilla@clinic.example";
    await expect(signInWithPassword(email, "not-the-password")).rejects.toMatchObject({ name: "NotAuthorizedException" });
    const spans = exporter.getFinishedSpans();
    const call = spans.find((s) => s.name === "CognitoIdentityProvider/InitiateAuth");
    expect(call, spans.map((s) => s.name).join(", ")).toBeDefined();
    expect(call!.attributes).toMatchObject({ "rpc.service": "CognitoIdentityProvider", "rpc.method": "InitiateAuth", "error.type": "NotAuthorizedException" });
    const http = spans.find((s) => s.kind === CLIENT && parentOf(spans, s) === call);
    expect(http?.attributes["server.port"]).toBe(Number(new URL(identityUrl).port));
    const text = JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status })));
    expect(text).not.toContain("zebulon");
    expect(text).not.toContain("not-the-password");
  });
});
