/**
 * Prometheus metrics (issue 24 item 5, ADR 029) of the built portal as a cluster of two workers: the primary
 * serves their aggregate on METRICS_PORT; the public port has no /metrics. Requests are counted by route pattern,
 * provider-API calls by operationId, and nothing a user typed (a search for a name) appears in the scrape.
 */
import { findFreePort } from "../../scripts/identity/cognito-local.js";
import { expect, test } from "./helpers/extra-portal.js";
import { formSignIn } from "./helpers/form-sign-in.js";
import { PRACTITIONER } from "./helpers/stack.js";

/** The sum of every series of `name` whose labels include all of `labels`. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) sum += Number(line.split(" ").pop());
  }
  return sum;
}

test("the metrics port serves the workers' aggregate; the public port has no /metrics @js-only", async ({ startExtraPortal }) => {
  const metricsPort = await findFreePort();
  const portal = await startExtraPortal({ env: { WEB_CONCURRENCY: "2", METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" } });
  const cookie = await formSignIn(portal.url, PRACTITIONER.email);
  // Three pages on new connections (the cluster shares out connections): at least two by one worker, whose
  // session cache then answers the profile.
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${portal.url}/patients/?q=Zebrafinch`, { headers: { cookie, connection: "close" } });
    expect(res.status).toBe(200);
    await res.text();
  }

  // The gauge portal_ready is the minimum over the workers: a worker still starting (on a busy machine the second
  // may listen seconds after the first has served the sign-in) counts 0 until it listens.
  let text = "";
  await expect(async () => {
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toContain("text/plain");
    text = await scrape.text();
    expect(total(text, "portal_ready"), "every worker listens").toBe(1);
  }).toPass({ timeout: 15_000 });
  expect(total(text, "portal_http_requests_total", { method: "GET", route: "/patients/", status: "200" })).toBe(3);
  expect(total(text, "portal_http_requests_total", { method: "POST", route: "/user/login/", status: "302" })).toBe(1);
  expect(total(text, "portal_http_request_duration_seconds_count", { route: "/patients/" })).toBe(3);
  expect(total(text, "portal_provider_api_request_duration_seconds_count", { operation: "listPatientRecords", status: "200" })).toBeGreaterThanOrEqual(3);
  expect(total(text, "portal_session_cache_hits_total")).toBeGreaterThanOrEqual(1);
  expect(total(text, "portal_session_cache_misses_total")).toBeGreaterThanOrEqual(1);
  expect(text).toContain('portal_throttle_refusals_total{action="sign-in"}');
  expect(text).toContain('portal_dependency_up{dependency="provider_api"} 1');
  expect(text).toContain('portal_dependency_up{dependency="identity"} 1');
  for (const name of ["nodejs_eventloop_lag_p99_seconds", "nodejs_heap_size_used_bytes", "process_resident_memory_bytes"]) expect(text).toContain(name);
  // Nothing typed by a user, no e-mail, no record path.
  expect(text).not.toContain("Zebrafinch");
  expect(text).not.toContain(PRACTITIONER.email);

  // The public port: the app's own not-found page (or the sign-in redirect), never the metrics.
  for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
    const res = await fetch(`${portal.url}/metrics`, { headers, redirect: "manual" });
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain("portal_http_requests_total");
  }
});
