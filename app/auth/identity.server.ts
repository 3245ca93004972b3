/**
 * The identity service (Amazon Cognito user pool; cognito-local as the embedded default) through the AWS
 * SDK. Only public, token-based operations are used (no AWS credentials: the portal holds no admin rights
 * over the pool). The client is shared by the process; tokens are passed per call and never kept.
 */
import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  type AuthenticationResultType,
} from "@aws-sdk/client-cognito-identity-provider";
import { getConfig } from "../config.server";
import { identityTracingMiddleware } from "../telemetry.server";

export interface IdentityTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string | undefined;
}

/** A sign-in that needs a further step the portal does not offer (e.g. a new password for an admin-created user). */
export class ChallengeError extends Error {
  override name = "ChallengeError";
  constructor(readonly challengeName: string) {
    super(`sign-in needs the challenge ${challengeName}`);
  }
}

let clientCache: { key: string; client: CognitoIdentityProviderClient } | undefined;

function identityClient(): CognitoIdentityProviderClient {
  const { identity } = getConfig();
  const key = `${identity.region} ${identity.endpoint ?? ""}`;
  if (clientCache?.key !== key) {
    clientCache?.client.destroy();
    clientCache = {
      key,
      client: new CognitoIdentityProviderClient({
        region: identity.region,
        endpoint: identity.endpoint,
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
  return clientCache.client;
}

const clientId = () => getConfig().identity.clientId;

function tokensOf(result: AuthenticationResultType | undefined, previousRefresh?: string): IdentityTokens {
  const refreshToken = result?.RefreshToken ?? previousRefresh;
  if (!result?.AccessToken || !refreshToken) throw new Error("the identity service answered without tokens");
  return { accessToken: result.AccessToken, refreshToken, idToken: result.IdToken };
}

/** USER_PASSWORD_AUTH with an e-mail (a verified alias) or a username. Throws the SDK's exception on failure. */
export async function signInWithPassword(login: string, password: string, signal?: AbortSignal): Promise<IdentityTokens> {
  const res = await identityClient().send(
    new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: clientId(), AuthParameters: { USERNAME: login, PASSWORD: password } }),
    { abortSignal: signal },
  );
  if (res.ChallengeName) throw new ChallengeError(res.ChallengeName);
  return tokensOf(res.AuthenticationResult);
}

/** New access token from the refresh token (the refresh token stays unless the service rotates it). */
export async function refreshTokens(refreshToken: string): Promise<IdentityTokens> {
  const res = await identityClient().send(
    new InitiateAuthCommand({ AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: clientId(), AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  );
  return tokensOf(res.AuthenticationResult, refreshToken);
}

/** Revokes the refresh token and the access tokens issued from it, where the service supports it. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await identityClient().send(new RevokeTokenCommand({ ClientId: clientId(), Token: refreshToken }));
}

/** Sends a password reset code; returns where it went (e.g. the masked e-mail), if the service says. */
export async function forgotPassword(username: string): Promise<string | undefined> {
  const res = await identityClient().send(new ForgotPasswordCommand({ ClientId: clientId(), Username: username }));
  return res.CodeDeliveryDetails?.Destination;
}

export async function confirmForgotPassword(username: string, code: string, newPassword: string): Promise<void> {
  await identityClient().send(new ConfirmForgotPasswordCommand({ ClientId: clientId(), Username: username, ConfirmationCode: code, Password: newPassword }));
}

/** Self sign-up. The pool uses the e-mail as an alias, so the username is an opaque generated id. */
export async function signUp(username: string, email: string, password: string): Promise<{ confirmed: boolean }> {
  const res = await identityClient().send(
    new SignUpCommand({ ClientId: clientId(), Username: username, Password: password, UserAttributes: [{ Name: "email", Value: email }] }),
  );
  return { confirmed: res.UserConfirmed === true };
}

export async function confirmSignUp(username: string, code: string): Promise<void> {
  await identityClient().send(new ConfirmSignUpCommand({ ClientId: clientId(), Username: username, ConfirmationCode: code }));
}

export async function resendSignUpCode(username: string): Promise<void> {
  await identityClient().send(new ResendConfirmationCodeCommand({ ClientId: clientId(), Username: username }));
}

export async function changePassword(accessToken: string, previousPassword: string, proposedPassword: string): Promise<void> {
  await identityClient().send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: previousPassword, ProposedPassword: proposedPassword }));
}
