/**
 * One replica as deploy/kubernetes runs it — the image (container:verify's build), WEB_CONCURRENCY=1, limited to
 * one CPU (`podman run --cpus 1`, the Deployment's limit) — against the demo world on this host: the patient list
 * page and a patient's page at concurrency BENCH_CONCURRENCY (8) for BENCH_SECONDS (10) each after a 2 s warm-up.
 * The req/s of one process on one core is the sizing unit of README "Sizing".
 *
 *   npm run bench:container
 *
 * The load average is printed before each run: on a shared machine read the figures with it.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { findFreePort, PROJECT_ROOT } from "../identity/cognito-local.js";
import { startStack, type Stack } from "../dev/stack.js";
import { copyPreparedWorld } from "../../tests/setup/world-cache.js";
import { portalReady, stackPortalEnv, waitUntil } from "../container/checks.js";
import { buildPortalImage, hostAddress } from "../container/image.js";
import { podman } from "../container/podman.js";
import { demoAccount } from "./lib/accounts.js";
import { hit, keepAliveAgent, send } from "./lib/http.js";
import { signInToPortal } from "./lib/portal-session.js";
import { runClosedLoop } from "./lib/runner.js";
import { fmt, machineLine, markdownTable } from "./lib/table.js";
import { LIST_ACCOUNT } from "./scenarios/patient-list.js";

const log = (m: string) => console.error(`[bench] ${m}`);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const cpus = process.env.BENCH_CPUS ?? "1";
const warmupSeconds = 2;
const account = demoAccount(LIST_ACCOUNT);

const built = await buildPortalImage({ log, logName: "bench-container-build.log" });
const dataDir = join(PROJECT_ROOT, "data", `bench-container-${process.pid}`);
const name = `exer-portal-bench-${process.pid}`;
let stack: Stack | undefined;
const agent = keepAliveAgent();
const rows: (string | number)[][] = [];
let failed = false;
try {
  await copyPreparedWorld(join(dataDir, "api"), "demo").catch(() => false);
  stack = await startStack({ dataDir, world: "demo", host: hostAddress() });
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...stackPortalEnv(stack),
    PUBLIC_URL: url,
    SESSION_SECRETS: randomBytes(32).toString("base64url"),
    THROTTLE_STORE: "local",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
  };
  podman(["run", "-d", "--name", name, "--cpus", cpus, "--read-only", "--tmpfs", "/tmp", "-p", `127.0.0.1:${port}:3000`, ...Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]), built.image]);
  await waitUntil(() => portalReady(url), { timeoutMs: 60_000, everyMs: 500 });
  const session = await signInToPortal(url, account, agent);
  const headers = session.headers({ scripts: true });
  const list = await send(`${url}/patients/`, { agent, headers });
  const link = /href="(\/patients\/[0-9a-f-]{36}\/)"/.exec(list.body)?.[1];
  if (list.status !== 200 || !link) throw new Error(`GET /patients/ answered ${list.status}${link ? "" : " without a patient link"}`);
  // The patient's link goes to its first section (a redirect): measure the page itself.
  const first = await send(`${url}${link}`, { agent, headers });
  const location = first.headers.location;
  const patient = first.status >= 300 && first.status < 400 && typeof location === "string" ? new URL(location, url).pathname : link;
  for (const [label, path] of [
    ["patient list /patients/", "/patients/"],
    [`a patient's page ${patient.replace(/[0-9a-f-]{36}/, "{id}")}`, patient],
  ] as const) {
    const target = `${url}${path}`;
    const load = loadavg()[0]!.toFixed(2);
    log(`${label}: ${warmupSeconds} + ${seconds} s at concurrency ${concurrency} (load average ${load})`);
    const r = await runClosedLoop({ concurrency, seconds, warmupSeconds, task: async () => (await hit(target, { agent, headers })) === 200 });
    rows.push([label, cpus, r.concurrency, r.requests, fmt(r.rps, 0), fmt(r.rps / Number(cpus), 0), fmt(r.p50), fmt(r.p95), r.errors, load]);
    if (r.errors > 0) failed = true;
  }
} catch (e) {
  console.error(`stopped: ${(e as Error).message}`);
  failed = true;
} finally {
  agent.destroy();
  podman(["rm", "-f", "-t", "0", name], { allowFail: true });
  await stack?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  [
    "# One replica (the image, WEB_CONCURRENCY=1, --cpus " + cpus + ")",
    machineLine(),
    markdownTable(["page (demo world, " + account.email + ")", "CPUs", "conc.", "requests", "req/s", "req/s per core", "p50 ms", "p95 ms", "errors", "load (1 min) at start"], rows),
    `Closed loop, the whole document read; the identity service and the reference API on the same machine (their CPU is not in the container's limit).`,
  ].join("\n\n"),
);
process.exit(failed ? 1 : 0);
