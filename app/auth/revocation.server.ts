/**
 * Revoked sessions (ADR 025). A session is a sealed cookie (ADR 003): the server keeps no record of it, so a copy of
 * the cookie taken before "Log out" would open the portal until its tokens expire. This store is the record of the
 * sessions that have ENDED, checked before any loader or action of a request runs (the root route's middleware,
 * `guardSession` in user.server.ts):
 *
 * - **one session** (`revokeSession(sid)`): sign-out, the inactivity logoff, a session past its absolute lifetime;
 * - **every session of a user** (`revokeUser(username)`): the provider was removed;
 * - **every session of an organization** (`revokeOrganization(id)`): the organization was disabled.
 *
 * Each revocation is a key (its kind and a SHA-256 of the id: the store holds no identifier) with a "not before"
 * time: a session signed in at or before it is ended. A key is kept for the absolute session lifetime (a session
 * signed in before the revocation cannot outlive that), then deleted.
 *
 * Where it lives: the sign-in throttle's store (ADR 022), by the same settings — THROTTLE_DATABASE_URL (and
 * THROTTLE_STORE, THROTTLE_KEY_PREFIX):
 * - PostgreSQL: the table `portal_session_revocation` (created on first use), shared by every replica; a check is
 *   ONE primary-key lookup of at most three keys, so a revocation holds on every replica from the moment it is written.
 * - local, one process: in its memory;
 * - local, a Node cluster worker: in the cluster's primary, asked over IPC (`startRevocationPrimary`), so every
 *   worker of the container sees a revocation at once.
 *
 * A store that cannot be reached is logged as an error and lets the request through, as the throttle does (a broken
 * store must not sign every clinician out); revocations this process made are also kept in its own memory and hold
 * there whatever the store does.
 */
import type { Cluster, Worker } from "node:cluster";
import cluster from "node:cluster";
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";
import { tableOnce } from "./pg-table.server";
import { getConfig, type ThrottleConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import { portalMetrics } from "../metrics.server";

export const REVOCATION_TABLE = "portal_session_revocation";

export type RevocationKind = "session" | "user" | "organization";

/** What a check needs of a session (AuthState's fields). */
export interface SessionRef {
  sid?: string;
  username: string;
  organizationId?: string;
  /** ms since epoch. */
  signedInAt: number;
}

/** Where revocations are kept: "not before" times by key, each kept until its `expiresAt` (ms since epoch). */
export interface RevocationBackend {
  /** Records (or moves later) a key's not-before time. */
  put(key: string, notBefore: number, expiresAt: number): Promise<void>;
  /** The not-before times of those of `keys` that are recorded. */
  get(keys: string[]): Promise<Map<string, number>>;
  close?(): Promise<void>;
}

/** The key of a revocation: prefix, kind, and a SHA-256 of the id (no identifier in the store). */
export function revocationKey(prefix: string, kind: RevocationKind, id: string): string {
  return `${prefix}:revoked-${kind}:${createHash("sha256").update(id).digest("hex").slice(0, 40)}`;
}

/** In this process's memory (one process, the cluster's primary, and every process's own copy). */
export class MemoryRevocations implements RevocationBackend {
  private readonly entries = new Map<string, { notBefore: number; expiresAt: number }>();
  private lastPrune = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async put(key: string, notBefore: number, expiresAt: number): Promise<void> {
    this.putNow(key, notBefore, expiresAt);
  }

  putNow(key: string, notBefore: number, expiresAt: number): void {
    const existing = this.entries.get(key);
    this.entries.set(key, { notBefore: Math.max(notBefore, existing?.notBefore ?? -Infinity), expiresAt: Math.max(expiresAt, existing?.expiresAt ?? 0) });
    this.prune();
  }

  async get(keys: string[]): Promise<Map<string, number>> {
    return this.getNow(keys);
  }

  getNow(keys: string[]): Map<string, number> {
    const found = new Map<string, number>();
    const now = this.now();
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && entry.expiresAt > now) found.set(key, entry.notBefore);
    }
    return found;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Expired keys go, at most once a minute. */
  private prune(): void {
    const now = this.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** In PostgreSQL (THROTTLE_DATABASE_URL): one table, a primary-key lookup per check. */
export class PostgresRevocations implements RevocationBackend {
  private readonly pool: pg.Pool;
  private lastCleanup = 0;

  constructor(url: string, private readonly now: () => number = Date.now) {
    this.pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 3_000, idleTimeoutMillis: 30_000 });
    this.pool.on("error", (err) => log.error("session revocation database connection failed", errorFields(err)));
    this.ready = tableOnce(this.pool, REVOCATION_TABLE, "key varchar(255) PRIMARY KEY, not_before bigint NOT NULL, expires_at bigint NOT NULL");
  }

  /** Creates the table once (replicas starting together wait for each other: `tableOnce`). */
  readonly ready: () => Promise<void>;

  async put(key: string, notBefore: number, expiresAt: number): Promise<void> {
    await this.ready();
    await this.pool.query(
      `INSERT INTO ${REVOCATION_TABLE} (key, not_before, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET not_before = GREATEST(${REVOCATION_TABLE}.not_before, EXCLUDED.not_before),
                                       expires_at = GREATEST(${REVOCATION_TABLE}.expires_at, EXCLUDED.expires_at)`,
      [key, Math.floor(notBefore), Math.ceil(expiresAt)],
    );
    const now = this.now();
    if (now - this.lastCleanup > 5 * 60_000) {
      this.lastCleanup = now;
      this.pool.query(`DELETE FROM ${REVOCATION_TABLE} WHERE expires_at < $1`, [now]).catch((err: unknown) => log.error("session revocation cleanup failed", errorFields(err)));
    }
  }

  async get(keys: string[]): Promise<Map<string, number>> {
    await this.ready();
    const { rows } = await this.pool.query<{ key: string; not_before: string }>(`SELECT key, not_before FROM ${REVOCATION_TABLE} WHERE key = ANY($1::varchar[]) AND expires_at > $2`, [keys, this.now()]);
    return new Map(rows.map((r) => [r.key, Number(r.not_before)]));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

// ---- Node cluster: the workers ask the primary (one store per container).

export const REVOCATION_MESSAGE = "exer:session-revocation";
export const REVOCATION_REPLY = "exer:session-revocation-reply";
type AskBody = { op: "put"; key: string; notBefore: number; expiresAt: number } | { op: "get"; keys: string[] };
type Ask = { type: typeof REVOCATION_MESSAGE; id: string } & AskBody;
type Reply = { type: typeof REVOCATION_REPLY; id: string; entries?: [string, number][] };

const isAsk = (m: unknown): m is Ask => typeof m === "object" && m !== null && (m as { type?: unknown }).type === REVOCATION_MESSAGE;
const isReply = (m: unknown): m is Reply => typeof m === "object" && m !== null && (m as { type?: unknown }).type === REVOCATION_REPLY;

/** A cluster worker's store: every put and get is a message to the primary, answered within `timeoutMs`. */
export class ClusterWorkerRevocations implements RevocationBackend {
  private readonly pending = new Map<string, { resolve: (r: Reply) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  constructor(
    private readonly channel: { send(message: unknown): unknown; on(event: "message", listener: (message: unknown) => void): unknown } = process as never,
    private readonly timeoutMs = 2_000,
  ) {
    channel.on("message", (message) => {
      if (!isReply(message)) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      waiting.resolve(message);
    });
  }

  /** After a time-out, asks fail at once for a while (a primary that is not ours must not slow every request). */
  private silentUntil = 0;

  private ask(body: AskBody): Promise<Reply> {
    if (Date.now() < this.silentUntil) return Promise.reject(new Error("the cluster primary did not answer lately"));
    const id = randomUUID();
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.silentUntil = Date.now() + 30_000;
        reject(new Error("the cluster primary did not answer"));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.channel.send({ ...body, type: REVOCATION_MESSAGE, id });
    });
  }

  async put(key: string, notBefore: number, expiresAt: number): Promise<void> {
    await this.ask({ op: "put", key, notBefore, expiresAt });
  }

  async get(keys: string[]): Promise<Map<string, number>> {
    const reply = await this.ask({ op: "get", keys });
    return new Map(reply.entries ?? []);
  }
}

/**
 * For the cluster's primary: holds the workers' revocations (when the store is local) and answers their messages.
 * Call once before forking; harmless with a database store (nothing is asked then).
 */
export function startRevocationPrimary(c: Pick<Cluster, "on"> = cluster, store = new MemoryRevocations()): MemoryRevocations {
  c.on("message", (worker: Worker, message: unknown) => {
    if (!isAsk(message)) return;
    let reply: Reply;
    if (message.op === "put") {
      store.putNow(message.key, message.notBefore, message.expiresAt);
      reply = { type: REVOCATION_REPLY, id: message.id };
    } else {
      reply = { type: REVOCATION_REPLY, id: message.id, entries: [...store.getNow(message.keys)] };
    }
    if (worker.isConnected()) worker.send(reply);
  });
  return store;
}

// ---- The portal's revocations.

export interface RevocationOptions {
  keyPrefix: string;
  /** How long a revocation is kept: the absolute session lifetime (no session signed in before it lives longer). */
  keepMs: number;
  now?: () => number;
}

export class SessionRevocations {
  /** What this process revoked: holds here whatever the shared store does. */
  private readonly own: MemoryRevocations;
  private readonly now: () => number;

  constructor(
    private readonly backend: RevocationBackend,
    private readonly opts: RevocationOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.own = new MemoryRevocations(this.now);
  }

  /** Ends one session (sign-out, the inactivity logoff). */
  revokeSession(sid: string): Promise<void> {
    return this.revoke("session", sid);
  }

  /** Ends every session of a user signed in until now (the provider was removed). */
  revokeUser(username: string): Promise<void> {
    return this.revoke("user", username);
  }

  /** Ends every session of an organization's users signed in until now (the organization was disabled). */
  revokeOrganization(organizationId: string): Promise<void> {
    return this.revoke("organization", organizationId);
  }

  private async revoke(kind: RevocationKind, id: string): Promise<void> {
    const now = this.now();
    const key = revocationKey(this.opts.keyPrefix, kind, id);
    // A minute beyond the lifetime: clocks of replicas differ a little.
    const expiresAt = now + this.opts.keepMs + 60_000;
    this.own.putNow(key, now, expiresAt);
    try {
      await this.backend.put(key, now, expiresAt);
    } catch (err) {
      log.error("session revocation store failed", { operation: "put", kind, ...errorFields(err) });
      portalMetrics().revocationStoreFailures.inc({ operation: "put" });
    }
  }

  /** Which revocation ends the session, if any: one lookup of its (up to three) keys. */
  async check(ref: SessionRef): Promise<RevocationKind | undefined> {
    const keys: [RevocationKind, string][] = [];
    if (ref.sid) keys.push(["session", revocationKey(this.opts.keyPrefix, "session", ref.sid)]);
    keys.push(["user", revocationKey(this.opts.keyPrefix, "user", ref.username)]);
    if (ref.organizationId) keys.push(["organization", revocationKey(this.opts.keyPrefix, "organization", ref.organizationId)]);
    const list = keys.map(([, key]) => key);
    const ended = (found: Map<string, number>) => keys.find(([, key]) => (found.get(key) ?? -Infinity) >= ref.signedInAt)?.[0];
    const mine = ended(this.own.getNow(list));
    if (mine) return mine;
    try {
      return ended(await this.backend.get(list));
    } catch (err) {
      log.error("session revocation store failed", { operation: "get", ...errorFields(err) });
      portalMetrics().revocationStoreFailures.inc({ operation: "get" });
      return undefined;
    }
  }
}

/** The configured backend: the throttle's store settings (ADR 022). */
export function createRevocationBackend(store: ThrottleConfig["store"]): RevocationBackend {
  if (store.kind === "postgres") return new PostgresRevocations(store.url);
  if (cluster.isWorker) return new ClusterWorkerRevocations();
  return new MemoryRevocations();
}

let revocations: SessionRevocations | undefined;

/** The portal's revocations (created on first use from the configuration). */
export function sessionRevocations(): SessionRevocations {
  if (!revocations) {
    const config = getConfig();
    const { store, keyPrefix } = config.throttle;
    revocations = new SessionRevocations(createRevocationBackend(store), { keyPrefix, keepMs: config.session.absoluteTimeoutSeconds * 1000 });
    log.info("session revocation ready", { store: store.kind === "postgres" ? "postgres" : cluster.isWorker ? "cluster-primary" : "process" });
  }
  return revocations;
}

/** For tests. */
export function setSessionRevocationsForTesting(value: SessionRevocations | undefined): void {
  revocations = value;
}
