/** The AWS SDK client for a Cognito-compatible endpoint (cognito-local) or real Cognito. */
import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { isAwsEndpoint } from "./identity-config.js";

export interface IdentityClientOptions {
  /** A Cognito-compatible endpoint (e.g. http://localhost:9229); omit for real Cognito in `region`. */
  endpoint?: string;
  region: string;
  /** Defaults: a local endpoint gets dummy credentials; real Cognito uses the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export function createIdentityClient(options: IdentityClientOptions): CognitoIdentityProviderClient {
  const local = options.endpoint !== undefined && !isAwsEndpoint(options.endpoint);
  return new CognitoIdentityProviderClient({
    region: options.region,
    endpoint: options.endpoint,
    // cognito-local accepts any credentials; dummy ones keep the SDK from searching the machine for real ones.
    credentials: options.credentials ?? (local ? { accessKeyId: "local", secretAccessKey: "local" } : undefined),
    // Locally a failure is a bug, not throttling: do not retry.
    maxAttempts: local ? 1 : 3,
  });
}

/** The exception name of an SDK error ("NotAuthorizedException", …), or undefined. */
export const errorName = (err: unknown): string | undefined =>
  err && typeof err === "object" && "name" in err && typeof (err as { name: unknown }).name === "string" ? (err as { name: string }).name : undefined;
