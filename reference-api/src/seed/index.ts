import { areaSeeders } from "../areas/index.js";
import type { Db } from "../db/db.js";
import type { FileStore } from "../core/files.js";
import { createRng, type SeedContext } from "./context.js";
import { seedCore } from "./core.js";

/** The fixed seed of the demo world: the same data on every machine. */
export const SEED = 20261122;

/** Hashes a stream name into a sub-seed so each area draws from its own deterministic stream. */
function streamSeed(stream: string): number {
  let h = SEED ^ 0x9e3779b9;
  for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The zone whose calendar day is the seed's "today": the demo organization's (Front Range, America/Denver). The API
 * reads "today" in an organization's zone, so a world seeded on the UTC day had its boundary patients a day off for
 * the seven hours after UTC midnight ("12 days left" where the seed meant 11).
 */
export const SEED_DAY_ZONE = "America/Denver";

/** The calendar day (YYYY-MM-DD) of `now` in the seed's zone. */
export function seedDayOf(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SEED_DAY_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The seed's day at UTC midnight: today in the demo organization's zone, or SEED_TODAY (YYYY-MM-DD) to pin the world's dates. */
export function seedToday(env: NodeJS.ProcessEnv = process.env): Date {
  const day = env.SEED_TODAY ?? seedDayOf();
  const d = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime())) throw new Error(`SEED_TODAY: invalid date "${day}"`);
  return d;
}

/** Seeds a fresh database with the demo (or large) world: the core, then each area in dependency order. */
export async function seedWorld(opts: { db: Db; files: FileStore; world: "demo" | "large"; today?: Date; log?: (m: string) => void }): Promise<void> {
  const log = opts.log ?? (() => {});
  const base = { db: opts.db, files: opts.files, world: opts.world, today: opts.today ?? seedToday(), rng: (s: string) => createRng(streamSeed(s)), log };
  let t = Date.now();
  const core = await seedCore(base);
  log(`seeded core: ${core.organizations.length} organizations, ${core.practitioners.length} practitioners, ${core.patients.length} patients (${Date.now() - t} ms)`);
  const ctx: SeedContext = { ...base, core };
  for (const [area, seeder] of areaSeeders) {
    t = Date.now();
    await seeder(ctx);
    log(`seeded ${area} (${Date.now() - t} ms)`);
  }
  // Fresh statistics and a visibility map, so list counts can be answered from indexes alone.
  await opts.db.exec("VACUUM ANALYZE");
}
