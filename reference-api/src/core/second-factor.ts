/**
 * The provider API's own check of the second factor (ADR 036, issue 30): a token of a user who must have two-step
 * verification but has none is refused 403, whatever way it was obtained (a password-only sign-in at the identity
 * service, a session started before the requirement). The identity service is what asks for the code at sign-in
 * (ADR 027); this check is defence in depth behind it, so that no entrance skips it.
 *
 * Who must have it: product staff (EXER_ADMIN, EXER_SUPPORT) always; a provider of an organization with
 * `mfaRequired` — for a session that began after the organization started requiring it: one that began before runs to
 * its end (ADR 027; the token's `auth_time`, kept across refreshes by Amazon Cognito, bounded by the 12-hour refresh
 * token). Staff have no such grace. A user who turned it on has it (the pool then challenges every sign-in of theirs).
 * Whether the user has it: the pool's per-user MFA settings (AdminGetUser → `UserMFASettingList`). A user of an
 * external identity provider (`EXTERNAL_PROVIDER`) is not refused: the pool's MFA does not apply to them, their
 * identity provider answers for the second factor, and the portal's SSO step decides (ADR 036).
 *
 * Only "has it" is cached (per user, `ttlMs`, per process): a user who just enrolled is let in at once (the portal
 * makes their recovery codes right after the enrolment), and the API's own resets and recoveries forget the user
 * at once (`withSecondFactorForgetting`). Another replica's reset is seen when its entry runs out.
 */
import { isStaff, type Caller } from "./auth.js";
import { forbidden } from "./errors.js";
import type { IdentityAdmin } from "./identity-admin.js";

/** The refusal's message (403, the API's `{message, status}`). */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  "Two-step verification is required for this account and it has none set up. Sign in again and set up an authenticator app.";

/**
 * What a user who must enrol may still call: the portal reads the user at sign-in (to learn that the organization
 * requires the second factor) and after the enrolment. Everything else waits for the authenticator.
 */
export const ALLOWED_WITHOUT_SECOND_FACTOR: ReadonlySet<string> = new Set(["getCurrentUser"]);

/** Whether the caller must have a second factor; `authTime` is when the token's session began (epoch seconds). */
export function mustHaveSecondFactor(caller: Caller, authTime?: number): boolean {
  if (isStaff(caller)) return true;
  if (caller.organizationMfaRequired !== true) return false;
  const since = caller.organizationMfaRequiredSince;
  // A session that began before the requirement runs to its end. auth_time is whole seconds: a session that began in
  // the second the requirement was turned on counts as before it (the admin who turned it on signed in just before,
  // and a token cannot say which came first within its second).
  return !(authTime !== undefined && since != null && authTime <= Math.floor(since));
}

export interface SecondFactorCheck {
  /** Throws 403 when the caller must have a second factor and has none (the operation's exemption aside). */
  check(operationId: string | undefined, caller: Caller, authTime?: number): Promise<void>;
  /** Forgets what is known of the user (after a reset or a recovery). */
  forget(userId: string): void;
}

const MAX_ENTRIES = 10_000;

export function createSecondFactorCheck(identity: IdentityAdmin | null, opts: { ttlMs: number; now?: () => number }): SecondFactorCheck {
  const now = opts.now ?? Date.now;
  /** userId → until when "has it (or answers for it elsewhere)" is believed. */
  const known = new Map<string, number>();
  return {
    async check(operationId, caller, authTime) {
      // Without a user pool (unit tests of the API alone) there is nothing to ask.
      if (!identity || !mustHaveSecondFactor(caller, authTime)) return;
      if (operationId && ALLOWED_WITHOUT_SECOND_FACTOR.has(operationId)) return;
      const until = known.get(caller.userId);
      if (until !== undefined && until > now()) return;
      known.delete(caller.userId);
      // Fails closed: an identity service that cannot be asked answers a 500 (logged), never a pass.
      const state = await identity.secondFactor(caller.userId);
      if (!state || (!state.enabled && !state.external)) throw forbidden(SECOND_FACTOR_REQUIRED_MESSAGE);
      if (opts.ttlMs > 0) {
        if (known.size >= MAX_ENTRIES) known.delete(known.keys().next().value!);
        known.set(caller.userId, now() + opts.ttlMs);
      }
    },
    forget(userId) {
      known.delete(userId);
    },
  };
}

/** The identity admin whose resets (and removals) make the check forget the user at once. */
export function withSecondFactorForgetting(identity: IdentityAdmin, check: SecondFactorCheck): IdentityAdmin {
  // Every call goes to `identity` as it is at the time of the call (tests replace its methods).
  return {
    createUser: (user) => identity.createUser(user),
    setRole: (username, role) => identity.setRole(username, role),
    signOut: (username) => identity.signOut(username),
    secondFactor: (username) => identity.secondFactor(username),
    async resetMfa(username) {
      check.forget(username);
      try {
        await identity.resetMfa(username);
      } finally {
        check.forget(username);
      }
    },
    async deleteUser(username) {
      check.forget(username);
      await identity.deleteUser(username);
    },
  };
}
