/** POST `/user/sso/` ("Continue with SSO"): to the user pool's sign-in with state and PKCE. */
import { redirect } from "react-router";
import { getConfig } from "../config.server";
import { safeRedirect } from "../auth/redirect";
import { getSession } from "../auth/session.server";
import { authorizeUrl, pkcePair, randomState, ssoRedirectUri } from "../auth/sso.server";
import { requireAnonymous } from "../auth/user.server";
import type { Route } from "./+types/user.sso";
import { readForm } from "../forms/read-form.server";

const SSO_WINDOW_MS = 10 * 60_000;

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(request, context);
  const { sso, identity } = getConfig();
  if (!sso) throw redirect("/user/login/");
  const form = await readForm(request);
  const state = randomState();
  const { verifier, challenge } = pkcePair();
  getSession(request, context).set("sso", { state, verifier, redirectTo: safeRedirect(form.get("redirectTo"), "/"), expiresAt: Date.now() + SSO_WINDOW_MS });
  throw redirect(authorizeUrl({ domain: sso.domain, clientId: identity.clientId, identityProvider: sso.identityProvider }, { redirectUri: ssoRedirectUri(request), state, challenge }));
}

export function loader() {
  throw redirect("/user/login/");
}
