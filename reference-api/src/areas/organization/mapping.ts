import type { Schema } from "../../core/contract.js";
import type { Db } from "../../db/db.js";

export type ProductKey = Schema<"ProductKey">;
export type PractitionerRole = Schema<"PractitionerRole">;

/** Organization row → contract (without scan modules; the admin area adds them where it sends them). */
export interface OrganizationRow {
  id: string;
  name: string;
  timezone: string;
  products: string[];
  disabled: boolean;
  is_research: boolean;
  supports_sso: boolean;
  mfa_required: boolean;
  logo_url: string | null;
  web_logo_url: string | null;
}

export function toOrganization(r: OrganizationRow): Schema<"Organization"> {
  return {
    id: r.id,
    name: r.name,
    timezone: r.timezone,
    products: r.products as ProductKey[],
    disabled: r.disabled,
    isResearchOrg: r.is_research,
    supportsSSO: r.supports_sso,
    mfaRequired: r.mfa_required,
    logoUrl: r.logo_url,
    webLogoUrl: r.web_logo_url,
  };
}

export const ORGANIZATION_COLUMNS = "id, name, timezone, products, disabled, is_research, supports_sso, mfa_required, logo_url, web_logo_url";

const LOCATION_SELECT = `
  SELECT l.id, l.name, l.address1, l.address2, l.city, l.state_code, l.zip_code, l.timezone, l.default_provider_id,
         dp.first_name AS dp_first_name, dp.last_name AS dp_last_name
    FROM locations l LEFT JOIN practitioners dp ON dp.id = l.default_provider_id AND dp.deleted_at IS NULL`;

interface LocationRow {
  id: string; name: string; address1: string | null; address2: string | null; city: string | null; state_code: string | null;
  zip_code: string | null; timezone: string; default_provider_id: string | null; dp_first_name: string | null; dp_last_name: string | null;
}

function toLocation(r: LocationRow): Schema<"Location"> {
  const dp = r.default_provider_id && r.dp_first_name !== null ? { id: r.default_provider_id, firstName: r.dp_first_name, lastName: r.dp_last_name ?? "" } : null;
  return {
    id: r.id,
    name: r.name,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    stateCode: r.state_code,
    zipCode: r.zip_code,
    timezone: r.timezone,
    defaultProviderId: dp ? dp.id : null,
    defaultProvider: dp,
  };
}

export async function listOrganizationLocations(db: Db, organizationId: string): Promise<Schema<"Location">[]> {
  const rows = await db.query<LocationRow>(`${LOCATION_SELECT} WHERE l.organization_id = $1 ORDER BY lower(l.name), l.id`, [organizationId]);
  return rows.map(toLocation);
}

/** A location of the organization, or undefined (another organization's location is not found). */
export async function findLocation(db: Db, organizationId: string, id: string): Promise<Schema<"Location"> | undefined> {
  const row = await db.one<LocationRow>(`${LOCATION_SELECT} WHERE l.organization_id = $1 AND l.id = $2`, [organizationId, id]);
  return row ? toLocation(row) : undefined;
}

const PRACTITIONER_SELECT = `
  SELECT p.id, p.user_id, p.first_name, p.last_name, p.email, p.role, p.added_as_role, to_json(p.invited_at)#>>'{}' AS invited_at, p.npi, p.credential,
         COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY lower(l.name), l.id)
                     FROM practitioner_locations pl JOIN locations l ON l.id = pl.location_id
                    WHERE pl.practitioner_id = p.id), '[]'::json) AS locations
    FROM practitioners p`;

interface PractitionerRow {
  id: string; user_id: string | null; first_name: string; last_name: string; email: string; role: string; added_as_role: string;
  invited_at: string | null; locations: { id: string; name: string }[]; npi: string | null; credential: Schema<"PractitionerCredential">;
}

function toPractitioner(r: PractitionerRow): Schema<"Practitioner"> {
  return {
    id: r.id,
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    role: r.role as PractitionerRole,
    addedAsRole: r.added_as_role as PractitionerRole,
    locations: r.locations,
    invitedAt: r.invited_at ? new Date(r.invited_at).toISOString() : null,
    npi: r.npi,
    credential: r.credential,
  };
}

export async function listOrganizationPractitioners(db: Db, organizationId: string): Promise<Schema<"Practitioner">[]> {
  const rows = await db.query<PractitionerRow>(
    `${PRACTITIONER_SELECT} WHERE p.organization_id = $1 AND p.deleted_at IS NULL ORDER BY lower(p.last_name), lower(p.first_name), p.id`,
    [organizationId],
  );
  return rows.map(toPractitioner);
}

/** A live practitioner of the organization, or undefined. */
export async function findPractitioner(db: Db, organizationId: string, id: string): Promise<Schema<"Practitioner"> | undefined> {
  const row = await db.one<PractitionerRow>(`${PRACTITIONER_SELECT} WHERE p.organization_id = $1 AND p.id = $2 AND p.deleted_at IS NULL`, [organizationId, id]);
  return row ? toPractitioner(row) : undefined;
}
