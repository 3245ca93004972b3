/**
 * Fresh portal users for tests that change a user's state (the saved filter, the name, removal): a provider
 * invited by the demo provider admin of Front Range and signed up through the real services, as the product
 * does it (000 §2.4 "Create account"):
 *
 * 1. the provider admin invites them (POST v2/practitioners);
 * 2. the product admin looks up the invite code (GET v2/admin/invite-code — what the admin area's signup link uses);
 * 3. a new identity-service user (createIdentityUser) completes the sign-up with that code
 *    (POST v2/users/{id}/complete-sign-up), which also puts them in their role's group.
 */
import { expect } from "@playwright/test";
import { apiAs, createIdentityUser, PRODUCT_ADMIN, PROVIDER_ADMIN, type NewIdentityUser } from "./stack.js";

export interface FreshProvider extends NewIdentityUser {
  /** The identity-service username (the API's userId). */
  userId: string;
  practitionerId: string;
  firstName: string;
  lastName: string;
  role: "PORTAL_PRACTITIONER" | "PORTAL_PROVIDER_ADMIN";
  /** Where a practitioner works (a provider admin: none of their own). */
  locations: { id: string; name: string }[];
}

let counter = 0;

/**
 * A new signed-up provider of Front Range: a practitioner at the organization's first location (by name), or a
 * provider admin (`role`), with a unique name.
 */
export async function createProvider(opts: { role?: FreshProvider["role"]; firstName?: string; lastName?: string } = {}): Promise<FreshProvider> {
  const role = opts.role ?? "PORTAL_PRACTITIONER";
  const tag = `${process.pid.toString(36)}${(counter++).toString(36)}`;
  const firstName = opts.firstName ?? "Fresh";
  const lastName = opts.lastName ?? `Provider ${tag}`;
  const user = await createIdentityUser({ groups: [role], givenName: firstName, familyName: lastName });

  const admin = await apiAs(PROVIDER_ADMIN.email);
  const locations: FreshProvider["locations"] = [];
  if (role === "PORTAL_PRACTITIONER") {
    const { data, error } = await admin.GET("/v2/locations");
    expect(error, "the provider admin lists the locations").toBeUndefined();
    const first = [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name))[0];
    if (!first) throw new Error("Front Range has no location");
    locations.push({ id: first.id, name: first.name });
  }
  const invited = await admin.POST("/v2/practitioners", {
    body: { firstName, lastName, email: user.email, role, locationIds: locations.map((l) => l.id), useSSO: false },
  });
  expect(invited.error, "the provider admin invites the provider").toBeUndefined();

  const productAdmin = await apiAs(PRODUCT_ADMIN.email);
  const invite = await productAdmin.GET("/v2/admin/invite-code", { params: { query: { email: user.email } } });
  expect(invite.error, "the product admin finds the invite code").toBeUndefined();
  const inviteCode = invite.data?.inviteCode;
  if (!inviteCode) throw new Error(`no invite code for ${user.email}`);

  const self = await apiAs(user.email, user.password);
  const done = await self.POST("/v2/users/{id}/complete-sign-up", { params: { path: { id: user.username } }, body: { userId: user.username, firstName, lastName, inviteCode } });
  expect(done.error, "the new provider completes the sign-up").toBeUndefined();

  return { ...user, userId: user.username, practitionerId: invited.data!.id, firstName, lastName, role, locations };
}

/** The provider admin removes the provider (DELETE v2/practitioners/{id}): their login no longer has a provider account. */
export async function removeProvider(provider: Pick<FreshProvider, "practitionerId">): Promise<void> {
  const admin = await apiAs(PROVIDER_ADMIN.email);
  const { error } = await admin.DELETE("/v2/practitioners/{id}", { params: { path: { id: provider.practitionerId } } });
  expect(error, "the provider admin removes the provider").toBeUndefined();
}
