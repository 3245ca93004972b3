/**
 * The tests' PostgreSQL mode (TEST_DATABASE=postgres, ADR 016). The vitest global setup
 * (`postgres-global-setup.ts`) starts a private server and prepares a template database holding the migrated,
 * empty schema; every test API then gets its own database cloned from it (`CREATE DATABASE … TEMPLATE`, tens of
 * milliseconds), like the PGlite path loads a cached migrated image.
 */
import { randomBytes } from "node:crypto";

export const MIGRATED_TEMPLATE = "test_migrated";

export const usePostgres = () => process.env.TEST_DATABASE === "postgres";

function adminUrl(): string {
  const url = process.env.TEST_POSTGRES_ADMIN_URL;
  if (!url) throw new Error("TEST_DATABASE=postgres but no server: TEST_POSTGRES_ADMIN_URL is unset (the vitest global setup starts one)");
  return url;
}

async function admin<T>(fn: (c: import("pg").Client) => Promise<T>): Promise<T> {
  const pg = (await import("pg")).default;
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function databaseUrl(name: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh database on the test server, empty or cloned from `template`; `drop()` removes it. */
export async function createTestDatabase(opts: { template?: string; prefix?: string } = {}): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${opts.prefix ?? "t"}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ""}`));
  return {
    name,
    url: databaseUrl(name),
    // Connections closing just now (pool.end() resolves before the server has seen every goodbye) get a moment
    // to go; only then are the rest terminated (FORCE), which the pool reports as an idle-connection error.
    drop: () =>
      admin(async (c) => {
        for (let attempt = 0; attempt < 30; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (e) {
            if ((e as { code?: string }).code !== "55006") throw e; // 55006: being accessed by other users
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
