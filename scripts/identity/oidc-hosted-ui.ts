/**
 * A local stand-in for the user pool's domain (Cognito's hosted UI), for single sign-on in the E2E tests and in
 * development: an OpenID provider (`oidc-provider`) at the paths the portal uses, /oauth2/authorize and
 * /oauth2/token, with the authorization-code flow, PKCE (S256, required: the portal's app client has no
 * secret), exact redirect URIs, state and single-use codes all enforced by oidc-provider.
 *
 * Why the tokens it hands out are the user pool's own: Cognito's hosted UI is a front end of the user pool;
 * the tokens its /oauth2/token returns ARE the pool's tokens (signed with the pool's keys, `cognito:groups`,
 * refreshable and revocable through the pool's API). The portal relies on that: it sends the access token to
 * the provider API, which verifies it against the pool's JWKS, and it refreshes it with the pool. So the
 * stand-in's sign-in page signs in against the user pool (cognito-local, USER_PASSWORD_AUTH) and keeps the
 * pool's tokens with the grant it creates; after oidc-provider has checked the code exchange (client,
 * redirect URI, PKCE verifier, code not used before), the token response carries those pool tokens instead of
 * oidc-provider's own (which never leave this process). Nothing is minted with the pool's keys.
 *
 * Like the hosted UI (Cognito's managed login) it asks for the e-mail and password and, when the pool answers them
 * with the SOFTWARE_TOKEN_MFA challenge (a native user with an authenticator app), the authenticator's code on a page
 * of its own: the code goes to the pool (RespondToAuthChallenge with the challenge's Session); a wrong one is
 * answered "Invalid code or auth state for the user." (the pool's CodeMismatchException) and may be tried again while
 * the challenge lives; an expired challenge starts the sign-in again (ADR 034). Only then does it answer the portal.
 * It keeps a sign-on session (a cookie on its own
 * domain, at most 10 minutes here): while it lives, the next authorization signs in again without asking — the
 * stand-in then answers with fresh pool tokens, refreshed from a sign-in of its own that it keeps for the session
 * (the portal's refresh token may have been revoked at the portal's logout; the hosted UI's session does not
 * depend on it either). A user who answered a code is not signed in a second time (one code, one sign-in: the
 * pool takes a code once): that session refreshes from the tokens handed out, so after the portal revoked them a
 * silent sign-on of that user fails (invalid_grant) and the portal says so — the real hosted UI would sign in again. Its `/logout?client_id=…&logout_uri=…` is Cognito's: it ends that session and redirects
 * to `logout_uri` when it is one of the client's sign-out URLs (`logoutUris`), else it answers 400. Its pages are
 * plain HTML forms (no JavaScript). "Cancel" answers the portal with `error=access_denied`, as an external
 * identity provider's refusal does through Cognito. Not provided: /oauth2/userInfo, /oauth2/revoke (the portal
 * does not call them; oidc-provider's own endpoints there would not accept the pool's tokens).
 *
 * CLI (foreground, for `npm run dev`): reads data/identity.json (IDENTITY_FILE), listens on SSO_PORT (9230)
 * for the portal at PORTAL_URL (http://localhost:3000), and prints the SSO_DOMAIN to start the portal with:
 *   npx tsx scripts/identity/oidc-hosted-ui.ts
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Provider, { interactionPolicy, type InteractionDetails } from "oidc-provider";
import { InitiateAuthCommand, RespondToAuthChallengeCommand, type AuthenticationResultType } from "@aws-sdk/client-cognito-identity-provider";
import { createIdentityClient, errorName } from "./client.js";
import { readIdentityConfig, type IdentityConfig } from "./identity-config.js";
import { decodeJwtPayload, isWrongCredentials, refresh, signIn, type Tokens } from "./sign-in.js";

export interface HostedUiOptions {
  /** The user pool to sign in against; its app client is the one OAuth client here. */
  identity: Pick<IdentityConfig, "endpoint" | "region" | "clientId">;
  /** The portals' callback URLs (exact), see `ssoCallbackUrl`. */
  redirectUris: string[];
  /** The client's allowed sign-out URLs (/logout's logout_uri); default: each redirect URI's origin + /user/login/. */
  logoutUris?: string[];
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: another host than the portal's `localhost`, so another site with its own cookies. */
  host?: string;
}

export interface HostedUi {
  /** The portal's SSO_DOMAIN, e.g. http://127.0.0.1:41235. */
  url: string;
  stop(): Promise<void>;
}

/** Where a portal at `portalUrl` receives the code (app/auth/sso.server.ts ssoRedirectUri). */
export const ssoCallbackUrl = (portalUrl: string) => `${portalUrl.replace(/\/+$/, "")}/user/sso/callback/`;

/** Where a portal at `portalUrl` asks the hosted UI's /logout to return (app/auth/sso.server.ts ssoLogoutUri). */
export const ssoLogoutReturnUrl = (portalUrl: string) => `${new URL(portalUrl).origin}/user/login/`;

export const WRONG_CREDENTIALS_MESSAGE = "Incorrect username or password.";
/** The pool's own message for a wrong authenticator code (CodeMismatchException), as the hosted UI shows it. */
export const WRONG_CODE_MESSAGE = "Invalid code or auth state for the user.";
export const CODE_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";
const INTERACTION_PATH = /^\/interaction\/([\w-]+)(?:\/(login|code|abort))?$/;
const POOL_TOKENS_TTL_MS = 10 * 60_000;
const SESSION_TTL_S = 600;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Single sign-on (local stand-in)</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
main { max-width: 24rem; margin: 4rem auto; padding: 0 1rem; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #555; font: inherit; }
button { margin-top: 1.5rem; padding: .5rem 1rem; font: inherit; }
.error { color: #a00000; font-weight: 600; }
</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}

function signInPage(uid: string, opts: { username?: string; error?: string } = {}): string {
  const invalid = opts.error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : "";
  return page(
    "Sign in",
    `<p>Sign in with your email and password. This page stands in for the user pool's hosted sign-in page.</p>
${opts.error ? `<p id="sign-in-error" class="error" role="alert">${escapeHtml(opts.error)}</p>` : ""}
<form method="post" action="/interaction/${uid}/login">
<label for="username">Email</label>
<input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(opts.username ?? "")}"${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort">
<button type="submit">Cancel</button>
</form>`,
  );
}

/** The authenticator step (the pool's SOFTWARE_TOKEN_MFA challenge), as the hosted UI asks it: a plain form. */
function codePage(uid: string, opts: { error?: string } = {}): string {
  const invalid = opts.error ? ' aria-invalid="true" aria-describedby="code-error"' : "";
  return page(
    "Multi-factor authentication",
    `<p>Enter the code from your authenticator app.</p>
${opts.error ? `<p id="code-error" class="error" role="alert">${escapeHtml(opts.error)}</p>` : ""}
<form method="post" action="/interaction/${uid}/code">
<label for="code">Code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required${invalid}>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort">
<button type="submit">Cancel</button>
</form>`,
  );
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) throw new Error("form too large");
  }
  return new URLSearchParams(body);
}

type Stored = Record<string, unknown> & { uid?: string; grantId?: string; consumed?: number };

/** oidc-provider's storage, in this process (its built-in one warns at every start that it is for development). */
function memoryAdapter() {
  const store = new Map<string, { payload: Stored; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert: async (id: string, payload: Stored, expiresIn?: number) => void store.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity }),
      find: async (id: string) => live(key(id)),
      findByUid: async (uid: string) => [...store.keys()].filter((k) => k.startsWith(`${model}:`)).map(live).find((p) => p?.uid === uid),
      findByUserCode: async () => undefined,
      consume: async (id: string) => {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id: string) => void store.delete(key(id)),
      revokeByGrantId: async (grantId: string) => {
        for (const [k, entry] of store) if (entry.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}

function tokensOf(result: AuthenticationResultType | undefined): Tokens {
  if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) throw new Error("the user pool answered without tokens");
  return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken, expiresIn: result.ExpiresIn };
}

export async function startHostedUi(opts: HostedUiOptions): Promise<HostedUi> {
  const { identity } = opts;
  /** The user pool's tokens of each grant, until its code is exchanged. */
  const poolTokens = new Map<string, Tokens>();
  /** The stand-in's own refresh token of each grant's sign-on session: fresh pool tokens for a silent sign-on. */
  const sessionRefresh = new Map<string, string>();
  const logoutUris = new Set(opts.logoutUris ?? opts.redirectUris.map(ssoLogoutReturnUrl));
  /** Sign-ins waiting at the authenticator step, by interaction: the pool's challenge Session and the user. */
  const codeSteps = new Map<string, { session: string; username: string; login: string }>();
  const pool = createIdentityClient({ endpoint: identity.endpoint, region: identity.region });
  let provider: Provider | undefined;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const p = provider!;
    const details = await p.interactionDetails(req, res).catch(() => undefined);
    if (!details || details.uid !== uid) {
      return send(res, 400, page("Sign-in expired", "<p>This sign-in has expired. Go back to the portal and choose Continue with SSO again.</p>"));
    }
    if (req.method === "GET" && !action) {
      codeSteps.delete(uid);
      return send(res, 200, signInPage(uid));
    }
    if (req.method !== "POST" || !action) return send(res, 405, page("Not allowed", "<p>Use the sign-in form.</p>"));
    if (action === "abort") {
      return p.interactionFinished(req, res, { error: "access_denied", error_description: "The user cancelled the sign-in." }, { mergeWithLastSubmission: false });
    }
    const form = await readForm(req);
    if (action === "code") {
      const step = codeSteps.get(uid);
      if (!step) return send(res, 400, signInPage(uid, { error: CODE_EXPIRED_MESSAGE }));
      let answer;
      try {
        answer = await pool.send(
          new RespondToAuthChallengeCommand({
            ClientId: identity.clientId,
            ChallengeName: "SOFTWARE_TOKEN_MFA",
            Session: step.session,
            ChallengeResponses: { USERNAME: step.username, SOFTWARE_TOKEN_MFA_CODE: (form.get("code") ?? "").trim() },
          }),
        );
      } catch (err) {
        if (["CodeMismatchException", "ExpiredCodeException"].includes(errorName(err) ?? "")) return send(res, 401, codePage(uid, { error: WRONG_CODE_MESSAGE }));
        if (errorName(err) === "NotAuthorizedException") {
          codeSteps.delete(uid);
          return send(res, 401, signInPage(uid, { username: step.login, error: CODE_EXPIRED_MESSAGE }));
        }
        throw err;
      }
      if (answer.ChallengeName) throw Object.assign(new Error(`the pool asked ${answer.ChallengeName}`), { name: "UnsupportedChallenge" });
      codeSteps.delete(uid);
      const tokens = tokensOf(answer.AuthenticationResult);
      // One code signs in once: the sign-on session refreshes from these tokens (see the header).
      return finish(req, res, details, tokens, tokens.refreshToken);
    }
    const username = (form.get("username") ?? "").trim();
    const password = form.get("password") ?? "";
    let first;
    try {
      first = await pool.send(new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: identity.clientId, AuthParameters: { USERNAME: username, PASSWORD: password } }));
    } catch (err) {
      if (isWrongCredentials(err)) return send(res, 401, signInPage(uid, { username, error: WRONG_CREDENTIALS_MESSAGE }));
      throw err;
    }
    if (first.ChallengeName === "SOFTWARE_TOKEN_MFA" && first.Session) {
      codeSteps.set(uid, { session: first.Session, username: first.ChallengeParameters?.USER_ID_FOR_SRP ?? username, login: username });
      setTimeout(() => codeSteps.delete(uid), SESSION_TTL_S * 1000).unref();
      return send(res, 200, codePage(uid));
    }
    if (first.ChallengeName) throw Object.assign(new Error(`the pool asked ${first.ChallengeName}`), { name: "UnsupportedChallenge" });
    const tokens = tokensOf(first.AuthenticationResult);
    // The session's own sign-in (never handed out): a silent sign-on later gets tokens refreshed from it.
    const own = await signIn({ ...identity, username, password });
    return finish(req, res, details, tokens, own.refreshToken);
  }

  async function finish(req: IncomingMessage, res: ServerResponse, details: InteractionDetails, tokens: Tokens, ownRefresh: string): Promise<void> {
    const p = provider!;
    const accountId = String(decodeJwtPayload(tokens.accessToken).sub);
    const grant = new p.Grant({ accountId, clientId: identity.clientId });
    grant.addOIDCScope(details.params.scope ?? "openid");
    const grantId = await grant.save();
    poolTokens.set(grantId, tokens);
    sessionRefresh.set(grantId, ownRefresh);
    setTimeout(() => poolTokens.delete(grantId), POOL_TOKENS_TTL_MS).unref();
    setTimeout(() => sessionRefresh.delete(grantId), SESSION_TTL_S * 1000).unref();
    await p.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  /** Cognito's GET /logout: ends the sign-on session, then to logout_uri (a registered sign-out URL only). */
  async function logout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const params = new URL(req.url ?? "/", "http://stand-in").searchParams;
    const logoutUri = params.get("logout_uri") ?? "";
    if (req.method !== "GET" || params.get("client_id") !== identity.clientId || !logoutUris.has(logoutUri)) {
      return send(res, 400, page("Sign-out refused", "<p>The client or its sign-out URL is not registered.</p>"));
    }
    const session = await provider!.Session.get({ req, res, secure: false });
    for (const { grantId } of Object.values(session.authorizations ?? {})) {
      if (!grantId) continue;
      sessionRefresh.delete(grantId);
      poolTokens.delete(grantId);
      await (await provider!.Grant.find(grantId))?.destroy();
    }
    await session.destroy();
    res.writeHead(302, { Location: logoutUri, "Cache-Control": "no-store" });
    res.end();
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    if (path === "/logout") {
      logout(req, res).catch(() => {
        if (!res.headersSent) send(res, 500, page("Sign-out failed", "<p>The sign-out did not complete.</p>"));
        else res.end();
      });
      return;
    }
    const match = INTERACTION_PATH.exec(path);
    if (!match) return handle!(req, res);
    interaction(req, res, match[1]!, match[2]).catch((err: unknown) => {
      if (!res.headersSent) send(res, 502, page("Sign-in failed", `<p>The user pool refused the sign-in (${escapeHtml((err as Error).name ?? "error")}).</p>`));
      else res.end();
    });
  });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(opts.port ?? 0, host, done);
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  // While a sign-on session lives, an authorization needs no prompt (as the hosted UI's session cookie).
  const policy = interactionPolicy.base();
  provider = new Provider(url, {
    clients: [
      {
        client_id: identity.clientId,
        token_endpoint_auth_method: "none",
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    routes: { authorization: "/oauth2/authorize", token: "/oauth2/token" },
    scopes: ["openid", "email", "profile", "aws.cognito.signin.user.admin"],
    jwks: { keys: [generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }) as Record<string, unknown>] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    adapter: memoryAdapter(),
    // Seconds. A code lives 5 minutes, as Cognito's; oidc-provider's own tokens never leave this process.
    ttl: { AuthorizationCode: 300, Interaction: 600, Grant: SESSION_TTL_S, Session: SESSION_TTL_S, AccessToken: 60, IdToken: 60 },
  });
  // The code exchange passed oidc-provider's checks: answer with the pool's tokens of that grant.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== "token" || ctx.status !== 200) return;
    const grantId = ctx.oidc.entities.Grant?.jti;
    let tokens = grantId ? poolTokens.get(grantId) : undefined;
    if (grantId) poolTokens.delete(grantId);
    // A silent sign-on (the session lived): fresh pool tokens from the session's own sign-in.
    const own = grantId ? sessionRefresh.get(grantId) : undefined;
    if (!tokens && own) tokens = await refresh({ ...identity, refreshToken: own }).catch(() => undefined);
    if (!tokens) {
      ctx.status = 400;
      ctx.body = { error: "invalid_grant", error_description: "no user pool tokens for this grant" };
      return;
    }
    const exp = Number(decodeJwtPayload(tokens.accessToken).exp);
    ctx.body = {
      access_token: tokens.accessToken,
      id_token: tokens.idToken,
      refresh_token: tokens.refreshToken,
      token_type: "Bearer",
      expires_in: tokens.expiresIn ?? Math.max(0, Math.floor(exp - Date.now() / 1000)),
    };
  });
  handle = provider.callback();

  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        pool.destroy();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

// CLI: run in the foreground next to `npm run dev`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const env = process.env;
  const identity = readIdentityConfig(env.IDENTITY_FILE);
  const portalUrl = env.PORTAL_URL ?? "http://localhost:3000";
  const ui = await startHostedUi({ identity, redirectUris: [ssoCallbackUrl(portalUrl)], port: Number(env.SSO_PORT ?? 9230) });
  console.log(`single sign-on stand-in at ${ui.url} for the portal at ${portalUrl}: start the portal with SSO_DOMAIN=${ui.url}`);
  const shutdown = () => void ui.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
