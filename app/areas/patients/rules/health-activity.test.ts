import { describe, expect, it } from "vitest";
import { goalText, groupSessionsByDay, pageParam, resultStatusLabel, resultText, romText, type HealthSession, type HealthSet } from "./health-activity";

const set = (completionRatio: number, over: Partial<HealthSet["setInfo"]> = {}): HealthSet => ({
  exerciseId: "S-1",
  exerciseName: "Knee Extension",
  sideOfBody: "LEFT",
  setGoal: { goalType: "REPS", reps: 10, time: null },
  setInfo: { resultStatus: "SUCCESS", completedReps: 10, completedTime: 40, completionRatio, romMin: 12, romMax: 96, reportingMetric: "REPS", ...over },
});

const session = (id: string, date: string, sets: HealthSet[], hep: HealthSession["hep"] = { id: "h", name: "Knee program" }): HealthSession => ({
  id,
  date,
  sessionKind: hep ? "HEPSession" : "SingleSession",
  isSelfReported: false,
  hep,
  progressPercent: 0,
  sets,
});

describe("groupSessionsByDay", () => {
  it("groups newest-first sessions by their day in the zone, with progress and badge tone", () => {
    const days = groupSessionsByDay(
      [
        session("a", "2026-03-10T16:00:00.000Z", [set(1), set(1)]),
        session("b", "2026-03-10T03:00:00.000Z", [set(0)], null), // still 03/09 in Denver
        session("c", "2026-03-09T15:00:00.000Z", [set(1), set(0.5)]),
      ],
      "America/Denver",
    );
    expect(days.map((d) => [d.label, d.sessions.map((s) => [s.session.id, s.progress, s.tone, s.title])])).toEqual([
      ["03/10/2026", [["a", 100, "success", "Knee program"]]],
      [
        "03/09/2026",
        [
          ["b", 0, "warning", "Single exercise"],
          ["c", 75, "info", "Knee program"],
        ],
      ],
    ]);
  });
});

describe("set texts", () => {
  it("writes goals, results, ROM and statuses", () => {
    expect(goalText({ goalType: "REPS", reps: 10, time: null })).toBe("10 reps");
    expect(goalText({ goalType: "TIME", reps: null, time: 30 })).toBe("30 s");
    expect(goalText({ goalType: "REPS_OR_TIME", reps: 5, time: 60 })).toBe("5 reps or 60 s");
    expect(goalText({ goalType: "ROM", reps: null, time: null })).toBe("Range of motion");
    expect(resultText(set(1).setInfo)).toBe("10 reps in 40 s");
    expect(resultText(set(0, { completedReps: null, completedTime: null }).setInfo)).toBe("—");
    expect(romText(set(1).setInfo)).toBe("12°–96°");
    expect(romText(set(1, { romMin: null, romMax: 40.25 }).setInfo)).toBe("max 40°"); // degrees: 0 decimals (issue 25)
    expect(romText(set(1, { romMin: null, romMax: null }).setInfo)).toBeNull();
    expect(resultStatusLabel("SKIPPED_IN_SET")).toBe("Skipped in Set");
    expect(resultStatusLabel("CALIBRATION_ERROR")).toBe("Calibration Error");
    expect(resultStatusLabel("SELF_REPORTED")).toBe("Self Reported");
  });
});

describe("paging", () => {
  it("reads the page of the URL by the one rule of every list", () => {
    expect(pageParam(new URLSearchParams("page=2"))).toBe(2);
    expect(pageParam(new URLSearchParams("page=-1"))).toBe(1);
    expect(pageParam(new URLSearchParams("page=x"))).toBe(1);
    // Past the end is kept as asked: the list says there is no such page (it showed the last page before).
    expect(pageParam(new URLSearchParams("page=99"))).toBe(99);
  });
});
