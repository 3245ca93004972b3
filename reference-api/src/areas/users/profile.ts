import type { Caller } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import type { ProductKey } from "../organization/mapping.js";
import type { Db } from "../../db/db.js";
import { notFound } from "../../core/errors.js";

interface ProfileRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  org_id: string;
  org_name: string;
  org_timezone: string;
  org_products: string[];
  org_is_research: boolean;
  org_supports_sso: boolean;
  org_mfa_required: boolean;
  org_logo_url: string | null;
  org_web_logo_url: string | null;
  locations: { id: string; name: string }[] | null;
}

/**
 * The profile of the practitioner linked to `userId` (any organization state), or 404 when the user has no
 * provider account. `caller` supplies the token's groups and role.
 */
export async function loadUserProfile(db: Db, caller: Caller, userId: string): Promise<Schema<"UserProfile">> {
  const row = await db.one<ProfileRow>(
    `SELECT p.id, p.user_id, p.first_name, p.last_name, p.email,
            o.id AS org_id, o.name AS org_name, o.timezone AS org_timezone, o.products AS org_products,
            o.is_research AS org_is_research, o.supports_sso AS org_supports_sso, o.mfa_required AS org_mfa_required,
            o.logo_url AS org_logo_url, o.web_logo_url AS org_web_logo_url,
            (SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY lower(l.name), l.id)
               FROM practitioner_locations pl JOIN locations l ON l.id = pl.location_id
              WHERE pl.practitioner_id = p.id) AS locations
       FROM practitioners p JOIN organizations o ON o.id = p.organization_id
      WHERE p.user_id = $1 AND p.deleted_at IS NULL`,
    [userId],
  );
  if (!row) throw notFound("We didn't find a provider account for this login.");
  return {
    userId: row.user_id,
    practitionerId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    groups: caller.groups,
    role: caller.role,
    organization: {
      id: row.org_id,
      name: row.org_name,
      timezone: row.org_timezone,
      webLogoUrl: row.org_web_logo_url,
      logoUrl: row.org_logo_url,
      isResearchOrg: row.org_is_research,
      products: row.org_products as ProductKey[],
      supportsSSO: row.org_supports_sso,
      mfaRequired: row.org_mfa_required,
    },
    locations: row.locations ?? [],
  };
}
