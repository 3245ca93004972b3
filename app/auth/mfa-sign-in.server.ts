/**
 * The end of a sign-in that went through a second step (an authenticator code or enrolment, ADR 027): the same
 * checks as the login form's after the password (a role, an organization that is not disabled) before the session
 * is handed over.
 */
import { getApi } from "../api/user-api.server";
import { getCurrentUser } from "../api/users.server";
import type { PortalLoadContext } from "../context";
import type { IdentityTokens } from "./identity.server";
import { NO_ACCESS_MESSAGE, ORGANIZATION_DISABLED_MESSAGE } from "./identity-errors";
import { resolveRole } from "./roles";
import { getSession } from "./session.server";
import { accessClaims } from "./tokens.server";
import { endSession, startSession } from "./user.server";

export type SignInOutcome = { ok: true } | { ok: false; message: string; status: 403 | 502 };

export async function finishSignIn(request: Request, context: PortalLoadContext, tokens: IdentityTokens, unavailableMessage: string, method: "password" | "sso" = "password"): Promise<SignInOutcome> {
  const session = getSession(request, context);
  const claims = accessClaims(tokens.accessToken);
  if (!claims || !startSession(session, tokens, Date.now(), method)) return { ok: false, message: unavailableMessage, status: 502 };
  if (resolveRole(claims.groups).kind === "none") {
    await endSession(session, context);
    return { ok: false, message: NO_ACCESS_MESSAGE, status: 403 };
  }
  const current = await getCurrentUser(getApi(request, context));
  if (current.error?.status === 403) {
    await endSession(session, context);
    return { ok: false, message: ORGANIZATION_DISABLED_MESSAGE, status: 403 };
  }
  return { ok: true };
}
