import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { Db } from "../db/db.js";
import { forbidden, unauthorized } from "./errors.js";

export const ROLES = ["EXER_ADMIN", "EXER_SUPPORT", "PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"] as const;
export type Role = (typeof ROLES)[number];

/** Who is calling: the verified token plus the practitioner row it maps to (if any). */
export interface Caller {
  /** Identity-service username (the access token's `username`, else `sub`). */
  userId: string;
  groups: string[];
  /** The highest known group; null when the token carries none. */
  role: Role | null;
  /** The practitioner row of this user; null before complete-sign-up or for unknown users. */
  practitionerId: string | null;
  organizationId: string | null;
  /** The practitioner's locations (all of them for provider admins is NOT implied: use `canSeeAllOfOrganization`). */
  locationIds: string[];
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The products the caller's organization holds (empty without an organization): ADR 020. */
  products: string[];
  /** The caller's organization requires two-step verification of its providers (ADR 027, ADR 036). */
  organizationMfaRequired?: boolean;
  /** Since when (epoch seconds), when it does: sessions that began earlier run to their end (ADR 036). */
  organizationMfaRequiredSince?: number | null;
  /**
   * Today (YYYY-MM-DD) in the organization's time zone, read with the caller (same query, so no extra round
   * trip per request); undefined without an organization. Equal to `organizationToday()` of the patients area.
   */
  today?: string;
}

/** Highest role wins: product admin, support, provider admin, practitioner. Unknown groups are ignored. */
export function highestRole(groups: string[]): Role | null {
  return ROLES.find((r) => groups.includes(r)) ?? null;
}

export const isStaff = (c: Caller) => c.role === "EXER_ADMIN" || c.role === "EXER_SUPPORT";
/** Provider admins (and product staff) see their whole organization; practitioners only their locations. */
export const canSeeAllOfOrganization = (c: Caller) => c.role !== null && c.role !== "PORTAL_PRACTITIONER";

/** What a verified access token says: who, their groups, and when they authenticated (`auth_time`, else `iat`; epoch s). */
export interface VerifiedToken {
  userId: string;
  groups: string[];
  authTime?: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

/** Verifies access tokens against the identity service's JWKS (a remote URL, or a key set given directly in tests). */
export function createTokenVerifier(opts: { jwksUrl: string; issuer: string; keys?: JWTVerifyGetKey }): TokenVerifier {
  const jwks: JWTVerifyGetKey = opts.keys ?? createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 600_000 });
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer, algorithms: ["RS256"] });
        if (payload.token_use !== undefined && payload.token_use !== "access") throw new Error("not an access token");
        const userId = (payload.username as string | undefined) ?? payload.sub;
        if (!userId) throw new Error("no subject");
        const groups = Array.isArray(payload["cognito:groups"]) ? (payload["cognito:groups"] as string[]) : [];
        const authTime = typeof payload.auth_time === "number" ? payload.auth_time : payload.iat;
        return { userId, groups, ...(authTime !== undefined ? { authTime } : {}) };
      } catch {
        throw unauthorized("The access token is missing, invalid or expired.");
      }
    },
  };
}

const PORTAL_ROLES: readonly Role[] = ["PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"];

/**
 * The role a caller acts with. A token's portal role (provider admin or practitioner) gives way to the role the
 * provider holds now in the database, so an admin's role change takes effect on the provider's next request
 * rather than when their token expires (the identity group follows too, for the next token). A token without
 * a portal group gets none from the database; product staff roles come from the token only.
 */
export function effectiveRole(tokenRole: Role | null, storedRole: string | null | undefined): Role | null {
  if (tokenRole && PORTAL_ROLES.includes(tokenRole) && storedRole && PORTAL_ROLES.includes(storedRole as Role)) return storedRole as Role;
  return tokenRole;
}

/** Resolves the caller from a verified token. A disabled organization's users lose access (403). */
export async function resolveCaller(db: Db, token: { userId: string; groups: string[] }): Promise<Caller> {
  const row = await db.one<{
    id: string; organization_id: string; first_name: string; last_name: string; email: string; role: string; disabled: boolean; location_ids: string[] | null; today: string; products: string[]; mfa_required: boolean; mfa_required_since: number | null;
  }>(
    `SELECT p.id, p.organization_id, p.first_name, p.last_name, p.email, p.role, o.disabled, o.products, o.mfa_required,
            extract(epoch FROM o.mfa_required_since)::float8 AS mfa_required_since, ((now() AT TIME ZONE o.timezone)::date)::text AS today,
            (SELECT array_agg(pl.location_id::text) FROM practitioner_locations pl WHERE pl.practitioner_id = p.id) AS location_ids
       FROM practitioners p JOIN organizations o ON o.id = p.organization_id
      WHERE p.user_id = $1 AND p.deleted_at IS NULL`,
    [token.userId],
  );
  if (row?.disabled) throw forbidden("Your organization is disabled.");
  return {
    userId: token.userId,
    groups: token.groups,
    role: effectiveRole(highestRole(token.groups), row?.role),
    practitionerId: row?.id ?? null,
    organizationId: row?.organization_id ?? null,
    locationIds: row?.location_ids ?? [],
    firstName: row?.first_name ?? null,
    lastName: row?.last_name ?? null,
    email: row?.email ?? null,
    products: row?.products ?? [],
    organizationMfaRequired: row?.mfa_required ?? false,
    organizationMfaRequiredSince: row?.mfa_required_since ?? null,
    ...(row ? { today: row.today } : {}),
  };
}

/** A caller who is a member of an organization with a portal role (any of the four). */
export interface MemberCaller extends Caller {
  role: Role;
  practitionerId: string;
  organizationId: string;
  today: string;
}

/** Guards. Each throws the right ApiError; call the narrowest one a handler needs. */
export function requireMember(c: Caller): MemberCaller {
  if (!c.role) throw forbidden("This account has no role in the portal.");
  if (!c.practitionerId || !c.organizationId || !c.today) throw forbidden("This account is not a member of an organization.");
  return c as MemberCaller;
}

/** Only provider admins (and product staff) change locations, providers and the organization. */
export function requireProviderAdmin(c: Caller): MemberCaller {
  const m = requireMember(c);
  if (m.role === "PORTAL_PRACTITIONER") throw forbidden("Only organization admins can do this.");
  return m;
}

/** `v2/admin/*`: product admins and support only. */
export function requireStaff(c: Caller): Caller & { role: Role } {
  if (!isStaff(c)) throw forbidden("Only product admins and support can use the admin API.");
  return c as Caller & { role: Role };
}

/**
 * The admin API's changes (ADR 015): product admins only. Support staff read every admin screen and may set or
 * reset the scan-modules override (to reproduce a customer's scan client); every other admin change is refused.
 */
export const SUPPORT_CANNOT_CHANGE = "Support staff cannot make this change; ask a product admin.";
export function requireProductAdmin(c: Caller): Caller & { role: Role } {
  const staff = requireStaff(c);
  if (staff.role !== "EXER_ADMIN") throw forbidden(SUPPORT_CANNOT_CHANGE);
  return staff;
}

/**
 * ADR 026: support staff are read-only members of their own organization too. The only changes they may make are
 * their own (their profile, their sign-up, their favorite exercises), the scan-modules override (ADR 015), and
 * `renderPdf`, a POST that renders and stores nothing. Every other operation that is not a read is refused with 403
 * before its handler runs (before any record is looked up), whatever organization it names.
 */
export const SUPPORT_MAY_CALL: ReadonlySet<string> = new Set([
  "renderPdf",
  "updateUserProfile",
  "completeSignUp",
  // Their own recovery codes (ADR 027): support staff must have two-step verification.
  "createMfaRecoveryCodes",
  "addFavoriteExercise",
  "removeFavoriteExercise",
  "adminSetScanModulesOverride",
  "adminResetScanModulesOverride",
]);
const READS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** The operation-level rule of ADR 026, called for every secured operation before its handler. */
export function checkSupportChange(operationId: string, method: string, caller: Caller | undefined): void {
  if (caller?.role !== "EXER_SUPPORT" || READS.has(method.toUpperCase()) || SUPPORT_MAY_CALL.has(operationId)) return;
  throw forbidden(SUPPORT_CANNOT_CHANGE);
}
