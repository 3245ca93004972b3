/**
 * The gait patient tabs (spec 000 §2.8 Gait activity view, §9; 002 §3): measure groups of each session,
 * number formats (speed to 2 decimals, other values to 1), the threshold warnings (average speed below
 * 0.8 m/s, hip flexion below 20), and the progress charts, drawn only from sessions of the newer schema
 * (GAIT_SA_2) — and only when at least one session in the range has it.
 */
import type { Schema } from "../../../api/schemas";
import { dayInZone, formatDay } from "../../../domain/zoned-day";
import { compareKeys } from "../../../domain/collate";

export type GaitSession = Schema<"GaitSession">;
export type GaitMeasure = Schema<"GaitMeasure">;

export const SPEED_THRESHOLD = 0.8;
export const FLEXION_THRESHOLD = 20;
export const GAIT_COMMENT_MAX = 1000;

export const SPEED_WARNING = `Average speed is below ${SPEED_THRESHOLD} m/s.`;
export const FLEXION_WARNING = `Hip flexion is below ${FLEXION_THRESHOLD}°.`;
export const OLDER_DATA_NOTICE = "Sessions recorded with an older version of the gait assessment (GAIT-SA-1) are not charted.";

const SPEED_NAMES = new Set(["avgSpeed", "speed"]);
const FLEXION_NAMES = new Set(["leftFlexion", "rightFlexion", "hipFlexionAngle"]);

export const isSpeed = (name: string) => SPEED_NAMES.has(name);
export const isHipFlexion = (name: string) => FLEXION_NAMES.has(name);

/** Speed to 2 decimals, every other value to 1 (000 §9). */
export function formatMeasureValue(name: string, value: number): string {
  return value.toFixed(isSpeed(name) ? 2 : 1);
}

const UNIT_LABELS: Record<string, string> = { deg: "°" };
export const unitLabel = (unit: string) => UNIT_LABELS[unit] ?? unit;

/** '0.74 m/s', '24.5°'. */
export function formatMeasure(m: Pick<GaitMeasure, "name" | "value" | "unit">): string {
  const unit = unitLabel(m.unit);
  return unit === "°" || unit === "%" ? `${formatMeasureValue(m.name, m.value)}${unit}` : `${formatMeasureValue(m.name, m.value)} ${unit}`.trim();
}

export type MeasureWarning = "speed" | "flexion";

/** The warning a measure raises, if any. */
export function measureWarning(m: Pick<GaitMeasure, "name" | "value" | "disabled">): MeasureWarning | null {
  if (m.disabled) return null;
  if (isSpeed(m.name) && m.value < SPEED_THRESHOLD) return "speed";
  if (isHipFlexion(m.name) && m.value < FLEXION_THRESHOLD) return "flexion";
  return null;
}

export const WARNING_TEXT: Record<MeasureWarning, string> = { speed: SPEED_WARNING, flexion: FLEXION_WARNING };

export interface MeasureView {
  name: string;
  displayName: string;
  text: string;
  warning: MeasureWarning | null;
}

export interface MeasureGroupView {
  item: string;
  title: string;
  measures: MeasureView[];
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The session's measure groups without the disabled measures (groups left empty are dropped). */
export function measureGroups(session: GaitSession): MeasureGroupView[] {
  return session.session.data.items
    .map((it) => ({
      item: it.item,
      title: titleCase(it.item),
      measures: it.measures.filter((m) => !m.disabled).map((m) => ({ name: m.name, displayName: m.displayName, text: formatMeasure(m), warning: measureWarning(m) })),
    }))
    .filter((g) => g.measures.length > 0);
}

/** The distinct warnings of a session, speed first. */
export function sessionWarnings(session: GaitSession): MeasureWarning[] {
  const found = new Set(measureGroups(session).flatMap((g) => g.measures.map((m) => m.warning).filter((w): w is MeasureWarning => w !== null)));
  return (["speed", "flexion"] as const).filter((w) => found.has(w));
}

export const schemaLabel = (schema: GaitSession["sessionSchema"]) => schema.replaceAll("_", "-");

const ASSISTANCE_LABELS: Record<string, string> = { NONE: "None", CANE: "Cane", WALKER: "Walker" };
export const assistanceLabel = (a: string) => ASSISTANCE_LABELS[a] ?? a;

/** Whether the progress charts show: at least one session in the range has the newer schema. */
export const hasChartableSessions = (sessions: readonly GaitSession[]) => sessions.some((s) => s.sessionSchema === "GAIT_SA_2");

/** The measures the progress charts and their table follow. */
export const PROGRESS_MEASURES = [
  { name: "avgSpeed", label: "Average Speed", unit: "m/s" },
  { name: "leftFlexion", label: "Left Hip Flexion", unit: "°" },
  { name: "rightFlexion", label: "Right Hip Flexion", unit: "°" },
  { name: "maxTrunkAngle", label: "Max Trunk Angle", unit: "°" },
  { name: "maxHeadFlexionAngle", label: "Max Head Flexion", unit: "°" },
] as const;

export type ProgressMeasure = (typeof PROGRESS_MEASURES)[number]["name"];

export interface ProgressRow {
  id: string;
  capturedDate: string;
  day: string;
  label: string;
  values: Partial<Record<ProgressMeasure, number>>;
  warnings: MeasureWarning[];
}

export interface GaitProgress {
  rows: ProgressRow[];
  /** Sessions of the older schema in the range (not charted). */
  olderCount: number;
  /** Rows whose average speed is below the threshold / whose hip flexion is below it. */
  slowCount: number;
  lowFlexionCount: number;
}

/** The progress charts' data: GAIT_SA_2 sessions of the range, oldest first. */
export function gaitProgress(sessions: readonly GaitSession[], timeZone: string): GaitProgress {
  const rows = sessions
    .filter((s) => s.sessionSchema === "GAIT_SA_2")
    .map((s): ProgressRow => {
      const values: ProgressRow["values"] = {};
      for (const it of s.session.data.items) {
        for (const m of it.measures) {
          if (!m.disabled && PROGRESS_MEASURES.some((p) => p.name === m.name)) values[m.name as ProgressMeasure] = m.value;
        }
      }
      const day = dayInZone(s.capturedDate, timeZone) ?? "";
      return { id: s.id, capturedDate: s.capturedDate, day, label: formatDay(day), values, warnings: sessionWarnings(s) };
    })
    .sort((a, b) => compareKeys(a.capturedDate, b.capturedDate) || compareKeys(a.id, b.id));
  return {
    rows,
    olderCount: sessions.filter((s) => s.sessionSchema !== "GAIT_SA_2").length,
    slowCount: rows.filter((r) => r.warnings.includes("speed")).length,
    lowFlexionCount: rows.filter((r) => r.warnings.includes("flexion")).length,
  };
}
