/**
 * Sizing: requests per second per core of one portal process for the patient list, the dashboard and a patient's
 * page, with traces off and at the default sampling (ADR 030: parent-based, a tenth of the traces that start in the
 * portal), and with every request traced for reference — the README's sizing table reads it.
 *
 *   npm run build && npm run bench:sizing
 *
 * One stack (identity + the reference API on the demo world, a temporary copy, no delays; BENCH_WORLD=large for the
 * 100,000-patient world), and per tracing variant a fresh portal (`npm start`, WEB_CONCURRENCY=1) on it; traces go
 * over OTLP/HTTP to a sink in this process that counts the spans (what a collector would receive). Each page: a
 * closed loop at BENCH_CONCURRENCY (8) for BENCH_SECONDS (10) after a 2 s warm-up, signed in as a provider admin of
 * Front Range (a browser with scripts: streamed documents, read to the end).
 *
 * The figure that sizes a deployment is the portal's CPU per request (its process group's user + system time over
 * the measured window, /proc), so "req/s per core" = 1000 / CPU ms per request: on a busy machine the throughput
 * measures the machine's other work too, the CPU per request much less so. Tracing's cost per request is the CPU
 * per request with traces on less that with traces off, page by page (aim: ≤ 2 ms at the default sampling).
 * The load average is printed beside each run: read the figures with it. BENCH_TRACING picks variants
 * (off,default,always; default all three).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { join } from "node:path";
import { startPortal, type Portal } from "../../tests/setup/portal.js";
import { demoAccount } from "./lib/accounts.js";
import { hit, keepAliveAgent, send } from "./lib/http.js";
import { processGroupCpuMs } from "./lib/process-cpu.js";
import { signInToPortal } from "./lib/portal-session.js";
import { checkBuild, startBenchPortal, type BenchWorld } from "./lib/portal-stack.js";
import { runClosedLoop, type LoadResult } from "./lib/runner.js";
import { fmt, machineLine, markdownTable } from "./lib/table.js";
import { LIST_ACCOUNT } from "./scenarios/patient-list.js";

const log = (m: string) => console.error(`[sizing] ${m}`);
const world = (process.env.BENCH_WORLD ?? "demo") as BenchWorld;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = 2;
/** What tracing's cost at the default sampling should stay under (issue 33), in CPU ms per request. */
const AIM_MS = 2;

interface Variant {
  name: string;
  label: string;
  /** The portal's environment for it; `traced` variants send to the sink. */
  env: (sinkUrl: string) => Record<string, string>;
}
const VARIANTS: Variant[] = [
  { name: "off", label: "traces off", env: () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: "", OTEL_TRACES_SAMPLER: "", OTEL_TRACES_SAMPLER_ARG: "" }) },
  // The default: no sampler configured (server/telemetry.ts samplerFromEnv).
  { name: "default", label: "traces on, default sampling (parent-based, 10%)", env: (sink) => ({ OTEL_EXPORTER_OTLP_ENDPOINT: sink, OTEL_TRACES_SAMPLER: "", OTEL_TRACES_SAMPLER_ARG: "" }) },
  { name: "always", label: "traces on, every request (always_on)", env: (sink) => ({ OTEL_EXPORTER_OTLP_ENDPOINT: sink, OTEL_TRACES_SAMPLER: "always_on", OTEL_TRACES_SAMPLER_ARG: "" }) },
];
const wanted = (process.env.BENCH_TRACING ?? VARIANTS.map((v) => v.name).join(",")).split(",").map((s) => s.trim());
const unknown = wanted.filter((w) => !VARIANTS.some((v) => v.name === w));
if (unknown.length > 0) {
  console.error(`BENCH_TRACING: unknown ${unknown.join(", ")} (choose from ${VARIANTS.map((v) => v.name).join(", ")})`);
  process.exit(2);
}
const variants = VARIANTS.filter((v) => wanted.includes(v.name));

try {
  const stale = checkBuild();
  if (stale) log(stale);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

/** An OTLP/HTTP trace receiver that counts the spans it is sent (JSON, as the portal's exporter sends them). */
async function startSpanSink(): Promise<{ url: string; spans: () => number; close: () => Promise<void> }> {
  let spans = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
        for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans += ss.spans?.length ?? 0;
      } catch {
        /* not JSON: counted as nothing */
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const account = demoAccount(LIST_ACCOUNT);
const machine = machineLine();
const agent = keepAliveAgent();
const sink = await startSpanSink();
const results: { variant: Variant; page: string; load: string; r: LoadResult }[] = [];
const spansPerRequest = new Map<string, number>();
const failures: string[] = [];
// The stack with no portal of its own worth keeping: each variant starts its own on it.
const bench = await startBenchPortal({ world, portalEnv: { WEB_CONCURRENCY: "1", ...VARIANTS[0]!.env(sink.url) }, log });
try {
  await bench.portal.stop();
  for (const variant of variants) {
    const portal: Portal = await startPortal({ stack: bench.stack, dataDir: bench.dataDir, logFile: join(bench.dataDir, `portal-${variant.name}.log`), env: { WEB_CONCURRENCY: "1", LOG_LEVEL: "warn", ...variant.env(sink.url) } });
    const spansBefore = sink.spans();
    let sent = 0;
    try {
      const session = await signInToPortal(portal.url, account, agent);
      const headers = session.headers({ scripts: true });
      const list = await send(new URL("/patients/", portal.url).href, { agent, headers });
      const link = /href="(\/patients\/[0-9a-f-]{36}\/)"/.exec(list.body)?.[1];
      if (list.status !== 200 || !link) throw new Error(`GET /patients/ answered ${list.status}${link ? "" : " without a patient link"}`);
      // A patient's page: the link redirects to the patient's first section; that section.
      const opened = await send(new URL(link, portal.url).href, { agent, headers });
      const patientPath = opened.status >= 300 && opened.status < 400 && typeof opened.headers.location === "string" ? new URL(opened.headers.location, portal.url).pathname : link;
      sent += 4; // the sign-in (the login page and its form) and the two pages above: traced requests too
      for (const [path, label] of [
        ["/patients/", "patient list /patients/"],
        ["/home/", "dashboard /home/"],
        [patientPath, `patient ${patientPath.replace(/[0-9a-f-]{36}/, "{id}")}`],
      ] as const) {
        const target = new URL(path, portal.url).href;
        const task = async () => {
          sent++;
          return (await hit(target, { agent, headers })) === 200;
        };
        if (!(await task())) throw new Error(`GET ${path} did not answer 200`);
        const load = loadavg()[0]!.toFixed(2);
        log(`${variant.label}, ${label}: ${warmupSeconds} + ${seconds} s at concurrency ${concurrency} (load average ${load})`);
        const r = await runClosedLoop({ concurrency, seconds, warmupSeconds, task, cpuMs: () => processGroupCpuMs(portal.pid) });
        results.push({ variant, page: label, load, r });
        if (r.errors > 0) failures.push(`${variant.label}, ${label}: ${r.errors} requests failed`);
      }
    } finally {
      // Stopping flushes the spans still buffered (ADR 030: at shutdown, at most 2 s).
      await portal.stop();
    }
    spansPerRequest.set(variant.name, (sink.spans() - spansBefore) / Math.max(sent, 1));
  }
} catch (e) {
  failures.push(`stopped: ${(e as Error).message}`);
} finally {
  agent.destroy();
  await bench.stop();
  await sink.close();
}

const perCore = (r: LoadResult) => (r.cpuMsPerRequest ? 1000 / r.cpuMsPerRequest : NaN);
const table = markdownTable(
  ["page", "tracing", "requests", "req/s", "CPU ms / request", "req/s per core", "p50 ms", "p95 ms", "errors", "load (1 min) at start"],
  results.map(({ variant, page, load, r }) => [page, variant.name, r.requests, fmt(r.rps, 0), fmt(r.cpuMsPerRequest, 2), fmt(perCore(r), 0), fmt(r.p50), fmt(r.p95), r.errors, load]),
  ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r"],
);
const off = new Map(results.filter((x) => x.variant.name === "off").map((x) => [x.page, x.r]));
const costRows = results
  .filter((x) => x.variant.name !== "off" && off.has(x.page))
  .map(({ variant, page, r }) => {
    const cost = (r.cpuMsPerRequest ?? NaN) - (off.get(page)!.cpuMsPerRequest ?? NaN);
    return [page, variant.name, fmt(cost, 2), variant.name === "default" ? (cost <= AIM_MS ? `met (≤ ${AIM_MS} ms)` : `missed (> ${AIM_MS} ms)`) : "-"];
  });
const spanRows = variants.map((v) => [v.label, fmt(spansPerRequest.get(v.name), 2)]);
console.log(
  [
    "# Portal sizing: requests per core, traces off and on",
    machine,
    `## One process (WEB_CONCURRENCY=1), ${world} world, signed in as ${account.email}`,
    table,
    `Closed loop at concurrency ${concurrency}, requests completed in ${seconds} s after a ${warmupSeconds} s warm-up, the whole document read. CPU: the portal's process group (user + system, /proc) over the measured window per request completed in it; req/s per core = 1000 / CPU ms per request.`,
    "## Tracing's CPU per request over traces off",
    markdownTable(["page", "tracing", "extra CPU ms / request", "aim at the default sampling"], costRows, ["l", "l", "r", "l"]),
    "## Spans sent to the collector per request",
    markdownTable(["variant", "spans / request"], spanRows, ["l", "r"]),
  ].join("\n\n"),
);
if (failures.length > 0) {
  console.error(`\nFAILED:\n${failures.join("\n")}`);
  process.exitCode = 1;
}
