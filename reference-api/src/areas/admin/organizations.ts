import { randomUUID } from "node:crypto";
import type { Schema } from "../../core/contract.js";
import { badRequest, conflict, notFound } from "../../core/errors.js";
import type { Db } from "../../db/db.js";
import type { RecordPatients } from "../audit/record.js";
import { keywordProblem, KEYWORD_MESSAGES, normaliseKeyword } from "../../../../app/domain/location-keyword.js";
import { newInviteCode } from "../organization/handlers.js";
import { toOrganization as toPortalOrganization, type OrganizationRow as PortalOrganizationRow } from "../organization/mapping.js";

export type Organization = Schema<"Organization">;
export type OrganizationCreate = Schema<"OrganizationCreate">;
export type ScanModule = Schema<"ScanModule">;

/** An `organizations` row with what the admin area adds: the internal flag and the scan modules. */
export interface OrganizationRow extends PortalOrganizationRow {
  is_internal: boolean;
  scan_modules: ScanModule[];
}

const ORGANIZATION_COLUMNS = "id, name, timezone, products, disabled, is_research, is_internal, supports_sso, mfa_required, logo_url, web_logo_url, scan_modules";

/** Maps an organization row to the contract's Organization; `scanModules` only for the detail. */
export function toOrganization(row: OrganizationRow, withModules: boolean): Organization {
  const org = toPortalOrganization(row);
  if (withModules) org.scanModules = row.scan_modules ?? [];
  return org;
}

export async function listOrganizations(db: Db): Promise<OrganizationRow[]> {
  return db.query<OrganizationRow>(`SELECT ${ORGANIZATION_COLUMNS} FROM organizations ORDER BY lower(name), id`);
}

/** The organization or 404 'Organization not found'. */
export async function getOrganizationRow(db: Db, id: string, forUpdate = false): Promise<OrganizationRow> {
  const row = await db.one<OrganizationRow>(`SELECT ${ORGANIZATION_COLUMNS} FROM organizations WHERE id = $1${forUpdate ? " FOR UPDATE" : ""}`, [id]);
  if (!row) throw notFound("Organization not found");
  return row;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (UTC when the zone is unknown). */
export function dayIn(timeZone: string, at: Date): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** Trimmed text, or null when absent or blank. */
export function optionalText(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

/**
 * A location keyword as stored (ADR 031: the portal's rule, app/domain/location-keyword.ts): trimmed, in capitals,
 * null when blank; 400 naming `field` when it is not a code (the contract's pattern says the same).
 */
export function checkedKeyword(raw: string | null | undefined, field = "keyword"): string | null {
  const problem = keywordProblem(raw);
  if (problem) throw badRequest(`${field}: ${problem}`);
  return normaliseKeyword(raw);
}

/** 409 when another location (any organization; keywords are stored in capitals) has the keyword. */
export async function refuseKeywordInUse(db: Db, keyword: string | null, exceptLocationId: string | null, field = "keyword"): Promise<void> {
  if (keyword === null) return;
  const taken = await db.one("SELECT 1 FROM locations WHERE keyword = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)", [keyword, exceptLocationId]);
  if (taken) throw conflict(`${field}: ${KEYWORD_MESSAGES.inUse}`);
}

function requiredText(v: string | undefined, message: string): string {
  const t = v?.trim();
  if (!t) throw badRequest(message);
  return t;
}

/**
 * Creates the organization, its first location and its first provider (invited, at that location) in one
 * transaction: a failure at any step leaves nothing behind.
 */
export async function createOrganization(db: Db, body: OrganizationCreate): Promise<OrganizationRow> {
  // Validate everything first, with the product's messages (the contract checked types and formats).
  const orgName = requiredText(body.orgName, "orgName: Organization name is required");
  const timezone = body.timezone ?? "America/Denver";
  if (!body.products?.length) throw badRequest("products: Select at least one product");
  const firstName = requiredText(body.practitioner.firstName, "practitioner.firstName: First name is required");
  const lastName = requiredText(body.practitioner.lastName, "practitioner.lastName: Last name is required");
  const email = requiredText(body.practitioner.email, "practitioner.email: Email must be valid").toLowerCase();
  const role = body.practitioner.role ?? "PORTAL_PROVIDER_ADMIN";
  if (role !== "PORTAL_PROVIDER_ADMIN" && role !== "PORTAL_PRACTITIONER") throw badRequest("practitioner.role: Role must be valid");
  const loc = body.location;
  const locationName = requiredText(loc.name, "location.name: Name is required");
  if (!loc.timezone) throw badRequest("location.timezone: Location Timezone is required");
  const stateCode = optionalText(loc.stateCode)?.toUpperCase() ?? null;
  if (stateCode !== null && !/^[A-Z]{2}$/.test(stateCode)) throw badRequest("location.stateCode: State must be a two-letter code");
  const countryCode = optionalText(loc.countryCode)?.toUpperCase() ?? "US";
  if (!/^[A-Z]{2}$/.test(countryCode)) throw badRequest("location.countryCode: Country must be a two-letter code");
  const keyword = checkedKeyword(loc.keyword, "location.keyword");
  // A US ZIP code, as the organization's own location (LocationCreate's pattern; ADR 031).
  const zipCode = optionalText(loc.zipCode);
  if (zipCode !== null && !/^\d{5}(-\d{4})?$/.test(zipCode)) throw badRequest("location.zipCode: Enter a ZIP code of 5 digits, or ZIP+4 as 5 digits, a hyphen and 4 digits (80202-1234).");

  return db.tx(async (tx) => {
    await refuseKeywordInUse(tx, keyword, null, "location.keyword");
    const orgId = randomUUID();
    const locationId = randomUUID();
    const practitionerId = randomUUID();
    await tx.query("INSERT INTO organizations (id, name, timezone, products) VALUES ($1, $2, $3, $4)", [orgId, orgName, timezone, body.products]);
    await tx.query(
      `INSERT INTO locations (id, organization_id, name, address1, address2, city, state_code, country_code, zip_code, timezone, keyword)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [locationId, orgId, locationName, optionalText(loc.address1), optionalText(loc.address2), optionalText(loc.city), stateCode, countryCode,
        zipCode, loc.timezone, keyword],
    ).catch((e: unknown) => {
      // Another location took the keyword between the check and the insert (the unique index, migration 131).
      if ((e as { code?: string }).code === "23505") throw conflict(`location.keyword: ${KEYWORD_MESSAGES.inUse}`);
      throw e;
    });
    // The e-mail check runs inside the transaction: a duplicate found here rolls back the organization too.
    const taken = await tx.one("SELECT 1 FROM practitioners WHERE lower(email) = $1 AND deleted_at IS NULL", [email]);
    if (taken) throw conflict("practitioner.email: A provider with this email already exists");
    try {
      await tx.query(
        `INSERT INTO practitioners (id, organization_id, first_name, last_name, email, role, added_as_role, invite_code, invited_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, now())`,
        [practitionerId, orgId, firstName, lastName, email, role, newInviteCode()],
      );
    } catch (e) {
      if ((e as { code?: string }).code === "23505") throw conflict("practitioner.email: A provider with this email already exists");
      throw e;
    }
    await tx.query("INSERT INTO practitioner_locations (practitioner_id, location_id) VALUES ($1, $2)", [practitionerId, locationId]);
    await tx.query("UPDATE locations SET default_provider_id = $1 WHERE id = $2", [practitionerId, locationId]);
    return getOrganizationRow(tx, orgId);
  });
}

/**
 * Discharges the organization's patients on `day` (YYYY-MM-DD): every patient whose plan is open (no discharge
 * date) or ends after `day`, and the plan of care current on that day. What each had before is recorded in
 * `organization_disable_discharges` (once per patient), for `enableOrganization` to restore. Answers the ids of
 * the patients discharged.
 */
export async function dischargePatients(tx: Db, id: string, day: string): Promise<string[]> {
  await tx.query(
    `INSERT INTO organization_disable_discharges
       (patient_record_id, organization_id, discharged_on, previous_discharge_date, plan_of_care_id, previous_plan_end_date)
     SELECT pr.id, pr.organization_id, $2::date, pr.discharge_date, poc.id, poc.end_date
       FROM patient_records pr
       LEFT JOIN LATERAL (
         SELECT p.id, p.end_date FROM plans_of_care p
          WHERE p.patient_record_id = pr.id AND p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date > $2::date)
          ORDER BY p.start_date DESC, p.id LIMIT 1
       ) poc ON true
      WHERE pr.organization_id = $1 AND (pr.discharge_date IS NULL OR pr.discharge_date > $2::date)
     ON CONFLICT (patient_record_id) DO NOTHING`,
    [id, day],
  );
  const discharged = await tx.query<{ id: string }>(
    `UPDATE patient_records pr SET discharge_date = d.discharged_on, updated_at = now()
       FROM organization_disable_discharges d WHERE d.patient_record_id = pr.id AND d.organization_id = $1
     RETURNING pr.id::text AS id`,
    [id],
  );
  await tx.query(
    `UPDATE plans_of_care p SET end_date = d.discharged_on
       FROM organization_disable_discharges d WHERE d.plan_of_care_id = p.id AND d.organization_id = $1`,
    [id],
  );
  return discharged.map((r) => r.id);
}

/**
 * Disables an organization and discharges its patients: every patient whose plan is open (no discharge date)
 * or ends after today is discharged today, and the plan of care that was current ends today. What they had
 * before is kept in `organization_disable_discharges`, so `enableOrganization` can restore it. `record` is given
 * the discharged patients in the transaction (the access history, ADR 018).
 */
export async function disableOrganization(db: Db, id: string, record: RecordPatients, now = new Date()): Promise<OrganizationRow> {
  return db.tx(async (tx) => {
    const org = await getOrganizationRow(tx, id, true);
    if (org.is_internal) throw badRequest("The organization of the product's staff cannot be disabled.");
    if (org.disabled) return org;
    const today = dayIn(org.timezone, now);
    await record(tx, await dischargePatients(tx, id, today));
    await tx.query("UPDATE organizations SET disabled = true WHERE id = $1", [id]);
    return getOrganizationRow(tx, id);
  });
}

/**
 * Enables an organization and restores the discharges its disabling made: a patient (and plan) still ending on
 * the day of the disable gets back its previous date; one changed since keeps the change. `record` is given the
 * restored patients in the transaction (the access history, ADR 018).
 */
export async function enableOrganization(db: Db, id: string, record: RecordPatients): Promise<OrganizationRow> {
  return db.tx(async (tx) => {
    const org = await getOrganizationRow(tx, id, true);
    if (!org.disabled) return org;
    const restored = await tx.query<{ id: string }>(
      `UPDATE patient_records pr SET discharge_date = d.previous_discharge_date, updated_at = now()
         FROM organization_disable_discharges d
        WHERE d.patient_record_id = pr.id AND d.organization_id = $1 AND pr.discharge_date = d.discharged_on
       RETURNING pr.id::text AS id`,
      [id],
    );
    await record(tx, restored.map((r) => r.id));
    await tx.query(
      `UPDATE plans_of_care p SET end_date = d.previous_plan_end_date
         FROM organization_disable_discharges d
        WHERE d.plan_of_care_id = p.id AND d.organization_id = $1 AND p.end_date = d.discharged_on`,
      [id],
    );
    await tx.query("DELETE FROM organization_disable_discharges WHERE organization_id = $1", [id]);
    await tx.query("UPDATE organizations SET disabled = false WHERE id = $1", [id]);
    return getOrganizationRow(tx, id);
  });
}
