import { describe, expect, it } from "vitest";
import type { AdminGaitSession } from "../../../api/admin-sessions.server";
import type { ScanSession } from "../../../api/scan.server";
import { adminSessionRow, gaitRow } from "./admin-session-row";

const scan = (artifacts: ScanSession["artifacts"], scanVersion = "2.18.2"): ScanSession => ({
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  createdDate: "2026-11-20T15:04:12.000Z",
  updatedDate: "2026-11-20T15:05:40.000Z",
  sessionUUID: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b",
  session: { data: { assessmentId: "AST-0031", results: [] }, meta: { scanVersion, demographics: null } },
  location: { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e", name: "Denver" },
  practitioner: null,
  organization: { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Org", logoUrl: null },
  artifacts,
  participant: { uid: "P-1", isArchived: false, archivedDate: null },
  resultsInsights: [],
});

const gait = (artifacts: AdminGaitSession["artifacts"]): AdminGaitSession => ({
  id: "2d9c1f7e-3b4a-4c5d-8e6f-7a8b9c0d1e2f",
  capturedDate: "2026-11-20T16:32:05.000Z",
  sessionUUID: "7c3e9a1b-2d4f-4a6b-8c0d-1e2f3a4b5c6d",
  sessionSchema: "GAIT_SA_2",
  patient: { firstName: "Ruth", lastName: "Delgado" },
  patientRecordGaitUid: "G-1042",
  practitioner: null,
  organization: { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Org", logoUrl: null },
  artifacts,
  session: { meta: { capturedDate: "2026-11-20T16:32:05.000Z", comment: null, assistanceOption: "NONE", unitsSelected: "METRIC" }, data: { items: [] } },
});

describe("admin session rows offer a log's actions only where the log exists (issue 25)", () => {
  it("scan: the pose log, else the hands log; neither: no replay, 'No pose logs available'", () => {
    expect(adminSessionRow(scan(["pose-log", "hands-log"]), new Map(), "UTC")).toMatchObject({ log: "pose-log", replay: { allowed: true } });
    expect(adminSessionRow(scan(["hands-log"]), new Map(), "UTC")).toMatchObject({ log: "hands-log", replay: { allowed: true }, noLogsMessage: null });
    expect(adminSessionRow(scan([]), new Map(), "UTC")).toMatchObject({ log: null, replay: null, noLogsMessage: "No pose logs available" });
  });

  it("gait: Replay and Log only for a session with a pose log", () => {
    expect(gaitRow(gait(["pose-log"]), "UTC").poseLog).toBe(true);
    expect(gaitRow(gait([]), "UTC").poseLog).toBe(false);
  });
});
