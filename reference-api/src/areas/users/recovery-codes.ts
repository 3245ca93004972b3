/**
 * Recovery codes of two-step verification (ADR 027): 10 codes of 80 random bits, written XXXX-XXXX-XXXX-XXXX in
 * base32 (no 0/1/8/9 to confuse with letters), stored as SHA-256 hashes (80 bits make a fast hash safe: an offline
 * search of 2^80 is out of reach, so no slow hash is needed, and a look-up is one indexed equality).
 */
import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const RECOVERY_CODE_COUNT = 10;

/** One code: 16 base32 characters (80 bits) in four groups. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join("-");
}

/** The code as stored: typed case, spaces and dashes do not matter. Null when it cannot be a code. */
export function normalizeRecoveryCode(typed: string): string | null {
  const clean = typed.toUpperCase().replace(/[\s-]/g, "");
  return /^[A-Z2-7]{16}$/.test(clean) ? clean : null;
}

export const recoveryCodeHash = (normalized: string): Buffer => createHash("sha256").update(normalized, "utf8").digest();
