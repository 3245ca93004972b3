/**
 * The patient report's content, shaped from the spec's report data (000 §3 "Report data", §7 GET
 * v2/health/patients/{id}/activity-report with groupBy=SIDE) — pure, no I/O, no drawing: the first page's
 * summary, one section per exercise and side (a trend chart's series and the table after it), one per PRO
 * question. The PDF renderer (report-pdf.server.ts) draws exactly this.
 *
 * - ROM exercises: minimum and maximum range of motion per day (degrees).
 * - REPS and REPS_OR_TIME: total repetitions per day; the daily goal (reps per set × sets × sessions per day
 *   of the assigned program) is marked when the program has that exercise on that side.
 * - TIME: the report data carries no seconds per day (only totalReps, minRange, maxRange), so the chart shows
 *   the completed repetitions and says so; the goal (seconds per set) is named in the caption.
 * - PROs: the numeric answers over time, y from the question's bounds (pain and strength 0–10 by default).
 * Empty periods and exercises or questions without values say so instead of drawing empty axes.
 */
import type { Schema } from "../../../api/schemas";
import { displayName } from "../../../domain/names";
import { dayInZone } from "../../../domain/zoned-day";
import { formatResultValue } from "../../../domain/result-format";
import { PRO_Y_RANGE_DEFAULT, proLabel } from "../rules/pro";
import { bodyPartLabel, sideLabel } from "../rules/patient-record";
import { compareExact, compareKeys } from "../../../domain/collate";

export type ActivityReport = Schema<"ActivityReport">;
type ReportExercise = ActivityReport["exercises"][number];
type ReportPro = ActivityReport["pros"][number];

/** The goal of a program's block, as the report needs it (from GET v2/health/heps/{id}). */
export interface ProgramGoal {
  exerciseId: string;
  sideOfBody: string | null;
  goalType: "ROM" | "TIME" | "REPS" | "REPS_OR_TIME";
  reps: number | null;
  time: number | null;
  numSets: number;
  dailyFrequency: number;
}

export type ChartMetric = "ROM" | "REPS" | "TIME";

export interface ExerciseSection {
  title: string;
  metric: ChartMetric;
  chartTitle: string;
  yName: string;
  /** Days with a value of the chart's metric, oldest first (MM/dd labels). */
  points: { day: string; label: string; min: number | null; max: number | null; reps: number }[];
  /** The goal line (per day), or null when there is none to mark. */
  goal: number | null;
  goalLabel: string | null;
  note: string | null;
  table: { header: string[]; rows: string[][] };
  /** No value to chart: the section says so instead of drawing empty axes. */
  empty: boolean;
}

export interface ProSection {
  title: string;
  prompt: string;
  chartable: boolean;
  yRange: [number, number];
  points: { dateTime: string; day: string; label: string; value: number }[];
  table: { header: string[]; rows: string[][] };
  empty: boolean;
}

export interface ReportModel {
  /** The document's title (PDF info and the first heading). */
  title: string;
  organizationName: string;
  period: string;
  /** 'Label: value' lines of the first page. */
  details: [string, string][];
  counts: { label: string; value: string }[];
  /** No session and no PRO answer in the period: the report is short and says so. */
  noActivity: boolean;
  exercises: ExerciseSection[];
  pros: ProSection[];
}

export const NO_ACTIVITY = "No activity was recorded in this period: no exercise sessions and no survey answers.";
export const NO_EXERCISE_DATA = "No values were recorded for this exercise in this period.";
export const NO_PRO_DATA = "No numeric answers to chart in this period.";
export const TIME_NOTE = "The report data carries no time per day: the chart shows the completed repetitions.";

/** 2026-03-05 → 03/05/2026. */
export const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const shortDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;
/** A range of motion in degrees, by the one result rule (0 decimals, domain/result-format.ts). */
const fmt = (n: number | null) => (n === null ? "–" : formatResultValue(n, "deg"));

const SIDE_NAMES: Record<string, string> = { LEFT: "Left", RIGHT: "Right", BOTH: "Both" };

/** The chart a goal type gets. */
export const metricOf = (goalType: ReportExercise["goalType"]): ChartMetric => (goalType === "ROM" ? "ROM" : goalType === "TIME" ? "TIME" : "REPS");

function goalFor(exercise: ReportExercise, goals: readonly ProgramGoal[]): ProgramGoal | undefined {
  const same = goals.filter((g) => g.exerciseId === exercise.exerciseId);
  return same.find((g) => g.sideOfBody === exercise.sideOfBody) ?? (same.length === 1 && (exercise.sideOfBody === null || same[0]!.sideOfBody === null) ? same[0] : undefined);
}

export function exerciseSection(exercise: ReportExercise, goals: readonly ProgramGoal[] = []): ExerciseSection {
  const metric = metricOf(exercise.goalType);
  const side = exercise.sideOfBody ? SIDE_NAMES[exercise.sideOfBody] ?? exercise.sideOfBody : null;
  const title = side ? `${exercise.exerciseName} (${side})` : exercise.exerciseName;
  const goal = goalFor(exercise, goals);
  const days = [...exercise.days].sort((a, b) => compareKeys(a.date, b.date));
  const points = days
    .filter((d) => (metric === "ROM" ? d.minRange !== null || d.maxRange !== null : true))
    .map((d) => ({ day: d.date, label: shortDay(d.date), min: d.minRange, max: d.maxRange, reps: d.totalReps }));
  const repsGoal = goal && goal.reps !== null && metric === "REPS" ? goal.reps * goal.numSets * goal.dailyFrequency : null;
  const goalLabel =
    metric === "REPS" && repsGoal !== null
      ? `Daily goal: ${repsGoal} reps (${goal!.reps} × ${goal!.numSets} sets × ${goal!.dailyFrequency} a day)`
      : metric === "TIME" && goal?.time
        ? `Goal: ${goal.time} s per set, ${goal.numSets} sets, ${goal.dailyFrequency} a day`
        : null;
  const chartTitle = metric === "ROM" ? `${title}: range of motion per day` : `${title}: repetitions per day`;
  return {
    title,
    metric,
    chartTitle,
    yName: metric === "ROM" ? "Degrees" : "Repetitions",
    points,
    goal: repsGoal,
    goalLabel,
    note: metric === "TIME" ? TIME_NOTE : null,
    table: {
      header: ["Date", "Total reps", "Min ROM (°)", "Max ROM (°)"],
      rows: days.map((d) => [usDay(d.date), String(d.totalReps), fmt(d.minRange), fmt(d.maxRange)]),
    },
    empty: points.length === 0,
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

export function proSection(q: ReportPro, timeZone: string): ProSection {
  const yRange: [number, number] = [q.minValue ?? PRO_Y_RANGE_DEFAULT[0], q.maxValue ?? PRO_Y_RANGE_DEFAULT[1]];
  const answers = [...q.answers].sort((a, b) => compareKeys(a.dateTime, b.dateTime));
  const points = q.isChartable
    ? answers.flatMap((a) => {
        const day = dayInZone(a.dateTime, timeZone);
        const value = a.value.trim();
        return day && NUMBER.test(value) ? [{ dateTime: a.dateTime, day, label: shortDay(day), value: Number(value) }] : [];
      })
    : [];
  return {
    title: proLabel(q),
    prompt: q.text,
    chartable: q.isChartable,
    yRange,
    points,
    table: { header: ["Date", "Answer"], rows: answers.map((a) => [usDay(dayInZone(a.dateTime, timeZone) ?? a.dateTime.slice(0, 10)), a.value]) },
    empty: points.length === 0,
  };
}

const provider = (p: ActivityReport["provider"]) => (p ? displayName(p) : "None assigned");

/** The whole report's content. `goals` come from the patient's assigned programs (optional). */
export function reportModel(report: ActivityReport, timeZone: string, goals: readonly ProgramGoal[] = []): ReportModel {
  const record = report.patientRecord;
  const health = record.productData.health;
  const { meta } = report;
  const period = `${usDay(meta.minDate)} – ${usDay(meta.maxDate)}`;
  const programs = health?.heps.map((h) => h.name).filter(Boolean) ?? [];
  const noActivity = meta.dayCountAnyActivity === 0 && report.exercises.every((e) => e.days.length === 0) && report.pros.every((p) => p.answers.length === 0);
  const exercises = [...report.exercises]
    .sort((a, b) => compareExact(a.exerciseName, b.exerciseName) || compareExact(a.sideOfBody ?? "", b.sideOfBody ?? ""))
    .map((e) => exerciseSection(e, goals));
  return {
    title: `Patient Report: ${displayName(record.patient)}`,
    organizationName: report.organization.name,
    period,
    details: [
      ["Patient", displayName(record.patient)],
      ["Provider", provider(report.provider)],
      ["Location", record.location?.name ?? "N/A"],
      ["Involved side", sideLabel(health?.injuredSideOfBody)],
      ["Involved body part", bodyPartLabel(health?.injuredBodyPart)],
      ["Programs", programs.length > 0 ? programs.join(", ") : "None assigned"],
      ["Period", `${period} (${meta.dayCount} days)`],
    ],
    counts: [
      { label: "Days with any activity", value: `${meta.dayCountAnyActivity} of ${meta.dayCount}` },
      { label: "Days with sessions", value: String(meta.dayCountSessions) },
      { label: "Days with survey answers", value: String(meta.dayCountPROs) },
    ],
    noActivity,
    exercises: noActivity ? [] : exercises,
    pros: noActivity ? [] : report.pros.map((q) => proSection(q, timeZone)),
  };
}

/** The goals of the assigned programs' blocks (each program's sessions per day). */
export function programGoals(programs: readonly Pick<Schema<"Program">, "dailyFrequency" | "blocks">[]): ProgramGoal[] {
  return programs.flatMap((p) =>
    p.blocks.map((b) => ({
      exerciseId: b.exerciseId,
      sideOfBody: b.sideOfBody,
      goalType: b.setGoal.goalType,
      reps: b.setGoal.reps,
      time: b.setGoal.time,
      numSets: b.numSets,
      dailyFrequency: p.dailyFrequency,
    })),
  );
}
