/**
 * How the access history reads (ADR 018): a readable label per API operation, who the user was (the name from
 * the organization's providers, never stored in the audit), and the page number from the URL. Shared by the
 * patient detail's 'Access history' and the admin search.
 */
import { ROLE_LABELS, ROLES, type Role } from "../../../auth/roles";
import { pageParam } from "../../../domain/paging";

/** One label per operation the API records (reference-api/src/areas/audit/record.ts). */
export const OPERATION_LABELS: Record<string, string> = {
  getPatientRecord: "Viewed the patient record",
  updatePatientRecord: "Edited patient details",
  deletePatientRecord: "Deleted the patient",
  createPatientRecord: "Added the patient",
  bulkUpdatePatientRecords: "Changed patients in bulk",
  startPlanOfCare: "Started a plan of care",
  setPlanOfCareEnd: "Discharged or changed the plan of care",
  listPatientPros: "Viewed surveys (PROs)",
  listCareNotes: "Viewed care notes",
  createCareNote: "Added a care note",
  updateCareNote: "Edited a care note",
  deleteCareNote: "Deleted a care note",
  setCareTimer: "Started, paused or resumed the care timer",
  stopCareTimer: "Stopped the care timer",
  listPatientPrograms: "Viewed programs",
  unassignProgram: "Unassigned a program",
  assignProgramToPatient: "Assigned a program",
  assignProgramToPatients: "Assigned a program",
  importPatientsCsv: "Added by CSV import",
  reconcileGaitPatientsCsv: "Renamed by gait reconcile",
  replaceProgram: "Moved to a new program version",
  deletePractitioner: "Lost a removed provider as primary provider",
  adminDisableOrganization: "Discharged: organization disabled",
  adminEnableOrganization: "Discharge undone: organization enabled",
  listPatientHealthSessions: "Viewed health sessions",
  resendPatientInvite: "Resent the Health invite",
  listPatientNotifications: "Viewed notifications",
  getPatientActivityReport: "Viewed the activity report",
  getPatientAccessHistory: "Viewed the access history",
  searchAccessHistory: "Searched the access history",
  listPatientRecords: "Listed in the patient list",
  listHealthPatientRecords: "Listed in the Health patient list",
  listGaitPatientRecords: "Listed in the Gait patient list",
  getDashboardActions: "Listed on the dashboard",
  listRtmCycles: "Listed in RTM billing",
  listRtmCyclesByMonth: "Listed in RTM billing",
  advanceRtmCycle: "Advanced an RTM cycle",
  revertRtmCycle: "Reverted an RTM cycle",
  getRtmCyclePdfUrl: "Downloaded an RTM cycle report",
  getRtmMonthlySummaryPdfUrl: "Downloaded an RTM monthly summary",
  listGaitSessions: "Viewed gait sessions",
  getGaitReport: "Listed in the gait report",
  setGaitSessionComment: "Commented on a gait session",
  adminListGaitSessions: "Listed in admin gait sessions",
  adminGetGaitSessionPoseLogSignedUrl: "Opened a gait pose log (admin)",
};

/** The label of an operation; an operation without one shows its id. */
export const operationLabel = (operationId: string): string => OPERATION_LABELS[operationId] ?? operationId;

/** "Refused (404)" for a refused attempt; null for a success. */
export const outcomeLabel = (status: number): string | null => (status >= 200 && status < 300 ? null : `Refused (${status})`);

export const roleLabel = (role: string | null): string => ((ROLES as readonly string[]).includes(role ?? "") ? ROLE_LABELS[role as Role] : "No role");

export interface KnownUser {
  userId?: string | null;
  firstName: string;
  lastName: string;
}

/** userId → "First Last" from the organization's providers; a user not among them by their user id. */
export function userNames(providers: readonly KnownUser[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const p of providers) if (p.userId) names[p.userId] = `${p.firstName} ${p.lastName}`.trim();
  return names;
}

export const whoLabel = (userId: string, names: Record<string, string>): string => names[userId] ?? `User ${userId}`;

/** `?page=` of the URL: a whole number ≥ 1 (else 1), at most 100000 (the contract's bound). */
export const pageFromUrl = (url: URL): number => pageParam(url.searchParams.get("page"));
