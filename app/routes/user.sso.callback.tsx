/** GET `/user/sso/callback/`: the user pool comes back with a code; exchange it, start the session. */
import { redirect } from "react-router";
import { getConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import { NO_ACCESS_MESSAGE } from "../auth/identity-errors";
import { resolveRole } from "../auth/roles";
import { getSession } from "../auth/session.server";
import { exchangeCode, SSO_DENIED_MESSAGE, SSO_FAILED_MESSAGE, ssoRedirectUri } from "../auth/sso.server";
import { accessClaims } from "../auth/tokens.server";
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
  const fail = (reason: string, message = SSO_FAILED_MESSAGE) => {
    log.warn("single sign-on failed", { requestId: portalRequest(context).requestId, reason });
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
  try {
    const tokens = await exchangeCode({ domain: sso.domain, clientId: identity.clientId }, { code, redirectUri: ssoRedirectUri(request), verifier: pending.verifier });
    const claims = accessClaims(tokens.accessToken);
    if (!claims || !startSession(session, tokens, Date.now(), "sso")) return fail("unusable token");
    if (resolveRole(claims.groups).kind === "none") {
      await endSession(session, context, NO_ACCESS_MESSAGE);
      return redirect("/user/login/");
    }
    log.info("signed in", { requestId: portalRequest(context).requestId, event: "sign-in", method: "sso" });
    return redirect(pending.redirectTo || "/");
  } catch (err) {
    const { error, errorMessage } = errorFields(err);
    return fail(`token exchange failed: ${String(errorMessage ?? error)}`);
  }
}
