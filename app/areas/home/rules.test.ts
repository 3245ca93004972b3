import { describe, expect, it } from "vitest";
import { activityCards, dashboardNeedsActions, firstStepCards, hasPatients, patientName, rowDetail, rowTone, statusLabel } from "./rules";

const all = ["HEALTH", "GAIT", "PRO", "SCAN"];

describe("dashboard variant (000 §2.5)", () => {
  it("gives scan-only users the welcome without loading the activity", () => {
    expect(dashboardNeedsActions({ products: ["SCAN"], canInviteTeam: false })).toBe(false);
    expect(dashboardNeedsActions({ products: ["SCAN", "GAIT"], canInviteTeam: false })).toBe(true);
    expect(dashboardNeedsActions({ products: all, canInviteTeam: true })).toBe(true);
  });
  it("shows first steps when TOTAL_NUM_PATIENTS is 0", () => {
    expect(hasPatients({ TOTAL_NUM_PATIENTS: 0 })).toBe(false);
    expect(hasPatients({ TOTAL_NUM_PATIENTS: 1 })).toBe(true);
  });
});

describe("activity cards", () => {
  it("shows all four cards, in order, to Health users", () => {
    const cards = activityCards({ products: all, canInviteTeam: false });
    expect(cards.map((c) => c.key)).toEqual(["NO_ACCOUNT", "NO_RECENT_SESSION", "NO_HEP", "READY_TO_BILL"]);
    expect(cards.find((c) => c.key === "READY_TO_BILL")?.link?.href).toBe("/rtm-billing/cycles-by-month/");
    expect(cards.find((c) => c.key === "NO_RECENT_SESSION")?.description).toContain("past 7 days");
  });
  it("keeps NO_HEP and READY_TO_BILL for Health users only", () => {
    expect(activityCards({ products: ["GAIT"], canInviteTeam: false }).map((c) => c.key)).toEqual(["NO_ACCOUNT", "NO_RECENT_SESSION"]);
    expect(activityCards({ products: ["GAIT", "PRO", "SCAN"], canInviteTeam: true }).map((c) => c.key)).toEqual(["NO_ACCOUNT", "NO_RECENT_SESSION"]);
  });
});

describe("first-step cards", () => {
  it("shows add patient, create program and Motion Library to Health users, with their targets", () => {
    const cards = firstStepCards({ products: ["HEALTH"], canInviteTeam: false });
    expect(cards.map((c) => [c.key, c.href])).toEqual([
      ["add-patient", "/patients/?add=true"],
      ["create-program", "/programs/templates/?add=true"],
      ["motion-library", "/programs/exercise-library/"],
    ]);
  });
  it("adds the team card for admin-type users only (at most four cards)", () => {
    const cards = firstStepCards({ products: all, canInviteTeam: true });
    expect(cards.map((c) => c.key)).toEqual(["add-patient", "create-program", "invite-team", "motion-library"]);
    expect(cards.find((c) => c.key === "invite-team")?.href).toBe("/organization/providers/?dialog=invite");
    expect(firstStepCards({ products: ["GAIT"], canInviteTeam: true }).map((c) => c.key)).toEqual(["invite-team"]);
    expect(firstStepCards({ products: ["GAIT"], canInviteTeam: false })).toEqual([]);
  });
  it("offers a read-only user (support staff, ADR 026) no step that changes data: only the Motion Library", () => {
    expect(firstStepCards({ products: all, canInviteTeam: false, readOnly: true }).map((c) => c.key)).toEqual(["motion-library"]);
    expect(firstStepCards({ products: ["GAIT"], canInviteTeam: false, readOnly: true })).toEqual([]);
  });
});

describe("rows", () => {
  it("colours ready to bill green, invite sent yellow, anything else red", () => {
    expect(rowTone("READY_TO_BILL")).toBe("success");
    expect(rowTone("NO_ACCOUNT")).toBe("warning");
    expect(rowTone("NO_HEP")).toBe("danger");
    expect(rowTone("NO_RECENT_SESSION")).toBe("danger");
    expect(rowTone("SOMETHING_NEW")).toBe("danger");
  });
  it("says the status in words", () => {
    expect(["NO_ACCOUNT", "NO_HEP", "NO_RECENT_SESSION", "READY_TO_BILL"].map(statusLabel)).toEqual(["Invite Sent", "Not Assigned", "No Recent Session", "Ready to Bill"]);
  });
  it("names patients 'Last, First' with the placeholders", () => {
    expect(patientName({ firstName: "Ana", lastName: "Rivera" })).toBe("Rivera, Ana");
    expect(patientName({ firstName: "", lastName: "Rivera" })).toBe("Rivera, (Missing First Name)");
    expect(patientName({ firstName: "Ana", lastName: " " })).toBe("(Missing Last Name), Ana");
    expect(patientName({ firstName: null, lastName: undefined })).toBe("(Missing Name)");
  });
  it("dates the most recent session in the organization's time zone", () => {
    expect(rowDetail({ id: "1", firstName: "A", lastName: "B", status: "NO_RECENT_SESSION", mostRecentSession: null }, "America/Denver")).toBe("No sessions yet");
    expect(rowDetail({ id: "1", firstName: "A", lastName: "B", status: "NO_RECENT_SESSION", mostRecentSession: "2024-06-03T15:04:05.000Z" }, "America/Denver")).toBe(
      "Last session 06/03/2024",
    );
    expect(rowDetail({ id: "1", firstName: "A", lastName: "B", status: "NO_HEP", mostRecentSession: null }, "America/Denver")).toBeNull();
  });
});
