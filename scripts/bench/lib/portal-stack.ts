/**
 * The built portal on a hermetic stack for benchmarks: identity + the reference API on the demo world in a
 * temporary data directory (the world copied from the E2E cache when possible), and `npm start` of the build
 * pointing at it (tests/setup/portal.ts). Builds nothing: `npm run build` must have been run.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PROJECT_ROOT } from "../../identity/cognito-local.js";
import { startStack, type Stack } from "../../dev/stack.js";
import { startPortal, type Portal } from "../../../tests/setup/portal.js";
import { copyPreparedWorld, worldCacheEnabled } from "../../../tests/setup/world-cache.js";

export const CLIENT_BUILD_DIR = join(PROJECT_ROOT, "build", "client");
const BUILD_FILES = [join(PROJECT_ROOT, "build", "server", "index.js"), join(PROJECT_ROOT, "build", "remix", "index.js"), CLIENT_BUILD_DIR];

/** Throws a one-line instruction when the build is missing; warns (returns a note) when app/ or server/ changed since. */
export function checkBuild(): string | null {
  const missing = BUILD_FILES.filter((f) => !existsSync(f));
  if (missing.length > 0) throw new Error(`the portal is not built (${missing.map((f) => relative(PROJECT_ROOT, f)).join(", ")} missing): run \`npm run build\` first`);
  const built = statSync(BUILD_FILES[1]!).mtimeMs;
  const newest = Math.max(...["app", "server"].map((d) => newestMtime(join(PROJECT_ROOT, d))));
  return newest > built ? "note: app/ or server/ changed after the last build: run `npm run build` to measure the current code" : null;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export interface BenchPortal {
  stack: Stack;
  portal: Portal;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts identity, the reference API (with `apiEnv`, e.g. API_DELAYS) on the demo world, and the built portal (with `portalEnv`). */
export async function startBenchPortal(opts: { apiEnv?: Record<string, string>; portalEnv?: Record<string, string>; log?: (m: string) => void } = {}): Promise<BenchPortal> {
  const log = opts.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), "bench-portal-"));
  let stack: Stack | undefined;
  try {
    if (worldCacheEnabled()) {
      const hit = await copyPreparedWorld(join(dataDir, "api"), "demo");
      log(`demo world ${hit ? "copied from" : "prepared in"} data/test-cache`);
    }
    // Production-like API: no contract validation of every response (a development and test aid).
    stack = await startStack({ dataDir, world: "demo", apiEnv: { VALIDATE_RESPONSES: "false", LOG_LEVEL: "warn", ...opts.apiEnv }, log });
    const portal = await startPortal({ stack, dataDir, logFile: join(dataDir, "portal.log"), env: opts.portalEnv });
    log(`portal at ${portal.url} (log: ${join(dataDir, "portal.log")})`);
    const started = stack;
    return {
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
