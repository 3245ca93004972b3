/**
 * The Health activity view's rules (spec 000 §2.8): sessions grouped by the day they happened (in the
 * organization's time zone, newest first), each set with its result status, goal, result and range of
 * motion; the session's completion badge (session-progress.ts). Also the paging of long histories.
 */
import type { Schema } from "../../../api/schemas";
import { completionTone, sessionProgress, type CompletionTone } from "./session-progress";
import { dayInZone, formatDay, formatTime } from "../../../domain/zoned-day";
import { formatDegrees } from "../../../domain/result-format";
import { pageParam as pageOfUrl } from "../../../domain/paging";

export type HealthSession = Schema<"HealthSession">;
export type HealthSet = Schema<"HealthSet">;
export type ResultStatus = HealthSet["setInfo"]["resultStatus"];

export const RESULT_STATUS_LABELS: Record<ResultStatus, string> = {
  NOT_STARTED: "Not Started",
  SKIPPED: "Skipped",
  SKIPPED_IN_SET: "Skipped in Set",
  CALIBRATION_ERROR: "Calibration Error",
  SUCCESS: "Success",
  SELF_REPORTED: "Self Reported",
};

export const resultStatusLabel = (s: string): string => RESULT_STATUS_LABELS[s as ResultStatus] ?? s;

const SIDE_LABELS: Record<string, string> = { LEFT: "Left", RIGHT: "Right", BOTH: "Both" };
export const sideLabel = (side: string | null | undefined): string | null => (side ? (SIDE_LABELS[side] ?? side) : null);

/** Degrees by the one result rule (0 decimals, domain/result-format.ts): 96 → '96°', 12.25 → '12°'. */
export const degrees = formatDegrees;

/** The set's goal in words: '10 reps', '30 s', 'Range of motion', '5 reps or 60 s'. */
export function goalText(goal: HealthSet["setGoal"]): string {
  switch (goal.goalType) {
    case "REPS":
      return goal.reps != null ? `${goal.reps} reps` : "Reps";
    case "TIME":
      return goal.time != null ? `${goal.time} s` : "Time";
    case "REPS_OR_TIME":
      return `${goal.reps ?? "?"} reps or ${goal.time ?? "?"} s`;
    default:
      return "Range of motion";
  }
}

/** What was done: completed reps and/or time ('8 reps', '42 s', '8 reps in 42 s'); '—' when nothing was counted. */
export function resultText(info: HealthSet["setInfo"]): string {
  const reps = info.completedReps != null ? `${info.completedReps} reps` : null;
  const time = info.completedTime != null ? `${info.completedTime} s` : null;
  if (reps && time) return `${reps} in ${time}`;
  return reps ?? time ?? "—";
}

/** The measured range of motion ('12°–96°', or one end), null when not measured. */
export function romText(info: HealthSet["setInfo"]): string | null {
  if (info.romMin == null && info.romMax == null) return null;
  if (info.romMin != null && info.romMax != null) return `${degrees(info.romMin)}–${degrees(info.romMax)}`;
  return info.romMax != null ? `max ${degrees(info.romMax)}` : `min ${degrees(info.romMin!)}`;
}

export interface SessionView {
  session: HealthSession;
  time: string;
  progress: number;
  tone: CompletionTone;
  title: string;
}

export interface SessionDay {
  day: string;
  label: string;
  sessions: SessionView[];
}

export const sessionTitle = (s: HealthSession) => (s.sessionKind === "SingleSession" ? "Single exercise" : (s.hep?.name ?? "Program session"));

/** Sessions (newest first) grouped by their day in `timeZone`, in the order given. */
export function groupSessionsByDay(sessions: readonly HealthSession[], timeZone: string): SessionDay[] {
  const days: SessionDay[] = [];
  for (const session of sessions) {
    const day = dayInZone(session.date, timeZone) ?? "unknown";
    let group = days.at(-1);
    if (!group || group.day !== day) {
      group = { day, label: formatDay(day), sessions: [] };
      days.push(group);
    }
    const progress = sessionProgress(session.sets);
    group.sessions.push({ session, time: formatTime(session.date, timeZone), progress, tone: completionTone(progress), title: sessionTitle(session) });
  }
  return days;
}

/** The `page` search parameter (the one rule of every list, domain/paging.ts). */
export const pageParam = (searchParams: URLSearchParams): number => pageOfUrl(searchParams.get("page"));
