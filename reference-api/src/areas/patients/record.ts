import type { Db } from "../../db/db.js";
import type { PatientRow } from "../../core/access.js";
import type { Schema } from "../../core/contract.js";

/**
 * The ONE mapping of a `patient_records` row to the contract's PatientRecord. Every operation that answers a
 * record (in this area and others: health, gait, dashboards, admin) uses it:
 *
 *   const rows = await db.query<PatientRecordRow>(`SELECT ${patientRecordSelect("pr")} FROM patient_records pr WHERE …`, params);
 *   const items = rows.map(toPatientRecord);
 *
 * or simply `await loadPatientRecords(db, ids)` (keeps the order of `ids`) / `loadPatientRecord(db, id)`.
 * The select list uses only correlated sub-queries on the alias, so it composes with any FROM/WHERE.
 */
export type PatientRecord = Schema<"PatientRecord">;

/** The columns of `patient_records` (core/access.ts) the mapping reads, plus what the select list derives. */
export interface PatientRecordRow
  extends Pick<
    PatientRow,
    | "id" | "organization_id" | "location_id" | "practitioner_id" | "first_name" | "last_name" | "email" | "phone_number"
    | "dob" | "has_account" | "products" | "hidden" | "injured_side_of_body" | "injured_body_part" | "gait_uid" | "discharge_date"
  > {
  discharged: boolean;
  most_recent_session: Date | string | null;
  most_recent_activity: Date | string | null;
  health_most_recent_session: Date | string | null;
  health_most_recent_activity: Date | string | null;
  gait_most_recent_session: Date | string | null;
  practitioner: { id: string; firstName: string; lastName: string } | null;
  rtm_billing_practitioner_id: string | null;
  rtm_billing_practitioner: Schema<"ClaimPractitioner"> | null;
  location: { id: string; name: string } | null;
  organization: { id: string; name: string; logoUrl: string | null };
  plans_of_care: { start: string; end: string | null }[] | null;
  heps: { id: string; name: string }[] | null;
}

/** "Today" (YYYY-MM-DD) in an organization's time zone, as a SQL expression on an organizations alias. */
export const orgTodaySql = (orgAlias = "o") => `((now() AT TIME ZONE ${orgAlias}.timezone)::date)`;

/** A practitioner alias as a ClaimPractitioner (json): name, NPI and credential (issue 32). */
export const CLAIM_PRACTITIONER_JSON = (p: string) =>
  `json_build_object('id', ${p}.id, 'firstName', ${p}.first_name, 'lastName', ${p}.last_name, 'npi', ${p}.npi, 'credential', ${p}.credential)`;

/** The SELECT list producing a PatientRecordRow from a `patient_records` alias. */
export function patientRecordSelect(a = "pr"): string {
  return `${a}.id, ${a}.organization_id, ${a}.location_id, ${a}.practitioner_id, ${a}.first_name, ${a}.last_name, ${a}.email,
    ${a}.phone_number, ${a}.dob::text AS dob, ${a}.has_account, ${a}.products, ${a}.hidden, ${a}.injured_side_of_body,
    ${a}.injured_body_part, ${a}.gait_uid, ${a}.discharge_date::text AS discharge_date,
    ${a}.most_recent_session, ${a}.most_recent_activity, ${a}.health_most_recent_session,
    ${a}.health_most_recent_activity, ${a}.gait_most_recent_session,
    (SELECT ${a}.discharge_date IS NOT NULL AND ${a}.discharge_date < ${orgTodaySql("o_")} FROM organizations o_ WHERE o_.id = ${a}.organization_id) AS discharged,
    (SELECT json_build_object('id', p_.id, 'firstName', p_.first_name, 'lastName', p_.last_name)
       FROM practitioners p_ WHERE p_.id = ${a}.practitioner_id) AS practitioner,
    ${a}.rtm_billing_practitioner_id,
    (SELECT ${CLAIM_PRACTITIONER_JSON("b_")} FROM practitioners b_ WHERE b_.id = coalesce(${a}.rtm_billing_practitioner_id, ${a}.practitioner_id)) AS rtm_billing_practitioner,
    (SELECT json_build_object('id', l_.id, 'name', l_.name) FROM locations l_ WHERE l_.id = ${a}.location_id) AS location,
    (SELECT json_build_object('id', o_.id, 'name', o_.name, 'logoUrl', coalesce(o_.web_logo_url, o_.logo_url))
       FROM organizations o_ WHERE o_.id = ${a}.organization_id) AS organization,
    (SELECT json_agg(json_build_object('start', c_.start_date::text, 'end', c_.end_date::text) ORDER BY c_.start_date, c_.created_at, c_.id)
       FROM plans_of_care c_ WHERE c_.patient_record_id = ${a}.id) AS plans_of_care,
    (SELECT json_agg(json_build_object('id', h_.id, 'name', h_.name) ORDER BY ha_.assigned_at, h_.id)
       FROM hep_assignments ha_ JOIN heps h_ ON h_.id = ha_.hep_id
      WHERE ha_.patient_record_id = ${a}.id AND ha_.retired_at IS NULL AND h_.deleted_at IS NULL) AS heps`;
}

const iso = (v: Date | string | null): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());
const SIDES = new Set(["LEFT", "RIGHT", "BOTH"]);
const PARTS = new Set(["SHOULDER", "HIP", "KNEE", "SPINE", "MULTIPLE"]);
const PRODUCT_ORDER = ["HEALTH", "GAIT", "PRO", "SCAN"];

/** Stored values are normalised to the contract's enums (upper case); anything else reads as null (N/A). */
function enumOrNull<T extends string>(v: string | null, allowed: Set<string>): T | null {
  const u = v?.toUpperCase() ?? null;
  return u && allowed.has(u) ? (u as T) : null;
}

/** Only absolute URLs are logo URLs (a stored file key is not). */
const uriOrNull = (v: string | null | undefined) => (v && /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : null);

/** Health status: no active program → NO_ASSIGNED_HEP; else no account → NO_ACCOUNT; else HAS_ACCOUNT. */
export function healthStatus(hasActiveHep: boolean, hasAccount: boolean): Schema<"PatientHealthStatus"> {
  if (!hasActiveHep) return "NO_ASSIGNED_HEP";
  return hasAccount ? "HAS_ACCOUNT" : "NO_ACCOUNT";
}

export function toPatientRecord(r: PatientRecordRow): PatientRecord {
  const products = PRODUCT_ORDER.filter((p) => r.products.includes(p)) as PatientRecord["products"];
  const heps = r.heps ?? [];
  return {
    id: r.id,
    patient: {
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phoneNumber: r.phone_number,
      dob: r.dob,
      hasAccount: r.has_account,
    },
    practitioner: r.practitioner,
    rtmBillingPractitioner: r.rtm_billing_practitioner,
    location: r.location,
    organization: { id: r.organization.id, name: r.organization.name, logoUrl: uriOrNull(r.organization.logoUrl) },
    products,
    discharged: !!r.discharged,
    dischargeDate: r.discharge_date,
    plansOfCare: r.plans_of_care ?? [],
    mostRecentSession: iso(r.most_recent_session),
    mostRecentActivity: iso(r.most_recent_activity),
    hidden: r.hidden,
    productData: {
      health: products.includes("HEALTH")
        ? {
            injuredSideOfBody: enumOrNull(r.injured_side_of_body, SIDES),
            injuredBodyPart: enumOrNull(r.injured_body_part, PARTS),
            status: healthStatus(heps.length > 0, r.has_account),
            heps,
            mostRecentSession: iso(r.health_most_recent_session),
            mostRecentActivity: iso(r.health_most_recent_activity),
          }
        : null,
      gait: products.includes("GAIT") ? { uid: r.gait_uid, mostRecentSession: iso(r.gait_most_recent_session) } : null,
    },
  };
}

/** Loads records by id, in the order given (ids not found are skipped). No authorization: scope first. */
export async function loadPatientRecords(db: Db, ids: string[]): Promise<PatientRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<PatientRecordRow>(`SELECT ${patientRecordSelect("pr")} FROM patient_records pr WHERE pr.id = ANY($1::uuid[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, toPatientRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadPatientRecord(db: Db, id: string): Promise<PatientRecord> {
  const [rec] = await loadPatientRecords(db, [id]);
  if (!rec) throw new Error(`patient record ${id} vanished`);
  return rec;
}

/** Today's date (YYYY-MM-DD) in the organization's time zone. */
export async function organizationToday(db: Db, organizationId: string): Promise<string> {
  const row = await db.one<{ today: string }>(`SELECT ${orgTodaySql("o")}::text AS today FROM organizations o WHERE o.id = $1`, [organizationId]);
  return row?.today ?? new Date().toISOString().slice(0, 10);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
