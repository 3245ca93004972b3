/**
 * The metrics (ADR 029): requests by route pattern (never the path's ids nor the query's names), provider-API calls
 * by operationId, the session cache's hits and misses, the throttle's refusals, Node's defaults — scraped from the
 * metrics listener. The built portal as a cluster, scraped on its metrics port while its public port refuses
 * /metrics: tests/e2e/metrics.spec.ts.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app/api/client.server";
import { ApiEndpoints } from "../app/api/endpoints.server";
import { operationOf } from "../app/api/metrics-middleware.server";
import { SessionCache } from "../app/api/session-cache.server";
import { createThrottle } from "../app/auth/throttle.server";
import { setLogSink } from "../app/log.server";
import { dependencyChecker } from "./health";
import { startMetricsServer } from "./metrics";
import { requestMetrics } from "./request-metrics";
import { routePattern, routePatterns, routeTree } from "./route-pattern";

/** A manifest shaped like the app's (flat routes: a pathless layout, params, an index, a splat). */
const manifest = {
  root: { id: "root", path: "" },
  "routes/_app": { id: "routes/_app", parentId: "root" },
  "routes/_app.patients._index": { id: "routes/_app.patients._index", parentId: "routes/_app", path: "patients", index: true },
  "routes/_app.patients.$patientRecordId": { id: "routes/_app.patients.$patientRecordId", parentId: "routes/_app", path: "patients/:patientRecordId" },
  "routes/_app.patients.$patientRecordId.$patientProduct.$patientSection": {
    id: "routes/_app.patients.$patientRecordId.$patientProduct.$patientSection",
    parentId: "routes/_app.patients.$patientRecordId",
    path: ":patientProduct/:patientSection",
  },
  "routes/_app.$": { id: "routes/_app.$", parentId: "routes/_app", path: "*" },
  "routes/user.login": { id: "routes/user.login", parentId: "root", path: "user/login" },
} as unknown as ServerBuild["routes"];

describe("route patterns", () => {
  const tree = routeTree(manifest);
  it("names the route, not the path", () => {
    expect(routePattern(tree, "/patients/")).toBe("/patients/");
    expect(routePattern(tree, "/patients/5f0c-…-id")).toBe("/patients/:patientRecordId");
    expect(routePattern(tree, "/patients/p-1/health/exercise-program/")).toBe("/patients/:patientRecordId/:patientProduct/:patientSection/");
    expect(routePattern(tree, "/user/login/")).toBe("/user/login/");
    expect(routePattern(tree, "/no/such/page")).toBe("/*");
  });
  it("data requests get their page's pattern", () => {
    expect(routePattern(tree, "/patients/_.data")).toBe("/patients/ [data]");
    expect(routePattern(tree, "/patients/p-1.data")).toBe("/patients/:patientRecordId [data]");
  });
  it("remembered per path with its record ids set aside: the same patterns, at most maxPaths paths kept", () => {
    const patterns = routePatterns(tree, 3);
    const id = "6349a240-abce-45b4-870c-5caf781850bd";
    const other = "0f8fad5b-d9cb-469f-a165-70867728950e";
    for (const path of ["/patients/", `/patients/${id}`, `/patients/${id}/health/activity/`, `/patients/${id}.data`, `/patients/${other}/gait/assessment/`, "/user/login/", "/no/such/page", `/${id}/`]) {
      expect(patterns(path), path).toBe(routePattern(tree, path));
      expect(patterns(path), `${path} (again)`).toBe(routePattern(tree, path));
    }
    // A record's id is a dynamic segment's value, never a data request's `_`.
    expect(patterns(`/patients/${id}.data`)).toBe("/patients/:patientRecordId [data]");
  });
});

describe("operation ids", () => {
  // That the map is current with the bundle is app/api/operation-ids.test.ts's (and contract:check's).
  it("label a call by the contract's operationId, else by method and path", () => {
    expect(operationOf("get", "/v2/users/current")).toBe("getCurrentUser");
    expect(operationOf("GET", "/v2/not-in-contract")).toBe("GET /v2/not-in-contract");
  });
});

let metricsServer: Server;
let publicServer: Server;
let metricsUrl: string;
let publicUrl: string;
const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
/** The value of one series (0 when absent). */
const value = (text: string, series: string) => Number(text.split("\n").find((l) => l.startsWith(`${series} `))?.split(" ")[1] ?? 0);

let restoreLog = () => {};
beforeAll(async () => {
  restoreLog = setLogSink(() => {});
  const app = express();
  app.use(requestMetrics({ routes: manifest } as ServerBuild));
  app.get("/{*path}", (_req, res) => res.send("page"));
  publicServer = app.listen(0, "127.0.0.1");
  await new Promise((r) => publicServer.once("listening", r));
  publicUrl = `http://127.0.0.1:${(publicServer.address() as AddressInfo).port}`;
  // The dependencies' checks against stand-ins: the API answers, the identity service does not.
  const checker = dependencyChecker(
    { api: { url: "http://api.test", failoverUrls: [], timeoutMs: 1000 }, identity: { region: "us-east-1", endpoint: "http://idp.test", userPoolId: "local_X", clientId: "c" } },
    { fetch: (async (input: RequestInfo | URL) => (String(input).startsWith("http://api.test/healthcheck") ? new Response("{}") : new Response("no", { status: 502 }))) as typeof fetch },
  );
  metricsServer = (await startMetricsServer({ port: 0, host: "127.0.0.1", role: "single", checker }))!;
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  restoreLog();
  await Promise.all([new Promise((r) => metricsServer.close(r)), new Promise((r) => publicServer.close(r))]);
});

describe("the metrics listener", () => {
  it("counts requests by route pattern and status, never with the path's ids or the query", async () => {
    const before = await scrape();
    const series = 'portal_http_requests_total{method="GET",route="/patients/:patientRecordId",status="200"}';
    await fetch(`${publicUrl}/patients/rec-4711?search=Zebrafinch`);
    await fetch(`${publicUrl}/patients/rec-4712`);
    const after = await scrape();
    expect(value(after, series) - value(before, series)).toBe(2);
    expect(after).toContain('portal_http_request_duration_seconds_count{method="GET",route="/patients/:patientRecordId",status="200"}');
    expect(after).not.toContain("Zebrafinch");
    expect(after).not.toContain("rec-4711");
  });

  it("serves only GET /metrics, with the dependencies' health and Node's defaults", async () => {
    const text = await scrape();
    expect(text).toContain('portal_dependency_up{dependency="provider_api"} 1');
    expect(text).toContain('portal_dependency_up{dependency="identity"} 0');
    // The fail-open window of session revocation (ADR 025) is counted from zero, so an alert can rate it (issue 33): the
    // series is there before any failure (its value is the process's: this project's files share their modules, and
    // the revocation tests count failures of their own).
    for (const operation of ["get", "put"]) expect(text).toMatch(new RegExp(`^portal_session_revocation_store_failures_total\\{operation="${operation}"\\} \\d+$`, "m"));
    for (const name of ["nodejs_eventloop_lag_p99_seconds", "nodejs_heap_size_used_bytes", "process_cpu_seconds_total"]) expect(text).toContain(name);
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: "POST" })).status).toBe(404);
  });

  it("times provider-API calls by operationId and status; answers from the session cache count as hits, not calls", async () => {
    const endpoints = new ApiEndpoints({ primary: "http://api.a", failovers: [], fetch: (async () => new Response("{}")) as typeof fetch, sleep: async () => {} });
    const fetchImpl = (async (req: Request) => {
      const path = new URL(req.url).pathname;
      if (path === "/v2/users/current") return new Response(JSON.stringify({ id: "u1", organization: { id: "o1" } }), { headers: { "content-type": "application/json" } });
      if (path === "/v2/patients/pages") return new Response(JSON.stringify({ message: "down" }), { status: 503, headers: { "content-type": "application/json" } });
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const store = new SessionCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const api = createApi({ endpoints, timeoutMs: 1000, fetch: fetchImpl, report: () => {}, cache: { store, key: () => "user\u0000sid" } });
    const before = await scrape();
    await api.call((c, init) => c.GET("/v2/users/current", init));
    await api.call((c, init) => c.GET("/v2/users/current", init)); // from the cache
    await api.call((c, init) => c.GET("/v2/patients/pages", { ...init, params: { query: { search: "Zebrafinch" } } } as never));
    await api.call((c, init) => c.GET("/v2/locations", init)); // no response
    const after = await scrape();
    const diff = (series: string) => value(after, series) - value(before, series);
    expect(diff('portal_provider_api_request_duration_seconds_count{operation="getCurrentUser",status="200"}')).toBe(1);
    expect(diff('portal_session_cache_hits_total{read="/v2/users/current"}')).toBe(1);
    expect(diff('portal_session_cache_misses_total{read="/v2/users/current"}')).toBe(1);
    expect(diff('portal_provider_api_request_duration_seconds_count{operation="listPatientRecords",status="503"}')).toBe(1);
    expect(diff('portal_provider_api_request_duration_seconds_count{operation="listLocations",status="error"}')).toBe(1);
    expect(after).not.toContain("Zebrafinch");
  });

  it("counts the throttle's refusals by action", async () => {
    const throttle = createThrottle(
      {
        keyPrefix: "metrics-test",
        windowSeconds: 60,
        backoff: { free: 5, firstSeconds: 60, maxSeconds: 3600 },
        accountWindowSeconds: 86_400,
        knownSeconds: 86_400,
        limits: { signInAccount: 1, signInAddress: 100, resetAccount: 1, resetAddress: 100, resetCodeAccount: 10, resetCodeAddress: 30, inviteAddress: 1 },
      },
      (opts) => new RateLimiterMemory(opts),
    );
    const before = await scrape();
    await throttle.signInFailed("maya@clinic.example", "203.0.113.9");
    expect((await throttle.checkSignIn("maya@clinic.example", "203.0.113.9")).allowed).toBe(false);
    await throttle.passwordResetRequested("maya@clinic.example", "203.0.113.9");
    expect((await throttle.passwordResetRequested("maya@clinic.example", "203.0.113.9")).allowed).toBe(false);
    const after = await scrape();
    expect(value(after, 'portal_throttle_refusals_total{action="sign-in"}') - value(before, 'portal_throttle_refusals_total{action="sign-in"}')).toBe(1);
    expect(value(after, 'portal_throttle_refusals_total{action="password-reset"}') - value(before, 'portal_throttle_refusals_total{action="password-reset"}')).toBe(1);
    expect(after).not.toContain("maya@clinic.example");
  });
});
