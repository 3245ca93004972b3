/**
 * The session: an encrypted cookie (AES-256-GCM, chunked; see session-crypto.server.ts and
 * docs/decisions/003-session-storage.md). It holds the identity tokens, which therefore never reach the
 * browser's JavaScript (HttpOnly) nor any storage the page can read, survive a portal restart and work on
 * any replica. One `PortalSession` per request (memoized on the load context); every change is written to
 * `portalRequest(context).responseCookies` at once and the server adds it to the response.
 */
import { portalRequest, type PortalLoadContext } from "../context";
import { getConfig } from "../config.server";
import { log } from "../log.server";
import {
  chunkName,
  createKeyring,
  joinChunks,
  MAX_CHUNKS,
  parseCookieHeader,
  serializeCookie,
  splitChunks,
  type SessionKeyring,
} from "./session-crypto.server";
import { requestUrl } from "../request-url";

export type ToastType = "success" | "error" | "warning" | "info";
export interface Toast {
  type: ToastType;
  message: string;
}

/** The signed-in user's identity state. */
export interface AuthState {
  accessToken: string;
  refreshToken: string;
  /** Identity-service username (= the API's userId). */
  username: string;
  /** `cognito:groups` of the access token. */
  groups: string[];
  /** Access token expiry (ms since epoch). */
  accessExpiresAt: number;
  signedInAt: number;
  lastActivityAt: number;
  /** "sso": signed in through the user pool's hosted UI, whose own session logout ends too (ADR 022). */
  method?: "password" | "sso";
  /**
   * A random id minted at every sign-in: with the username, the key of the session's cache in the portal's memory
   * (app/api/session-cache.server.ts, ADR 021). Absent in sessions started before it existed (not cached).
   */
  sid?: string;
  /**
   * The user's organization, recorded by the first user load of the session (the authenticate middleware, ADR 037): the key of an organization's
   * revocation (ADR 025: disabling it ends its users' sessions).
   */
  organizationId?: string;
}

export interface SessionData {
  auth?: AuthState;
  /** One-time messages: read once, then gone. */
  flash?: { toast?: Toast; loginMessage?: string; recoveryCodes?: string[] };
  /** Forgot → reset password: the username the code was sent for (server-side, so it works without JS). */
  resetPassword?: { username: string; expiresAt: number };
  /** Single sign-on in progress (state, PKCE verifier). */
  sso?: { state: string; verifier: string; redirectTo: string; expiresAt: number };
  /** The shell's saved filter (cleared with the session at logout). */
  filter?: unknown;
  /** A sign-in waiting at its second step: an authenticator code or enrolment (app/auth/mfa.server.ts, ADR 027). */
  mfa?: PendingMfa;
  /**
   * The account screen's authenticator enrolment in progress: the secret it shows until the first code is right.
   * `replacing`: it replaces an authenticator that works (allowed only after a fresh re-authentication, ADR 034).
   */
  mfaSetup?: { secret: string; expiresAt: number; replacing?: boolean };
  /** The last re-authentication (password, and the code where the user has an authenticator) of this session's user (ADR 034). */
  reauth?: { username: string; at: number };
  /**
   * Add New Organization between its two steps: the organization this session's step 1 just created. Its end (the
   * logo, Skip, Cancel) says 'Organization Added.' only for it, never because a URL says so.
   */
  addedOrganization?: { id: string; expiresAt: number };
}

/**
 * Where a sign-in waits for its second factor (ADR 027, ADR 034). `login`: what was typed (the throttle's account key).
 * `id`: random, claimed once in the throttle's shared store when the step is used, so that a copy of the cookie is
 * refused afterwards. `method`: how the first step was made (an SSO sign-in held for enrolment stays an SSO session).
 */
export type PendingMfa = { id: string; username: string; login: string; redirectTo: string; expiresAt: number; method?: "password" | "sso" } & (
  | { kind: "challenge"; session: string }
  | { kind: "setup"; session: string; secret?: string }
  | { kind: "enrol"; accessToken: string; refreshToken: string; idToken?: string; reason: "organization" | "staff"; secret?: string }
);

const AAD = "exer-session";

let keyringCache: { secrets: string; keyring: SessionKeyring } | undefined;
function keyring(): SessionKeyring {
  const secrets = getConfig().session.secrets;
  const id = secrets.join("\n");
  if (keyringCache?.secrets !== id) keyringCache = { secrets: id, keyring: createKeyring(secrets) };
  return keyringCache.keyring;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Secure cookies everywhere except plain http on the local machine (development and tests). */
export function cookieIsSecure(url: URL): boolean {
  if (url.protocol === "https:") return true;
  return !(LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost"));
}

/** `__Host-` (Secure, Path=/, no Domain: cannot be set by a sibling sub-domain) when secure. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-exer-session" : "exer-session";
}

export class PortalSession {
  private data: SessionData;
  private written = false;
  /** Flash values this request read (see keepTakenFlash). */
  private taken: NonNullable<SessionData["flash"]> = {};

  constructor(
    private readonly context: PortalLoadContext,
    private readonly cookie: { name: string; secure: boolean; present: string[]; keyring: SessionKeyring },
    initial: SessionData,
    invalid: boolean,
  ) {
    this.data = initial;
    // A cookie no key opens (forged, corrupted, retired secret): expire it.
    if (invalid) this.commit();
  }

  get<K extends keyof SessionData>(key: K): SessionData[K] {
    return this.data[key];
  }

  set<K extends keyof SessionData>(key: K, value: SessionData[K]): void {
    this.data = { ...this.data, [key]: value };
    this.commit();
  }

  unset(key: keyof SessionData): void {
    if (!(key in this.data)) return;
    const next = { ...this.data };
    delete next[key];
    this.data = next;
    this.commit();
  }

  /** Everything goes (sign-out). Flash messages given afterwards survive. */
  destroy(): void {
    this.data = {};
    this.taken = {};
    this.commit();
  }

  flash<K extends keyof NonNullable<SessionData["flash"]>>(key: K, value: NonNullable<SessionData["flash"]>[K]): void {
    this.set("flash", { ...(this.data.flash ?? {}), [key]: value });
  }

  /** Reads a flash value and removes it. */
  takeFlash<K extends keyof NonNullable<SessionData["flash"]>>(key: K): NonNullable<SessionData["flash"]>[K] | undefined {
    const flash = this.data.flash;
    if (!flash || flash[key] === undefined) return undefined;
    const value = flash[key];
    this.taken = { ...this.taken, [key]: value };
    const rest = { ...flash };
    delete rest[key];
    if (Object.keys(rest).length) this.set("flash", rest);
    else this.unset("flash");
    return value;
  }

  /**
   * The request ends in a redirect: the flash values it read belong to the page it leads to. (The root loader reads
   * the toast in parallel with a child loader that may redirect, e.g. `/patients/{id}/` → its default section.)
   * Values flashed by this request itself win over the restored ones.
   */
  keepTakenFlash(): void {
    if (Object.keys(this.taken).length === 0) return;
    this.data = { ...this.data, flash: { ...this.taken, ...(this.data.flash ?? {}) } };
    this.taken = {};
    this.commit();
  }

  /** Whether this request changed the session (tests, diagnostics). */
  get changed(): boolean {
    return this.written;
  }

  private commit(): void {
    this.written = true;
    const { name, secure, present } = this.cookie;
    const cookies = portalRequest(this.context).responseCookies;
    const expire = (cookieName: string) => cookies.set(cookieName, serializeCookie(cookieName, "", { secure, maxAge: 0 }));
    const empty = Object.keys(this.data).length === 0;
    let chunks: string[] = [];
    if (!empty) {
      const value = this.cookie.keyring.encrypt(JSON.stringify(this.data), AAD);
      chunks = splitChunks(value);
      if (chunks.length > MAX_CHUNKS) {
        // Never expected (a session is ~2-5 KB); refuse rather than send headers browsers drop.
        log.error("session too large", { chunks: chunks.length });
        throw new Error("session too large");
      }
    }
    const names = new Set<string>();
    chunks.forEach((chunk, i) => {
      const cookieName = chunkName(name, i);
      names.add(cookieName);
      cookies.set(cookieName, serializeCookie(cookieName, chunk, { secure }));
    });
    // Chunks the browser has (or that this request set earlier) beyond the new count.
    for (const stale of [...present, ...[...cookies.keys()].filter((n) => n.startsWith(`${name}.`))]) {
      if (!names.has(stale)) expire(stale);
    }
  }
}

const sessions = new WeakMap<PortalLoadContext, PortalSession>();

/** The request's session (read once per request). */
export function getSession(request: Request, context: PortalLoadContext): PortalSession {
  const existing = sessions.get(context);
  if (existing) return existing;
  const secure = cookieIsSecure(requestUrl(request));
  const name = sessionCookieName(secure);
  const ring = keyring();
  const { value, present } = joinChunks(parseCookieHeader(request.headers.get("Cookie")), name);
  let data: SessionData = {};
  let invalid = false;
  if (value !== null) {
    const plaintext = ring.decrypt(value, AAD);
    if (plaintext === null) {
      invalid = true;
      log.warn("session cookie refused", { requestId: portalRequest(context).requestId });
    } else {
      try {
        data = JSON.parse(plaintext) as SessionData;
      } catch {
        invalid = true;
      }
    }
  }
  const session = new PortalSession(context, { name, secure, present, keyring: ring }, data, invalid);
  sessions.set(context, session);
  portalRequest(context).onRedirect = () => session.keepTakenFlash();
  return session;
}
