import { describe, expect, it } from "vitest";
import { isLocked, notesInRange } from "./care-note";

describe("care notes", () => {
  it("locks only notes in a billed cycle", () => {
    expect(isLocked({ rtmCycleStatus: "BILLED" })).toBe(true);
    for (const s of ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", null] as const) expect(isLocked({ rtmCycleStatus: s })).toBe(false);
  });

  it("keeps the notes dated in the range, both ends included", () => {
    const notes = [{ date: "2026-03-10" }, { date: "2026-03-01" }, { date: "2026-02-28" }];
    expect(notesInRange(notes, { start: "2026-03-01", end: "2026-03-10" })).toEqual([{ date: "2026-03-10" }, { date: "2026-03-01" }]);
  });
});
