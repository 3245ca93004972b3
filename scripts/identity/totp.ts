/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps — what Cognito and every
 * authenticator app use), for tests, provisioning and developers: the code an authenticator app would show now.
 *
 *   npx tsx scripts/identity/totp.ts <username or e-mail>   # a demo user's current code (data/identity.json)
 */
import { createHash } from "node:crypto";
import { appendFileSync, closeSync, mkdirSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
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

const STEP_MS = 30_000;
/** In the claim directory: the milliseconds each claimed code waited for its step, one line each. */
export const CODE_WAITS_FILE = "waits.log";
/** Codes offered by this process (when no claim directory is shared): secret + code. */
const offeredHere = new Set<string>();

/**
 * True the first time `code` of `secret` is claimed: in this process, or — with `claimDir` — across every process
 * that shares the directory (an exclusive file per code; the E2E run's workers and its SSO stand-in).
 */
function claimCode(secret: string, code: string, claimDir: string | undefined): boolean {
  const name = createHash("sha256").update(`${secret}\u0000${code}`).digest("hex").slice(0, 40);
  if (!claimDir) {
    if (offeredHere.has(name)) return false;
    offeredHere.add(name);
    return true;
  }
  mkdirSync(claimDir, { recursive: true });
  try {
    closeSync(openSync(join(claimDir, name), "wx"));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

/**
 * A code of `secret` not offered before (the identity service accepts a code once per user, as the portal does: ADR
 * 027, 035): the current step's, else the next step's, else the previous step's while this step has 5 s left (the
 * service accepts a step either side of now, as Cognito does), else — all offered already — it waits for the next
 * step. `claimDir` (default: TOTP_CLAIM_DIR of the environment) shares the record between processes.
 */
export async function freshTotpCode(secret: string, options: { claimDir?: string } = {}): Promise<string> {
  const claimDir = options.claimDir ?? (process.env.TOTP_CLAIM_DIR || undefined);
  const started = Date.now();
  for (;;) {
    const at = Date.now();
    const candidates = STEP_MS - (at % STEP_MS) > 5_000 ? [at, at + STEP_MS, at - STEP_MS] : [at, at + STEP_MS];
    for (const t of candidates) {
      const code = totpCode(secret, t);
      if (claimCode(secret, code, claimDir)) {
        // The time spent waiting for a step, one line per code (the E2E run sums it: tests/setup/global-setup.ts).
        if (claimDir) appendFileSync(join(claimDir, CODE_WAITS_FILE), `${Date.now() - started}\n`);
        return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (at % STEP_MS) + 50));
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
