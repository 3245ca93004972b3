/**
 * Graceful shutdown and honest readiness (issue 24 item 3, ADR 029), on the built portal started as its image
 * starts it (`node build/server/index.js`, a cluster of two workers), signalled as an orchestrator signals it.
 *
 * Once as one process, once as a cluster (the primary passes the signal on; each worker drains). A stand-in load balancer polls /readyz every 250 ms and, while the portal is ready, keeps three clients
 * requesting signed-in pages; a slow streamed page (/programs/templates/, its list delayed at the provider API) is
 * in flight when SIGTERM arrives. Not one request may fail: readiness fails at the signal, requests are still
 * served through the drain, the listener closes after it, the streamed page ends whole, and the process exits 0
 * well inside drain + time-out. Before: the listener closed at the signal (requests sent before the next probe
 * were refused).
 *
 * And readiness is the process's own: with the provider API down, /readyz answers 200 (the load balancer keeps the
 * replica, whose pages say "try again") while /healthz?deep=1 reports the API down. Before: /readyz answered 503.
 */
import { TEMPLATES_LOAD_FAILED } from "../../app/areas/programs/templates/template-list.js";
import { SCRIPTING_COOKIE } from "../../app/shell/scripting.js";
import { deadUrl, expect, test } from "./helpers/extra-portal.js";
import { formSignIn } from "./helpers/form-sign-in.js";
import { PRACTITIONER } from "./helpers/stack.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DRAIN_S = 2;
const TIMEOUT_S = 10;
const LIST_DELAY_MS = 5_000;

for (const processes of ["1", "2"]) {
  test(`SIGTERM (${processes === "1" ? "one process" : "a cluster of two"}): readiness fails first, every request through the drain is answered, a streamed page ends whole, exit 0 in time @js-only`, async ({
    startExtraPortal,
    faultProxy,
  }) => {
    test.slow();
    faultProxy.inject({ method: "GET", path: "/v2/health/hep-templates", times: 2, fault: { kind: "delay", ms: LIST_DELAY_MS } });
    const portal = await startExtraPortal({
      env: { PROVIDER_API_URL: faultProxy.url, WEB_CONCURRENCY: processes, SHUTDOWN_DRAIN_SECONDS: String(DRAIN_S), SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_S) },
    });
    const cookie = await formSignIn(portal.url, PRACTITIONER.email);
    const warm = await fetch(`${portal.url}/patients/`, { headers: { cookie } });
    expect(warm.status).toBe(200);
    await warm.text();

    // The stand-in load balancer.
    let ready = true;
    let stop = false;
    let notReadySince: number | undefined;
    let answered = 0;
    const failures: string[] = [];
    const probe = (async () => {
      while (!stop) {
        try {
          const r = await fetch(`${portal.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
          ready = r.status === 200;
        } catch {
          ready = false;
        }
        if (!ready) notReadySince ??= Date.now();
        await sleep(250);
      }
    })();
    const client = async () => {
      while (!stop) {
        if (!ready) {
          await sleep(50);
          continue;
        }
        try {
          const r = await fetch(`${portal.url}/patients/`, { headers: { cookie }, signal: AbortSignal.timeout(15_000) });
          await r.text();
          if (r.status === 200) answered++;
          else failures.push(`status ${r.status}`);
        } catch (err) {
          failures.push(String((err as { cause?: { code?: string } }).cause?.code ?? err));
        }
      }
    };
    const clients = [client(), client(), client()];

    // Busy before the signal (a loaded machine answers a list page in a second or more).
    for (let waited = 0; answered < 3 && waited < 15_000; waited += 100) await sleep(100);
    const answeredBefore = answered;

    // The slow streamed page: its frame arrives at once, its list after the API's delay (streamed to a browser that
    // runs scripts: a browser's user agent and the scripting cookie; a bot or a no-JS browser gets the whole page at once).
    const slowStarted = Date.now();
    const browser = { cookie: `${cookie}; ${SCRIPTING_COOKIE}=1`, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" };
    const slowResponse = await fetch(`${portal.url}/programs/templates/`, { headers: browser });
    expect(slowResponse.status).toBe(200);
    const slowBody = slowResponse.text().then((body) => ({ body, endedAt: Date.now() }));
    const signalledAt = Date.now();
    process.kill(portal.pid, "SIGTERM");

    // During the drain a request that ignores readiness is still served (the balancer may not have noticed yet).
    await sleep(1_000);
    const during = await fetch(`${portal.url}/user/login/`, { headers: { connection: "close" } });
    expect(during.status, "served during the drain").toBe(200);
    await during.text();

    const code = await Promise.race([portal.exited, sleep((DRAIN_S + TIMEOUT_S + 5) * 1000).then(() => "still running")]);
    const exitedAt = Date.now();
    stop = true;
    await Promise.all([probe, ...clients]);

    expect(code, "exit code").toBe(0);
    expect(failures, "requests refused or failed").toEqual([]);
    expect(answeredBefore, "the clients were busy before the signal").toBeGreaterThanOrEqual(3);
    expect(notReadySince, "readiness failed").toBeDefined();
    expect(notReadySince! - signalledAt, "readiness failed within one probe period").toBeLessThan(1_000);

    const slow = await slowBody;
    expect(slow.endedAt - slowStarted, "the streamed page waited for its list").toBeGreaterThanOrEqual(LIST_DELAY_MS - 200);
    expect(slow.endedAt - signalledAt, "it ended after the drain, the listener already closed").toBeGreaterThan(DRAIN_S * 1000);
    expect(slow.body).toContain("</html>");
    expect(slow.body).not.toContain(TEMPLATES_LOAD_FAILED);
    // Out well before drain + time-out (the orchestrator's grace comes after that).
    expect(exitedAt - signalledAt).toBeLessThan((DRAIN_S + TIMEOUT_S) * 1000);
    await expect(fetch(`${portal.url}/healthz`)).rejects.toThrow();
  });
}

test("readiness is this process's own: the provider API down, /readyz stays 200 and /healthz?deep=1 names the API @js-only", async ({ startExtraPortal }) => {
  const portal = await startExtraPortal({ env: { PROVIDER_API_URL: await deadUrl() } });
  const ready = await fetch(`${portal.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
  const live = await fetch(`${portal.url}/healthz`);
  expect(live.status).toBe(200);
  const deep = await fetch(`${portal.url}/healthz?deep=1`);
  expect(deep.status).toBe(503);
  const body = (await deep.json()) as { status: string; dependencies: Record<string, { up: boolean }> };
  expect(body.status).toBe("degraded");
  expect(body.dependencies.provider_api?.up).toBe(false);
  expect(body.dependencies.identity?.up).toBe(true);
  expect(deep.headers.get("cache-control")).toBe("no-store");
});
