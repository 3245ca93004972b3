import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { carePathSchema, NUMBER_RANGE, TRACK_REQUIRED } from "../forms/care-path";
import { applyEdits, decodeEdits, encodeEdits, parsePathsState, pathsHref, phaseGoal, saveEdits, searchPaths, type PhaseEdit } from "./care-paths";
import { LOGIC_OPTIONS, PREVIEW_PHASES, SAMPLE_CARE_PATHS, TYPE_OPTIONS } from "./sample-paths";

const knee = SAMPLE_CARE_PATHS.find((p) => p.id === "total-knee")!;
const editOf = (i: number): PhaseEdit => {
  const { selectedTrack, selectedLogic, selectedNumber, selectedType, messageProvider } = knee.phases[i]!;
  return { selectedTrack, selectedLogic, selectedNumber, selectedType, messageProvider };
};

describe("the sample (001 §3 Care path)", () => {
  it("has the spec's fields and options, with paths longer and shorter than the preview", () => {
    for (const path of SAMPLE_CARE_PATHS) {
      path.phases.forEach((phase, i) => {
        expect(phase.phaseNumber).toBe(i + 1);
        expect(phase.typeOptions).toEqual(["Degrees", "%", "Score", "Minutes", "Hours", "Days", "Weeks"]);
        expect(phase.logicOptions).toEqual([">", "<", "Equals"]);
        expect(phase.trackOptions).toContain(phase.selectedTrack);
        expect(phase.selectedNumber).toBeGreaterThanOrEqual(0);
        expect(phase.selectedNumber).toBeLessThanOrEqual(999);
      });
    }
    expect(SAMPLE_CARE_PATHS.some((p) => p.phases.length > PREVIEW_PHASES)).toBe(true);
    expect(SAMPLE_CARE_PATHS.some((p) => p.phases.length <= PREVIEW_PHASES)).toBe(true);
    expect(new Set(SAMPLE_CARE_PATHS.flatMap((p) => p.phases.map((ph) => ph.id))).size).toBe(SAMPLE_CARE_PATHS.reduce((n, p) => n + p.phases.length, 0));
  });
});

describe("the page's URL", () => {
  it("reads and writes the search, the edited path and the insights dialog", () => {
    expect(parsePathsState(new URLSearchParams("q=%20Knee&edit=total-knee&insights=BAD%20ID"))).toEqual({ q: "Knee", edit: "total-knee", insights: null });
    expect(pathsHref({ q: "knee", edit: "total-knee" })).toBe("/programs/paths/?q=knee&edit=total-knee");
    expect(pathsHref({})).toBe("/programs/paths/");
  });

  it("searches names case-insensitively", () => {
    expect(searchPaths(SAMPLE_CARE_PATHS, "KNEE").map((p) => p.id)).toEqual(["total-knee"]);
    expect(searchPaths(SAMPLE_CARE_PATHS, "")).toHaveLength(SAMPLE_CARE_PATHS.length);
    expect(searchPaths(SAMPLE_CARE_PATHS, "zzz")).toEqual([]);
  });
});

describe("saved edits", () => {
  it("keep only what differs from the sample and apply over it", () => {
    const changed = { ...editOf(0), selectedNumber: 100, messageProvider: false };
    const edits = saveEdits({}, knee, [changed, editOf(1), editOf(2), editOf(3), editOf(4)]);
    expect(Object.keys(edits)).toEqual(["total-knee-1"]);
    const applied = applyEdits(SAMPLE_CARE_PATHS, edits).find((p) => p.id === "total-knee")!;
    expect(applied.phases[0]).toMatchObject({ selectedNumber: 100, messageProvider: false, title: knee.phases[0]!.title });
    expect(applied.phases[1]).toEqual(knee.phases[1]);
    // Saving the sample's values again drops the edit.
    expect(saveEdits(edits, knee, knee.phases.map((_, i) => editOf(i)))).toEqual({});
  });

  it("round-trip through the cookie's compact form, for the same user only", () => {
    const edits = { "total-knee-2": { ...editOf(1), selectedTrack: "Pain Score", selectedLogic: "Equals" as const, selectedType: "Weeks" as const, selectedNumber: 999 } };
    const encoded = encodeEdits(edits, "user-1", SAMPLE_CARE_PATHS);
    expect(encoded.e["total-knee-2"]).toEqual([2, LOGIC_OPTIONS.indexOf("Equals"), 999, TYPE_OPTIONS.indexOf("Weeks"), 0]);
    expect(JSON.stringify(encoded).length).toBeLessThan(80);
    expect(decodeEdits(JSON.parse(JSON.stringify(encoded)), "user-1", SAMPLE_CARE_PATHS)).toEqual(edits);
    expect(decodeEdits(encoded, "user-2", SAMPLE_CARE_PATHS)).toEqual({});
    expect(decodeEdits({ ...encoded, v: 0 }, "user-1", SAMPLE_CARE_PATHS)).toEqual({});
  });

  it("drop what is not valid", () => {
    const bad = { v: 1, u: "u", e: { "total-knee-1": [9, 0, 1, 0, 1], "total-knee-2": [0, 0, 1000, 0, 1], "total-knee-3": [0, 0, 1, 0, 2], nope: [0, 0, 1, 0, 1], "total-knee-4": [0, 1, 5, 6, 1] } };
    expect(decodeEdits(bad, "u", SAMPLE_CARE_PATHS)).toEqual({ "total-knee-4": { selectedTrack: "Knee Flexion ROM", selectedLogic: "<", selectedNumber: 5, selectedType: "Weeks", messageProvider: true } });
    expect(decodeEdits("garbage", "u", SAMPLE_CARE_PATHS)).toEqual({});
  });

  it("describe a phase's goal", () => {
    expect(phaseGoal(knee.phases[0]!)).toBe("Knee Flexion ROM > 90 Degrees");
    expect(phaseGoal({ selectedTrack: "Program Adherence", selectedLogic: "Equals", selectedNumber: 80, selectedType: "%" })).toBe("Program Adherence equals 80%");
  });
});

describe("the edit form (001 §5: the number is 0 to 999 only)", () => {
  const form = (phases: Record<string, string>[]) => {
    const fd = new FormData();
    phases.forEach((p, i) => Object.entries(p).forEach(([k, v]) => fd.append(`phases[${i}].${k}`, v)));
    return fd;
  };
  const ok = { selectedTrack: "Pain Score", selectedLogic: "<", selectedNumber: "0", selectedType: "Score" };
  const three = SAMPLE_CARE_PATHS.find((p) => p.id === "low-back")!;

  it("accepts 0 and 999; Notify Provider is a checkbox", () => {
    const s = parseWithZod(form([{ ...ok, messageProvider: "on" }, { ...ok, selectedNumber: "999" }, ok]), { schema: carePathSchema(three) });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value.phases.map((p) => [p.selectedNumber, p.messageProvider])).toEqual([[0, true], [999, false], [0, false]]);
  });

  it("refuses numbers out of range, fractions, text and blanks at the field", () => {
    for (const bad of ["1000", "-1", "2.5", "abc", "", "1e2", "0x10"]) {
      const s = parseWithZod(form([ok, { ...ok, selectedNumber: bad }, ok]), { schema: carePathSchema(three) });
      expect(s.status, bad).toBe("error");
      expect(s.reply().error?.["phases[1].selectedNumber"], bad).toEqual([NUMBER_RANGE]);
    }
  });

  it("refuses a track that is not the phase's, and an unknown logic or type", () => {
    const s = parseWithZod(form([{ ...ok, selectedTrack: "Knee Flexion ROM" }, { ...ok, selectedLogic: ">=" }, { ...ok, selectedType: "Years" }]), { schema: carePathSchema(three) });
    const errors = s.reply().error ?? {};
    expect(errors["phases[0].selectedTrack"]).toEqual([TRACK_REQUIRED]);
    expect(errors["phases[1].selectedLogic"]).toBeTruthy();
    expect(errors["phases[2].selectedType"]).toBeTruthy();
  });
});
