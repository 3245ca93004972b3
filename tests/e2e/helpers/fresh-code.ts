/**
 * Authenticator codes for the E2E run's sign-ins. The portal takes a code once per user (ASVS 2.8.4, ADR 027:
 * the same code again within its validity is refused as a wrong one), and the workers sign the same demo staff
 * accounts in at once — with one 30-second code the second sign-in was refused. So every sign-in helper takes
 * its code here: one that no worker of this run has offered for that authenticator yet, claimed across the worker
 * processes by creating a file (exclusively) in the run's data directory. The current step's code, else the next
 * step's, else the previous one's while the step has 5 s left (the identity service accepts a step either side of
 * now, as Cognito does), else — all offered already — it waits for the next step. A code refused all the same
 * (offered outside these helpers) is answered again by the callers with the next fresh one.
 */
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { totpCode } from "../../../scripts/identity/totp.js";
import { readState } from "../../setup/state.js";

const STEP_MS = 30_000;

/** How many times a sign-in helper offers a code whose answer is a refusal before it gives up. */
export const CODE_ATTEMPTS = 3;

/** True the first time any worker of this run claims `code` of `secret`. */
function claim(secret: string, code: string): boolean {
  const dir = join(readState().dataDir, "offered-authenticator-codes");
  mkdirSync(dir, { recursive: true });
  const name = createHash("sha256").update(`${secret}\u0000${code}`).digest("hex").slice(0, 40);
  try {
    closeSync(openSync(join(dir, name), "wx"));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

/** A code of `secret` that this run has not offered yet (see the header); waits for the next 30-second step when it must. */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const at = Date.now();
    // The previous step's code too while this step has 5 s left (answered before the step ends, it is accepted).
    const candidates = STEP_MS - (at % STEP_MS) > 5_000 ? [at, at + STEP_MS, at - STEP_MS] : [at, at + STEP_MS];
    for (const t of candidates) {
      const code = totpCode(secret, t);
      if (claim(secret, code)) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (at % STEP_MS) + 50));
  }
}
