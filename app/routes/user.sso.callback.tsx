/**
 * GET `/user/sso/callback/`: the user pool comes back with a code; exchange it, then decide as the password path
 * does (ADR 034): a user who must have a second factor and has none in the pool sets one up before any page opens
 * (held as the password path's enrolment); a federated user who must have one signs in only when the identity
 * provider asserted it (`custom:amr`), else is refused.
 */
import { redirect } from "react-router";
import { getConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import { getApi } from "../api/user-api.server";
import { getCurrentUser } from "../api/users.server";
import { NO_ACCESS_MESSAGE, ORGANIZATION_DISABLED_MESSAGE } from "../auth/identity-errors";
import { poolMfaState } from "../auth/identity.server";
import { enrolmentReason, holdForEnrolment, ssoSecondFactor } from "../auth/mfa.server";
import { resolveRole } from "../auth/roles";
import { getSession } from "../auth/session.server";
import { exchangeCode, SSO_DENIED_MESSAGE, SSO_FAILED_MESSAGE, ssoRedirectUri } from "../auth/sso.server";
import { accessClaims, decodeJwtPayload } from "../auth/tokens.server";
import { endSession, startSession } from "../auth/user.server";
import { portalRequest } from "../context";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/user.sso.callback";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sso, identity } = getConfig();
  const session = getSession(request, context);
  const pending = session.get("sso");
  session.unset("sso");
  const params = requestUrl(request).searchParams;
  const requestId = portalRequest(context).requestId;
  const fail = (reason: string, message = SSO_FAILED_MESSAGE) => {
    log.warn("single sign-on failed", { requestId, reason });
    session.flash("loginMessage", message);
    return redirect("/user/login/");
  };
  if (!sso) return redirect("/user/login/");
  if (!pending || pending.expiresAt < Date.now()) return fail("no pending sign-on");
  // The state first, for an error answer too: only the answer to this sign-on may end it.
  if (params.get("state") !== pending.state) return fail("state mismatch");
  const error = params.get("error");
  if (error) return fail(`provider error ${error.slice(0, 64)}`, error === "access_denied" ? SSO_DENIED_MESSAGE : SSO_FAILED_MESSAGE);
  const code = params.get("code");
  if (!code) return fail("no code");
  let tokens;
  try {
    tokens = await exchangeCode({ domain: sso.domain, clientId: identity.clientId }, { code, redirectUri: ssoRedirectUri(request), verifier: pending.verifier });
  } catch (err) {
    const { error, errorMessage } = errorFields(err);
    return fail(`token exchange failed: ${String(errorMessage ?? error)}`);
  }
  const claims = accessClaims(tokens.accessToken);
  if (!claims || !startSession(session, tokens, Date.now(), "sso")) return fail("unusable token");
  if (resolveRole(claims.groups).kind === "none") {
    await endSession(session, context, NO_ACCESS_MESSAGE);
    return redirect("/user/login/");
  }
  // As after a password (user.login.tsx): a disabled organization's user is refused; then the second factor.
  const current = await getCurrentUser(getApi(request, context));
  if (current.error?.status === 403) {
    log.info("sign-in refused", { requestId, reason: "organization-disabled", method: "sso" });
    await endSession(session, context, ORGANIZATION_DISABLED_MESSAGE);
    return redirect("/user/login/");
  }
  const reason = enrolmentReason(claims.groups, current.data);
  if (reason) {
    let pool;
    try {
      pool = await poolMfaState(tokens.accessToken, request.signal);
    } catch (err) {
      // Unknown whether the user has a second factor: no session (fail closed).
      await endSession(session, context);
      return fail(`second factor not checked: ${String(errorFields(err).error ?? "error")}`);
    }
    const verdict = ssoSecondFactor(reason, pool, tokens.idToken ? decodeJwtPayload(tokens.idToken) : null);
    if (verdict.decision === "refuse") {
      log.warn("single sign-on failed", { requestId, reason: "no second factor asserted" });
      await endSession(session, context, verdict.message);
      return redirect("/user/login/");
    }
    if (verdict.decision === "enrol") {
      log.info("sign-in continues", { requestId, step: "enrol", reason: verdict.reason, method: "sso" });
      holdForEnrolment(session, tokens, { username: claims.username, login: current.data?.email ?? claims.username, redirectTo: pending.redirectTo || "/", reason: verdict.reason, method: "sso" });
      return redirect("/user/login/mfa/");
    }
  }
  log.info("signed in", { requestId, event: "sign-in", method: "sso" });
  return redirect(pending.redirectTo || "/");
}
