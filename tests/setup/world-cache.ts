/**
 * A prepared demo world for the E2E stack: seeding a fresh PGlite database takes most of the stack's start
 * (~15 s here); reopening a seeded one takes about a second. The first run of a day (or after a change to the
 * reference API's code, migrations or seed) seeds a database in data/test-cache/e2e-world-<key>/ with the
 * reference API itself and stops it; every run then starts from a copy of it in its own data directory, so
 * each run still gets a pristine world that no other run touches.
 *
 * The key hashes reference-api/src and app/domain (every .ts, .sql and .json file but tests) and the seed's "today" (SEED_TODAY or
 * the seed's day, seedDayOf): the demo world is deterministic given those. In CI too: `npm test`'s E2E lane prepares
 * the entry in its first minute and the container lane's checks (container:verify, compose:verify, which copy it
 * whatever this says) start from it minutes later instead of seeding again. Off with E2E_WORLD_CACHE=0.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { PROJECT_ROOT, findFreePort } from "../../scripts/identity/cognito-local.js";
import { seedDayOf } from "../../reference-api/src/seed/index.js";

const CACHE_DIR = join(PROJECT_ROOT, "data", "test-cache");
/** What the world is made from: the reference API and the pure domain modules it shares with the portal (the RTM rules decide what the seed's cycles are). */
const SOURCE_DIRS = [join(PROJECT_ROOT, "reference-api", "src"), join(PROJECT_ROOT, "app", "domain")];

export const worldCacheEnabled = () => process.env.E2E_WORLD_CACHE !== "0";

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|sql|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(p);
  }
  return out.sort();
}

export function worldKey(world: string): string {
  const hash = createHash("sha256");
  hash.update(`${world}\n${process.env.SEED_TODAY ?? seedDayOf()}\n`);
  for (const f of SOURCE_DIRS.flatMap(sourceFiles)) hash.update(relative(PROJECT_ROOT, f)).update("\0").update(readFileSync(f));
  return hash.digest("hex").slice(0, 16);
}

/** Seeds a database with the reference API (its own start-up path: migrate, seed when empty) and stops it. */
async function seedWith(dir: string, world: string): Promise<void> {
  const port = await findFreePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", join(PROJECT_ROOT, "reference-api", "src", "main.ts")], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, API_PORT: String(port), API_HOST: "127.0.0.1", API_DATA_DIR: dir, SEED_WORLD: world, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-10_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`reference API exited with ${child.exitCode} while seeding:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthcheck`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`reference API did not finish seeding within 300 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill("SIGTERM");
    const code = await exited;
    if (code !== 0) throw new Error(`reference API did not stop cleanly after seeding (exit ${code}):\n${output}`);
  } finally {
    process.removeListener("exit", kill);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/**
 * Puts a seeded `world` database into `apiDataDir` (which must not exist yet) from the cache, preparing the
 * cache entry first when it is missing. Returns whether the cache was hit.
 */
export async function copyPreparedWorld(apiDataDir: string, world: "demo" | "large" = "demo"): Promise<boolean> {
  const key = worldKey(world);
  const entry = join(CACHE_DIR, `e2e-world-${world}-${key}`);
  const hit = existsSync(entry);
  if (!hit) {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${entry}.${process.pid}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    try {
      await seedWith(tmp, world);
      renameSync(tmp, entry);
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      // Another run may have prepared the same entry meanwhile.
      if (!existsSync(entry)) throw e;
    }
    // Keep the two newest entries of this world.
    const old = readdirSync(CACHE_DIR)
      .filter((f) => f.startsWith(`e2e-world-${world}-`) && !f.endsWith(".tmp"))
      .map((f) => ({ f, t: statSync(join(CACHE_DIR, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t)
      .slice(2);
    for (const { f } of old) rmSync(join(CACHE_DIR, f), { recursive: true, force: true });
  }
  cpSync(entry, apiDataDir, { recursive: true });
  return hit;
}
