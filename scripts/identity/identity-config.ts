/**
 * The identity service's coordinates, as provisioning writes them (default data/identity.json) for the
 * reference API, the portal and the tests to read.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const DEFAULT_IDENTITY_FILE = join(fileURLToPath(new URL("../..", import.meta.url)), "data", "identity.json");

export interface IdentityConfig {
  userPoolId: string;
  clientId: string;
  region: string;
  /** The endpoint the AWS SDK talks to (cognito-local: http://localhost:9229; Cognito: https://cognito-idp.<region>.amazonaws.com). */
  endpoint: string;
  /** The exact `iss` of its tokens. */
  issuer: string;
  jwksUrl: string;
  userPoolName: string;
  clientName: string;
  /**
   * Development pools only: the authenticator-app secrets provisioning enrolled (username → base32 secret), so that
   * tests and developers can compute a user's codes (scripts/identity/totp.ts). Never for a production pool's users.
   */
  totpSecrets?: Record<string, string>;
}

/** Real Cognito's API host for a region, e.g. cognito-idp.eu-west-1.amazonaws.com. */
export const isAwsEndpoint = (endpoint: string) => /^https:\/\/cognito-idp(-fips)?\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/?$/.test(endpoint);
export const awsEndpoint = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;

/**
 * Issuer and JWKS URL of a pool. Cognito: https://cognito-idp.<region>.amazonaws.com/<poolId>. cognito-local:
 * <IssuerDomain>/<poolId>, where IssuerDomain is http://<HOST>:<PORT> it was started with (startCognitoLocal
 * writes it = the endpoint). The JWKS is at <issuer>/.well-known/jwks.json in both.
 */
export function issuerFor(endpoint: string, userPoolId: string, issuerDomain?: string): { issuer: string; jwksUrl: string } {
  const base = (issuerDomain ?? endpoint).replace(/\/+$/, "");
  const issuer = `${base}/${userPoolId}`;
  return { issuer, jwksUrl: `${issuer}/.well-known/jwks.json` };
}

/** The reference API's environment for this identity service (see reference-api/src/config.ts). */
export function apiEnv(config: IdentityConfig): Record<string, string> {
  return {
    COGNITO_ENDPOINT: config.endpoint,
    COGNITO_REGION: config.region,
    COGNITO_USER_POOL_ID: config.userPoolId,
    JWT_ISSUER: config.issuer,
    JWKS_URL: config.jwksUrl,
  };
}

export function readIdentityConfig(file: string = DEFAULT_IDENTITY_FILE): IdentityConfig {
  if (!existsSync(file)) throw new Error(`${file} not found: run \`npx tsx scripts/identity/provision.ts\` first`);
  const data = JSON.parse(readFileSync(file, "utf8")) as Partial<IdentityConfig>;
  for (const key of ["userPoolId", "clientId", "region", "endpoint", "issuer", "jwksUrl"] as const) {
    if (typeof data[key] !== "string" || !data[key]) throw new Error(`${file}: "${key}" is missing`);
  }
  return data as IdentityConfig;
}

/** Writes the file only when its content changes (a repeated provisioning leaves it untouched). Returns whether it wrote. */
export function writeIdentityConfig(config: IdentityConfig, file: string = DEFAULT_IDENTITY_FILE): boolean {
  const text = `${JSON.stringify(config, null, 2)}\n`;
  if (existsSync(file) && readFileSync(file, "utf8") === text) return false;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return true;
}
