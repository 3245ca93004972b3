/**
 * Realistic report data for tests and the benchmark (not used by the app): a knee patient with a program of
 * five exercises (ROM, REPS on both sides, TIME, REPS_OR_TIME), sessions on about two days in three, pain and
 * strength answered about twice a week — deterministic for a given number of days.
 */
import type { ActivityReport, ProgramGoal } from "./report-data";

const DAY_MS = 86_400_000;
const dayAt = (start: string, i: number) => new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);

/** A small deterministic pseudo-random sequence (no Math.random: the same report every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export const FIXTURE_EXERCISES = [
  { exerciseId: "S-0001", exerciseName: "Seated Knee Flexion", goalType: "ROM", sideOfBody: "LEFT" },
  { exerciseId: "S-0003", exerciseName: "Seated Knee Extension", goalType: "REPS", sideOfBody: "LEFT" },
  { exerciseId: "S-0003", exerciseName: "Seated Knee Extension", goalType: "REPS", sideOfBody: "RIGHT" },
  { exerciseId: "S-0007", exerciseName: "Single Leg Balance", goalType: "TIME", sideOfBody: null },
  { exerciseId: "S-0010", exerciseName: "Sit to Stand", goalType: "REPS_OR_TIME", sideOfBody: null },
] as const;

export const FIXTURE_GOALS: ProgramGoal[] = [
  { exerciseId: "S-0001", sideOfBody: "LEFT", goalType: "ROM", reps: null, time: null, numSets: 2, dailyFrequency: 2 },
  { exerciseId: "S-0003", sideOfBody: "LEFT", goalType: "REPS", reps: 10, time: null, numSets: 3, dailyFrequency: 2 },
  { exerciseId: "S-0003", sideOfBody: "RIGHT", goalType: "REPS", reps: 10, time: null, numSets: 3, dailyFrequency: 2 },
  { exerciseId: "S-0007", sideOfBody: null, goalType: "TIME", reps: null, time: 30, numSets: 3, dailyFrequency: 1 },
  { exerciseId: "S-0010", sideOfBody: null, goalType: "REPS_OR_TIME", reps: 5, time: 60, numSets: 2, dailyFrequency: 1 },
];

export function reportFixture(dayCount: number, options: { end?: string; activity?: boolean } = {}): ActivityReport {
  const end = options.end ?? "2026-03-31";
  const start = dayAt(end, -(dayCount - 1));
  const next = rng(dayCount * 7919);
  const activeDays: string[] = [];
  const proDays: string[] = [];
  if (options.activity !== false) {
    for (let i = 0; i < dayCount; i++) {
      if (next() < 0.68) activeDays.push(dayAt(start, i));
      if (i % 3 === 1) proDays.push(dayAt(start, i));
    }
  }
  const exercises: ActivityReport["exercises"] = FIXTURE_EXERCISES.map((e, k) => ({
    ...e,
    days: activeDays
      .filter(() => next() < 0.9 - k * 0.05)
      .map((date, i) => {
        const progress = i / Math.max(1, activeDays.length);
        const rom = e.goalType === "ROM";
        return {
          date,
          totalReps: Math.round((rom ? 12 : 40) + progress * 20 + next() * 15),
          minRange: rom ? Math.round(10 - progress * 6 + next() * 4) : null,
          maxRange: rom ? Math.round(85 + progress * 30 + next() * 8) : e.goalType === "REPS" ? Math.round(70 + next() * 10) : null,
        };
      }),
  }));
  const answers = (base: number, slope: number) =>
    proDays.map((day, i) => ({ dateTime: `${day}T15:${String(10 + (i % 40)).padStart(2, "0")}:00.000Z`, value: String(Math.max(0, Math.min(10, Math.round(base + slope * (i / Math.max(1, proDays.length)) + (next() - 0.5) * 2)))) }));
  const sessionDays = new Set(exercises.flatMap((e) => e.days.map((d) => d.date)));
  const any = new Set([...sessionDays, ...proDays]);
  const org = { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Front Range Physical Therapy", logoUrl: null };
  const provider = { id: "7b1e2f9a-4c3d-4e5f-8a9b-0c1d2e3f4a5b", firstName: "Maya", lastName: "Okafor" };
  return {
    organization: org,
    provider,
    patientRecord: {
      id: "5c2d8e4a-1b3f-4a6c-9d7e-8f0a1b2c3d4e",
      patient: { firstName: "Ana", lastName: "Rivera", email: "ana.rivera@example.com", phoneNumber: "+13035550142", dob: "1961-04-18", hasAccount: true },
      practitioner: provider,
      rtmBillingPractitioner: { ...provider, npi: "1234567893", credential: "PT" },
      location: { id: "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11", name: "Denver Downtown Clinic" },
      organization: org,
      products: ["HEALTH"],
      discharged: false,
      dischargeDate: null,
      plansOfCare: [{ start: start, end: null }],
      mostRecentSession: null,
      mostRecentActivity: null,
      hidden: false,
      productData: {
        health: {
          injuredSideOfBody: "LEFT",
          injuredBodyPart: "KNEE",
          status: "HAS_ACCOUNT",
          heps: [{ id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", name: "Knee strengthening, phase 1" }],
          mostRecentSession: null,
          mostRecentActivity: null,
        },
        gait: null,
      },
    },
    meta: {
      start: `${start}T07:00:00.000Z`,
      end: `${dayAt(end, 1)}T06:59:59.999Z`,
      minDate: start,
      maxDate: end,
      dayCount,
      dayCountAnyActivity: any.size,
      dayCountSessions: sessionDays.size,
      dayCountPROs: proDays.length,
    },
    exercises: options.activity === false ? [] : exercises,
    pros:
      proDays.length === 0
        ? []
        : [
            { id: "6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2b", questionId: "LEVEL_OF_PAIN", text: "What is your level of pain today?", isChartable: true, minValue: 0, maxValue: 10, answers: answers(7, -4) },
            { id: "6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2c", questionId: "PERCENTAGE_OF_NORMAL", text: "How strong do you feel today?", isChartable: true, minValue: null, maxValue: null, answers: answers(3, 4) },
          ],
  };
}
