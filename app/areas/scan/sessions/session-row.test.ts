import { describe, expect, it } from "vitest";
import type { ScanSession } from "../../../api/scan.server";
import { sessionRow } from "./session-row";

const base: ScanSession = {
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  createdDate: "2026-11-20T15:04:12.000Z",
  updatedDate: "2026-11-20T15:05:40.000Z",
  sessionUUID: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b",
  session: {
    data: { assessmentId: "AST-0024", results: [{ id: "k", name: "Knee ROM", value: 101.6, units: "deg" }, { id: "s", name: "Speed", value: 0.8, units: "m/s" }] },
    meta: { scanVersion: "2.18.0", demographics: null },
  },
  location: null,
  practitioner: { id: "7b1e2f9a-4c3d-4e5f-8a9b-0c1d2e3f4a5b", firstName: "Maya", lastName: "Okafor" },
  organization: { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Org", logoUrl: null },
  artifacts: ["pose-log"],
  participant: { uid: "P-1", isArchived: true, archivedDate: "2026-10-02T18:00:00.000Z" },
  resultsInsights: [],
};
const names = new Map([["AST-0024", "Range of Motion"]]);

describe("a scan session row", () => {
  it("formats date, results (0 decimals for degrees, else 2), practitioner, archived participant, short UUID", () => {
    const row = sessionRow(base, names, "America/Denver");
    expect(row).toMatchObject({
      date: "11/20/2026",
      time: "8:04 AM MST",
      assessmentName: "Range of Motion",
      results: [{ name: "Knee ROM", value: "102", units: "deg" }, { name: "Speed", value: "0.80", units: "m/s" }],
      practitioner: "Maya Okafor",
      participantUid: "P-1",
      archived: "10/02/2026",
      shortUuid: "1f2e…1a0b",
      replay: { allowed: true },
      logs: ["pose-log"],
      noLogsMessage: null,
    });
  });

  it("refuses replay before 2.18.0 (a session with a log); unknown assessment by id", () => {
    const row = sessionRow({ ...base, session: { ...base.session, meta: { scanVersion: "2.17.9", demographics: null } }, participant: { uid: "P-2", isArchived: false, archivedDate: null } }, new Map(), "UTC");
    expect(row.replay).toEqual({ allowed: false, message: "Cannot replay for sessions < 2.18.0" });
    expect(row.logs).toEqual(["pose-log"]);
    expect(row.archived).toBeNull();
    expect(row.assessmentName).toBe("AST-0024");
  });

  it("offers no replay and no download with neither log, whatever the version: 'No pose logs available' (issue 25)", () => {
    for (const scanVersion of ["2.18.0", "2.19.4", "2.17.9"]) {
      const row = sessionRow({ ...base, artifacts: [], session: { ...base.session, meta: { scanVersion, demographics: null } } }, names, "UTC");
      expect(row.replay, scanVersion).toBeNull();
      expect(row.logs).toEqual([]);
      expect(row.noLogsMessage).toBe("No pose logs available");
    }
  });

  it("a hands log only: replayed and downloadable like a pose log, no 'no logs' message (issue 25)", () => {
    const row = sessionRow({ ...base, artifacts: ["hands-log"] }, names, "UTC");
    expect(row.replay).toEqual({ allowed: true });
    expect(row.logs).toEqual(["hands-log"]);
    expect(row.noLogsMessage).toBeNull();
    expect(sessionRow({ ...base, artifacts: ["hands-log", "pose-log"] }, names, "UTC").logs).toEqual(["pose-log", "hands-log"]);
  });
});
