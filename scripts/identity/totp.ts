/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps — what Cognito and every
 * authenticator app use), for tests, provisioning and developers: the code an authenticator app would show now.
 *
 *   npx tsx scripts/identity/totp.ts <username or e-mail>   # a demo user's current code (data/identity.json)
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Secret, TOTP } from "otpauth";

/** The code of `secret` (base32, as AssociateSoftwareToken answers it) at `timestamp` (ms). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });
}

/** A code that is certainly wrong for `secret` now (none of the codes the service accepts: the previous, current and next step). */
export function wrongTotpCode(secret: string, timestamp = Date.now()): string {
  const accepted = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, timestamp + d)));
  for (let n = 0; ; n++) {
    const candidate = String((Number(totpCode(secret, timestamp)) + 500_000 + n) % 1_000_000).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}

// CLI
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { readIdentityConfig } = await import("./identity-config.js");
  const { demoAccounts } = await import("../../reference-api/src/seed/demo-accounts.js");
  const who = process.argv[2] ?? "";
  const username = demoAccounts.find((a) => a.email === who)?.userId ?? who;
  const secret = readIdentityConfig(process.env.IDENTITY_FILE).totpSecrets?.[username];
  if (!secret) {
    console.error(`no authenticator secret for ${who || "(nobody)"} in the identity file`);
    process.exit(1);
  }
  console.log(totpCode(secret));
}
