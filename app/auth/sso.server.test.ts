import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authorizeUrl, exchangeCode, pkcePair, ssoLogoutUri, ssoLogoutUrl, ssoRedirectUri } from "./sso.server";

const settings = { domain: "https://portal.auth.us-east-1.amazoncognito.com", clientId: "client123" };

describe("single sign-on", () => {
  it("PKCE: S256 challenge of a random verifier", () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(challenge).toBe(createHash("sha256").update(verifier).digest("base64url"));
    expect(pkcePair().verifier).not.toBe(verifier);
  });

  it("builds the authorize URL with state, challenge and the callback", () => {
    const url = new URL(authorizeUrl({ ...settings, identityProvider: "Okta" }, { redirectUri: ssoRedirectUri(new Request("https://portal.example.com/user/sso/")), state: "st", challenge: "ch" }));
    expect(url.origin + url.pathname).toBe("https://portal.auth.us-east-1.amazoncognito.com/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "client123",
      redirect_uri: "https://portal.example.com/user/sso/callback/",
      scope: "openid email profile aws.cognito.signin.user.admin",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
      identity_provider: "Okta",
    });
  });

  it("builds the hosted UI's logout URL (Cognito's /logout with client_id and logout_uri)", () => {
    const url = new URL(ssoLogoutUrl(settings, ssoLogoutUri(new Request("https://portal.example.com/user/logout/", { method: "POST" }))));
    expect(url.origin + url.pathname).toBe("https://portal.auth.us-east-1.amazoncognito.com/logout");
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: "client123", logout_uri: "https://portal.example.com/user/login/" });
  });

  it("exchanges the code with the verifier; refuses answers without tokens", async () => {
    let sent: URLSearchParams | undefined;
    const ok = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent = new URLSearchParams(String(init?.body));
      return Response.json({ access_token: "at", refresh_token: "rt", id_token: "it", token_type: "Bearer" });
    }) as typeof fetch;
    expect(await exchangeCode(settings, { code: "c1", redirectUri: "https://p/cb/", verifier: "v1" }, ok)).toEqual({ accessToken: "at", refreshToken: "rt", idToken: "it" });
    expect(Object.fromEntries(sent!)).toEqual({ grant_type: "authorization_code", client_id: "client123", code: "c1", redirect_uri: "https://p/cb/", code_verifier: "v1" });
    const refused = (async () => Response.json({ error: "invalid_grant" }, { status: 400 })) as typeof fetch;
    await expect(exchangeCode(settings, { code: "c", redirectUri: "r", verifier: "v" }, refused)).rejects.toThrow("token endpoint answered 400 (invalid_grant)");
  });
});
