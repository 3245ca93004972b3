/**
 * What the E2E global setup hands to the tests: written as JSON to a file whose path is in E2E_STATE_FILE
 * (the workers inherit the global setup's environment).
 */
import { readFileSync } from "node:fs";

export const STATE_ENV = "E2E_STATE_FILE";

export interface StackState {
  /** The portal, e.g. http://localhost:41234 (no trailing slash). */
  baseURL: string;
  /** The reference API the portal talks to. */
  apiUrl: string;
  /** The identity service (cognito-local) and its provisioned pool and app client. */
  identity: { endpoint: string; region: string; userPoolId: string; clientId: string; totpSecrets?: Record<string, string> };
  /** cognito-local's fixed confirmation / verification code (forgot-password, sign-up). */
  confirmationCode: string;
  /** The stand-in for the user pool's domain (scripts/identity/oidc-hosted-ui.ts): the portal's SSO_DOMAIN. */
  sso: { domain: string };
  /** The portal's log (JSON lines): tests may look up what it logged for a request id (X-Request-Id). */
  portalLog: string;
  /** This run's temporary data directory. */
  dataDir: string;
}

let cached: StackState | undefined;

export function readState(): StackState {
  if (cached) return cached;
  const file = process.env[STATE_ENV];
  if (!file) throw new Error(`${STATE_ENV} is not set: run the E2E tests through playwright.config.ts (its global setup starts the stack)`);
  cached = JSON.parse(readFileSync(file, "utf8")) as StackState;
  return cached;
}
