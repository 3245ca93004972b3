/**
 * Gait Events - Add Patient (002 §2): the page's URL state, the table's rows and the spec's messages, pure and
 * browser-safe (the same strings live in api/gait.server.ts, a server module; a unit test keeps them equal).
 */
import { displayName } from "../../../domain/names";
import { formatDate } from "../../../domain/zoned-day";
import { sectionPath } from "../../patients/rules/patient-detail";

export { GAIT_LOCATION_REQUIRED, GAIT_PATIENT_ADDED, GAIT_PATIENTS_EMPTY, GAIT_PATIENTS_LOAD_FAILED } from "../messages";
/** Not in the spec: the page before a location is picked. */
export const PICK_LOCATION = "Select a location to see its gait patients.";
/** A Last Activity cell without any activity. */
export const NO_ACTIVITY = "—";

export const GAIT_PATIENTS_PATH = "/gait/events/patients/";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?location=<uuid>` → the location (lower-cased), or null. */
export function parseLocation(params: URLSearchParams): string | null {
  const raw = (params.get("location") ?? "").trim();
  return UUID.test(raw) ? raw.toLowerCase() : null;
}

export const gaitPatientsHref = (location: string | null) => (location ? `${GAIT_PATIENTS_PATH}?location=${encodeURIComponent(location)}` : GAIT_PATIENTS_PATH);

/** The gait tab of the patient's detail (a patient with Health too would otherwise open on Health). */
export const gaitPatientHref = (id: string) => sectionPath(id, "gait", "activity");

export interface GaitPatientSource {
  id: string;
  patient: { firstName?: string | null; lastName?: string | null };
  location: { id: string; name: string } | null;
  mostRecentActivity: string | null;
  productData: { gait: { uid: string | null } | null };
}

export interface GaitPatientRow {
  id: string;
  href: string;
  name: string;
  location: string;
  gaitUid: string;
  lastActivity: string;
}

/** The table's row: 'Last, First', the location, the gait ID upper-cased (as the contract says it is shown), LL/dd/yyyy in the organization's zone. */
export function gaitPatientRow(record: GaitPatientSource, timeZone: string): GaitPatientRow {
  return {
    id: record.id,
    href: gaitPatientHref(record.id),
    name: displayName(record.patient),
    location: record.location?.name ?? "",
    gaitUid: (record.productData.gait?.uid ?? "").toUpperCase(),
    lastActivity: formatDate(record.mostRecentActivity, timeZone) ?? NO_ACTIVITY,
  };
}
