/**
 * Test data through the real services of this run's stack (tests create the data they need):
 * - `tokensOf(email)`: a demo account's tokens from the identity service (scripts/identity/sign-in.ts);
 * - `apiAs(email)`: the provider API's typed client (openapi-fetch) with that account's access token;
 * - `createIdentityUser()`: a fresh identity-service account (optionally in groups), unique per call.
 */
import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import type { paths } from "../../../openapi/provider-api.js";
import { DEMO_PASSWORD, demoAccounts, type DemoAccount } from "../../../reference-api/src/seed/demo-accounts.js";
import { createIdentityUser as createUser } from "../../../scripts/identity/users.js";
import { signIn, type Tokens } from "../../../scripts/identity/sign-in.js";
import { readState } from "../../setup/state.js";

export { DEMO_PASSWORD };

/** A demo account by e-mail (reference-api/src/seed/demo-accounts.ts). */
export function demo(email: string): DemoAccount {
  const a = demoAccounts.find((x) => x.email === email);
  if (!a) throw new Error(`no demo account ${email}`);
  return a;
}

export const PRACTITIONER = demo("practitioner@frontrange.example");
export const PROVIDER_ADMIN = demo("admin@frontrange.example");
export const SCAN_ONLY = demo("scan@scanonly.example");
export const PRODUCT_ADMIN = demo("productadmin@exer.example");
export const NO_GROUPS = demo("nogroups@frontrange.example");

export async function tokensOf(login: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const { identity } = readState();
  return signIn({ endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, username: login, password });
}

/** The provider API as this user: `const { data, error } = await (await apiAs(email)).GET("/v2/users/current")`. */
export async function apiAs(login: string, password = DEMO_PASSWORD) {
  const { accessToken } = await tokensOf(login, password);
  return createClient<paths>({ baseUrl: readState().apiUrl, headers: { Authorization: `Bearer ${accessToken}` } });
}

export interface NewIdentityUser {
  username: string;
  email: string;
  password: string;
}

/** A new, confirmed identity-service user with a verified e-mail, in `groups` (none by default). */
export async function createIdentityUser(opts: { groups?: string[]; emailDomain?: string; givenName?: string; familyName?: string } = {}): Promise<NewIdentityUser> {
  const { identity } = readState();
  const tag = randomUUID().slice(0, 8);
  const email = `e2e-${tag}@${opts.emailDomain ?? "e2e.example"}`;
  const password = `E2e-${tag}-Pw1!`;
  const { username } = await createUser(identity, { email, password, groups: opts.groups, givenName: opts.givenName, familyName: opts.familyName });
  return { username, email, password };
}
