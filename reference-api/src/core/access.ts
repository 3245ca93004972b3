import type { Db } from "../db/db.js";
import { canSeeAllOfOrganization, requireMember, type Caller } from "./auth.js";
import { notFound } from "./errors.js";

/**
 * The organization and location boundary of any record with `organization_id` and `location_id` (patient
 * records, scan sessions …), as a SQL condition on `alias`. Parameters are appended to `params` (so it
 * composes with other conditions). A practitioner sees records at their locations; a provider admin (or
 * staff) the whole organization.
 */
export function organizationScope(caller: Caller, params: unknown[], alias: string): string {
  const m = requireMember(caller);
  params.push(m.organizationId);
  const org = `${alias}.organization_id = $${params.length}`;
  if (canSeeAllOfOrganization(m)) return org;
  params.push(m.locationIds);
  return `${org} AND ${alias}.location_id = ANY($${params.length}::uuid[])`;
}

/** The boundary for patient records (alias `pr` by default). */
export const patientScope = (caller: Caller, params: unknown[], alias = "pr") => organizationScope(caller, params, alias);

export interface PatientRow {
  id: string;
  organization_id: string;
  location_id: string | null;
  practitioner_id: string | null;
  /** The RTM billing (rendering) practitioner chosen for the patient; null: the primary provider (migration 152). */
  rtm_billing_practitioner_id?: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  dob: string | null;
  has_account: boolean;
  invite_sent_at: string | null;
  products: string[];
  hidden: boolean;
  injured_side_of_body: string | null;
  injured_body_part: string | null;
  gait_uid: string | null;
  discharge_date: string | null;
  most_recent_session: string | null;
  most_recent_activity: string | null;
  health_most_recent_session: string | null;
  health_most_recent_activity: string | null;
  gait_most_recent_session: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Loads a patient record the caller may see, or throws 404 ('Patient not found') without revealing whether
 * it exists elsewhere. A hidden patient answers 404 'Patient is hidden'.
 */
export async function getVisiblePatient(db: Db, caller: Caller, id: string): Promise<PatientRow> {
  const params: unknown[] = [id];
  const row = await db.one<PatientRow>(`SELECT pr.* FROM patient_records pr WHERE pr.id = $1 AND ${patientScope(caller, params)}`, params);
  if (!row) throw notFound("Patient not found");
  if (row.hidden) throw notFound("Patient is hidden");
  return row;
}
