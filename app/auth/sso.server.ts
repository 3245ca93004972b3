/**
 * Single sign-on: the OAuth 2.0 authorization-code flow with PKCE (S256) at the user pool's domain
 * (SSO_DOMAIN, e.g. https://<prefix>.auth.<region>.amazoncognito.com, or any OpenID provider with the same
 * /oauth2/authorize and /oauth2/token endpoints). The state and the code verifier wait in the encrypted
 * session; the code is exchanged on the server, so the tokens never pass through the browser.
 */
import { createHash, randomBytes } from "node:crypto";
import { requestUrl } from "../request-url";

export interface SsoSettings {
  domain: string;
  clientId: string;
  identityProvider?: string;
}

export const SSO_FAILED_MESSAGE = "Single sign-on did not complete. Please try again.";
/** The identity provider answered `error=access_denied`: the user cancelled, or the provider refused them. */
export const SSO_DENIED_MESSAGE = "Single sign-on was cancelled or access was denied.";

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export const randomState = () => randomBytes(24).toString("base64url");

/** Where the callback answers: this portal's origin as the request reached it. */
export const ssoRedirectUri = (request: Request) => `${requestUrl(request).origin}/user/sso/callback/`;

/** Where the hosted UI's logout returns by default: this portal's login page as the request reached it. */
export const ssoLogoutUri = (request: Request) => `${requestUrl(request).origin}/user/login/`;

/**
 * The user pool's logout endpoint (Cognito: GET /logout?client_id=…&logout_uri=…): ends the hosted UI's session
 * (its cookie on the pool's domain) and redirects to `logoutUri`, which must be one of the app client's allowed
 * sign-out URLs.
 */
export function ssoLogoutUrl(s: Pick<SsoSettings, "domain" | "clientId">, logoutUri: string): string {
  const url = new URL("/logout", s.domain);
  url.search = new URLSearchParams({ client_id: s.clientId, logout_uri: logoutUri }).toString();
  return url.toString();
}

export function authorizeUrl(s: SsoSettings, params: { redirectUri: string; state: string; challenge: string }): string {
  const url = new URL("/oauth2/authorize", s.domain);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: s.clientId,
    redirect_uri: params.redirectUri,
    scope: "openid email profile aws.cognito.signin.user.admin",
    state: params.state,
    code_challenge: params.challenge,
    code_challenge_method: "S256",
    ...(s.identityProvider ? { identity_provider: s.identityProvider } : {}),
  }).toString();
  return url.toString();
}

export interface SsoTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string | undefined;
}

/** Exchanges the authorization code (with the PKCE verifier) for tokens. Throws on any failure. */
export async function exchangeCode(
  s: SsoSettings,
  params: { code: string; redirectUri: string; verifier: string },
  fetchImpl: typeof fetch = fetch,
): Promise<SsoTokens> {
  const res = await fetchImpl(new URL("/oauth2/token", s.domain), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ grant_type: "authorization_code", client_id: s.clientId, code: params.code, redirect_uri: params.redirectUri, code_verifier: params.verifier }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new Error(`token endpoint answered ${res.status}${body && typeof body.error === "string" ? ` (${body.error})` : ""}`);
  const { access_token, refresh_token, id_token } = body;
  if (typeof access_token !== "string" || typeof refresh_token !== "string") throw new Error("token endpoint answered without tokens");
  return { accessToken: access_token, refreshToken: refresh_token, idToken: typeof id_token === "string" ? id_token : undefined };
}
