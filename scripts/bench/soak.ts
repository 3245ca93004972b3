/**
 * Soak benchmark: the built portal under steady, mixed, signed-in traffic for minutes, printed per minute as a
 * markdown table (requests, errors, p50/p95, the portal's and the reference API's memory):
 *
 *   npm run build && npm run bench:soak
 *   SOAK_MINUTES=3 SOAK_RATE=20 npm run bench:soak
 *
 * The stack: identity + the reference API on the demo world (a temporary copy: the care notes written go away
 * with it) + the built portal (`npm start`, one process; SOAK_PORTAL_PROCESSES=2 runs it as a cluster of two).
 *
 * Traffic, from three signed-in users of Front Range (two practitioners, the provider admin), each request's
 * kind in a fixed rotation: the dashboard (/home/), the patient list (first page, a search, page 2), a patient's
 * detail sections (Health activity, ROM, Care), and every SOAK_NOTE_SECONDS (default 5) a care note written
 * through the portal's form (GET the Add Care Note dialog for its one-time token, POST it: 302 expected).
 *
 * Rate: open loop (requests start on a clock, whether or not earlier ones have finished), at SOAK_RATE requests
 * per second, or by default SOAK_LOAD (0.5) × the capacity measured first: the same mix in a closed loop at
 * concurrency 8 for SOAK_PROBE_SECONDS (15). Half of the capacity keeps the service below saturation on a shared
 * machine, so latency is the service's and not a queue's, and the soak measures drift (memory, latency, errors)
 * rather than overload.
 *
 * Memory is read from the processes (/proc/<pid>/status: VmRSS, RssAnon — the anonymous memory, where the heap
 * lives): the portal's node processes (all of them when it runs as a cluster) and the reference API's. Nothing is
 * added to the portal for it. Minute 1 is warm-up; "flat after warm-up" compares the last minute with minute 2.
 */
import { readdirSync, readFileSync } from "node:fs";
import { isbot } from "isbot";
import { signInAs } from "../identity/sign-in.js";
import { demoAccount } from "./lib/accounts.js";
import { BROWSER_USER_AGENT, hit, keepAliveAgent, send } from "./lib/http.js";
import { findHealthPatients } from "./lib/patients.js";
import { signInToPortal, type PortalSession } from "./lib/portal-session.js";
import { checkBuild, startBenchPortal, type BenchPortal } from "./lib/portal-stack.js";
import { runClosedLoop } from "./lib/runner.js";
import { percentile } from "./lib/stats.js";
import { fmt, machineLine, markdownTable } from "./lib/table.js";

const log = (m: string) => console.error(`[soak] ${m}`);
const num = (name: string, fallback: number) => {
  const v = process.env[name];
  if (v === undefined || v === "") return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got ${v})`);
  return n;
};

const MINUTES = num("SOAK_MINUTES", 10);
const NOTE_SECONDS = num("SOAK_NOTE_SECONDS", 5);
const PROBE_SECONDS = num("SOAK_PROBE_SECONDS", 15);
const LOAD = num("SOAK_LOAD", 0.5);
/** Requests still running beyond this many are not started (counted as errors: the rate is not sustained). */
const MAX_IN_FLIGHT = 64;
const ACCOUNTS = ["practitioner@frontrange.example", "admin@frontrange.example", "practitioner2@frontrange.example"];

interface Target {
  kind: string;
  session: PortalSession;
  path: string;
}

/** Resident and anonymous memory (MB) of a process, from /proc. */
function memoryOf(pid: number): { rss: number; anon: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rss: kb("VmRSS") / 1024, anon: kb("RssAnon") / 1024 };
  } catch {
    return null;
  }
}

/** This process's descendants whose command line contains `needle` (the portal's and the API's node processes). */
function descendants(needle: string): number[] {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
      commands.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " "));
    } catch {
      /* gone meanwhile */
    }
  }
  const isMine = (pid: number): boolean => {
    for (let p = parents.get(pid), depth = 0; p !== undefined && depth < 20; p = parents.get(p), depth++) if (p === process.pid) return true;
    return false;
  };
  // Node processes only (not the `sh -c` npm runs the start script with).
  const isNode = (cmd: string) => /(^|\/)node$/.test(cmd.split(" ")[0] ?? "");
  return [...commands].filter(([pid, cmd]) => cmd.includes(needle) && isNode(cmd) && isMine(pid)).map(([pid]) => pid);
}

function memoryOfAll(pids: number[]): { rss: number; anon: number; count: number } {
  const all = pids.map(memoryOf).filter((m): m is { rss: number; anon: number } => m !== null);
  return { rss: all.reduce((s, m) => s + m.rss, 0), anon: all.reduce((s, m) => s + m.anon, 0), count: all.length };
}

/** The Add Care Note dialog's one-time token and default date, then the form posted: true on the 302 back. */
async function writeCareNote(bench: BenchPortal, session: PortalSession, patientId: string, agent: ReturnType<typeof keepAliveAgent>, n: number): Promise<boolean> {
  const url = new URL(`/patients/${patientId}/health/care/?dialog=care-note-new`, bench.portal.url).href;
  const dialog = await send(url, { agent, headers: session.headers() });
  if (dialog.status !== 200) return false;
  const token = /name="formToken"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="formToken"/.exec(dialog.body);
  const date = /name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"|value="(\d{4}-\d{2}-\d{2})"[^>]*name="date"/.exec(dialog.body);
  const formToken = token?.[1] ?? token?.[2];
  const day = date?.[1] ?? date?.[2];
  if (!formToken || !day) return false;
  const body = new URLSearchParams({ intent: "care-note-create", formToken, date: day, minutes: "5", notes: `Soak note ${n}` }).toString();
  const posted = await send(url, {
    method: "POST",
    agent,
    body,
    headers: {
      ...session.headers(),
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      origin: new URL(bench.portal.url).origin,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
    },
  });
  return posted.status === 302 && !(posted.headers.location ?? "").includes("/user/login");
}

interface Minute {
  latencies: number[];
  errors: number;
  writes: number;
  writeErrors: number;
  byKind: Map<string, number>;
}

async function main() {
  const staleNote = checkBuild();
  if (isbot(BROWSER_USER_AGENT)) throw new Error("isbot takes the benchmark's user agent for a bot");
  const machineBefore = machineLine();
  const agent = keepAliveAgent(256);
  const bench = await startBenchPortal({ world: "demo", portalEnv: { WEB_CONCURRENCY: process.env.SOAK_PORTAL_PROCESSES ?? "1" }, log });
  try {
    const sessions = await Promise.all(ACCOUNTS.map((email) => signInToPortal(bench.portal.url, demoAccount(email), agent)));
    const practitioner = demoAccount(ACCOUNTS[0]!);
    const { accessToken } = await signInAs(bench.stack.identity, { username: practitioner.userId, password: practitioner.password });
    const patients = (await findHealthPatients(bench.stack.apiUrl, accessToken, agent, 30)).slice(0, 8).map((p) => p.id);
    log(`${sessions.length} sessions, ${patients.length} Health patients of ${ACCOUNTS[0]}`);

    // The rotation of page requests (patient pages as the practitioner who has the patients).
    const targets: Target[] = [];
    for (const [i, session] of sessions.entries()) {
      targets.push({ kind: "dashboard", session, path: "/home/" });
      targets.push({ kind: "patient list", session, path: ["/patients/", "/patients/?q=a", "/patients/?page=2"][i % 3]! });
    }
    for (const [i, id] of patients.entries()) {
      for (const section of ["activity", "rom", "care"]) targets.push({ kind: "patient detail", session: sessions[0]!, path: `/patients/${id}/health/${section}/` });
      if (i % 2 === 0) targets.push({ kind: "patient list", session: sessions[1]!, path: "/patients/" });
    }
    const portalPids = () => descendants("build/server/index.js");
    const apiPids = () => descendants("reference-api/src/main.ts");
    log(`portal processes ${portalPids().join(",") || "?"}, API ${apiPids().join(",") || "?"}`);

    let next = 0;
    const one = async (): Promise<{ ok: boolean; kind: string }> => {
      const t = targets[next++ % targets.length]!;
      const status = await hit(new URL(t.path, bench.portal.url).href, { agent, headers: t.session.headers({ scripts: true }) });
      return { ok: status === 200, kind: t.kind };
    };
    for (const t of targets) {
      const res = await send(new URL(t.path, bench.portal.url).href, { agent, headers: t.session.headers({ scripts: true }) });
      if (res.status !== 200) throw new Error(`GET ${t.path} answered ${res.status}`);
    }
    if (!(await writeCareNote(bench, sessions[0]!, patients[0]!, agent, 0))) throw new Error("the care-note form did not save (302 expected)");

    // Capacity first: the same mix, closed loop.
    const probe = await runClosedLoop({ concurrency: 8, seconds: PROBE_SECONDS, warmupSeconds: 2, task: async () => (await one()).ok });
    const rate = process.env.SOAK_RATE ? num("SOAK_RATE", 1) : Math.max(1, Math.floor(probe.rps * LOAD));
    log(`capacity ${fmt(probe.rps, 1)} req/s (p50 ${fmt(probe.p50)} ms, ${probe.errors} errors); soaking at ${rate} req/s for ${MINUTES} min`);

    const minutes: Minute[] = Array.from({ length: MINUTES }, () => ({ latencies: [], errors: 0, writes: 0, writeErrors: 0, byKind: new Map() }));
    const memory: { portal: ReturnType<typeof memoryOfAll>; api: ReturnType<typeof memoryOfAll>; load: string }[] = [];
    const memAt = () => ({ portal: memoryOfAll(portalPids()), api: memoryOfAll(apiPids()), load: machineLine().replace(/^.*load average ([\d. ]+),.*$/, "$1") });
    const start = performance.now();
    const end = start + MINUTES * 60_000;
    const minuteOf = (t: number) => Math.min(MINUTES - 1, Math.floor((t - start) / 60_000));
    let inFlight = 0;
    const running = new Set<Promise<void>>();
    const track = (p: Promise<void>) => {
      running.add(p);
      void p.finally(() => running.delete(p));
    };

    const interval = 1000 / rate;
    let sent = 0;
    let notes = 0;
    let nextNoteAt = start + NOTE_SECONDS * 1000;
    let reported = 0;
    const before = memAt();
    while (performance.now() < end) {
      const now = performance.now();
      const m = minutes[minuteOf(now)]!;
      if (inFlight >= MAX_IN_FLIGHT) {
        m.errors++;
      } else {
        inFlight++;
        track(
          one()
            .then(({ ok, kind }) => {
              const mm = minutes[minuteOf(now)]!;
              mm.latencies.push(performance.now() - now);
              if (!ok) mm.errors++;
              mm.byKind.set(kind, (mm.byKind.get(kind) ?? 0) + 1);
            })
            .catch(() => void minutes[minuteOf(now)]!.errors++)
            .finally(() => void inFlight--),
        );
      }
      if (now >= nextNoteAt) {
        nextNoteAt += NOTE_SECONDS * 1000;
        const n = ++notes;
        const patient = patients[n % patients.length]!;
        track(
          writeCareNote(bench, sessions[0]!, patient, agent, n)
            .then((ok) => {
              m.writes++;
              if (!ok) m.writeErrors++;
            })
            .catch(() => {
              m.writes++;
              m.writeErrors++;
            }),
        );
      }
      // Each minute's memory, read at its end.
      const done = Math.floor((performance.now() - start) / 60_000);
      while (reported < Math.min(done, MINUTES)) {
        memory[reported] = memAt();
        const r = minutes[reported]!;
        log(`minute ${reported + 1}: ${r.latencies.length} requests, ${r.errors} errors, ${r.writes} notes; portal RSS ${fmt(memory[reported]!.portal.rss, 0)} MB, API RSS ${fmt(memory[reported]!.api.rss, 0)} MB`);
        reported++;
      }
      sent++;
      const wait = start + sent * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await Promise.all([...running]);
    while (reported < MINUTES) memory[reported++] = memAt();

    const rows = minutes.map((m, i) => {
      const sorted = [...m.latencies].sort((a, b) => a - b);
      const mem = memory[i]!;
      return [
        String(i + 1),
        m.latencies.length,
        m.errors,
        `${m.writes - m.writeErrors}/${m.writes}`,
        fmt(percentile(sorted, 50)),
        fmt(percentile(sorted, 95)),
        fmt(mem.portal.rss, 0),
        fmt(mem.portal.anon, 0),
        fmt(mem.api.rss, 0),
        fmt(mem.api.anon, 0),
        mem.load,
      ];
    });
    const table = markdownTable(
      ["min", "requests", "errors", "notes saved", "p50 ms", "p95 ms", "portal RSS MB", "portal anon MB", "API RSS MB", "API anon MB", "load avg"],
      rows,
      ["r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "l"],
    );
    const total = minutes.reduce((s, m) => s + m.latencies.length, 0);
    const errors = minutes.reduce((s, m) => s + m.errors + m.writeErrors, 0);
    const kinds = new Map<string, number>();
    for (const m of minutes) for (const [k, n] of m.byKind) kinds.set(k, (kinds.get(k) ?? 0) + n);
    const firstAfterWarmup = memory[Math.min(1, MINUTES - 1)]!;
    const last = memory[MINUTES - 1]!;
    const drift = (a: number, b: number) => `${b - a >= 0 ? "+" : ""}${fmt(b - a, 0)} MB`;
    console.log(
      [
        "# Soak benchmark",
        machineBefore,
        ...(staleNote ? [staleNote] : []),
        `Capacity probe (the mix, closed loop, concurrency 8, ${PROBE_SECONDS} s): ${fmt(probe.rps, 1)} req/s, p50 ${fmt(probe.p50)} ms, p95 ${fmt(probe.p95)} ms, ${probe.errors} errors. Soak rate: ${rate} req/s (${process.env.SOAK_RATE ? "SOAK_RATE" : `${LOAD} × capacity`}), open loop, for ${MINUTES} min; a care note every ${NOTE_SECONDS} s. Portal: ${last.portal.count} process(es); before the soak portal RSS ${fmt(before.portal.rss, 0)} MB, API RSS ${fmt(before.api.rss, 0)} MB.`,
        table,
        `Requests by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")}. Total ${total} requests, ${errors} errors (requests not answered 200, notes not saved, requests not started because ${MAX_IN_FLIGHT} were running). After warm-up (minute 2 → ${MINUTES}): portal RSS ${drift(firstAfterWarmup.portal.rss, last.portal.rss)}, API RSS ${drift(firstAfterWarmup.api.rss, last.api.rss)}. Memory is read at each minute's end from /proc/<pid>/status (VmRSS; RssAnon = anonymous memory, where the JavaScript heap lives).`,
      ].join("\n\n"),
    );
    if (errors > 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    await bench.stop();
  }
}

await main();
