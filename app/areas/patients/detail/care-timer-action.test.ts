import { describe, expect, it } from "vitest";
import { isCareTimerIntent, stoppedHref } from "./care-timer-action.server";
import { timedMinutes } from "../sections/section-view";

describe("the care timer's Stop", () => {
  it("opens Add Care Note on the Care Management tab with the minutes, keeping the date range and dropping other dialogs", () => {
    expect(stoppedHref("p1", "/patients/p1/health/activity/?start=2026-11-01&end=2026-11-27&dialog=program&program=h1&page=2", 12)).toBe(
      "/patients/p1/health/care/?start=2026-11-01&end=2026-11-27&dialog=care-note-new&timed=12",
    );
    expect(stoppedHref("p1", "/patients/p1/", 0)).toBe("/patients/p1/health/care/?dialog=care-note-new&timed=0");
  });

  it("knows its intents (the program's unassign is not one)", () => {
    expect(["care-timer-start", "care-timer-stop", "care-timer-pause", "care-timer-resume"].every(isCareTimerIntent)).toBe(true);
    expect(isCareTimerIntent("unassign-program")).toBe(false);
    expect(isCareTimerIntent(null)).toBe(false);
  });
});

describe("the dialog's timed minutes from the URL", () => {
  it.each([
    ["12", 12],
    ["0", 0],
    ["1440", 1440],
    ["1441", undefined],
    ["-1", undefined],
    ["1.5", undefined],
    ["abc", undefined],
    ["", undefined],
  ])("timed=%s is %s", (v, n) => expect(timedMinutes(new URLSearchParams({ timed: v }))).toBe(n));

  it("is none without the parameter", () => expect(timedMinutes(new URLSearchParams())).toBeUndefined());
});
