import type { Db } from "../../db/db.js";
import type { MemberCaller } from "../../core/auth.js";
import { badRequest, conflict } from "../../core/errors.js";
import { birthDayProblem } from "../../../../app/domain/date-bounds.js";
import { PHONE_MESSAGES, phoneValue } from "../../../../app/domain/phone.js";

/** A problem with one field; `message` is the product's user-facing text. */
export interface FieldProblem {
  field: string;
  message: string;
}

export const problemText = (p: FieldProblem) => `${p.field}: ${p.message}`;
/** Throws 400 with the first problem, naming its field. */
export function throwFirst(problems: FieldProblem[]): void {
  if (problems[0]) throw badRequest(problemText(problems[0]));
}

/** The patient fields the rules look at, after normalisation (phone +1 and digits, empty strings as null). */
export interface PatientFields {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  injuredSideOfBody: string | null;
  injuredBodyPart: string | null;
  dob: string | null;
  locationId: string | null;
  products: string[];
  gaitUid: string | null;
}

/** The portal's phone rule and words (app/domain/phone.ts): a number the portal sends is one the API takes. */
export const PHONE_MESSAGE = PHONE_MESSAGES.invalid;

/**
 * Normalises a phone number (000 §5: valid when empty or exactly 10 digits after removing non-digits; an 11-digit
 * number starting with the country code 1 drops it): empty → null; a phone number → +1 and the digits; anything
 * else → undefined (refused with PHONE_MESSAGE).
 */
export const normalizePhone = phoneValue;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const blankToNull = (v: string | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const t = v.trim();
  return t === "" ? null : t;
};

/**
 * The product rules of a patient record (spec: completeness by product, add/edit patient validation).
 * The profile is chosen HEALTH first, then GAIT, then PRO. `sideGiven` tells whether the caller stated the
 * injured side (null = N/A is a statement); it is required when HEALTH is being added.
 */
export function patientProblems(f: PatientFields, today: string, opts: { sideGiven: boolean; healthMessage?: "add" | "edit" }): FieldProblem[] {
  const out: FieldProblem[] = [];
  const has = (p: string) => f.products.includes(p);
  if (f.products.length === 0) out.push({ field: "products", message: "You must select at least one product." });
  if (has("HEALTH") || has("GAIT")) {
    if (!f.firstName.trim()) out.push({ field: "firstName", message: "First name is required" });
    if (!f.lastName.trim()) out.push({ field: "lastName", message: "Last name is required" });
  }
  if (f.email !== null && !EMAIL_RE.test(f.email)) out.push({ field: "email", message: "Email must be valid" });
  if (has("HEALTH")) {
    if (f.email === null) out.push({ field: "email", message: "Email is required" });
    if (opts.healthMessage === "edit") {
      if (!opts.sideGiven || f.injuredBodyPart === null) {
        out.push({ field: opts.sideGiven ? "injuredBodyPart" : "injuredSideOfBody", message: "You must set Side of Body and Involved Body Part for Health patients." });
      }
    } else {
      if (!opts.sideGiven) out.push({ field: "injuredSideOfBody", message: "Side of body is required" });
      if (f.injuredBodyPart === null) out.push({ field: "injuredBodyPart", message: "Involved body part is required" });
    }
  } else if (!has("GAIT") && has("PRO")) {
    if (f.phoneNumber === null) out.push({ field: "phoneNumber", message: PHONE_MESSAGES.required });
  }
  if (f.locationId === null) out.push({ field: "locationId", message: "Location is required" });
  // The portal's bounds, in its words (app/domain/date-bounds.ts): a valid day from 1900-01-01 to today.
  const dobProblem = f.dob !== null ? birthDayProblem(f.dob, today) : null;
  if (dobProblem) out.push({ field: "dob", message: dobProblem });
  return out;
}

/** A location the caller may put patients at: of their organization and, for a practitioner, one of theirs. */
export async function checkLocation(db: Db, m: MemberCaller, locationId: string): Promise<FieldProblem | null> {
  const loc = await db.one<{ id: string }>("SELECT id FROM locations WHERE id = $1 AND organization_id = $2", [locationId, m.organizationId]);
  if (!loc) return { field: "locationId", message: "Location not found" };
  if (m.role === "PORTAL_PRACTITIONER" && !m.locationIds.includes(locationId)) {
    return { field: "locationId", message: "You can only use your own locations" };
  }
  return null;
}

/** A primary provider: a live practitioner of the organization who works at the location or is an admin. */
export async function checkPractitioner(db: Db, organizationId: string, practitionerId: string, locationId: string | null): Promise<FieldProblem | null> {
  const row = await db.one<{ role: string; works_there: boolean }>(
    `SELECT p.role, EXISTS (SELECT 1 FROM practitioner_locations pl WHERE pl.practitioner_id = p.id AND pl.location_id = $3) AS works_there
       FROM practitioners p WHERE p.id = $1 AND p.organization_id = $2 AND p.deleted_at IS NULL`,
    [practitionerId, organizationId, locationId],
  );
  if (!row) return { field: "primaryPractitionerId", message: "Provider not found" };
  const admin = row.role === "PORTAL_PROVIDER_ADMIN" || row.role === "EXER_ADMIN";
  if (!admin && !row.works_there) return { field: "primaryPractitionerId", message: "The provider does not work at this location" };
  return null;
}

/** Whether a practitioner is eligible as primary provider at a location (no error). */
export async function isEligiblePractitioner(db: Db, organizationId: string, practitionerId: string, locationId: string): Promise<boolean> {
  return (await checkPractitioner(db, organizationId, practitionerId, locationId)) === null;
}

/** 409 when another patient of the organization already has the e-mail or gait ID (case-insensitive). */
export async function checkUnique(db: Db, organizationId: string, f: { email: string | null; gaitUid: string | null }, exceptId: string | null): Promise<void> {
  if (f.email) {
    const dup = await db.one("SELECT 1 FROM patient_records WHERE organization_id = $1 AND lower(email) = lower($2) AND id IS DISTINCT FROM $3::uuid", [organizationId, f.email, exceptId]);
    if (dup) throw conflict("email: Another patient of the organization already has this e-mail.");
  }
  if (f.gaitUid) {
    const dup = await db.one("SELECT 1 FROM patient_records WHERE organization_id = $1 AND lower(gait_uid) = lower($2) AND id IS DISTINCT FROM $3::uuid", [organizationId, f.gaitUid, exceptId]);
    if (dup) throw conflict("gaitUid: Another patient of the organization already has this gait ID.");
  }
}
