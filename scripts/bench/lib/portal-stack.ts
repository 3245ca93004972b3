/**
 * The built portal on a hermetic stack for benchmarks: identity + the reference API on the demo world in a
 * temporary data directory (the world copied from the E2E cache when possible) or on the large world
 * (100,000 patients, generated once into data/bench and reused, as `npm run bench:api` does), and `npm start`
 * of the build pointing at it (tests/setup/portal.ts). Builds nothing: `npm run build` must have been run.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PROJECT_ROOT } from "../../identity/cognito-local.js";
import { startStack, type Stack } from "../../dev/stack.js";
import { startPortal, type Portal } from "../../../tests/setup/portal.js";
import { copyPreparedWorld, worldCacheEnabled, worldKey } from "../../../tests/setup/world-cache.js";

/** Where the large world lives between runs (shared with scripts/bench/api-lists.ts; delete it to regenerate). */
export const LARGE_WORLD_DIR = join(PROJECT_ROOT, "data", "bench");
/** The key of the sources and the day the large world was seeded from (tests/setup/world-cache.ts's worldKey). */
const LARGE_WORLD_KEY_FILE = join(LARGE_WORLD_DIR, "world-key");
export type BenchWorld = "demo" | "large";

/** The fingerprinted browser assets (served at /build/). */
export const CLIENT_BUILD_DIR = join(PROJECT_ROOT, "build", "client", "build");
const BUILD_FILES = [join(PROJECT_ROOT, "build", "server", "index.js"), join(PROJECT_ROOT, "build", "server", "react-router.js"), CLIENT_BUILD_DIR];

/** Throws a one-line instruction when the build is missing; warns (returns a note) when app/ or server/ changed since. */
export function checkBuild(): string | null {
  const missing = BUILD_FILES.filter((f) => !existsSync(f));
  if (missing.length > 0) throw new Error(`the portal is not built (${missing.map((f) => relative(PROJECT_ROOT, f)).join(", ")} missing): run \`npm run build\` first`);
  const built = statSync(BUILD_FILES[1]!).mtimeMs;
  const newest = Math.max(...["app", "server"].map((d) => newestMtime(join(PROJECT_ROOT, d))));
  return newest > built ? "note: app/ or server/ changed after the last build: run `npm run build` to measure the current code" : null;
}

/** checkBuild for a benchmark's start: a missing build ends the run (exit 1) with its reason; a stale one is a note. */
export function requireBuild(): string | null {
  try {
    return checkBuild();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Production-like API: no contract validation of every response (a development and test aid). */
// Benchmarks drive one user at full speed (hundreds of API calls a second): far above the API's per-caller rate
// limit, which is not what they measure (ADR 019).
const API_ENV = { VALIDATE_RESPONSES: "false", LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "10000000" };

/**
 * Generates the large world into LARGE_WORLD_DIR unless it is there and was seeded by the reference API's current
 * sources on the seed's day (SEED_TODAY or today): a world seeded by older code or on another day measures something
 * else (session 14 found a world from before the 2026 RTM seed, half the cycles, measured as if current). Generated
 * into a directory of its own first, moved into place only once the API answered (seeded completely), so that an
 * interrupted run leaves no half world.
 */
export async function ensureLargeWorld(log: (m: string) => void = () => {}): Promise<void> {
  const key = worldKey("large");
  const present = existsSync(join(LARGE_WORLD_DIR, "api"));
  const stored = existsSync(LARGE_WORLD_KEY_FILE) ? readFileSync(LARGE_WORLD_KEY_FILE, "utf8").trim() : null;
  if (present && stored === key) return;
  if (present) log(`the large world in ${relative(PROJECT_ROOT, LARGE_WORLD_DIR)} was seeded by other sources or on another day: generating it again`);
  const partial = `${LARGE_WORLD_DIR}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  log(`generating the large world into ${relative(PROJECT_ROOT, LARGE_WORLD_DIR)} (once per change of the reference API or day; several minutes on a busy machine)`);
  const t = Date.now();
  try {
    const stack = await startStack({ dataDir: partial, world: "large", apiEnv: API_ENV, healthTimeoutMs: 30 * 60_000, log });
    await stack.stop();
    writeFileSync(join(partial, "world-key"), `${key}\n`);
    rmSync(LARGE_WORLD_DIR, { recursive: true, force: true });
    renameSync(partial, LARGE_WORLD_DIR);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  log(`large world generated in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

export interface BenchPortal {
  world: BenchWorld;
  stack: Stack;
  portal: Portal;
  /** This run's temporary directory (the demo world's data, the portal's log). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts identity, the reference API (with `apiEnv`, e.g. API_DELAYS) on `world` (default the demo world), and
 * the built portal (with `portalEnv`). The large world's data directory is kept; the demo world's is removed.
 */
export async function startBenchPortal(
  opts: { world?: BenchWorld; apiEnv?: Record<string, string>; portalEnv?: Record<string, string>; log?: (m: string) => void } = {},
): Promise<BenchPortal> {
  const log = opts.log ?? (() => {});
  const world = opts.world ?? "demo";
  const dataDir = mkdtempSync(join(tmpdir(), "bench-portal-"));
  const stackDir = world === "large" ? LARGE_WORLD_DIR : dataDir;
  let stack: Stack | undefined;
  try {
    if (world === "demo" && worldCacheEnabled()) {
      const hit = await copyPreparedWorld(join(dataDir, "api"), "demo");
      log(`demo world ${hit ? "copied from" : "prepared in"} data/test-cache`);
    }
    if (world === "large") await ensureLargeWorld(log);
    stack = await startStack({ dataDir: stackDir, world, apiEnv: { ...API_ENV, ...opts.apiEnv }, log });
    const portal = await startPortal({ stack, dataDir: stackDir, logFile: join(dataDir, "portal.log"), env: opts.portalEnv });
    log(`portal at ${portal.url} (log: ${join(dataDir, "portal.log")})`);
    const started = stack;
    return {
      world,
      stack: started,
      portal,
      dataDir,
      async stop() {
        await portal.stop().catch((e: unknown) => log(`portal stop: ${(e as Error).message}`));
        await started.stop().catch((e: unknown) => log(`stack stop: ${(e as Error).message}`));
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await stack?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}
