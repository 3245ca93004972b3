import { randomBytes, randomUUID } from "node:crypto";
import { requireMember, requireProviderAdmin, type MemberCaller } from "../../core/auth.js";
import { badRequest, conflict, forbidden, notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import type { Db } from "../../db/db.js";
import { recordAccessInTransaction } from "../audit/record.js";
import { recordSecurityEvent } from "../audit/security-log.js";
import { npiProblem } from "../../../../app/domain/rtm-claim.js";
import { readLogoUpload, removeOrganizationLogo, storeOrganizationLogo } from "./logo.js";
import {
  findLocation, findPractitioner, listOrganizationLocations, listOrganizationPractitioners, ORGANIZATION_COLUMNS, toOrganization,
  type OrganizationRow, type PractitionerRole,
} from "./mapping.js";

const required = (value: string, message: string) => {
  const v = value.trim();
  if (!v) throw badRequest(message);
  return v;
};

/** An unguessable invite code (it is the credential of the public sign-up lookup). */
export const newInviteCode = () => randomBytes(12).toString("base64url");

const STAFF_ROLES: PractitionerRole[] = ["EXER_ADMIN", "EXER_SUPPORT"];

/** The organization's own id only (another organization's id is not found), for provider admins. */
function requireOwnOrganization(caller: Parameters<typeof requireProviderAdmin>[0], id: string): MemberCaller {
  const m = requireProviderAdmin(caller);
  if (id !== m.organizationId) throw notFound("Organization not found");
  return m;
}

async function checkLocations(db: Db, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  const row = await db.one<{ n: number }>("SELECT count(*)::int AS n FROM locations WHERE organization_id = $1 AND id = ANY($2::uuid[])", [organizationId, ids]);
  if ((row?.n ?? 0) !== ids.length) throw badRequest("locationIds: Choose locations of your organization.");
}

async function checkDefaultProvider(db: Db, organizationId: string, id: string | null | undefined) {
  if (!id) return;
  const row = await db.one("SELECT 1 FROM practitioners WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL", [id, organizationId]);
  if (!row) throw badRequest("defaultProviderId must be a provider of your organization");
}

async function emailTaken(db: Db, email: string, exceptId?: string) {
  return !!(await db.one("SELECT 1 FROM practitioners WHERE lower(email) = lower($1) AND deleted_at IS NULL AND id IS DISTINCT FROM $2::uuid", [email, exceptId ?? null]));
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "23505";

/** Staff-only targets and roles: provider admins cannot manage product admins or support, nor make them. */
function checkStaffBoundary(m: MemberCaller, targetRole: PractitionerRole | undefined, newRole: PractitionerRole | undefined) {
  if (m.role === "EXER_ADMIN") return;
  if ((targetRole && STAFF_ROLES.includes(targetRole)) || (newRole && STAFF_ROLES.includes(newRole))) {
    throw forbidden("Only product admins can manage product admin and support accounts.");
  }
}

/** Location columns a create or update may set, by contract field. */
const LOCATION_FIELDS = {
  name: "name", timezone: "timezone", address1: "address1", address2: "address2", city: "city",
  stateCode: "state_code", zipCode: "zip_code", defaultProviderId: "default_provider_id",
} as const;
type LocationField = keyof typeof LOCATION_FIELDS;

/** Empty optional strings are stored as null; names are trimmed. */
const cleanOptional = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim());

/** Handlers of the organization area, keyed by operationId. */
export const handlers = defineHandlers({
  async updateOrganization(ctx) {
    const m = requireOwnOrganization(ctx.caller, ctx.params.id);
    const name = required(ctx.body.name, "Name is required");
    const row = await ctx.db.one<OrganizationRow>(`UPDATE organizations SET name = $2 WHERE id = $1 RETURNING ${ORGANIZATION_COLUMNS}`, [m.organizationId, name]);
    return toOrganization(row!);
  },

  async setOrganizationMfaRequirement(ctx) {
    const m = requireOwnOrganization(ctx.caller, ctx.params.id);
    // Support reads the organization it belongs to but changes nothing in it (ADR 015 / issue 23).
    if (m.role === "EXER_SUPPORT") throw forbidden("Support accounts cannot change organization settings.");
    const required = ctx.body.mfaRequired;
    return ctx.db.tx(async (db) => {
      // mfa_required_since (ADR 036): set when the requirement starts (the SET reads the row's old values), kept while
      // it holds, cleared when it stops.
      const row = await db.one<OrganizationRow>(
        `UPDATE organizations SET mfa_required = $2, mfa_required_since = CASE WHEN NOT $2 THEN NULL WHEN mfa_required THEN mfa_required_since ELSE now() END
          WHERE id = $1 RETURNING ${ORGANIZATION_COLUMNS}`,
        [m.organizationId, required],
      );
      await recordSecurityEvent(db, ctx.req, m, required ? "mfa-required" : "mfa-not-required", {}, 200);
      return toOrganization(row!);
    });
  },

  async uploadOrganizationLogo(ctx) {
    const m = requireOwnOrganization(ctx.caller, ctx.params.id);
    const png = await readLogoUpload(ctx.req);
    return storeOrganizationLogo(ctx, m.organizationId, png);
  },

  async deleteOrganizationLogo(ctx) {
    const m = requireOwnOrganization(ctx.caller, ctx.params.id);
    await removeOrganizationLogo(ctx, m.organizationId);
    ctx.reply.code(204);
    return undefined;
  },

  async listLocations(ctx) {
    const m = requireMember(ctx.caller);
    return listOrganizationLocations(ctx.db, m.organizationId);
  },

  async createLocation(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const b = ctx.body;
    const name = required(b.name, "Name is required");
    await checkDefaultProvider(ctx.db, m.organizationId, b.defaultProviderId);
    const id = randomUUID();
    await ctx.db.query(
      `INSERT INTO locations (id, organization_id, name, timezone, address1, address2, city, state_code, zip_code, default_provider_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, m.organizationId, name, b.timezone, cleanOptional(b.address1) ?? null, cleanOptional(b.address2) ?? null, cleanOptional(b.city) ?? null,
        b.stateCode ?? null, b.zipCode ?? null, b.defaultProviderId ?? null],
    );
    ctx.reply.code(201);
    return (await findLocation(ctx.db, m.organizationId, id))!;
  },

  async updateLocation(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const existing = await findLocation(ctx.db, m.organizationId, ctx.params.id);
    if (!existing) throw notFound("Location not found");
    const b = ctx.body as Partial<Record<LocationField, string | null>>;
    const sets: string[] = [];
    const params: unknown[] = [existing.id];
    for (const field of Object.keys(LOCATION_FIELDS) as LocationField[]) {
      if (!(field in b)) continue;
      let value = b[field];
      if (field === "name") value = required(value ?? "", "Name is required");
      else if (field === "timezone") { if (!value) throw badRequest("Timezone is required"); }
      else if (field === "defaultProviderId") await checkDefaultProvider(ctx.db, m.organizationId, value);
      else value = cleanOptional(value) ?? null;
      params.push(value ?? null);
      sets.push(`${LOCATION_FIELDS[field]} = $${params.length}`);
    }
    if (sets.length > 0) await ctx.db.query(`UPDATE locations SET ${sets.join(", ")} WHERE id = $1`, params);
    return (await findLocation(ctx.db, m.organizationId, existing.id))!;
  },

  async listPractitioners(ctx) {
    const m = requireMember(ctx.caller);
    return listOrganizationPractitioners(ctx.db, m.organizationId);
  },

  async getCurrentPractitioner(ctx) {
    const m = requireMember(ctx.caller);
    return { id: m.practitionerId, firstName: m.firstName ?? "", lastName: m.lastName ?? "" };
  },

  async invitePractitioner(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const b = ctx.body;
    const firstName = required(b.firstName, "First name is required");
    const lastName = required(b.lastName, "Last name is required");
    const email = required(b.email, "Email is required");
    checkStaffBoundary(m, undefined, b.role);
    const locationIds = b.locationIds ?? [];
    if (b.role === "PORTAL_PRACTITIONER" && locationIds.length === 0) throw badRequest("Location(s) are required");
    await checkLocations(ctx.db, m.organizationId, locationIds);
    const org = await ctx.db.one<{ supports_sso: boolean }>("SELECT supports_sso FROM organizations WHERE id = $1", [m.organizationId]);
    if (b.useSSO && !org?.supports_sso) throw badRequest("useSSO: your organization does not support single sign-on");
    const useSso = org?.supports_sso ? (b.useSSO ?? true) : false;
    if (await emailTaken(ctx.db, email)) throw conflict("A provider with this email already exists.");
    const id = randomUUID();
    try {
      await ctx.db.tx(async (db) => {
        await db.query(
          `INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role, invite_code, invited_at, use_sso)
           VALUES ($1, $2, NULL, $3, $4, $5, $6, $6, $7, now(), $8)`,
          [id, m.organizationId, firstName, lastName, email, b.role, newInviteCode(), useSso],
        );
        if (locationIds.length > 0) {
          await db.query("INSERT INTO practitioner_locations (practitioner_id, location_id) SELECT $1, unnest($2::uuid[])", [id, locationIds]);
        }
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("A provider with this email already exists.");
      throw e;
    }
    ctx.reply.code(201);
    return (await findPractitioner(ctx.db, m.organizationId, id))!;
  },

  async updatePractitioner(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const target = await findPractitioner(ctx.db, m.organizationId, ctx.params.id);
    if (!target) throw notFound("Provider not found");
    if (target.id === m.practitionerId) throw forbidden("You cannot edit your own provider account.");
    const b = ctx.body;
    checkStaffBoundary(m, target.role, b.role);
    let email: string | undefined;
    if (b.email !== undefined && b.email.trim().toLowerCase() !== target.email.toLowerCase()) {
      if (target.userId) throw badRequest("email of a current user cannot be changed");
      email = required(b.email, "Email is required");
      if (await emailTaken(ctx.db, email, target.id)) throw badRequest("email is already used by another provider");
    }
    const role = b.role ?? target.role;
    const locationIds = b.locationIds ?? target.locations.map((l) => l.id);
    if (role === "PORTAL_PRACTITIONER" && locationIds.length === 0) throw badRequest("Location(s) are required");
    if (b.locationIds) await checkLocations(ctx.db, m.organizationId, b.locationIds);
    // The NPI a claim names (issue 32, ADR 044): ten digits with the Luhn check digit over 80840 (the portal's rule).
    const npi = b.npi === undefined ? target.npi : b.npi === null || b.npi.trim() === "" ? null : b.npi.trim();
    const npiRefused = npi !== null && npi !== target.npi ? npiProblem(npi) : null;
    if (npiRefused) throw badRequest(`npi: ${npiRefused}`);
    const credential = b.credential === undefined ? target.credential : b.credential;
    try {
      await ctx.db.tx(async (db) => {
        await db.query("UPDATE practitioners SET role = $2, email = COALESCE($3, email), npi = $4, credential = $5 WHERE id = $1", [target.id, role, email ?? null, npi, credential]);
        if (b.locationIds) {
          await db.query("DELETE FROM practitioner_locations WHERE practitioner_id = $1", [target.id]);
          if (b.locationIds.length > 0) {
            await db.query("INSERT INTO practitioner_locations (practitioner_id, location_id) SELECT $1, unnest($2::uuid[])", [target.id, b.locationIds]);
          }
        }
        // A provider with an account holds the role as a group in the identity service too.
        if (target.userId && role !== target.role) await ctx.identity?.setRole(target.userId, role);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw badRequest("email is already used by another provider");
      throw e;
    }
    return (await findPractitioner(ctx.db, m.organizationId, target.id))!;
  },

  async deletePractitioner(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const target = await findPractitioner(ctx.db, m.organizationId, ctx.params.id);
    if (!target) throw notFound("Provider not found");
    if (target.id === m.practitionerId) throw forbidden("You cannot remove your own provider account.");
    checkStaffBoundary(m, target.role, undefined);
    await ctx.db.tx(async (db) => {
      // Soft delete: the row stays for history (notes, programs); the login and the invite stop working.
      // Unlinking the user id is what refuses their token from the next request (no provider account → 403).
      await db.query("UPDATE practitioners SET deleted_at = now(), user_id = NULL, invite_code = NULL WHERE id = $1", [target.id]);
      await db.query("DELETE FROM practitioner_locations WHERE practitioner_id = $1", [target.id]);
      await db.query("UPDATE locations SET default_provider_id = NULL WHERE default_provider_id = $1", [target.id]);
      const unlinked = await db.query<{ id: string }>("UPDATE patient_records SET practitioner_id = NULL, updated_at = now() WHERE practitioner_id = $1 RETURNING id::text AS id", [target.id]);
      // Those patients' records changed (no primary provider): the access history records each of them (ADR 018).
      await recordAccessInTransaction(db, ctx.req, m, unlinked.map((r) => r.id), 204);
      // The identity user goes too (no sign-in, no session refresh). Inside the transaction: if the identity
      // service refuses, nothing is removed and the admin can try again.
      if (target.userId) await ctx.identity?.deleteUser(target.userId);
    });
    ctx.reply.code(204);
    return undefined;
  },

  async resetPractitionerMfa(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const target = await findPractitioner(ctx.db, m.organizationId, ctx.params.id);
    if (!target) throw notFound("Provider not found");
    if (m.role === "EXER_SUPPORT") throw forbidden("Support accounts cannot change providers.");
    checkStaffBoundary(m, target.role, undefined);
    if (!target.userId) throw conflict("This provider has no account yet.");
    await ctx.db.tx(async (db) => {
      // The record first, the identity service last: if it refuses, the record rolls back and the admin tries again.
      await recordSecurityEvent(db, ctx.req, m, "mfa-reset", { practitionerId: target.id, userId: target.userId }, 204);
      // A new authenticator comes with new recovery codes; the old ones go with the old authenticator.
      await db.query("DELETE FROM mfa_recovery_codes WHERE user_id = $1", [target.userId]);
      await ctx.identity?.resetMfa(target.userId!);
    });
    ctx.reply.code(204);
    return undefined;
  },

  async resendPractitionerInvite(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const target = await findPractitioner(ctx.db, m.organizationId, ctx.params.id);
    if (!target) throw notFound("Provider not found");
    if (target.userId) throw conflict("This provider already has an account.");
    // No e-mail is sent by the reference API; the invitation time records the resend.
    await ctx.db.query("UPDATE practitioners SET invited_at = now(), invite_code = COALESCE(invite_code, $2) WHERE id = $1", [target.id, newInviteCode()]);
    ctx.reply.code(204);
    return undefined;
  },
});
