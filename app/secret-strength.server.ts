/**
 * Whether a secret is real (issue 33, ADR 041): what production refuses beside the secrets written in the sources
 * (KNOWN_DEFAULT_SECRETS) — a placeholder copied from an example (`CHANGE-ME-at-least-32-random-characters-each`),
 * one character or a short run repeated (32 × "a", "abcabc…"), or too little entropy for its length. Pure: the
 * portal's configuration (app/config.server.ts) and the reference API's (reference-api/src/config.ts) use it.
 *
 * The entropy is estimated from the secret itself: its length times the Shannon entropy of its characters'
 * frequencies (bits per character). It cannot see a dictionary word, but it does see what a person types instead
 * of a generator: `openssl rand -base64 48` is ~340 bits by this measure, `openssl rand -hex 32` ~250, 32 random
 * hexadecimal characters ~115; "1111111122222222333333334444444" is 62.
 */

/** Words of placeholders in example files and documentation (case-insensitive). */
const PLACEHOLDER = /change[-_ .]?me|changeit|replace[-_ .]?(me|this|with)|placeholder|your[-_ .]?(own[-_ .]?)?(secret|password)|example|dummy|insecure|not[-_ .]?a[-_ .]?secret|^<.*>$|x{6,}/i;

/** Bits of entropy estimated from the characters' frequencies in `value` (length × Shannon entropy per character). */
export function estimatedEntropyBits(value: string): number {
  const chars = [...value];
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** The shortest run whose repetition makes up `value` (its length when there is none). */
function repeatedPeriod(value: string): number {
  for (let period = 1; period <= value.length / 2; period++) {
    let ok = true;
    for (let i = period; i < value.length && ok; i++) ok = value[i] === value[i - period];
    if (ok) return period;
  }
  return value.length;
}

/**
 * Why `value` is not a real secret, or undefined when it may be one: "is a placeholder …", "repeats …", "has too
 * little entropy …". `minBits`: the least estimated entropy (96 for keys such as SESSION_SECRETS, lower for
 * passwords that a managed database generates shorter).
 */
export function secretWeakness(value: string, minBits = 96): string | undefined {
  if (PLACEHOLDER.test(value)) return "is a placeholder from an example, not a secret";
  const period = repeatedPeriod(value);
  if (period === 1) return `repeats one character ("${value[0]}")`;
  if (period < value.length) return `repeats a run of ${period} characters`;
  if (value.length >= 8 && new Set(value).size <= 2) return "repeats two characters";
  const bits = Math.round(estimatedEntropyBits(value));
  if (bits < minBits) return `has too little entropy (about ${bits} bits, at least ${minBits} needed)`;
  return undefined;
}

/** The password of a postgres:// URL ("" when it has none or the URL cannot be read). */
export function urlPassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return "";
  }
}

/** The advice that ends every refusal: how to make a real one. */
export const SECRET_ADVICE = "generate one, e.g. `openssl rand -base64 48`";
