import { describe, expect, it } from "vitest";
import type { HealthSession, HealthSet } from "./health-activity";
import { romSeries } from "./rom";

const set = (exerciseId: string, exerciseName: string, side: HealthSet["sideOfBody"], romMin: number | null, romMax: number | null): HealthSet => ({
  exerciseId,
  exerciseName,
  sideOfBody: side,
  setGoal: { goalType: "ROM", reps: null, time: null },
  setInfo: { resultStatus: "SUCCESS", completedReps: null, completedTime: null, completionRatio: 1, romMin, romMax, reportingMetric: "ROM" },
});

const session = (date: string, sets: HealthSet[]): HealthSession => ({
  id: `s-${date}`,
  date,
  sessionKind: "HEPSession",
  isSelfReported: false,
  hep: null,
  progressPercent: 100,
  sets,
});

describe("romSeries", () => {
  it("keeps one maximum record per day, per exercise and side, oldest first", () => {
    const sessions = [
      // Newest first, as the API answers. Denver: 2026-03-10T03:00Z is still 03/09.
      session("2026-03-10T16:00:00.000Z", [set("S-1", "Knee Extension", "LEFT", 10, 80)]),
      session("2026-03-10T03:00:00.000Z", [set("S-1", "Knee Extension", "LEFT", 12, 90), set("S-1", "Knee Extension", "RIGHT", 5, 70)]),
      session("2026-03-09T18:00:00.000Z", [set("S-1", "Knee Extension", "LEFT", 8, 85), set("S-1", "Knee Extension", "LEFT", 9, 88)]),
    ];
    expect(romSeries(sessions, "America/Denver")).toEqual([
      { key: "S-1|LEFT", exerciseId: "S-1", exerciseName: "Knee Extension", side: "Left", label: "Knee Extension (Left)", records: [{ day: "2026-03-09", romMax: 90, romMin: 12 }, { day: "2026-03-10", romMax: 80, romMin: 10 }] },
      { key: "S-1|RIGHT", exerciseId: "S-1", exerciseName: "Knee Extension", side: "Right", label: "Knee Extension (Right)", records: [{ day: "2026-03-09", romMax: 70, romMin: 5 }] },
    ]);
  });

  it("leaves out sets without a measured range and sessions without ROM", () => {
    const sessions = [session("2026-03-10T16:00:00.000Z", [set("S-2", "Wall Sit", null, null, null)]), session("2026-03-09T16:00:00.000Z", [])];
    expect(romSeries(sessions, "UTC")).toEqual([]);
  });

  it("names an exercise without a side by its name alone", () => {
    const [s] = romSeries([session("2026-03-10T16:00:00.000Z", [set("S-3", "Trunk Rotation", null, null, 40)])], "UTC");
    expect(s).toMatchObject({ label: "Trunk Rotation", records: [{ day: "2026-03-10", romMax: 40, romMin: null }] });
  });
});
