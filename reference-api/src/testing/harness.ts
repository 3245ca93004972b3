/**
 * Test harness for the reference API: the real server (contract routing, validation, auth, response
 * validation) in-process on a fresh embedded database, with a real RS256 key set standing in for the identity
 * service so tests can mint access tokens for any user and groups. Tokens go through the same verification as
 * in production (signature, issuer, expiry, token_use).
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { loadConfig, type ApiConfig } from "../config.js";
import { createTokenVerifier } from "../core/auth.js";
import type { IdentityAdmin } from "../core/identity-admin.js";
import type { Services } from "../core/handlers.js";
import { createPglite, migrate, openDb, pgliteDb, type Db } from "../db/db.js";
import { buildServer } from "../server.js";
import { createTestDatabase, MIGRATED_TEMPLATE, usePostgres } from "./postgres.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const migrationsDir = join(here, "../db/migrations");
export const TEST_ISSUER = "http://identity.test/local_test";

let keysPromise: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;
function keys() {
  keysPromise ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "test", alg: "RS256", use: "sig" };
    return { privateKey: privateKey as CryptoKey, jwk };
  })();
  return keysPromise;
}

/** Mints an access token like the identity service's (username, cognito:groups, token_use=access). */
export async function mintToken(user: { userId: string; groups?: string[] }, opts: { expiresIn?: string; issuer?: string } = {}): Promise<string> {
  const { privateKey } = await keys();
  const claims: Record<string, unknown> = { username: user.userId, token_use: "access", client_id: "test-client" };
  if (user.groups && user.groups.length > 0) claims["cognito:groups"] = user.groups;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: "test" })
    .setSubject(randomUUID())
    .setIssuer(opts.issuer ?? TEST_ISSUER)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? "1h")
    .sign(privateKey);
}

/** A migrated empty database image, cached on disk by the migrations' hash (new PGlite ~4 s; loading ~0.5 s). */
async function migratedImage(): Promise<Blob> {
  const hash = createHash("sha256");
  for (const f of readdirSync(migrationsDir).sort()) hash.update(f).update(readFileSync(join(migrationsDir, f)));
  const file = join(root, "data/test-cache", `migrated-${hash.digest("hex").slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const pg = await createPglite();
  await migrate(pgliteDb(pg));
  const image = await pg.dumpDataDir("none");
  await pg.close();
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await image.arrayBuffer()));
  renameSync(tmp, file);
  return image;
}

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  services: Services;
  config: ApiConfig;
  /** Sends a request through the real server. `token` is a bearer token (or use `as`). */
  request(method: string, url: string, opts?: { token?: string; as?: { userId: string; groups?: string[] }; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: Buffer }>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated, empty database: PGlite loaded from the cached migrated image, or — in the PostgreSQL
 * test mode (TEST_DATABASE=postgres) — a database of the test server cloned from its migrated template,
 * dropped again on close.
 */
export async function createTestDb(): Promise<Db> {
  if (usePostgres()) {
    const database = await createTestDatabase({ template: MIGRATED_TEMPLATE });
    const db = await openDb({ databaseUrl: database.url, dataDir: "" });
    return {
      ...db,
      async close() {
        await db.close();
        await database.drop();
      },
    };
  }
  return createPgliteTestDb();
}

/** A fresh, migrated, empty PGlite database, whatever the test mode (the parity test compares both). */
export async function createPgliteTestDb(): Promise<Db> {
  return pgliteDb(await createPglite({ loadDataDir: await migratedImage() }));
}

/** Starts the reference API in-process on a fresh, migrated, empty database (seed what the test needs). */
export async function createTestApi(overrides: Partial<ApiConfig> = {}, opts: { identity?: IdentityAdmin | null; db?: Db; logStream?: { write(line: string): void } } = {}): Promise<TestApi> {
  const db = opts.db ?? (await createTestDb());
  await migrate(db);
  const config: ApiConfig = { ...loadConfig({ NODE_ENV: "test", API_PUBLIC_URL: "http://api.test" }), issuer: TEST_ISSUER, validateResponses: true, logLevel: "silent", ...overrides };
  const { jwk } = await keys();
  const verifier = createTokenVerifier({ jwksUrl: "http://identity.test/jwks", issuer: config.issuer, keys: createLocalJWKSet({ keys: [jwk] }) });
  const { app, services } = await buildServer({ config, db, verifier, identity: opts.identity ?? null, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    db,
    services,
    config,
    async request(method, url, opts = {}) {
      const token = opts.token ?? (opts.as ? await mintToken(opts.as) : undefined);
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | Buffer | undefined;
      if (opts.body !== undefined) {
        if (Buffer.isBuffer(opts.body) || typeof opts.body === "string") payload = opts.body;
        else {
          payload = JSON.stringify(opts.body);
          headers["content-type"] ??= "application/json";
        }
      }
      const res = await app.inject({ method: method as "GET", url, headers, payload });
      const raw = res.rawPayload;
      let body: unknown = undefined;
      if (raw.length > 0) body = String(res.headers["content-type"] ?? "").includes("json") ? JSON.parse(raw.toString("utf8")) : raw;
      return { status: res.statusCode, body, headers: res.headers as Record<string, unknown>, raw };
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
