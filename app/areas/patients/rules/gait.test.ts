import { describe, expect, it } from "vitest";
import { formatMeasure, formatMeasureValue, gaitProgress, hasChartableSessions, measureGroups, measureWarning, schemaLabel, sessionWarnings, type GaitSession } from "./gait";

const m = (name: string, value: number, unit: string, disabled = false) => ({ name, displayName: name, value, unit, disabled });

function session(id: string, capturedDate: string, schema: GaitSession["sessionSchema"], speed: number, flexion: [number, number]): GaitSession {
  return {
    id,
    sessionUUID: id,
    sessionSchema: schema,
    capturedDate,
    patientRecordId: "p",
    subject: { firstName: "Ruth", lastName: "Delgado", gaitUid: "G-1" },
    practitioner: null,
    session: {
      meta: { capturedDate, comment: null, assistanceOption: "NONE", unitsSelected: "METRIC" },
      data: {
        items: [
          { item: "speed", type: "gait", measures: [m(schema === "GAIT_SA_2" ? "avgSpeed" : "speed", speed, "m/s"), m("distance", 6, "m")] },
          { item: "hip", type: "bodypart", measures: [m("leftFlexion", flexion[0], "deg"), m("rightFlexion", flexion[1], "deg")] },
          { item: "head", type: "bodypart", measures: [m("maxHeadFlexionAngle", 5, "deg", true)] },
        ],
      },
    },
  };
}

describe("formats", () => {
  it("shows speed to 2 decimals and other values to 1", () => {
    expect(formatMeasureValue("avgSpeed", 0.8)).toBe("0.80");
    expect(formatMeasureValue("speed", 1.234)).toBe("1.23");
    expect(formatMeasureValue("leftFlexion", 24)).toBe("24.0");
    expect(formatMeasure(m("avgSpeed", 0.745, "m/s"))).toBe("0.74 m/s");
    expect(formatMeasure(m("leftFlexion", 19.96, "deg"))).toBe("20.0°");
    expect(formatMeasure(m("stepLengthDifference", 3.21, "%"))).toBe("3.2%");
    expect(schemaLabel("GAIT_SA_2")).toBe("GAIT-SA-2");
  });
});

describe("warnings", () => {
  it("warns when average speed is below 0.8 and hip flexion below 20, not at the threshold", () => {
    expect(measureWarning(m("avgSpeed", 0.79, "m/s"))).toBe("speed");
    expect(measureWarning(m("speed", 0.79, "m/s"))).toBe("speed");
    expect(measureWarning(m("avgSpeed", 0.8, "m/s"))).toBeNull();
    expect(measureWarning(m("leftFlexion", 19.9, "deg"))).toBe("flexion");
    expect(measureWarning(m("hipFlexionAngle", 20, "deg"))).toBeNull();
    expect(measureWarning(m("maxHeadFlexionAngle", 3, "deg"))).toBeNull();
    expect(measureWarning(m("avgSpeed", 0.1, "m/s", true))).toBeNull();
  });

  it("collects a session's warnings", () => {
    expect(sessionWarnings(session("a", "2026-03-01T16:00:00.000Z", "GAIT_SA_2", 0.7, [25, 18]))).toEqual(["speed", "flexion"]);
    expect(sessionWarnings(session("a", "2026-03-01T16:00:00.000Z", "GAIT_SA_2", 0.9, [25, 28]))).toEqual([]);
  });
});

describe("measureGroups", () => {
  it("drops disabled measures and groups left empty", () => {
    const groups = measureGroups(session("a", "2026-03-01T16:00:00.000Z", "GAIT_SA_2", 0.7, [25, 18]));
    expect(groups.map((g) => g.title)).toEqual(["Speed", "Hip"]);
    expect(groups[1]!.measures.map((x) => [x.name, x.text, x.warning])).toEqual([
      ["leftFlexion", "25.0°", null],
      ["rightFlexion", "18.0°", "flexion"],
    ]);
  });
});

describe("gaitProgress", () => {
  const sessions = [
    session("c", "2026-03-05T16:00:00.000Z", "GAIT_SA_2", 0.95, [26, 27]),
    session("b", "2026-03-03T16:00:00.000Z", "GAIT_SA_1", 0.6, [15, 15]),
    session("a", "2026-03-01T16:00:00.000Z", "GAIT_SA_2", 0.75, [19, 22]),
  ];

  it("charts only GAIT_SA_2 sessions, oldest first, and counts warnings and older sessions", () => {
    const p = gaitProgress(sessions, "America/Denver");
    expect(p.rows.map((r) => [r.id, r.label, r.values.avgSpeed, r.values.leftFlexion])).toEqual([
      ["a", "03/01/2026", 0.75, 19],
      ["c", "03/05/2026", 0.95, 26],
    ]);
    expect(p).toMatchObject({ olderCount: 1, slowCount: 1, lowFlexionCount: 1 });
  });

  it("shows charts only when a session of the newer schema is in the range", () => {
    expect(hasChartableSessions(sessions)).toBe(true);
    expect(hasChartableSessions([sessions[1]!])).toBe(false);
    expect(hasChartableSessions([])).toBe(false);
  });
});
