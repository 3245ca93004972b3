/**
 * The Surveys tab (spec 000 §2.8, §3 PRO question, §9): each chartable question's numeric answers over time,
 * with a y range from the question's bounds (default 0 to 10), and the prompt's label — the default pain
 * prompt is 'Pain Level', the strength variant 'Strength Level'. Answers of other questions are listed.
 */
import type { Schema } from "../../../api/schemas";
import { dayInZone, formatDay } from "../../../domain/zoned-day";
import { compareKeys } from "../../../domain/collate";

export type ProQuestion = Schema<"ProQuestion">;

export const PAIN_PROMPT = "What is your level of pain today?";
export const STRENGTH_PROMPT = "How strong do you feel today?";
export const PRO_Y_RANGE_DEFAULT: [number, number] = [0, 10];

const NUMBER = /^-?\d+(\.\d+)?$/;
const LABELS: Record<string, string> = { [PAIN_PROMPT]: "Pain Level", [STRENGTH_PROMPT]: "Strength Level" };

/** The label of a question: 'Pain Level', 'Strength Level', or its text. */
export const proLabel = (q: Pick<ProQuestion, "text">): string => LABELS[q.text.trim()] ?? q.text;

export interface ProPoint {
  dateTime: string;
  day: string;
  label: string;
  value: number;
}

export interface ProChart {
  id: string;
  label: string;
  prompt: string;
  yRange: [number, number];
  points: ProPoint[];
}

export interface ProAnswerRow {
  id: string;
  label: string;
  day: string;
  value: string;
}

/** Chartable questions with their numeric answers (oldest first); questions without answers are left out. */
export function proCharts(questions: readonly ProQuestion[], timeZone: string): ProChart[] {
  return questions
    .filter((q) => q.isChartable)
    .map((q) => {
      const points = q.answers
        .flatMap((a) => {
          const day = dayInZone(a.dateTime, timeZone);
          const text = a.value.trim();
          return day && NUMBER.test(text) ? [{ dateTime: a.dateTime, value: Number(text), day, label: formatDay(day) }] : [];
        })
        .sort((a, b) => compareKeys(a.dateTime, b.dateTime));
      const min = q.minValue ?? PRO_Y_RANGE_DEFAULT[0];
      const max = q.maxValue ?? PRO_Y_RANGE_DEFAULT[1];
      return { id: q.id, label: proLabel(q), prompt: q.text, yRange: (max > min ? [min, max] : PRO_Y_RANGE_DEFAULT) as [number, number], points };
    })
    .filter((c) => c.points.length > 0);
}

/** Answers of questions that are not charted (text, yes/no), newest first. */
export function proAnswerRows(questions: readonly ProQuestion[], timeZone: string): ProAnswerRow[] {
  return questions
    .filter((q) => !q.isChartable)
    .flatMap((q) => q.answers.map((a, i) => ({ id: `${q.id}-${i}`, label: proLabel(q), dateTime: a.dateTime, value: a.value, day: formatDay(dayInZone(a.dateTime, timeZone) ?? "") })))
    .sort((a, b) => compareKeys(b.dateTime, a.dateTime))
    .map(({ dateTime: _, ...row }) => row);
}

/** Whether there is anything to show. */
export const hasProData = (questions: readonly ProQuestion[]) => questions.some((q) => q.answers.length > 0);
