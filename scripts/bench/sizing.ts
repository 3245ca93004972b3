/**
 * Sizing: requests per second per core of one portal process for the patient list, the dashboard and a patient's
 * page, with traces off and at the default sampling (ADR 030: parent-based, a tenth of the traces that start in the
 * portal), and with every request traced for reference — the README's sizing table reads it.
 *
 *   npm run build && npm run bench:sizing
 *
 * One stack (identity + the reference API on the demo world, a temporary copy, no delays; BENCH_WORLD=large for the
 * 100,000-patient world) and one portal per tracing variant on it (`npm start`, WEB_CONCURRENCY=1, all started
 * first); traced portals send over OTLP/HTTP to a sink of their own in this process that counts the spans (what a
 * collector would receive). Signed in as a provider admin of Front Range (a browser with scripts: streamed
 * documents, read to the end), each page with each variant in turn is a closed loop at BENCH_CONCURRENCY (8) for
 * BENCH_SECONDS (6) after a 2 s warm-up, BENCH_ROUNDS (3) rounds interleaved so that a change of the machine's load
 * falls on every variant alike; the medians of the rounds are printed. Before the first round each portal serves
 * each page BENCH_WARMUP_REQUESTS (40) times unmeasured (its code compiled, its caches warm).
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
import { requireBuild, startBenchPortal, type BenchWorld } from "./lib/portal-stack.js";
import { runClosedLoop, type LoadResult } from "./lib/runner.js";
import { fmt, machineLine, markdownTable } from "./lib/table.js";
import { LIST_ACCOUNT } from "./scenarios/patient-list.js";

const log = (m: string) => console.error(`[sizing] ${m}`);
const world = (process.env.BENCH_WORLD ?? "demo") as BenchWorld;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = 2;
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const warmupRequests = Number(process.env.BENCH_WARMUP_REQUESTS ?? 40);
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

const stale = requireBuild();
if (stale) log(stale);

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
interface Run {
  variant: Variant;
  portal: Portal;
  sink: Awaited<ReturnType<typeof startSpanSink>>;
  /** Requests sent to this portal (for spans per request). */
  sent: number;
  pages: { label: string; url: string; headers: Record<string, string> }[];
}
const runs: Run[] = [];
/** Per variant and page, one result per round. */
const rounds = new Map<string, { load: string[]; r: LoadResult[] }>();
const key = (variant: string, page: string) => `${variant} ${page}`;
const failures: string[] = [];
// The stack (its own portal is not used: each variant gets its own, all started before the first round).
const bench = await startBenchPortal({ world, portalEnv: { WEB_CONCURRENCY: "1", ...VARIANTS[0]!.env("") }, log });
try {
  await bench.portal.stop();
  for (const variant of variants) {
    const sink = await startSpanSink();
    const portal = await startPortal({ stack: bench.stack, dataDir: bench.dataDir, logFile: join(bench.dataDir, `portal-${variant.name}.log`), env: { WEB_CONCURRENCY: "1", LOG_LEVEL: "warn", ...variant.env(sink.url) } });
    const run: Run = { variant, portal, sink, sent: 4, pages: [] }; // the sign-in (login page, form) and the two pages below
    runs.push(run);
    const session = await signInToPortal(portal.url, account, agent);
    const headers = session.headers({ scripts: true });
    const list = await send(new URL("/patients/", portal.url).href, { agent, headers });
    const link = /href="(\/patients\/[0-9a-f-]{36}\/)"/.exec(list.body)?.[1];
    if (list.status !== 200 || !link) throw new Error(`GET /patients/ answered ${list.status}${link ? "" : " without a patient link"}`);
    // A patient's page: the link redirects to the patient's first section; that section.
    const opened = await send(new URL(link, portal.url).href, { agent, headers });
    const patientPath = opened.status >= 300 && opened.status < 400 && typeof opened.headers.location === "string" ? new URL(opened.headers.location, portal.url).pathname : link;
    run.pages = [
      { label: "patient list /patients/", url: new URL("/patients/", portal.url).href, headers },
      { label: "dashboard /home/", url: new URL("/home/", portal.url).href, headers },
      { label: `patient ${patientPath.replace(/[0-9a-f-]{36}/, "{id}")}`, url: new URL(patientPath, portal.url).href, headers },
    ];
    log(`${variant.label}: portal at ${portal.url}`);
  }
  // Warm-up, not measured: each portal's first requests of a page compile its code (the first round measured them).
  for (const run of runs) {
    for (const page of run.pages) {
      log(`warm-up: ${run.variant.label}, ${page.label}: ${warmupRequests} requests`);
      let left = warmupRequests;
      const worker = async () => {
        while (left-- > 0) {
          run.sent++;
          await hit(page.url, { agent, headers: page.headers });
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, 4) }, worker));
    }
  }
  // Rounds, each page in turn with each variant: a change of the machine's load falls on every variant alike.
  for (let round = 1; round <= roundCount; round++) {
    for (let p = 0; p < 3; p++) {
      for (const run of runs) {
        const page = run.pages[p]!;
        const task = async () => {
          run.sent++;
          return (await hit(page.url, { agent, headers: page.headers })) === 200;
        };
        if (!(await task())) throw new Error(`${run.variant.label}: GET ${page.label} did not answer 200`);
        const load = loadavg()[0]!.toFixed(2);
        log(`round ${round}/${roundCount}, ${run.variant.label}, ${page.label}: ${warmupSeconds} + ${seconds} s at concurrency ${concurrency} (load average ${load})`);
        const r = await runClosedLoop({ concurrency, seconds, warmupSeconds, task, cpuMs: () => processGroupCpuMs(run.portal.pid) });
        const entry = rounds.get(key(run.variant.name, page.label)) ?? { load: [], r: [] };
        entry.load.push(load);
        entry.r.push(r);
        rounds.set(key(run.variant.name, page.label), entry);
        if (r.errors > 0) failures.push(`${run.variant.label}, ${page.label}: ${r.errors} requests failed`);
      }
    }
  }
} catch (e) {
  failures.push(`stopped: ${(e as Error).message}`);
} finally {
  agent.destroy();
  // Stopping flushes the spans still buffered (ADR 030: at shutdown, at most 2 s).
  for (const run of runs) await run.portal.stop().catch(() => {});
  await bench.stop();
  for (const run of runs) await run.sink.close();
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};
const results = runs.flatMap((run) =>
  run.pages.flatMap((page) => {
    const entry = rounds.get(key(run.variant.name, page.label));
    if (!entry) return [];
    const rs = entry.r;
    return [
      {
        variant: run.variant,
        page: page.label,
        load: entry.load.join(", "),
        requests: rs.reduce((n, r) => n + r.requests, 0),
        errors: rs.reduce((n, r) => n + r.errors, 0),
        rps: median(rs.map((r) => r.rps)),
        cpuMs: median(rs.map((r) => r.cpuMsPerRequest ?? NaN)),
        p50: median(rs.map((r) => r.p50 ?? NaN)),
        p95: median(rs.map((r) => r.p95 ?? NaN)),
      },
    ];
  }),
);
const table = markdownTable(
  ["page", "tracing", "requests", "req/s", "CPU ms / request", "req/s per core", "p50 ms", "p95 ms", "errors", "load (1 min) at each round's start"],
  results.map((x) => [x.page, x.variant.name, x.requests, fmt(x.rps, 0), fmt(x.cpuMs, 2), fmt(1000 / x.cpuMs, 0), fmt(x.p50), fmt(x.p95), x.errors, x.load]),
  ["l", "l", "r", "r", "r", "r", "r", "r", "r", "l"],
);
const off = new Map(results.filter((x) => x.variant.name === "off").map((x) => [x.page, x.cpuMs]));
const costRows = results
  .filter((x) => x.variant.name !== "off" && off.has(x.page))
  .map((x) => {
    const cost = x.cpuMs - off.get(x.page)!;
    return [x.page, x.variant.name, fmt(cost, 2), x.variant.name === "default" ? (cost <= AIM_MS ? `met (≤ ${AIM_MS} ms)` : `missed (> ${AIM_MS} ms)`) : "-"];
  });
const spanRows = runs.map((run) => [run.variant.label, fmt(run.sink.spans() / Math.max(run.sent, 1), 2)]);
console.log(
  [
    "# Portal sizing: requests per core, traces off and on",
    machine,
    `## One process (WEB_CONCURRENCY=1), ${world} world, signed in as ${account.email}`,
    table,
    `Closed loop at concurrency ${concurrency}: per round, the requests completed in ${seconds} s after a ${warmupSeconds} s warm-up (the whole document read), ${roundCount} rounds interleaved (each page with each variant in turn), medians of the rounds. CPU: the portal's process group (user + system, /proc) over the measured window per request completed in it; req/s per core = 1000 / CPU ms per request.`,
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
