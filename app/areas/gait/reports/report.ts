/**
 * The gait report's content (002 §2 "Gait Reports", §9): one day's gait sessions of the organization as
 *  - the chart: gait speed per subject ('First Last (gaitUid)'), one bar per subject — the subject's LAST session
 *    of the day when they walked more than once (the CSV keeps every session) —, the 0.8 m/s reference line and
 *    the share of subjects below it ('N of M subjects (P%) below 0.8 m/s');
 *  - the CSV: one row per session, named by the report date 'MM-dd-yyyy.csv'.
 * Speeds to 2 decimals. Sessions without a speed measure are left out of the chart and empty in the CSV.
 * Pure: the page's chart (drawn by the server, ADR 039), its image download and the CSV use the same rows, and the
 * chart and the image the same spec (gaitBarSpec).
 */
import type { ChartSpec } from "../../../islands/chart-spec";
import type { Schema } from "../../../api/schemas";
import { fileDay } from "../../../domain/report-day";
import { formatDateTime, formatDay } from "../../../domain/zoned-day";
import { compareKeys, compareText } from "../../../domain/collate";

type GaitSession = Schema<"GaitSession">;
type GaitMeasureItem = Schema<"GaitMeasureItem">;

export const GAIT_REPORTS_PATH = "/gait/reports/";
export { GAIT_REPORT_EMPTY } from "../messages";
/** 002 §9. */
export const GAIT_SPEED_THRESHOLD = 0.8;

export type GaitReportTab = "chart" | "csv";
export const GAIT_REPORT_TABS: { value: GaitReportTab; label: string }[] = [
  { value: "chart", label: "Chart" },
  { value: "csv", label: "CSV" },
];
export const parseGaitTab = (v: string | null): GaitReportTab => (v === "csv" ? "csv" : "chart");

export function gaitReportHref(day: string, tab: GaitReportTab = "chart"): string {
  const p = new URLSearchParams({ date: day });
  if (tab !== "chart") p.set("tab", tab);
  return `${GAIT_REPORTS_PATH}?${p}`;
}
export const gaitChartPngHref = (day: string) => `${GAIT_REPORTS_PATH}chart.png?${new URLSearchParams({ date: day })}`;
export const gaitCsvHref = (day: string) => `${GAIT_REPORTS_PATH}report.csv?${new URLSearchParams({ date: day })}`;
export const gaitCsvFileName = (day: string) => `${fileDay(day)}.csv`;
export const gaitPngFileName = (day: string) => `gait-report-${fileDay(day)}.png`;
export const gaitChartTitle = (dayShown: string) => `Gait speed per subject, ${dayShown}`;

/** The speed measure of a session's items: `avgSpeed` (GAIT_SA_2) or `speed` (GAIT_SA_1), in m/s. */
export function speedOf(items: readonly GaitMeasureItem[]): number | null {
  for (const item of items) for (const m of item.measures) if ((m.name === "avgSpeed" || m.name === "speed") && Number.isFinite(m.value)) return m.value;
  return null;
}

export const formatSpeed = (speed: number | null) => (speed === null ? "" : speed.toFixed(2));
/** Below the threshold as shown (2 decimals): 0.799 is shown 0.80 and is not below. */
export const isBelow = (speed: number) => Number(speed.toFixed(2)) < GAIT_SPEED_THRESHOLD;

export function subjectLabel(subject: GaitSession["subject"]): string {
  const name = `${subject.firstName} ${subject.lastName}`.trim();
  return subject.gaitUid ? `${name} (${subject.gaitUid})` : name;
}

export interface GaitBar {
  subject: string;
  speed: number;
  below: boolean;
}

export interface GaitShare {
  below: number;
  total: number;
  percent: number;
}

/** One bar per subject (their last session of the day with a speed), in order of the subjects' labels. */
export function gaitBars(sessions: readonly GaitSession[]): GaitBar[] {
  const last = new Map<string, GaitSession & { speed: number }>();
  const ordered = [...sessions].sort((a, b) => compareKeys(a.capturedDate, b.capturedDate));
  for (const s of ordered) {
    const speed = speedOf(s.session.data.items);
    if (speed !== null) last.set(s.patientRecordId, { ...s, speed });
  }
  const bars = [...last.values()].map((s) => ({ subject: subjectLabel(s.subject), speed: Number(s.speed.toFixed(2)), below: isBelow(s.speed) }));
  // Two subjects of the same name and no gait UID must stay two bars (a category axis merges equal labels).
  const seen = new Map<string, number>();
  return bars
    .sort((a, b) => compareText(a.subject, b.subject))
    .map((b) => {
      const n = (seen.get(b.subject) ?? 0) + 1;
      seen.set(b.subject, n);
      return n > 1 ? { ...b, subject: `${b.subject} #${n}` } : b;
    });
}

export function shareBelow(bars: readonly GaitBar[]): GaitShare {
  const below = bars.filter((b) => b.below).length;
  return { below, total: bars.length, percent: bars.length ? Math.round((below / bars.length) * 100) : 0 };
}

export const shareLabel = (s: GaitShare) => `${s.below} of ${s.total} subject${s.total === 1 ? "" : "s"} (${s.percent}%) below ${GAIT_SPEED_THRESHOLD} m/s`;

/** Bars below the reference line, and the others. */
export const BAR_BELOW_COLOUR = "#b54708";
export const BAR_COLOUR = "#1f5fa8";

/** The chart: a bar per subject (coloured by the reference line) and the 0.8 m/s line. */
export function gaitBarSpec(bars: readonly GaitBar[], day: string): ChartSpec {
  const share = shareBelow(bars);
  return {
    kind: "bar",
    description: `Bar chart of gait speed per subject on ${formatDay(day)}, with a reference line at ${GAIT_SPEED_THRESHOLD} m/s: ${shareLabel(share)}.`,
    yTitle: "Gait speed (m/s)",
    xTitle: "Subject",
    series: [{ name: "Gait speed", x: bars.map((b) => b.subject), y: bars.map((b) => b.speed), colors: bars.map((b) => (b.below ? BAR_BELOW_COLOUR : BAR_COLOUR)) }],
    thresholds: [{ y: GAIT_SPEED_THRESHOLD, label: `${GAIT_SPEED_THRESHOLD} m/s` }],
  };
}

const ASSISTANCE: Record<string, string> = { NONE: "None", CANE: "Cane", WALKER: "Walker" };

export interface GaitCsvRow {
  id: string;
  firstName: string;
  lastName: string;
  gaitUid: string;
  captured: string;
  assistance: string;
  speed: string;
  below: string;
  comment: string;
}

export const GAIT_CSV_HEADER = ["First Name", "Last Name", "Gait UID", "Captured", "Assistance", "Speed (m/s)", `Below ${GAIT_SPEED_THRESHOLD} m/s`, "Comment"];

/** One row per session, oldest first; times in the organization's zone (MM/dd/yyyy h:mm AM). */
export function gaitCsvRows(sessions: readonly GaitSession[], timeZone: string): GaitCsvRow[] {
  return [...sessions]
    .sort((a, b) => compareKeys(a.capturedDate, b.capturedDate))
    .map((s) => {
      const speed = speedOf(s.session.data.items);
      return {
        id: s.id,
        firstName: s.subject.firstName,
        lastName: s.subject.lastName,
        gaitUid: s.subject.gaitUid ?? "",
        captured: formatDateTime(s.capturedDate, timeZone),
        assistance: ASSISTANCE[s.session.meta.assistanceOption] ?? s.session.meta.assistanceOption,
        speed: formatSpeed(speed),
        below: speed === null ? "" : isBelow(speed) ? "Yes" : "No",
        comment: s.session.meta.comment ?? "",
      };
    });
}

export const gaitCsvRecords = (rows: readonly GaitCsvRow[]): string[][] => [
  GAIT_CSV_HEADER,
  ...rows.map((r) => [r.firstName, r.lastName, r.gaitUid, r.captured, r.assistance, r.speed, r.below, r.comment]),
];
