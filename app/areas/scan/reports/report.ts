/**
 * The scan report's content (002 §2 "Scan Reports", §9): one day's sessions at a location as the Assessments
 * table (one row per session) and the Participants table (one row per participant), their titles and the rows of
 * their CSV and PDF exports. Pure (no I/O): the page, the CSV and the PDF use the same rows.
 *
 *   Title:      'Scan Assessments Report: {Location} {MM-dd-yyyy}' / 'Scan Participants Report: …'
 *   File name:  the title with colons removed (exportFileName), e.g. 'Scan Assessments Report Denver 11-20-2026.csv'
 *   Screen and PDF: result values by the display rule (0 decimals for degrees, else 2); CSV: 2 decimals (002 §9)
 */
import type { ScanSession } from "../../../api/scan.server";
import { formatInstantDay, formatTime } from "../../../domain/zoned-day";
import { exportFileName } from "../../../domain/scan-display";
import { csvResultValue, formatResultValue } from "../../../domain/result-format";
import { fileDay } from "../../../domain/report-day";
import { compareId, compareKeys } from "../../../domain/collate";

export const SCAN_REPORTS_PATH = "/scan/reports/";
export const LOCATION_REQUIRED = "Location is required";
export const LOCATION_UNKNOWN = "Choose one of your locations";
export const SCAN_REPORT_EMPTY = "No scan sessions were recorded at this location on that date.";

export type ScanReportTab = "assessments" | "participants";
export const SCAN_REPORT_TABS: { value: ScanReportTab; label: string }[] = [
  { value: "assessments", label: "Assessments" },
  { value: "participants", label: "Participants" },
];
export const parseScanTab = (v: string | null): ScanReportTab => (v === "participants" ? "participants" : "assessments");

export interface ScanReportState {
  day: string;
  locationId: string;
  tab: ScanReportTab;
}

export function scanReportHref(state: ScanReportState, tab: ScanReportTab = state.tab): string {
  const p = new URLSearchParams({ date: state.day, location: state.locationId });
  if (tab !== "assessments") p.set("tab", tab);
  return `${SCAN_REPORTS_PATH}?${p}`;
}

/** `/scan/reports/assessments.csv?date=…&location=…` */
export const scanExportHref = (state: Pick<ScanReportState, "day" | "locationId">, tab: ScanReportTab, ext: "csv" | "pdf") =>
  `${SCAN_REPORTS_PATH}${tab}.${ext}?${new URLSearchParams({ date: state.day, location: state.locationId })}`;

export function scanReportTitle(tab: ScanReportTab, locationName: string, day: string): string {
  return `Scan ${tab === "assessments" ? "Assessments" : "Participants"} Report: ${locationName} ${fileDay(day)}`;
}

export const scanReportFileName = (tab: ScanReportTab, locationName: string, day: string, ext: "csv" | "pdf") =>
  exportFileName(scanReportTitle(tab, locationName, day), ext);

export interface ResultCell {
  name: string;
  /** Display rule (0 decimals for degrees, else 2). */
  shown: string;
  /** The CSV: 2 decimals. */
  exported: string;
  units: string;
}

export interface AssessmentRow {
  id: string;
  createdDate: string;
  time: string;
  participantUid: string;
  assessmentId: string;
  assessmentName: string;
  results: ResultCell[];
  practitioner: string;
}

export interface ParticipantRow {
  uid: string;
  sessions: number;
  assessments: string[];
  /** The results of the participant's latest session of the day. */
  latestTime: string;
  latestAssessment: string;
  latestResults: ResultCell[];
  archived: boolean;
  archivedDate: string | null;
}


const resultCells = (s: ScanSession): ResultCell[] =>
  s.session.data.results.map((r) => ({ name: r.name, shown: formatResultValue(r.value, r.units), exported: csvResultValue(r.value), units: r.units }));

const practitionerName = (s: ScanSession) => (s.practitioner ? `${s.practitioner.firstName} ${s.practitioner.lastName}`.trim() : "");

/** One row per session, oldest first (the API answers newest first). */
export function assessmentRows(sessions: readonly ScanSession[], assessmentNames: ReadonlyMap<string, string>, timeZone: string): AssessmentRow[] {
  return [...sessions]
    .sort((a, b) => compareKeys(a.createdDate, b.createdDate) || compareKeys(a.id, b.id))
    .map((s) => ({
      id: s.id,
      createdDate: s.createdDate,
      time: formatTime(s.createdDate, timeZone),
      participantUid: s.participant.uid,
      assessmentId: s.session.data.assessmentId,
      assessmentName: assessmentNames.get(s.session.data.assessmentId) ?? s.session.data.assessmentId,
      results: resultCells(s),
      practitioner: practitionerName(s),
    }));
}

/** One row per participant (by uid, in order of uid), with the latest session's results. */
export function participantRows(rows: readonly AssessmentRow[], sessions: readonly ScanSession[], timeZone: string): ParticipantRow[] {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const groups = new Map<string, AssessmentRow[]>();
  for (const r of rows) groups.set(r.participantUid, [...(groups.get(r.participantUid) ?? []), r]);
  return [...groups.entries()]
    .sort(([a], [b]) => compareId(a, b))
    .map(([uid, list]) => {
      const latest = list[list.length - 1]!;
      // The participant as the newest of their sessions that knows of an archiving (else the latest session).
      const seen = list.map((r) => byId.get(r.id)?.participant).filter((p) => p !== undefined);
      const participant = [...seen].reverse().find((p) => p.isArchived) ?? seen[seen.length - 1];
      return {
        uid,
        sessions: list.length,
        assessments: [...new Set(list.map((r) => r.assessmentName))],
        latestTime: latest.time,
        latestAssessment: latest.assessmentName,
        latestResults: latest.results,
        archived: participant?.isArchived ?? false,
        archivedDate: participant?.archivedDate ? formatInstantDay(participant.archivedDate, timeZone) : null,
      };
    });
}

const resultsText = (results: readonly ResultCell[], key: "shown" | "exported") => results.map((r) => `${r.name}: ${r[key]} ${r.units}`.trim()).join("; ");
export const shownResults = (results: readonly ResultCell[]) => resultsText(results, "shown");

/** A table of an export: its header and rows of text (the CSV and the PDF write the same table). */
export interface ExportTable {
  header: string[];
  rows: string[][];
}

/**
 * The values of an export: the CSV's to 2 decimals (002 §9 "CSV 2"), the PDF's by the display rule like every
 * screen (0 decimals for degrees, else 2).
 */
export type ExportFormat = "csv" | "pdf";
const valueKey = (format: ExportFormat) => (format === "csv" ? "exported" : "shown");

/** Assessments export: one row per result (its value, its units in their own column). */
export function assessmentExport(rows: readonly AssessmentRow[], day: string, format: ExportFormat): ExportTable {
  const key = valueKey(format);
  const date = fileDay(day).replace(/-/g, "/");
  return {
    header: ["Date", "Time", "Participant UID", "Assessment", "Result", "Value", "Units", "Practitioner"],
    rows: rows.flatMap((r) =>
      r.results.length
        ? r.results.map((c) => [date, r.time, r.participantUid, r.assessmentName, c.name, c[key], c.units, r.practitioner])
        : [[date, r.time, r.participantUid, r.assessmentName, "", "", "", r.practitioner]],
    ),
  };
}

/** Participants export: one row per participant. */
export function participantExport(rows: readonly ParticipantRow[], format: ExportFormat): ExportTable {
  return {
    header: ["Participant UID", "Sessions", "Assessments", "Latest Session", "Latest Results", "Archived", "Archived Date"],
    rows: rows.map((p) => [
      p.uid,
      String(p.sessions),
      p.assessments.join("; "),
      `${p.latestTime} ${p.latestAssessment}`.trim(),
      resultsText(p.latestResults, valueKey(format)),
      p.archived ? "Yes" : "No",
      p.archivedDate ?? "",
    ]),
  };
}
