/**
 * The per-session cache of what changes rarely (ADR 021): the user's profile (GET v2/users/current), the
 * organization's locations (GET v2/locations) and providers (GET v2/practitioners). Without it every page makes
 * those three calls beside the one that matters (the patient list's page, …).
 *
 * - **Keyed by session**: the user id and a random session id minted at every sign-in (`AuthState.sid`), in this
 *   process's memory — never in the cookie. A new sign-in starts empty; one user's entries are never read under
 *   another key. A session without an id (a cookie older than this cache) is not cached.
 * - **Short-lived**: each answer is kept `ttlMs` (SESSION_CACHE_SECONDS, default 60 s; 0 = off), which bounds any
 *   staleness the portal does not see itself (a change made elsewhere, another process without the relay).
 * - **Dropped at once** by a change this portal makes: any successful write to v2/locations*, v2/practitioners*,
 *   v2/users/*, v2/organizations/* drops every cached session of the caller's organization (unknown organization:
 *   everything); any write under v2/admin/ drops everything; sign-out and a 401/403 answer drop the session. A
 *   read that was in flight when something was dropped is not stored (it may predate the change).
 * - **Other processes**: a cluster worker sends each drop to the primary, which relays it to its other workers
 *   (server/session-cache-relay.ts); a miss in another process is only a miss.
 * - **Bounded memory**: `maxBytes` (SESSION_CACHE_MAX_MB) of cached bodies; the least recently used sessions go first.
 *
 * The API still authorizes every call that is made: the cache only saves the calls whose answers the page already has.
 */
import cluster from "node:cluster";
import type { AuthState } from "../auth/session.server";
import { getConfig } from "../config.server";

/** The reads kept (exact paths: no query string). */
export const CACHED_READS: ReadonlySet<string> = new Set(["/v2/users/current", "/v2/locations", "/v2/practitioners"]);

/** Writes (non-GET, answered 2xx) that change something cached for the caller's organization. */
const ORGANIZATION_CHANGES = /^\/v2\/(locations|practitioners)(\/|$)|^\/v2\/(users|organizations)\//;
/** Writes that may change any organization (the admin area: organizations, providers, products, disabling). */
const ANY_CHANGES = /^\/v2\/admin\//;

/** The message a worker sends its primary (and the primary its workers) when something was dropped. */
export const SESSION_CACHE_MESSAGE = "exer:session-cache-drop";
export type SessionCacheDrop = { type: typeof SESSION_CACHE_MESSAGE; organizationId?: string; all?: boolean };

export function isSessionCacheDrop(message: unknown): message is SessionCacheDrop {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === SESSION_CACHE_MESSAGE;
}

/** The cache key of a signed-in session: user id + the random id minted at sign-in. */
export function sessionCacheKey(auth: Pick<AuthState, "username" | "sid"> | undefined): string | undefined {
  return auth?.sid ? `${auth.username}\u0000${auth.sid}` : undefined;
}

interface Entry {
  body: string;
  expiresAt: number;
}
interface SessionEntries {
  organizationId?: string;
  bytes: number;
  reads: Map<string, Entry>;
}

export interface SessionCacheOptions {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
  /** Tells the other processes (default: through the cluster primary when this is a worker). */
  broadcast?: (drop: SessionCacheDrop) => void;
}

export class SessionCache {
  private readonly sessions = new Map<string, SessionEntries>();
  private bytes = 0;
  /** Incremented by every drop: a read begun before a drop is not stored. */
  private epoch = 0;
  private readonly now: () => number;

  constructor(private readonly opts: SessionCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  /** The cached body of `path` for the session, when fresh. */
  read(key: string, path: string): string | undefined {
    const session = this.sessions.get(key);
    const entry = session?.reads.get(path);
    if (!session || !entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(session, path);
      if (session.reads.size === 0) this.sessions.delete(key);
      return undefined;
    }
    // Most recently used last (Map order).
    this.sessions.delete(key);
    this.sessions.set(key, session);
    return entry.body;
  }

  /** A token to pass to `store`: stale when anything was dropped meanwhile. */
  begin(): number {
    return this.epoch;
  }

  /** Keeps a 200 answer of `path` for the session (unless something was dropped since `begun`). */
  store(key: string, path: string, body: string, begun: number): void {
    if (!this.enabled || begun !== this.epoch || !CACHED_READS.has(path)) return;
    const size = body.length * 2 + path.length * 2;
    if (size > this.opts.maxBytes) return;
    let session = this.sessions.get(key);
    if (session) this.sessions.delete(key);
    else session = { bytes: 0, reads: new Map() };
    this.sessions.set(key, session);
    this.remove(session, path);
    if (path === "/v2/users/current") session.organizationId = organizationIdOf(body);
    session.reads.set(path, { body, expiresAt: this.now() + this.opts.ttlMs });
    session.bytes += size;
    this.bytes += size;
    for (const [k, s] of this.sessions) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.dropEntries(k, s);
    }
  }

  /** After a call of the session answered: a write that changes something cached drops it, here and elsewhere; 401/403 drop the session. */
  afterCall(key: string | undefined, method: string, path: string, status: number): void {
    if (status === 401 || status === 403) {
      if (key) this.dropSession(key);
      return;
    }
    if (method === "GET" || method === "HEAD" || status < 200 || status >= 300) return;
    if (ANY_CHANGES.test(path)) return this.drop({ all: true });
    if (!ORGANIZATION_CHANGES.test(path)) return;
    const organizationId = key ? this.sessions.get(key)?.organizationId : undefined;
    this.drop(organizationId ? { organizationId } : { all: true });
  }

  /** Drops this session's entries (sign-out, refused token). */
  dropSession(key: string): void {
    const session = this.sessions.get(key);
    this.epoch++;
    if (session) this.dropEntries(key, session);
  }

  /** Drops an organization's sessions (or everything) here and tells the other processes. */
  drop(what: { organizationId?: string; all?: boolean }): void {
    this.apply(what);
    this.opts.broadcast?.({ type: SESSION_CACHE_MESSAGE, ...what });
  }

  /** Applies a drop (this process only: a message from another process). */
  apply(what: { organizationId?: string; all?: boolean }): void {
    this.epoch++;
    for (const [k, s] of this.sessions) {
      if (what.all || s.organizationId === undefined || s.organizationId === what.organizationId) this.dropEntries(k, s);
    }
  }

  /** Sessions and bytes held (tests, the soak's diagnostics). */
  size(): { sessions: number; bytes: number } {
    return { sessions: this.sessions.size, bytes: this.bytes };
  }

  private remove(session: SessionEntries, path: string): void {
    const old = session.reads.get(path);
    if (!old) return;
    const size = old.body.length * 2 + path.length * 2;
    session.reads.delete(path);
    session.bytes -= size;
    this.bytes -= size;
  }

  private dropEntries(key: string, session: SessionEntries): void {
    this.bytes -= session.bytes;
    this.sessions.delete(key);
  }
}

function organizationIdOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { organization?: { id?: unknown } }).organization?.id;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

let processCache: { ttlMs: number; maxBytes: number; cache: SessionCache } | undefined;

/** This process's cache (configured by SESSION_CACHE_SECONDS / SESSION_CACHE_MAX_MB). */
export function sessionCache(): SessionCache {
  const { ttlSeconds, maxBytes } = getConfig().sessionCache;
  const ttlMs = ttlSeconds * 1000;
  if (processCache?.ttlMs === ttlMs && processCache.maxBytes === maxBytes) return processCache.cache;
  const worker = cluster.isWorker && typeof process.send === "function";
  const cache = new SessionCache({ ttlMs, maxBytes, broadcast: worker ? (drop) => process.send?.(drop) : undefined });
  if (worker && !processCache) {
    process.on("message", (message: unknown) => {
      if (isSessionCacheDrop(message)) processCache?.cache.apply(message);
    });
  }
  processCache = { ttlMs, maxBytes, cache };
  return cache;
}
