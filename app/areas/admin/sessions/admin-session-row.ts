/**
 * One row of the admin Scan Sessions table (003 §2): the portal's row (app/areas/scan/sessions/session-row.ts:
 * date and time, assessment, practitioner, participant uid with the Archived marker and date, short UUID, the
 * replay rule and 'No pose logs available') plus the organization and the location, and which log the replay and
 * the download use (the pose log, else the hands log). The admin gait table's row, whose Replay and Log show only
 * for a session with a pose log (its `artifacts`, issue 25). And the Session Details dialog's facts. Pure.
 */
import type { AdminGaitSession } from "../../../api/admin-sessions.server";
import type { ScanSession } from "../../../api/scan.server";
import { sessionRow, type SessionRow } from "../../scan/sessions/session-row";
import { replayLog, shortUuid, shownResults, type ScanArtifact } from "../../../domain/scan-display";
import { formatDateTime } from "../../../domain/zoned-day";

export interface AdminSessionRow extends SessionRow {
  organization: string;
  location: string | null;
  log: ScanArtifact | null;
}

export function adminSessionRow(session: ScanSession, assessmentNames: ReadonlyMap<string, string>, timeZone: string): AdminSessionRow {
  return {
    ...sessionRow(session, assessmentNames, timeZone),
    organization: session.organization.name,
    location: session.location?.name ?? null,
    log: replayLog(session.artifacts),
  };
}

export interface GaitRow {
  id: string;
  shortId: string;
  capturedDate: string;
  captured: string;
  patientName: string;
  sessionUUID: string;
  shortUuid: string;
  /** Replay and Log are offered only when the session has a pose log. */
  poseLog: boolean;
}

export const gaitPatientName = (s: Pick<AdminGaitSession, "patient">) => `${s.patient.firstName} ${s.patient.lastName}`.trim();

export function gaitRow(s: AdminGaitSession, timeZone: string): GaitRow {
  return {
    id: s.id,
    shortId: shortUuid(s.id),
    capturedDate: s.capturedDate,
    captured: formatDateTime(s.capturedDate, timeZone),
    patientName: gaitPatientName(s),
    sessionUUID: s.sessionUUID,
    shortUuid: shortUuid(s.sessionUUID),
    poseLog: s.artifacts.includes("pose-log"),
  };
}

export interface SessionDetails {
  sessionUUID: string;
  organization: string;
  location: string | null;
  provider: string | null;
  created: string;
  updated: string;
  assessment: string;
  results: { id: string; name: string; value: string; units: string }[];
  meta: { scanVersion: string; age: number | null; sex: string | null };
}

const when = (iso: string, timeZone: string) => formatDateTime(iso, timeZone);

export function sessionDetails(s: ScanSession, assessmentNames: ReadonlyMap<string, string>, timeZone: string): SessionDetails {
  const id = s.session.data.assessmentId;
  const name = assessmentNames.get(id);
  const d = s.session.meta.demographics;
  return {
    sessionUUID: s.sessionUUID,
    organization: s.organization.name,
    location: s.location?.name ?? null,
    provider: s.practitioner ? `${s.practitioner.firstName} ${s.practitioner.lastName}`.trim() : null,
    created: when(s.createdDate, timeZone),
    updated: when(s.updatedDate, timeZone),
    assessment: name ? `${name} (${id})` : id,
    results: shownResults(s.session.data.results),
    meta: { scanVersion: s.session.meta.scanVersion, age: d?.age ?? null, sex: d?.sex ?? null },
  };
}
