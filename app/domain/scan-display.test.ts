import { describe, expect, it } from "vitest";
import { canReplay, exportFileName, formatResultValue, REPLAY_REFUSED, replayFrameAt, shortUuid, versionAtLeast } from "./scan-display";

describe("scan display rules (002 §9)", () => {
  it("shows degrees with 0 decimals and everything else with 2", () => {
    expect(formatResultValue(87.6, "deg")).toBe("88");
    expect(formatResultValue(87.4, "°")).toBe("87");
    expect(formatResultValue(0.8, "m/s")).toBe("0.80");
    expect(formatResultValue(12, "s")).toBe("12.00");
    expect(formatResultValue(3, null)).toBe("3.00");
    expect(formatResultValue(Number.NaN, "s")).toBe("");
  });
  it("shortens a UUID to its first and last 4 characters", () => {
    expect(shortUuid("3f2b8c1e-0000-4000-8000-00000000a1b2")).toBe("3f2b…a1b2");
    expect(shortUuid("abc")).toBe("abc");
  });
  it("names an export by its title without colons", () => {
    expect(exportFileName("Scan Report: Denver Downtown Clinic", "csv")).toBe("Scan Report Denver Downtown Clinic.csv");
    expect(exportFileName("A:B:C", "pdf")).toBe("ABC.pdf");
  });
});

describe("replay", () => {
  it("is refused for sessions older than 2.18.0, with the spec's message", () => {
    expect(canReplay("2.18.0")).toBe(true);
    expect(canReplay("2.18.3")).toBe(true);
    expect(canReplay("2.19.1")).toBe(true);
    expect(canReplay("3.0.0")).toBe(true);
    expect(canReplay("2.17.9")).toBe(false);
    expect(canReplay("2.9.0")).toBe(false);
    expect(canReplay("1.99.99")).toBe(false);
    expect(canReplay("garbage")).toBe(false);
    expect(versionAtLeast("2.10.0", "2.9.9")).toBe(true);
    expect(REPLAY_REFUSED).toBe("Cannot replay for sessions < 2.18.0");
  });
  it("takes the frame from elapsed time at 30 fps and stops past the last frame", () => {
    expect(replayFrameAt(0, 0, 100)).toEqual({ frame: 0, done: false });
    expect(replayFrameAt(33, 0, 100)).toEqual({ frame: 0, done: false });
    expect(replayFrameAt(34, 0, 100)).toEqual({ frame: 1, done: false });
    expect(replayFrameAt(1000, 10, 100)).toEqual({ frame: 40, done: false });
    expect(replayFrameAt(3300, 0, 100)).toEqual({ frame: 99, done: false });
    expect(replayFrameAt(3334, 0, 100)).toEqual({ frame: 99, done: true });
    expect(replayFrameAt(-50, 5, 100)).toEqual({ frame: 5, done: false });
    // A slow tab (one callback after 500 ms) skips to the right frame instead of drawing the next one.
    expect(replayFrameAt(500, 0, 18_000).frame).toBe(15);
  });
});

describe("replayRefusal: the one rule of the sessions list, the replay page and the frame images", () => {
  it("no log first (whatever the version), then the version rule", async () => {
    const { replayRefusal } = await import("./scan-display");
    expect(replayRefusal("2.17.0", false)).toBe("No pose logs available");
    expect(replayRefusal("2.17.0", true)).toBe("Cannot replay for sessions < 2.18.0");
    expect(replayRefusal("2.18.0", true)).toBeNull();
    expect(replayRefusal(null, true)).toBeNull();
    expect(replayRefusal(null, false)).toBe("No pose logs available");
  });
});
