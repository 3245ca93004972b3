import { describe, expect, it } from "vitest";
import { canResendInvite, dischargeLine, dischargeWindow, editPlanWindow, formatHeaderDay, newPlanWindow, planAction, reportFileName, sideLabel, bodyPartLabel } from "./patient-record";

const today = "2024-03-15";

describe("header", () => {
  it("formats the header's dates MM/dd/yy", () => {
    expect(formatHeaderDay("2024-03-05")).toBe("03/05/24");
  });
  it("says scheduled or done", () => {
    expect(dischargeLine({ discharged: false, dischargeDate: "2024-03-20" })).toBe("Scheduled to be discharged: 03/20/24");
    expect(dischargeLine({ discharged: true, dischargeDate: "2024-03-01" })).toBe("Discharged: 03/01/24");
    expect(dischargeLine({ discharged: false, dischargeDate: null })).toBeNull();
  });
  it("shows sides and body parts, N/A for none", () => {
    expect([sideLabel("LEFT"), sideLabel(null), bodyPartLabel("KNEE"), bodyPartLabel(null)]).toEqual(["Left", "N/A", "Knee", "N/A"]);
  });
});

describe("plan-of-care windows", () => {
  it("discharges from the later of the plan start and 28 days back, to 28 days ahead", () => {
    expect(dischargeWindow({ plansOfCare: [{ start: "2024-01-01", end: null }] }, today)).toEqual({ min: "2024-02-16", max: "2024-04-12" });
    expect(dischargeWindow({ plansOfCare: [{ start: "2024-03-10", end: null }] }, today)).toEqual({ min: "2024-03-10", max: "2024-04-12" });
  });
  it("edits the end from today to 28 days ahead", () => {
    expect(editPlanWindow(today)).toEqual({ min: today, max: "2024-04-12" });
  });
  it("starts a new plan the day after the last end, at the latest today", () => {
    expect(newPlanWindow({ plansOfCare: [{ start: "2024-01-01", end: "2024-02-29" }] }, today)).toEqual({ min: "2024-03-01", max: today });
    expect(newPlanWindow({ plansOfCare: [] }, today)).toEqual({ min: "2000-01-01", max: today });
  });
  it("offers discharge, edit or a new plan", () => {
    const plan = [{ start: "2024-01-01", end: null }];
    expect(planAction({ discharged: false, dischargeDate: null, plansOfCare: plan })).toBe("discharge");
    expect(planAction({ discharged: false, dischargeDate: "2024-03-20", plansOfCare: [{ start: "2024-01-01", end: "2024-03-20" }] })).toBe("edit-plan");
    expect(planAction({ discharged: true, dischargeDate: "2024-03-01", plansOfCare: [{ start: "2024-01-01", end: "2024-03-01" }] })).toBe("new-plan");
  });
});

describe("resend invite", () => {
  const base = {
    products: ["HEALTH"],
    patient: { firstName: "A", lastName: "B", email: "a@b.example", phoneNumber: null, hasAccount: false },
    productData: { health: { status: "NO_ACCOUNT", heps: [{ id: "1", name: "P" }] }, gait: null },
    mostRecentActivity: null,
  };
  it("is enabled for a Health patient without an account and without activity", () => {
    expect(canResendInvite(base)).toBe(true);
  });
  it("is disabled with an account, with activity, or without Health", () => {
    expect(canResendInvite({ ...base, patient: { ...base.patient, hasAccount: true }, productData: { ...base.productData, health: { status: "HAS_ACCOUNT", heps: [] } } })).toBe(false);
    expect(canResendInvite({ ...base, mostRecentActivity: "2024-03-01T10:00:00Z" })).toBe(false);
    expect(canResendInvite({ ...base, products: ["GAIT"], productData: { health: null, gait: null } })).toBe(false);
  });
});

describe("report file name", () => {
  it("is the date, first initial and last name", () => {
    expect(reportFileName(today, { firstName: "Ana", lastName: "Rivera" })).toBe("03-15-2024_ARivera.pdf");
    expect(reportFileName(today, { firstName: "José", lastName: "Núñez O'Neil" })).toBe("03-15-2024_JNunezONeil.pdf");
  });
  it("defaults to exer_hep", () => {
    expect(reportFileName(today, { firstName: "", lastName: "" })).toBe("03-15-2024_exer_hep.pdf");
  });
});
