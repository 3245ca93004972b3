/**
 * The deployment under test and the credentials of each role, handed from the global setup to the test files
 * (vitest `provide`/`inject`).
 *
 * Roles the suite signs in as (environment names CONTRACT_TOKEN_<ROLE> / CONTRACT_USER_<ROLE>):
 *   PRACTITIONER    a PORTAL_PRACTITIONER of organization A (works at some of A's locations)
 *   PROVIDER_ADMIN  a PORTAL_PROVIDER_ADMIN of organization A
 *   OTHER_ORG       a PORTAL_PROVIDER_ADMIN of another organization B (holds SCAN at least)
 *   PRODUCT_ADMIN   an EXER_ADMIN
 *   SUPPORT         an EXER_SUPPORT
 *   NO_GROUPS       a provider of organization A whose token carries no groups
 * Optional (their checks are skipped, and the table says so, when absent):
 *   PRACTITIONER2   a PORTAL_PRACTITIONER of organization A at none of PRACTITIONER's locations
 *   DISABLED_ORG    a user of a disabled organization
 *   SIGNUP          an identity user without a provider account (completeSignUp links it to an invitation)
 *   SIGNUP2         another one, for the removal round trip (signed up, then removed: its user is deleted)
 *   RESEARCH        a PORTAL_PRACTITIONER of a third organization (GAIT and SCAN, no HEALTH): the authorization matrix
 *   SIGNUP3         another identity user without a provider account, signed in with its password alone: it signs
 *                   up as the admin of a new organization that then requires two-step verification (ADR 036)
 *   STAFF_NO_MFA    an EXER_SUPPORT identity user without an authenticator, signed in with its password alone: every
 *                   operation but getCurrentUser refuses it (ADR 036)
 */
export const REQUIRED_ROLES = ["PRACTITIONER", "PROVIDER_ADMIN", "OTHER_ORG", "PRODUCT_ADMIN", "SUPPORT", "NO_GROUPS"] as const;
export const OPTIONAL_ROLES = ["PRACTITIONER2", "DISABLED_ORG", "SIGNUP", "SIGNUP2", "RESEARCH", "SIGNUP3", "STAFF_NO_MFA"] as const;
export const ALL_ROLES = [...REQUIRED_ROLES, ...OPTIONAL_ROLES] as const;
export type Role = (typeof ALL_ROLES)[number];

/** The fresh stack's REQUEST_TIMEOUT_MS (setup.ts; the 408 checks of input-limits.test.ts). */
export const CONTRACT_REQUEST_TIMEOUT_MS = 20_000;

/** The demo accounts of the reference implementation's demo world, per role (default target). */
export const DEMO_ROLE_EMAILS: Partial<Record<Role, string>> = {
  PRACTITIONER: "practitioner@frontrange.example",
  PROVIDER_ADMIN: "admin@frontrange.example",
  OTHER_ORG: "scan@scanonly.example",
  PRODUCT_ADMIN: "productadmin@exer.example",
  SUPPORT: "support@exer.example",
  NO_GROUPS: "nogroups@frontrange.example",
  PRACTITIONER2: "practitioner2@frontrange.example",
  DISABLED_ORG: "disabled@closedclinic.example",
  RESEARCH: "research@research.example",
};

export interface ContractTarget {
  apiUrl: string;
  mode: "fresh-stack" | "external";
  /** Access tokens per role (absent optional roles are missing). */
  tokens: Partial<Record<Role, string>>;
  /** Identity user ids (the access token's username, else sub) per role. */
  userIds: Partial<Record<Role, string>>;
  /** A JSON-lines file every request of the suite is recorded to (the conformance table reads it). */
  recordFile: string;
  /** Fixed seed of the property-based parts (CONTRACT_SEED). */
  seed: number;
  /** A suffix unique to this run, so generated e-mails and ids do not collide with earlier runs' data. */
  runId: string;
  /** Number of property runs per operation (CONTRACT_NUM_RUNS). */
  numRuns: number;
  notes: string[];
  /** Where and as whom a test may sign in again (the users the setup created; SIGNUP3): absent when it created none. */
  signInAgain?: { endpoint?: string; region: string; clientId: string; users: Partial<Record<Role, { login: string; password: string }>> };
  /**
   * The identity service of the deployment, when known (the fresh stack; CONTRACT_CLIENT_ID …): sign-ins of accounts
   * the suite makes; with `userPoolId`, admin reads of the pool (ListUsers, DescribeUserPool).
   */
  identity?: { endpoint?: string; region: string; clientId: string; userPoolId?: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    contractTarget: ContractTarget;
  }
}

/** Decodes a JWT payload without verifying it. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split(".")[1];
  if (!part) throw new Error("not a JWT");
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

export const userIdOf = (token: string) => {
  const p = jwtPayload(token);
  return String(p.username ?? p["cognito:username"] ?? p.sub ?? "");
};
