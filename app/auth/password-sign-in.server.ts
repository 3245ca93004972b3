/**
 * The password step of a sign-in, shared by the login form and the sign-up from an invitation (ADR 027, ADR 042): one
 * path from a password to a session, so every entrance asks for the second factor the same way.
 *
 * - The identity service asks for the authenticator's code (SOFTWARE_TOKEN_MFA) or its set-up (MFA_SETUP): the
 *   challenge waits in the session (`holdForCode`) and the browser goes to `/user/login/mfa/`.
 * - Tokens without a challenge: the session starts; a user without a portal role, or of a disabled organization, is
 *   signed out again and refused; a user who must have a second factor and has none (staff; an organization that
 *   requires it) is held for enrolment (`holdForEnrolment`: no page opens) and goes to `/user/login/mfa/`.
 * - Otherwise the browser goes to `redirectTo`.
 *
 * Success and every further step are thrown redirects; a refusal is returned for the caller's form.
 */
import { redirect } from "react-router";
import { getApi } from "../api/user-api.server";
import { getCurrentUser } from "../api/users.server";
import { portalRequest, type PortalLoadContext } from "../context";
import { errorFields, log } from "../log.server";
import { ChallengeError, type IdentityTokens } from "./identity.server";
import { errorName, IDENTITY_UNAVAILABLE_MESSAGE, isLockedOut, isWrongCredentials, LOCKED_OUT_MESSAGE, LOGIN_FAILED_MESSAGE, NO_ACCESS_MESSAGE, ORGANIZATION_DISABLED_MESSAGE } from "./identity-errors";
import { enrolmentReason, holdForCode, holdForEnrolment } from "./mfa.server";
import { resolveRole } from "./roles";
import { getSession } from "./session.server";
import { accessClaims } from "./tokens.server";
import { endSession, startSession } from "./user.server";

/** Why the password step did not lead on: the message, where it goes (the password field or the form) and the status. */
export interface PasswordSignInRefusal {
  message: string;
  field: "password" | "form";
  status: 401 | 403 | 429 | 502;
  /** A wrong e-mail or password (the sign-in throttle counts it, ADR 022). */
  wrongCredentials: boolean;
}

export interface PasswordSignInOptions {
  /** What the user signed in with (the e-mail): shown at the code step. */
  login: string;
  /** Where the browser goes once signed in (already made safe). */
  redirectTo: string;
  /** The identity service's password sign-in. */
  authenticate: () => Promise<IdentityTokens>;
  /** Called once the password was right, whatever follows (the throttle forgets the account's failures). */
  onPasswordAccepted?: () => Promise<void>;
}

export async function signInWithPasswordStep(request: Request, context: PortalLoadContext, opts: PasswordSignInOptions): Promise<PasswordSignInRefusal> {
  const { requestId } = portalRequest(context);
  let tokens: IdentityTokens;
  try {
    tokens = await opts.authenticate();
  } catch (err) {
    // The password was right and the identity service asks for the authenticator (or its set-up): the second step
    // (ADR 027). The account's failures are not forgotten until the code is right too.
    if (err instanceof ChallengeError && (err.challengeName === "SOFTWARE_TOKEN_MFA" || err.challengeName === "MFA_SETUP") && err.session && err.username) {
      log.info("sign-in continues", { requestId, step: err.challengeName });
      holdForCode(getSession(request, context), { challenge: err.challengeName, session: err.session, username: err.username, login: opts.login, redirectTo: opts.redirectTo });
      throw redirect("/user/login/mfa/");
    }
    if (isLockedOut(err)) {
      log.info("sign-in refused", { requestId, reason: "locked-out" });
      return { message: LOCKED_OUT_MESSAGE, field: "form", status: 429, wrongCredentials: false };
    }
    if (isWrongCredentials(err) || err instanceof ChallengeError || ["UserNotConfirmedException", "PasswordResetRequiredException"].includes(errorName(err) ?? "")) {
      log.info("sign-in refused", { requestId, reason: errorName(err) ?? "challenge" });
      return { message: LOGIN_FAILED_MESSAGE, field: "password", status: 401, wrongCredentials: isWrongCredentials(err) };
    }
    log.error("sign-in failed", { requestId, ...errorFields(err) });
    return { message: IDENTITY_UNAVAILABLE_MESSAGE, field: "form", status: 502, wrongCredentials: false };
  }

  // The password was right (whatever is decided below).
  await opts.onPasswordAccepted?.();
  const session = getSession(request, context);
  const claims = accessClaims(tokens.accessToken);
  if (!claims || !startSession(session, tokens)) return { message: IDENTITY_UNAVAILABLE_MESSAGE, field: "form", status: 502, wrongCredentials: false };
  if (resolveRole(claims.groups).kind === "none") {
    // Signed out at once: the account has no portal role.
    await endSession(session, context);
    return { message: NO_ACCESS_MESSAGE, field: "form", status: 403, wrongCredentials: false };
  }
  // A disabled organization's user is refused here, on the form (003 §4: access revoked; the API answers 403). Any
  // other failure of the call is left to the next page (its retries and messages).
  const current = await getCurrentUser(getApi(request, context));
  if (current.error?.status === 403) {
    log.info("sign-in refused", { requestId, reason: "organization-disabled" });
    await endSession(session, context);
    return { message: ORGANIZATION_DISABLED_MESSAGE, field: "form", status: 403, wrongCredentials: false };
  }
  // A staff account, or an organization that requires two-step verification, with no authenticator yet: it is set up
  // before the session starts (ADR 027).
  const reason = enrolmentReason(claims.groups, current.data);
  if (reason) {
    log.info("sign-in continues", { requestId, step: "enrol", reason });
    holdForEnrolment(session, tokens, { username: claims.username, login: opts.login, redirectTo: opts.redirectTo, reason });
    throw redirect("/user/login/mfa/");
  }
  log.info("signed in", { requestId, event: "sign-in" });
  throw redirect(opts.redirectTo);
}
