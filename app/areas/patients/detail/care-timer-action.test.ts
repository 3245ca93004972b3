import { describe, expect, it } from "vitest";
import { isCareTimerIntent, stoppedHref } from "./care-timer-action.server";
import { stoppedTimerOf } from "../sections/section-view";

describe("the care timer's Stop", () => {
  it("opens Add Care Note on the Care Management tab with the stopped timer's id, keeping the date range and dropping other dialogs", () => {
    expect(stoppedHref("p1", "/patients/p1/health/activity/?start=2026-11-01&end=2026-11-27&dialog=program&program=h1&page=2&timed=45", "t1")).toBe(
      "/patients/p1/health/care/?start=2026-11-01&end=2026-11-27&dialog=care-note-new&timer=t1",
    );
    expect(stoppedHref("p1", "/patients/p1/", "t2")).toBe("/patients/p1/health/care/?dialog=care-note-new&timer=t2");
  });

  it("knows its intents (the program's unassign is not one)", () => {
    expect(["care-timer-start", "care-timer-stop", "care-timer-pause", "care-timer-resume"].every(isCareTimerIntent)).toBe(true);
    expect(isCareTimerIntent("unassign-program")).toBe(false);
    expect(isCareTimerIntent(null)).toBe(false);
  });
});

describe("the dialog's stopped timer from the URL (issue 32: an id of the API's record, never minutes)", () => {
  const stopped = [{ id: "0c2d4e6f-8a1b-4c3d-9e5f-7a9b1c3d5e7f", startedAt: "2026-11-27T14:02:11.000Z", stoppedAt: "2026-11-27T14:47:40.000Z", minutes: 45 }];
  it("is the record the id names among the caller's stopped timers", () => {
    expect(stoppedTimerOf(new URLSearchParams({ timer: stopped[0]!.id }), stopped)).toEqual(stopped[0]);
  });
  it("is none for minutes in the URL, an unknown or used id, or no records", () => {
    expect(stoppedTimerOf(new URLSearchParams({ timed: "45" }), stopped)).toBeUndefined();
    expect(stoppedTimerOf(new URLSearchParams({ timer: "45" }), stopped)).toBeUndefined();
    expect(stoppedTimerOf(new URLSearchParams({ timer: stopped[0]!.id }), [])).toBeUndefined();
    expect(stoppedTimerOf(new URLSearchParams({ timer: stopped[0]!.id }), undefined)).toBeUndefined();
  });
});
