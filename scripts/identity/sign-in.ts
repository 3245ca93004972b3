/**
 * Sign-in against the identity service (cognito-local or Amazon Cognito) with USER_PASSWORD_AUTH, and token
 * refresh with REFRESH_TOKEN_AUTH. Used by tests and the contract suite to obtain tokens for each role.
 *
 * A wrong password is NotAuthorizedException on Amazon Cognito and on cognito-local started by
 * scripts/identity/cognito-local.ts (unpatched cognito-local says InvalidPasswordException); an unknown user is
 * NotAuthorizedException too (PreventUserExistenceErrors). `isWrongCredentials()` accepts all of them.
 */
import { InitiateAuthCommand, RespondToAuthChallengeCommand, type AuthenticationResultType } from "@aws-sdk/client-cognito-identity-provider";
import { createIdentityClient, errorName } from "./client.js";
import type { IdentityConfig } from "./identity-config.js";
import { freshTotpCode } from "./totp.js";

/** How many codes one sign-in offers before it gives up (each refused one counts toward the user's lockout). */
const CODE_ATTEMPTS = 3;

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** Lifetime of the access token in seconds, as the service reports it (cognito-local does not). */
  expiresIn: number | undefined;
}

interface Target {
  /** Cognito-compatible endpoint; omit for Amazon Cognito. */
  endpoint?: string;
  region: string;
  clientId: string;
}

/**
 * `totpSecret`, or `totpSecrets` by username (the identity file's): answers an authenticator-app challenge
 * (SOFTWARE_TOKEN_MFA) with the code of the secret.
 */
export type SignInOptions = Target & { password: string; totpSecret?: string; totpSecrets?: Record<string, string> } & ({ username: string; email?: undefined } | { email: string; username?: undefined });

/** Sign-in needs a further step (e.g. NEW_PASSWORD_REQUIRED for a user created with a temporary password). */
export class SignInChallengeError extends Error {
  override name = "SignInChallengeError";
  constructor(readonly challengeName: string, readonly session: string | undefined) {
    super(`sign-in needs the challenge ${challengeName}`);
  }
}

function tokensOf(result: AuthenticationResultType | undefined, refreshToken?: string): Tokens {
  if (!result?.AccessToken || !result.IdToken) throw new Error("the identity service answered without tokens");
  const refresh = result.RefreshToken ?? refreshToken;
  if (!refresh) throw new Error("the identity service answered without a refresh token");
  return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: refresh, expiresIn: result.ExpiresIn };
}

/** Signs in with a username (or a verified e-mail alias) and password. Throws the SDK's exception on failure. */
export async function signIn(options: SignInOptions): Promise<Tokens> {
  const login = options.username ?? options.email;
  if (!login) throw new Error("signIn: a username or an email is required");
  const client = createIdentityClient({ endpoint: options.endpoint, region: options.region });
  try {
    const res = await client.send(
      new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: options.clientId, AuthParameters: { USERNAME: login, PASSWORD: options.password } }),
    );
    const username = res.ChallengeParameters?.USER_ID_FOR_SRP ?? login;
    const secret = options.totpSecret ?? options.totpSecrets?.[username];
    if (res.ChallengeName === "SOFTWARE_TOKEN_MFA" && secret) {
      // The service takes a code once per user (ADR 035): a code this process (or, with TOTP_CLAIM_DIR, the run) has
      // not offered yet; one refused all the same (offered elsewhere) is answered with the next fresh one, in the
      // same challenge session (a wrong code may be retried within it).
      for (let attempt = 1; ; attempt++) {
        const answer = await client
          .send(
            new RespondToAuthChallengeCommand({
              ClientId: options.clientId,
              ChallengeName: "SOFTWARE_TOKEN_MFA",
              Session: res.Session,
              ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: await freshTotpCode(secret) },
            }),
          )
          .catch((err: unknown) => {
            if (errorName(err) === "CodeMismatchException" && attempt < CODE_ATTEMPTS) return undefined;
            throw err;
          });
        if (!answer) continue;
        if (answer.ChallengeName) throw new SignInChallengeError(answer.ChallengeName, answer.Session);
        return tokensOf(answer.AuthenticationResult);
      }
    }
    if (res.ChallengeName) throw new SignInChallengeError(res.ChallengeName, res.Session);
    return tokensOf(res.AuthenticationResult);
  } finally {
    client.destroy();
  }
}

/** New access and id tokens from a refresh token (the refresh token stays the same unless the service rotates it). */
export async function refresh(options: Target & { refreshToken: string }): Promise<Tokens> {
  const client = createIdentityClient({ endpoint: options.endpoint, region: options.region });
  try {
    const res = await client.send(
      new InitiateAuthCommand({ AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: options.clientId, AuthParameters: { REFRESH_TOKEN: options.refreshToken } }),
    );
    return tokensOf(res.AuthenticationResult, options.refreshToken);
  } finally {
    client.destroy();
  }
}

/**
 * Signs in as one user of a provisioned identity service (see provision.ts / data/identity.json), answering the
 * authenticator-app challenge of a user whose secret provisioning recorded.
 */
export function signInAs(identity: Pick<IdentityConfig, "endpoint" | "region" | "clientId" | "totpSecrets">, user: { username: string; password: string }): Promise<Tokens> {
  return signIn({ endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, username: user.username, password: user.password, totpSecrets: identity.totpSecrets });
}

/** A failed sign-in because of a wrong username or password, on cognito-local (patched or not) or Cognito. */
export const isWrongCredentials = (err: unknown) =>
  ["NotAuthorizedException", "InvalidPasswordException", "UserNotFoundException"].includes(errorName(err) ?? "");

/** Decodes a JWT's payload without verifying it (for tests and diagnostics). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split(".")[1];
  if (!part) throw new Error("not a JWT");
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}
