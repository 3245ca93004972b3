/** The AWS SDK client for a Cognito-compatible endpoint (cognito-local) or real Cognito. */
import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { isAwsEndpoint } from "./identity-config.js";

export interface IdentityClientOptions {
  /** A Cognito-compatible endpoint (e.g. http://localhost:9229); omit for real Cognito in `region`. */
  endpoint?: string;
  region: string;
  /** Defaults: a local endpoint gets LOCAL_ADMIN_CREDENTIALS; real Cognito uses the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/**
 * The development identity service's administrative keys (ADR 035): cognito-local, started by cognito-local.ts,
 * refuses its administrative operations (Admin*, ListUsers, CreateUserPool, …) unless the request is signed with
 * these, as Amazon Cognito refuses them without IAM credentials. The reference API, provisioning and the tests sign
 * with them (createIdentityClient's default for a local endpoint); the portal does not hold them. Development values,
 * published here: COGNITO_LOCAL_ACCESS_KEY_ID / COGNITO_LOCAL_SECRET_ACCESS_KEY change them for the service and its
 * callers alike.
 */
export const LOCAL_ADMIN_CREDENTIALS = {
  accessKeyId: process.env.COGNITO_LOCAL_ACCESS_KEY_ID || "cognito-local-admin",
  secretAccessKey: process.env.COGNITO_LOCAL_SECRET_ACCESS_KEY || "cognito-local-development-only",
} as const;

export function createIdentityClient(options: IdentityClientOptions): CognitoIdentityProviderClient {
  const local = options.endpoint !== undefined && !isAwsEndpoint(options.endpoint);
  return new CognitoIdentityProviderClient({
    region: options.region,
    endpoint: options.endpoint,
    // Locally the development keys (which also keep the SDK from searching the machine for real ones).
    credentials: options.credentials ?? (local ? LOCAL_ADMIN_CREDENTIALS : undefined),
    // Locally a failure is a bug, not throttling: do not retry.
    maxAttempts: local ? 1 : 3,
  });
}

/** The exception name of an SDK error ("NotAuthorizedException", …), or undefined. */
export const errorName = (err: unknown): string | undefined =>
  err && typeof err === "object" && "name" in err && typeof (err as { name: unknown }).name === "string" ? (err as { name: string }).name : undefined;
