import { describe, expect, it } from "vitest";
import { afterBillNoteText, interactionLabel, isLocked, notesInRange, notesSummary } from "./care-note";

describe("care notes", () => {
  it("locks only notes in a billed cycle", () => {
    expect(isLocked({ rtmCycleStatus: "BILLED" })).toBe(true);
    for (const s of ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", null] as const) expect(isLocked({ rtmCycleStatus: s })).toBe(false);
  });

  it("keeps the notes dated in the range, both ends included", () => {
    const notes = [{ date: "2026-03-10" }, { date: "2026-03-01" }, { date: "2026-02-28" }];
    expect(notesInRange(notes, { start: "2026-03-01", end: "2026-03-10" })).toEqual([{ date: "2026-03-10" }, { date: "2026-03-01" }]);
  });

  it("says what each note's call was (ADR 033)", () => {
    const n = (x: Partial<Parameters<typeof interactionLabel>[0]>) => interactionLabel({ isPatientInteraction: false, liveInteraction: null, unsuccessfulAttempt: false, minutes: 10, ...x });
    expect(n({})).toBeNull();
    expect(n({ isPatientInteraction: true, liveInteraction: { method: "VIDEO", twoWay: true } })).toBe("Video call, two-way");
    expect(n({ liveInteraction: { method: "PHONE", twoWay: false } })).toBe("Phone call, one-way");
    expect(n({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true })).toBe("Unsuccessful attempt (phone call)");
    expect(n({ isPatientInteraction: true })).toBe("Patient interactive communication, method not recorded");
  });

  it("a two-way call of 0 minutes says it is no interaction (ADR 049), as the API's flag does", () => {
    const n = (x: Partial<Parameters<typeof interactionLabel>[0]>) => interactionLabel({ isPatientInteraction: false, liveInteraction: null, unsuccessfulAttempt: false, minutes: 0, ...x });
    expect(n({ liveInteraction: { method: "VIDEO", twoWay: true } })).toBe("Video call, two-way (0 minutes: not an interaction)");
    expect(n({ liveInteraction: { method: "PHONE", twoWay: true }, minutes: 1, isPatientInteraction: true })).toBe("Phone call, two-way");
    expect(n({ liveInteraction: { method: "PHONE", twoWay: false } })).toBe("Phone call, one-way");
  });

  it("sums the minutes that count: unsuccessful attempts apart", () => {
    const note = (minutes: number, unsuccessfulAttempt = false) => ({ minutes, liveInteraction: unsuccessfulAttempt ? { method: "PHONE" as const, twoWay: false } : null, unsuccessfulAttempt });
    expect(notesSummary([])).toBeNull();
    expect(notesSummary([note(1)])).toBe("1 note, 1 minute");
    expect(notesSummary([note(10), note(5)])).toBe("2 notes, 15 minutes");
    expect(notesSummary([note(10), note(5, true)])).toBe("1 note, 10 minutes; 1 unsuccessful attempt (not counted)");
    expect(notesSummary([note(10), note(5, true), note(3, true)])).toBe("1 note, 10 minutes; 2 unsuccessful attempts (not counted)");
  });
});

describe("care time documented after a bill (ADR 043)", () => {
  it("says which bill it came after and what the month would reach", () => {
    expect(afterBillNoteText({ codes: ["98979"], billedOn: "2026-11-12", wouldReach: "98980" })).toBe("After 98979 was billed on Nov 12 — not part of it; the month would reach 98980");
    expect(afterBillNoteText({ codes: ["98980", "98981"], billedOn: "2026-11-30", wouldReach: null })).toBe("After 98980 + 98981 was billed on Nov 30 — not part of it");
  });
});
