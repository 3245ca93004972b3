/**
 * Authenticator codes for the E2E run's sign-ins. The portal takes a code once per user (ASVS 2.8.4, ADR 027:
 * the same code again within its validity is refused as a wrong one), and the workers sign the same demo staff
 * accounts in at once — with one 30-second code the second sign-in was refused. So every sign-in helper takes
 * its code here: one that no worker of this run has offered for that authenticator yet, claimed across the worker
 * processes — and the run's SSO stand-in, whose sign-ins answer codes too (TOTP_CLAIM_DIR) — by creating a file
 * (exclusively) in the run's data directory (scripts/identity/totp.ts's freshTotpCode). The current step's code, else the next
 * step's, else the previous one's while the step has 5 s left (the identity service accepts a step either side of
 * now, as Cognito does), else — all offered already — it waits for the next step. A code refused all the same
 * (offered outside these helpers) is answered again by the callers with the next fresh one. The identity service
 * itself takes a code once per user too (ADR 035), so the same record keeps the stand-in's codes apart.
 */
import { join } from "node:path";
import { freshTotpCode as freshCode } from "../../../scripts/identity/totp.js";
import { readState } from "../../setup/state.js";

/** How many times a sign-in helper offers a code whose answer is a refusal before it gives up. */
export const CODE_ATTEMPTS = 3;

/** The directory where the run's processes claim the codes they offer (also TOTP_CLAIM_DIR of the run's stack). */
export const claimDirOf = (dataDir: string) => join(dataDir, "offered-authenticator-codes");

/** A code of `secret` that this run has not offered yet (see the header); waits for the next 30-second step when it must. */
export function freshTotpCode(secret: string): Promise<string> {
  return freshCode(secret, { claimDir: claimDirOf(readState().dataDir) });
}
