/**
 * Test data through the real services of this run's stack (tests create the data they need):
 * - `tokensOf(email)`: a demo account's tokens from the identity service (scripts/identity/sign-in.ts);
 * - `apiAs(email)`: the provider API's typed client (openapi-fetch) with that account's access token;
 * - `createIdentityUser()`: a fresh identity-service account (optionally in groups), unique per call.
 */
import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import type { components, paths } from "../../../openapi/provider-api.js";
import { DEMO_PASSWORD, demoAccounts, type DemoAccount } from "../../../reference-api/src/seed/demo-accounts.js";
import { createIdentityUser as createUser } from "../../../scripts/identity/users.js";
import { signIn, type Tokens } from "../../../scripts/identity/sign-in.js";
import { readState } from "../../setup/state.js";
import { oncePerRun } from "./run-cache.js";

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
export const SUPPORT = demo("support@exer.example");

export async function tokensOf(login: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const { identity } = readState();
  return signIn({ endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, username: login, password, totpSecrets: identity.totpSecrets });
}

/**
 * The demo accounts' access tokens for `apiAs`, one sign-in per account and run (any worker's, run-cache.ts; tests
 * call it several times each; a patient made by helpers/patient-detail.ts took two sign-ins). Renewed after 10 minutes, well inside
 * the access token's 60 (scripts/identity/provision.ts). The API verifies tokens by signature alone, so a
 * sign-out in the portal (which revokes that session's refresh token) does not touch them. Only demo accounts,
 * whose groups no test changes: a token carries the groups of its sign-in (createProvider needs a new one
 * after the sign-up). `tokensOf` always signs in.
 */
const TOKEN_MAX_AGE_MS = 10 * 60_000;
const accessTokensOfRun = oncePerRun<string>("token", TOKEN_MAX_AGE_MS);

function accessTokenOf(login: string, password: string, now = Date.now()): Promise<string> {
  if (!demoAccounts.some((a) => a.email === login && a.password === password)) return tokensOf(login, password).then((t) => t.accessToken);
  return accessTokensOfRun(`${login}\u0000${password}`, () => tokensOf(login, password).then((t) => t.accessToken), now);
}

/** The provider API as this user: `const { data, error } = await (await apiAs(email)).GET("/v2/users/current")`. */
export async function apiAs(login: string, password = DEMO_PASSWORD) {
  const accessToken = await accessTokenOf(login, password);
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

// ---- Providers with a portal account, made as a real deployment makes them: an invitation (the providers page,
// or a new organization from the admin area), its code from the admin area's "Get Provider Signup Link"
// (GET v2/admin/invite-code, product admin), an identity-service user, and the sign-up completed on the API.

export type ProviderRole = "PORTAL_PRACTITIONER" | "PORTAL_PROVIDER_ADMIN";
export type ProductKey = components["schemas"]["ProductKey"];

export interface Invitee {
  firstName: string;
  lastName: string;
  email: string;
  role?: ProviderRole;
}

export interface NewProvider extends NewIdentityUser {
  /** The identity-service username (the API's userId). */
  userId: string;
  practitionerId: string;
  firstName: string;
  lastName: string;
  role: ProviderRole;
  inviteCode: string;
  /** Where the provider works (from their profile). */
  locations: { id: string; name: string }[];
}

/** The answer's data, or a thrown error that says which call failed and why. */
function dataOf<T>(res: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (res.data === undefined) throw new Error(`${what}: ${res.response.status} ${JSON.stringify(res.error ?? null)}`);
  return res.data;
}

/** The invite code of the provider invited with `email` ("Get Provider Signup Link", as the product admin). */
export async function inviteCodeOf(email: string): Promise<string> {
  const api = await apiAs(PRODUCT_ADMIN.email);
  const invite = dataOf(await api.GET("/v2/admin/invite-code", { params: { query: { email } } }), "invite code");
  if (!invite.inviteCode) throw new Error(`${email} has no invite code`);
  return invite.inviteCode;
}

/** Invites a provider to the demo organization (as its provider admin, at the admin's first location); answers the invite code. */
export async function inviteProvider(invitee: Invitee): Promise<string> {
  const api = await apiAs(PROVIDER_ADMIN.email);
  const [location] = dataOf(await api.GET("/v2/locations"), "locations");
  if (!location) throw new Error("the demo organization has no location");
  const { firstName, lastName, email, role = "PORTAL_PRACTITIONER" } = invitee;
  dataOf(await api.POST("/v2/practitioners", { body: { firstName, lastName, email, role, locationIds: [location.id] } }), "invite provider");
  return inviteCodeOf(email);
}

/** A new organization holding `products` (admin area, product admin), whose first provider is `invitee`; answers the invite code. */
export async function createOrganization(products: ProductKey[], invitee: Invitee): Promise<string> {
  const api = await apiAs(PRODUCT_ADMIN.email);
  const { firstName, lastName, email, role = "PORTAL_PROVIDER_ADMIN" } = invitee;
  const body = {
    orgName: `E2E Clinic ${randomUUID().slice(0, 8)}`,
    timezone: "America/Denver" as const,
    products,
    practitioner: { firstName, lastName, email, role },
    location: { name: "E2E Main Clinic", timezone: "America/Denver" as const },
  };
  dataOf(await api.POST("/v2/admin/organizations", { body }), "create organization");
  return inviteCodeOf(email);
}

/**
 * A provider who can sign in to the portal: a fresh identity user, invited to the demo organization (default)
 * or as the first provider of a new organization holding `products`, with the sign-up completed on the API.
 */
export async function createProvider(opts: { role?: ProviderRole; products?: ProductKey[]; firstName?: string; lastName?: string } = {}): Promise<NewProvider> {
  const user = await createIdentityUser();
  const tag = user.email.slice("e2e-".length, user.email.indexOf("@"));
  const invitee: Invitee = { firstName: opts.firstName ?? "Avery", lastName: opts.lastName ?? `Tester ${tag}`, email: user.email, role: opts.role };
  const inviteCode = opts.products ? await createOrganization(opts.products, invitee) : await inviteProvider(invitee);
  const api = await apiAs(user.email, user.password);
  const { firstName, lastName } = invitee;
  dataOf(await api.POST("/v2/users/{id}/complete-sign-up", { params: { path: { id: user.username } }, body: { userId: user.username, inviteCode, firstName, lastName } }), "complete sign-up");
  // A new token: the one above predates the group the sign-up put the user in.
  const profile = dataOf(await (await apiAs(user.email, user.password)).GET("/v2/users/current"), "current user");
  if (!profile.practitionerId) throw new Error(`${user.email} has no practitioner after sign-up`);
  const locations = (profile.locations ?? []).map((l) => ({ id: l.id, name: l.name }));
  return { ...user, userId: user.username, practitionerId: profile.practitionerId, firstName, lastName, role: opts.role ?? "PORTAL_PRACTITIONER", inviteCode, locations };
}

/** The provider admin removes the provider (DELETE v2/practitioners/{id}): their login no longer has a provider account. */
export async function removeProvider(provider: Pick<NewProvider, "practitionerId">): Promise<void> {
  const admin = await apiAs(PROVIDER_ADMIN.email);
  const res = await admin.DELETE("/v2/practitioners/{id}", { params: { path: { id: provider.practitionerId } } });
  if (res.error) throw new Error(`remove provider: ${res.error.message}`);
}
