/**
 * The password rule's server-side half (app/domain/password.ts): the check against the commonly used (breached)
 * passwords (ASVS 4.0.3 2.1.7), kept out of the browser's bundle. The list is data, not code: a brotli-compressed
 * word list, one lower-cased password a line (wordlists/common-passwords.txt.br, 66 KB; made by
 * scripts/identity/common-passwords.ts). It is read and decompressed on the first check and kept as a Set
 * (~10,000 entries: a few milliseconds once, then one look-up per check).
 *
 * Where it is: wordlists/ of the project, found up from this module (app/auth/ in development and tests,
 * build/server/ and its chunks in the built portal; the container copies wordlists/ beside build/, Dockerfile).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { normalisePassword, type PasswordRuleOptions } from "../domain/password.js";

/** The list's path under the project's root. */
export const COMMON_PASSWORDS_FILE = join("wordlists", "common-passwords.txt.br");

/** The list's file: the first `wordlists/common-passwords.txt.br` up from this module. */
export function commonPasswordsPath(from = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, COMMON_PASSWORDS_FILE);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new Error(`The common-password list (${COMMON_PASSWORDS_FILE}) was not found above ${from}`);
}

/** The list's passwords, in its order (most common first): read and decompressed from `path`. */
export function readCommonPasswords(path = commonPasswordsPath()): string[] {
  return brotliDecompressSync(readFileSync(path)).toString("utf8").split("\n").filter(Boolean);
}

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(readCommonPasswords());
  return common.has(normalisePassword(password));
}

/** The whole rule, for the forms' server-side parse and for provisioning. */
export const SERVER_PASSWORD_RULE: PasswordRuleOptions = { isCommon: isCommonPassword };
