/**
 * Persistence: the reference API started as in production (a child process on a data directory) seeds a
 * fresh directory with the demo world, and a restart keeps all data and does not seed again.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { findFreePort } from "../../scripts/identity/cognito-local.js";
import { openDb } from "./db/db.js";
import { createTestDatabase, usePostgres } from "./testing/postgres.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "api-persist-"));
// In the PostgreSQL test mode the API runs on an empty database of the test server (DATABASE_URL), as deployed.
const database = usePostgres() ? await createTestDatabase({ prefix: "persist" }) : undefined;
const databaseUrl = database?.url;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

async function runApiUntilHealthy(): Promise<number> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "reference-api/src/main.ts")], {
    cwd: root,
    env: { ...process.env, API_PORT: String(port), API_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), SEED_WORLD: "demo", LOG_LEVEL: "error", JWKS_URL: "http://127.0.0.1:9/jwks" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (b) => (err += b));
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${err}`);
      if (Date.now() - started > 240_000) throw new Error(`not healthy in time: ${err}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthcheck`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return Date.now() - started;
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

it("seeds a fresh data directory, keeps everything across a restart and does not seed twice", async () => {
  await runApiUntilHealthy();
  let db = await openDb({ dataDir, databaseUrl });
  const count = async () => Number((await db.one<{ n: string }>("SELECT count(*) AS n FROM patient_records"))!.n);
  const seeded = await count();
  expect(seeded).toBeGreaterThanOrEqual(500);
  const org = (await db.one<{ id: string }>("SELECT id FROM organizations ORDER BY name LIMIT 1"))!;
  await db.query("UPDATE organizations SET name = 'Renamed before restart' WHERE id = $1", [org.id]);
  await db.close();

  const reopenMs = await runApiUntilHealthy();
  db = await openDb({ dataDir, databaseUrl });
  expect(await count()).toBe(seeded);
  expect((await db.one<{ name: string }>("SELECT name FROM organizations WHERE id = $1", [org.id]))!.name).toBe("Renamed before restart");
  await db.close();
  // The database of a seeded world reopens without seeding again (the count and the rename above); how fast is a
  // figure, not a pass mark.
  console.log(`reference API healthy again on the seeded data directory in ${reopenMs} ms`);
}, 600_000);
