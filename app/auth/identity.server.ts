/**
 * The identity service (Amazon Cognito user pool; cognito-local as the embedded default) through the AWS
 * SDK. Only public, token-based operations are used (no AWS credentials: the portal holds no admin rights
 * over the pool; accounts are made by the provider API, ADR 042). The client is shared by the process; tokens are passed per call and never kept.
 * The SDK (~1 MB of modules) is loaded at the first call, not at the server's start (README, "What the server loads
 * at start").
 */
import type * as CognitoSdk from "@aws-sdk/client-cognito-identity-provider";
import type { AuthenticationResultType, CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { getConfig } from "../config.server";
import { identityTracingMiddleware } from "../telemetry.server";

export interface IdentityTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string | undefined;
}

/**
 * A sign-in that needs a further step: an authenticator code (SOFTWARE_TOKEN_MFA), an authenticator's enrolment
 * (MFA_SETUP), or one the portal does not offer (e.g. a new password for an admin-created user). `session` is the
 * identity service's challenge session, `username` the user it is for.
 */
export class ChallengeError extends Error {
  override name = "ChallengeError";
  constructor(
    readonly challengeName: string,
    readonly session?: string,
    readonly username?: string,
  ) {
    super(`sign-in needs the challenge ${challengeName}`);
  }
}

let clientCache: { key: string; client: CognitoIdentityProviderClient; sdk: typeof CognitoSdk } | undefined;

/** The process's client and the SDK's commands. */
async function identity(): Promise<{ client: CognitoIdentityProviderClient; sdk: typeof CognitoSdk }> {
  const sdk = await import("@aws-sdk/client-cognito-identity-provider");
  const settings = getConfig().identity;
  const key = `${settings.region} ${settings.endpoint ?? ""}`;
  if (clientCache?.key !== key) {
    clientCache?.client.destroy();
    clientCache = {
      key,
      sdk,
      client: new sdk.CognitoIdentityProviderClient({
        region: settings.region,
        endpoint: settings.endpoint,
        // The operations used here are unauthenticated (or use the user's access token): placeholder
        // credentials keep the SDK from looking for real ones (instance metadata, files) at run time.
        credentials: { accessKeyId: "unused", secretAccessKey: "unused" },
        maxAttempts: 2,
      }),
    };
    // Traces (ADR 030): a span per call, named by its operation (none when traces are off).
    const tracing = identityTracingMiddleware();
    if (tracing) clientCache.client.middlewareStack.add(tracing, { step: "initialize", name: "exerTracing" });
  }
  return clientCache;
}

const clientId = () => getConfig().identity.clientId;

function tokensOf(result: AuthenticationResultType | undefined, previousRefresh?: string): IdentityTokens {
  const refreshToken = result?.RefreshToken ?? previousRefresh;
  if (!result?.AccessToken || !refreshToken) throw new Error("the identity service answered without tokens");
  return { accessToken: result.AccessToken, refreshToken, idToken: result.IdToken };
}

/** USER_PASSWORD_AUTH with an e-mail (a verified alias) or a username. Throws the SDK's exception on failure. */
export async function signInWithPassword(login: string, password: string, signal?: AbortSignal): Promise<IdentityTokens> {
  const { client, sdk } = await identity();
  const res = await client.send(
    new sdk.InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: clientId(), AuthParameters: { USERNAME: login, PASSWORD: password } }),
    { abortSignal: signal },
  );
  if (res.ChallengeName) throw new ChallengeError(res.ChallengeName, res.Session, res.ChallengeParameters?.USER_ID_FOR_SRP);
  return tokensOf(res.AuthenticationResult);
}

/** Answers SOFTWARE_TOKEN_MFA with the authenticator's code. A wrong code is CodeMismatchException (the session stays). */
export async function answerTotpChallenge(session: string, username: string, code: string, signal?: AbortSignal): Promise<IdentityTokens> {
  const { client, sdk } = await identity();
  const res = await client.send(
    new sdk.RespondToAuthChallengeCommand({ ClientId: clientId(), ChallengeName: "SOFTWARE_TOKEN_MFA", Session: session, ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code } }),
    { abortSignal: signal },
  );
  if (res.ChallengeName) throw new ChallengeError(res.ChallengeName, res.Session, username);
  return tokensOf(res.AuthenticationResult);
}

/** Finishes MFA_SETUP once VerifySoftwareToken accepted a code (with the session it answered). */
export async function finishMfaSetup(session: string, username: string): Promise<IdentityTokens> {
  const { client, sdk } = await identity();
  const res = await client.send(new sdk.RespondToAuthChallengeCommand({ ClientId: clientId(), ChallengeName: "MFA_SETUP", Session: session, ChallengeResponses: { USERNAME: username } }));
  if (res.ChallengeName) throw new ChallengeError(res.ChallengeName, res.Session, username);
  return tokensOf(res.AuthenticationResult);
}

/** Who may associate an authenticator: a signed-in user (access token) or a sign-in's MFA_SETUP challenge (session). */
export type TokenOwner = { accessToken: string } | { session: string };
const ownerOf = (owner: TokenOwner) => ("accessToken" in owner ? { AccessToken: owner.accessToken } : { Session: owner.session });

/** A new authenticator secret (base32) for the user; with an MFA_SETUP session, the next session too. */
export async function associateSoftwareToken(owner: TokenOwner): Promise<{ secret: string; session?: string }> {
  const { client, sdk } = await identity();
  const res = await client.send(new sdk.AssociateSoftwareTokenCommand(ownerOf(owner)));
  if (!res.SecretCode) throw new Error("the identity service answered without a secret");
  return { secret: res.SecretCode, session: res.Session };
}

/** Checks the first code of the associated authenticator (EnableSoftwareTokenMFAException / CodeMismatchException if wrong). */
export async function verifySoftwareToken(owner: TokenOwner, code: string): Promise<{ session?: string }> {
  const { client, sdk } = await identity();
  const res = await client.send(new sdk.VerifySoftwareTokenCommand({ ...ownerOf(owner), UserCode: code, FriendlyDeviceName: "Authenticator app" }));
  if (res.Status !== "SUCCESS") throw Object.assign(new Error("the authenticator code was not accepted"), { name: "EnableSoftwareTokenMFAException" });
  return { session: res.Session };
}

/** Turns the user's authenticator-app MFA on (preferred) or off. */
export async function setTotpPreference(accessToken: string, enabled: boolean): Promise<void> {
  const { client, sdk } = await identity();
  await client.send(new sdk.SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: enabled, PreferredMfa: enabled } }));
}

/** Whether the signed-in user has authenticator-app MFA on. */
export async function hasTotp(accessToken: string, signal?: AbortSignal): Promise<boolean> {
  return (await poolMfaState(accessToken, signal)).totp;
}

/**
 * What the pool says of the signed-in user's second factor (GetUser with the access token): an authenticator app
 * on (UserMFASettingList, or PreferredMfaSetting), and whether the user came from an external identity provider
 * (the `identities` attribute Cognito gives federated users), for whom the pool's MFA does not apply.
 */
export async function poolMfaState(accessToken: string, signal?: AbortSignal): Promise<{ totp: boolean; federated: boolean }> {
  const { client, sdk } = await identity();
  const res = await client.send(new sdk.GetUserCommand({ AccessToken: accessToken }), { abortSignal: signal });
  const totp = (res.UserMFASettingList ?? []).includes("SOFTWARE_TOKEN_MFA") || res.PreferredMfaSetting === "SOFTWARE_TOKEN_MFA";
  const federated = (res.UserAttributes ?? []).some((a) => a.Name === "identities" && (a.Value ?? "").trim().length > 2);
  return { totp, federated };
}

/**
 * Re-authentication of a signed-in user (ADR 034): the password, then (the pool asks it of a user with an
 * authenticator) the authenticator's code, through the same InitiateAuth → RespondToAuthChallenge as a sign-in.
 * Throws the SDK's exception when either is wrong; `needsCode` when the code is asked and none was given. The
 * tokens this sign-in gave are revoked at once (best effort): only the proof is wanted.
 */
export async function reauthenticate(username: string, password: string, code: string | undefined, signal?: AbortSignal): Promise<"ok" | "needs-code"> {
  let tokens: IdentityTokens;
  try {
    tokens = await signInWithPassword(username, password, signal);
  } catch (err) {
    if (!(err instanceof ChallengeError) || err.challengeName !== "SOFTWARE_TOKEN_MFA" || !err.session) throw err;
    if (!code) return "needs-code";
    tokens = await answerTotpChallenge(err.session, err.username ?? username, code, signal);
  }
  await revokeRefreshToken(tokens.refreshToken).catch(() => undefined);
  return "ok";
}

/** New access token from the refresh token (the refresh token stays unless the service rotates it). */
export async function refreshTokens(refreshToken: string): Promise<IdentityTokens> {
  const { client, sdk } = await identity();
  const res = await client.send(
    new sdk.InitiateAuthCommand({ AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: clientId(), AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  );
  return tokensOf(res.AuthenticationResult, refreshToken);
}

/** Revokes the refresh token and the access tokens issued from it, where the service supports it. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  const { client, sdk } = await identity();
  await client.send(new sdk.RevokeTokenCommand({ ClientId: clientId(), Token: refreshToken }));
}

/** Sends a password reset code; returns where it went (e.g. the masked e-mail), if the service says. */
export async function forgotPassword(username: string): Promise<string | undefined> {
  const { client, sdk } = await identity();
  const res = await client.send(new sdk.ForgotPasswordCommand({ ClientId: clientId(), Username: username }));
  return res.CodeDeliveryDetails?.Destination;
}

export async function confirmForgotPassword(username: string, code: string, newPassword: string): Promise<void> {
  const { client, sdk } = await identity();
  await client.send(new sdk.ConfirmForgotPasswordCommand({ ClientId: clientId(), Username: username, ConfirmationCode: code, Password: newPassword }));
}

export async function changePassword(accessToken: string, previousPassword: string, proposedPassword: string): Promise<void> {
  const { client, sdk } = await identity();
  await client.send(new sdk.ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: previousPassword, ProposedPassword: proposedPassword }));
}
