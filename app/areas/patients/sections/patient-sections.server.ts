/**
 * The data of each patient-detail section (000 §2.8), shaped for its view: one API call per section, run
 * when the section's route loads and streamed to the page (the loader returns these promises un-awaited, so
 * the header and tabs never wait for them). A failed call resolves to `{ error }` with the spec's message.
 *
 * Care notes and PRO answers are loaded whole and filtered by the range here: the views tell "none yet" from
 * "none in this range", and a dialog finds its note even outside the range.
 */
import { notesInRange, type CareNote } from "../rules/care-note";
import { dateRangeInstants, inDateRange, type DateRange } from "../../../domain/date-range";
import { gaitProgress, hasChartableSessions, type GaitProgress, type GaitSession } from "../rules/gait";
import { groupSessionsByDay, type SessionDay } from "../rules/health-activity";
import { hasProData, proAnswerRows, proCharts, type ProAnswerRow } from "../rules/pro";
import { romSeries } from "../rules/rom";
import { dayInZone } from "../../../domain/zoned-day";
import { romCharts, type RomChart } from "./rom";
import { proChartSpec, type DrawnProChart } from "./surveys";
import { gaitCharts, type GaitChart } from "./gait";
import { drawChart } from "../../../charts/draw-chart.server";
import { CARE_NOTES_LOAD_FAILED, listCareNotes } from "../../../api/care-notes.server";
import type { Api } from "../../../api/client.server";
import type { PatientRecord } from "../../../api/patients.server";
import { GAIT_SESSIONS_LOAD_FAILED, listGaitSessions } from "../../../api/gait.server";
import { HEALTH_SESSIONS_LOAD_FAILED, listHealthSessions } from "../../../api/health-sessions.server";
import { listPatientPros, PROS_LOAD_FAILED } from "../../../api/pros.server";

export type Loaded<T> = { data: T; error?: undefined } | { data?: undefined; error: string };

interface Ctx {
  api: Api;
  patientRecordId: string;
  range: DateRange;
  timeZone: string;
}

const failed = (message: string) => ({ error: message }) as const;

const sessionsOf = ({ api, patientRecordId, range, timeZone }: Ctx) =>
  listHealthSessions(api, patientRecordId, { ...dateRangeInstants(range, timeZone), includeSelfReported: range.includeSelfReported });

export async function loadHealthActivity(ctx: Ctx): Promise<Loaded<{ days: SessionDay[] }>> {
  const r = await sessionsOf(ctx);
  return r.error ? failed(HEALTH_SESSIONS_LOAD_FAILED) : { data: { days: groupSessionsByDay(r.data, ctx.timeZone) } };
}

export async function loadRom(ctx: Ctx): Promise<Loaded<{ charts: RomChart[]; sessionCount: number }>> {
  const r = await sessionsOf(ctx);
  if (r.error) return failed(HEALTH_SESSIONS_LOAD_FAILED);
  const charts = await Promise.all(romCharts(romSeries(r.data, ctx.timeZone)).map(async ({ spec, ...c }) => ({ ...c, chart: await drawChart(c.title, spec) })));
  return { data: { charts, sessionCount: r.data.length } };
}

export async function loadSurveys(ctx: Ctx): Promise<Loaded<{ charts: DrawnProChart[]; answers: ProAnswerRow[]; anyData: boolean }>> {
  const r = await listPatientPros(ctx.api, ctx.patientRecordId);
  if (r.error) return failed(PROS_LOAD_FAILED);
  const inRange = r.data.map((q) => ({ ...q, answers: q.answers.filter((a) => inDateRange(dayInZone(a.dateTime, ctx.timeZone) ?? "", ctx.range)) }));
  const charts = await Promise.all(proCharts(inRange, ctx.timeZone).map(async (c) => ({ ...c, chart: await drawChart(c.label, proChartSpec(c)) })));
  return { data: { charts, answers: proAnswerRows(inRange, ctx.timeZone), anyData: hasProData(r.data) } };
}

export async function loadCareNotes(ctx: Ctx): Promise<Loaded<{ notes: CareNote[]; inRange: CareNote[] }>> {
  const r = await listCareNotes(ctx.api, ctx.patientRecordId);
  return r.error ? failed(CARE_NOTES_LOAD_FAILED) : { data: { notes: r.data, inRange: notesInRange(r.data, ctx.range) } };
}

export async function loadGaitSessions(ctx: Ctx): Promise<Loaded<{ sessions: GaitSession[] }>> {
  const r = await listGaitSessions(ctx.api, ctx.patientRecordId, dateRangeInstants(ctx.range, ctx.timeZone));
  return r.error ? failed(GAIT_SESSIONS_LOAD_FAILED) : { data: { sessions: r.data } };
}

export async function loadGaitProgress(ctx: Ctx): Promise<Loaded<{ chartable: boolean; progress: GaitProgress; charts: GaitChart[]; sessionCount: number }>> {
  const r = await listGaitSessions(ctx.api, ctx.patientRecordId, dateRangeInstants(ctx.range, ctx.timeZone));
  if (r.error) return failed(GAIT_SESSIONS_LOAD_FAILED);
  const progress = gaitProgress(r.data, ctx.timeZone);
  const charts = await Promise.all(gaitCharts(progress).map(async ({ spec, ...c }) => ({ ...c, chart: await drawChart(c.title, spec) })));
  return { data: { chartable: hasChartableSessions(r.data), progress, charts, sessionCount: r.data.length } };
}

/**
 * The section's view with its content started (not awaited). `hasSessions` (from the record) tells "no
 * sessions yet" from "none in this range".
 */
export function startSection(product: "health" | "gait", section: string, record: PatientRecord, ctx: Ctx) {
  if (product === "gait") {
    const hasSessions = Boolean(record.productData.gait?.mostRecentSession);
    return section === "progress"
      ? { section: "gait-progress" as const, hasSessions, content: loadGaitProgress(ctx) }
      : { section: "gait-activity" as const, hasSessions, content: loadGaitSessions(ctx) };
  }
  const hasSessions = Boolean(record.productData.health?.mostRecentSession);
  switch (section) {
    case "rom":
      return { section: "rom" as const, hasSessions, content: loadRom(ctx) };
    case "pro":
      return { section: "pro" as const, content: loadSurveys(ctx) };
    case "care":
      return { section: "care" as const, content: loadCareNotes(ctx) };
    default:
      return { section: "activity" as const, hasSessions, content: loadHealthActivity(ctx) };
  }
}
