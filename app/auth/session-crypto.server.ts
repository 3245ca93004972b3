/**
 * Encryption and chunking of the session cookie (see docs/decisions/003-session-storage.md).
 *
 * - AES-256-GCM with a random 96-bit IV per write; the key of each secret is derived with HKDF-SHA256.
 *   The first secret encrypts, every secret decrypts: rotation = put the new secret first, keep the old one
 *   until the sessions it encrypted have ended, then remove it.
 * - Value format: `v1.` + base64url(iv ‖ ciphertext ‖ tag). The cookie's base name is the associated data,
 *   so a value cannot be moved to another cookie.
 * - A value longer than one cookie can hold is split over `<name>.0`, `<name>.1`, … (browsers keep at least
 *   4096 bytes per cookie, name and attributes included).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Characters of value per cookie: leaves room for the name and the attributes within 4096 bytes. */
export const CHUNK_SIZE = 3800;
/** More than this many chunks (~19 KB) is refused: a session never needs it, and headers have limits. */
export const MAX_CHUNKS = 5;

export interface SessionKeyring {
  encrypt(plaintext: string, aad: string): string;
  /** The plaintext, or null when no key opens it (forged, corrupted, or from a retired secret). */
  decrypt(value: string, aad: string): string | null;
}

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.from("exer-portal-session", "utf8"), Buffer.from("aes-256-gcm v1", "utf8"), 32));
}

export function createKeyring(secrets: readonly string[]): SessionKeyring {
  if (secrets.length === 0) throw new Error("createKeyring: at least one secret is required");
  const keys = secrets.map(deriveKey);
  return {
    encrypt(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", keys[0]!, iv);
      cipher.setAAD(Buffer.from(aad, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
    },
    decrypt(value, aad) {
      if (!value.startsWith(VERSION)) return null;
      const raw = Buffer.from(value.slice(VERSION.length), "base64url");
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      const iv = raw.subarray(0, IV_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
      for (const key of keys) {
        try {
          const decipher = createDecipheriv("aes-256-gcm", key, iv);
          decipher.setAAD(Buffer.from(aad, "utf8"));
          decipher.setAuthTag(tag);
          return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
        } catch {
          // not this key
        }
      }
      return null;
    },
  };
}

/** Splits a value into cookie-sized chunks. */
export function splitChunks(value: string, size = CHUNK_SIZE): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < value.length; i += size) chunks.push(value.slice(i, i + size));
  return chunks.length ? chunks : [""];
}

/** `<name>.0`, `<name>.1`, … */
export const chunkName = (base: string, index: number) => `${base}.${index}`;

/**
 * Joins the chunks present in a cookie map: `<name>.0` … up to the first missing one. Returns the value and
 * the names of every chunk cookie present (also stray ones past a gap), so a write can expire leftovers.
 */
export function joinChunks(cookies: Record<string, string>, base: string): { value: string | null; present: string[] } {
  const present = Object.keys(cookies).filter((name) => name.startsWith(`${base}.`) && /^\d+$/.test(name.slice(base.length + 1)));
  const parts: string[] = [];
  for (let i = 0; i < MAX_CHUNKS; i++) {
    const part = cookies[chunkName(base, i)];
    if (part === undefined) break;
    parts.push(part);
  }
  return { value: parts.length ? parts.join("") : null, present };
}

/** Parses a Cookie header into a map (the first occurrence of a name wins, as browsers send the most specific first). */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index < 0) continue;
    const name = pair.slice(0, index).trim();
    if (!name || name in out) continue;
    let value = pair.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export interface CookieAttributes {
  secure: boolean;
  /** Seconds; omitted = a browser-session cookie. 0 = delete. */
  maxAge?: number;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/, Secure when asked. */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (attrs.secure) parts.push("Secure");
  if (attrs.maxAge !== undefined) {
    parts.push(`Max-Age=${attrs.maxAge}`);
    if (attrs.maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  }
  return parts.join("; ");
}
