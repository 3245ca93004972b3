import { describe, expect, it } from "vitest";
import type { Schema } from "../../../api/schemas";
import { gaitChartImageSvg } from "./chart-image.server";
import { gaitBars, gaitCsvFileName, gaitCsvRecords, gaitCsvRows, gaitPngFileName, isBelow, shareBelow, shareLabel, speedOf } from "./report";

type GaitSession = Schema<"GaitSession">;

function gait(id: string, patient: string, first: string, uid: string | null, captured: string, speed: number | null, measure = "avgSpeed"): GaitSession {
  return {
    id,
    sessionUUID: id,
    sessionSchema: measure === "avgSpeed" ? "GAIT_SA_2" : "GAIT_SA_1",
    capturedDate: captured,
    patientRecordId: patient,
    subject: { firstName: first, lastName: "Doe", gaitUid: uid },
    practitioner: null,
    session: {
      meta: { capturedDate: captured, comment: id === "s1" ? "Used a cane, \"slow\" turn" : null, assistanceOption: id === "s1" ? "CANE" : "NONE", unitsSelected: "METRIC" },
      data: { items: speed === null ? [] : [{ item: "speed", type: "gait", measures: [{ name: measure, displayName: "Speed", value: speed, unit: "m/s", disabled: false }] }] },
    },
  } as GaitSession;
}

const sessions = [
  gait("s1", "pa", "Ann", "G-1", "2026-11-20T15:00:00.000Z", 0.5),
  gait("s2", "pb", "Bob", "G-2", "2026-11-20T16:00:00.000Z", 1.234, "speed"),
  gait("s3", "pa", "Ann", "G-1", "2026-11-20T17:00:00.000Z", 0.799),
  gait("s4", "pc", "Cy", null, "2026-11-20T18:00:00.000Z", null),
  gait("s5", "pd", "Dee", null, "2026-11-20T19:00:00.000Z", 0.61),
];

describe("gait chart data", () => {
  it("finds the speed measure of either schema", () => {
    expect(speedOf(sessions[1]!.session.data.items)).toBe(1.234);
    expect(speedOf([])).toBeNull();
  });
  it("compares at 2 decimals", () => {
    expect(isBelow(0.79)).toBe(true);
    expect(isBelow(0.795)).toBe(false);
    expect(isBelow(0.8)).toBe(false);
  });
  it("one bar per subject (last session of the day), labelled 'First Last (gaitUid)'", () => {
    expect(gaitBars(sessions)).toEqual([
      { subject: "Ann Doe (G-1)", speed: 0.8, below: false },
      { subject: "Bob Doe (G-2)", speed: 1.23, below: false },
      { subject: "Dee Doe", speed: 0.61, below: true },
    ]);
  });
  it("labels the share below the threshold", () => {
    const share = shareBelow(gaitBars(sessions));
    expect(share).toEqual({ below: 1, total: 3, percent: 33 });
    expect(shareLabel(share)).toBe("1 of 3 subjects (33%) below 0.8 m/s");
    expect(shareLabel(shareBelow([]))).toBe("0 of 0 subjects (0%) below 0.8 m/s");
  });
  it("keeps same-named subjects apart", () => {
    const bars = gaitBars([gait("x", "p1", "Al", null, "2026-11-20T15:00:00.000Z", 1), gait("y", "p2", "Al", null, "2026-11-20T15:00:00.000Z", 0.2)]);
    expect(bars.map((b) => b.subject)).toEqual(["Al Doe", "Al Doe #2"]);
  });
  it("draws the image with a bar per subject, the reference line, the title and share, and escaped labels", async () => {
    const svg = await gaitChartImageSvg([{ subject: "A <b> & C", speed: 0.61, below: true }], "2026-11-20");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("A &lt;b&gt; &amp; C");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain(">0.8 m/s<");
    expect(svg).toContain(">0.61<");
    expect(svg).toContain("Gait speed per subject, 11/20/2026");
    expect(svg).toContain("1 of 1 subject (100%) below 0.8 m/s");
    expect(svg).toContain('fill="#b54708"');
  });
});

describe("gait CSV", () => {
  it("one row per session with the organization's time, 2-decimal speed and the threshold", () => {
    const records = gaitCsvRecords(gaitCsvRows(sessions, "America/Denver"));
    expect(records[0]).toEqual(["First Name", "Last Name", "Gait UID", "Captured", "Assistance", "Speed (m/s)", "Below 0.8 m/s", "Comment"]);
    expect(records[1]).toEqual(["Ann", "Doe", "G-1", "11/20/2026 8:00 AM MST", "Cane", "0.50", "Yes", 'Used a cane, "slow" turn']);
    expect(records[2]).toEqual(["Bob", "Doe", "G-2", "11/20/2026 9:00 AM MST", "None", "1.23", "No", ""]);
    expect(records[4]).toEqual(["Cy", "Doe", "", "11/20/2026 11:00 AM MST", "None", "", "", ""]);
  });
  it("is named by the report date", () => {
    expect(gaitCsvFileName("2026-11-05")).toBe("11-05-2026.csv");
    expect(gaitPngFileName("2026-11-05")).toBe("gait-report-11-05-2026.png");
  });
});

