/**
 * One row of the Scan Sessions table as shown (002 §2, §9): the date and time in the organization's time zone
 * (MM/dd/yyyy h:mm AM), the assessment's name, its results with the unit rule (0 decimals for degrees, else 2),
 * the practitioner, the participant uid with the archived marker and date, the short UUID, and which actions
 * apply: only those whose artifact exists (issue 25) — replay (from 2.18.0) and a download of each log the
 * session has (pose log, hands log); with neither log no replay and no download, 'No pose logs available'. Pure.
 */
import type { ScanSession } from "../../../api/scan.server";
import { NO_POSE_LOGS_TEXT } from "./messages";
import { replayLog, replayRefusal, sessionLogs, shownResults, shortUuid, type ScanArtifact } from "../../../domain/scan-display";
import { formatInstantDay, formatTime } from "../../../domain/zoned-day";

export interface SessionRow {
  id: string;
  sessionUUID: string;
  shortUuid: string;
  date: string;
  time: string;
  assessmentId: string;
  assessmentName: string;
  results: { id: string; name: string; value: string; units: string }[];
  practitioner: string | null;
  participantUid: string;
  /** MM/dd/yyyy of the archiving, '' when archived without a date; null when not archived. */
  archived: string | null;
  /** Null when the session has no log to replay (then `noLogsMessage` says so). */
  replay: { allowed: true } | { allowed: false; message: string } | null;
  /** The logs offered for download: the session's own (pose log first). */
  logs: ScanArtifact[];
  /** 'No pose logs available' when the session has neither a pose log nor a hands log. */
  noLogsMessage: string | null;
}

export function sessionRow(session: ScanSession, assessmentNames: ReadonlyMap<string, string>, timeZone: string): SessionRow {
  const { assessmentId, results } = session.session.data;
  const p = session.practitioner;
  const logs = session.artifacts;
  const replayRefused = replayRefusal(session.session.meta.scanVersion, replayLog(logs) !== null);
  return {
    id: session.id,
    sessionUUID: session.sessionUUID,
    shortUuid: shortUuid(session.sessionUUID),
    date: formatInstantDay(session.createdDate, timeZone),
    time: formatTime(session.createdDate, timeZone),
    assessmentId,
    assessmentName: assessmentNames.get(assessmentId) ?? assessmentId,
    results: shownResults(results),
    practitioner: p ? `${p.firstName} ${p.lastName}`.trim() : null,
    participantUid: session.participant.uid,
    archived: session.participant.isArchived ? (session.participant.archivedDate ? formatInstantDay(session.participant.archivedDate, timeZone) : "") : null,
    replay: !replayLog(logs) ? null : replayRefused === null ? { allowed: true } : { allowed: false, message: replayRefused },
    logs: sessionLogs(logs),
    noLogsMessage: replayLog(logs) ? null : NO_POSE_LOGS_TEXT,
  };
}
