import { describe, expect, it } from "vitest";
import { daysLeft, evaluateCycle, firstPeriod, nextPeriod, ruleStatus, shortDate, type CycleFacts } from "./rules.js";
import { RTM_CODES } from "./cycles.js";

// A November cycle: Nov 4 – Dec 3 (30 days).
const base: CycleFacts = {
  code: "DEVICE_AND_DATA_TRANSMISSION",
  startDate: "2026-11-04",
  endDate: "2026-12-03",
  today: "2026-11-28",
  activeDays: 0,
  minutes: 0,
  interactive: false,
};
const v = (f: Partial<CycleFacts>) => evaluateCycle({ ...base, ...f });

describe("dates", () => {
  it("counts the days left with today, and writes short dates", () => {
    expect(daysLeft("2026-11-04", "2026-12-03", "2026-11-28")).toBe(6);
    expect(daysLeft("2026-11-04", "2026-12-03", "2026-12-03")).toBe(1);
    expect(daysLeft("2026-11-04", "2026-12-03", "2026-12-04")).toBe(0);
    expect(daysLeft("2026-11-04", "2026-12-03", "2026-10-01")).toBe(30);
    expect(shortDate("2026-12-03")).toBe("Dec 3");
    expect(shortDate("2026-10-02")).toBe("Oct 2");
    expect(shortDate("2027-01-31")).toBe("Jan 31");
  });
});

describe("98977: 16 active days in the interval (98975: 2 since 2026, ADR 033)", () => {
  for (const code of ["DEVICE_AND_DATA_TRANSMISSION", "PATIENT_SETUP"] as const) {
    it(`${code}: billable with 16 active days, running or ended, whatever the minutes`, () => {
      for (const today of ["2026-11-20", "2026-12-03", "2027-01-10"]) {
        expect(v({ code, today, activeDays: 16 })).toMatchObject({ billable: true, reachable: true, status: "READY_TO_BILL", needs: null, recheckOn: null });
        expect(v({ code, today, activeDays: 22, minutes: 0 }).status).toBe("READY_TO_BILL");
      }
    });
  }

  it("says how many more are needed in the days left while they can be reached", () => {
    // 6 days left (Nov 28 – Dec 3): 11 + 6 >= 16.
    expect(v({ activeDays: 11 })).toMatchObject({
      billable: false, reachable: true, status: "IN_PROGRESS",
      needs: { text: "11 of 16 active days — 5 more needed in the 6 days left", reachable: true },
      // Without a new active day, Nov 30 (4 days left: 11 + 4 < 16) can no longer make it.
      recheckOn: "2026-11-30",
    });
    expect(v({ activeDays: 10 }).needs).toEqual({ text: "10 of 16 active days — 6 more needed in the 6 days left", reachable: true });
    expect(v({ activeDays: 15, today: "2026-12-03" }).needs).toEqual({ text: "15 of 16 active days — 1 more needed in the 1 day left", reachable: true });
    expect(v({ activeDays: 15, today: "2026-12-03" }).recheckOn).toBe("2026-12-04");
    // Before it starts, the whole cycle is left.
    expect(v({ activeDays: 0, today: "2026-11-01" }).needs?.text).toBe("0 of 16 active days — 16 more needed in the 30 days left");
  });

  it("says it cannot reach them once too few days are left", () => {
    expect(v({ activeDays: 3, today: "2026-11-28" })).toMatchObject({
      billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE",
      needs: { text: "3 of 16 active days — cannot reach 16 days before Dec 3", reachable: false }, recheckOn: null,
    });
    expect(v({ activeDays: 9, today: "2026-11-28" }).status).toBe("ACTIVE_DAYS_INCOMPLETE");
  });

  it("does not count today twice when today already is an active day", () => {
    // 10 active days, one of them today; 6 days left but only 5 that can still add one.
    expect(v({ activeDays: 10, activeToday: false }).status).toBe("IN_PROGRESS");
    expect(v({ activeDays: 10, activeToday: true }).status).toBe("ACTIVE_DAYS_INCOMPLETE");
    expect(v({ activeDays: 11, activeToday: true })).toMatchObject({ status: "IN_PROGRESS", recheckOn: "2026-11-30" });
  });

  it("says it ended without them", () => {
    expect(v({ activeDays: 9, endDate: "2026-11-02", startDate: "2026-10-04" })).toMatchObject({
      billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE",
      needs: { text: "9 of 16 active days — ended Nov 2 without them", reachable: false }, recheckOn: null,
    });
  });

  it("writes the singular right", () => {
    expect(v({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", activeDays: 1, today: "2026-12-03" }).needs?.text).toBe("1 of 2 active days — 1 more needed in the 1 day left");
    expect(v({ code: "PATIENT_SETUP", activeDays: 0, endDate: "2026-11-02", startDate: "2026-10-04" }).needs?.text).toBe("0 of 2 active days — ended Nov 2 without them");
  });

  it("98975 once per episode of care: a second set-up is not billable, even with its days", () => {
    const billed = [{ code: "98975" as const, start: "2026-09-04", end: "2026-10-03", practitionerId: null, billedOn: "2026-10-02" }];
    const second = v({ code: "PATIENT_SETUP", activeDays: 20, billed });
    expect(second).toMatchObject({
      billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE",
      needs: { text: "98975 once per episode of care: set-up already billed for this episode of care (Oct 2)", reachable: false }, recheckOn: null,
    });
    expect(v({ code: "PATIENT_SETUP", activeDays: 20, billed: [] }).status).toBe("READY_TO_BILL");
    // Only the set-up code has that limit.
    expect(v({ code: "DEVICE_AND_DATA_TRANSMISSION", activeDays: 20, billed }).status).toBe("READY_TO_BILL");
  });
});

describe("98980: 20 minutes of care management with a live interaction", () => {
  const c = (f: Partial<CycleFacts>) => v({ code: "PATIENT_INTERACTION", ...f });

  it("is billable with 20 minutes and an interactive communication, without active days", () => {
    // Met so far while the month runs; ready once it has ended (ADR 043).
    expect(c({ minutes: 20, interactive: true })).toMatchObject({ met: true, billable: false, reachable: true, status: "IN_PROGRESS", needs: { text: "Met so far: 98980 — ready when December closes (6 days)", reachable: true }, recheckOn: "2026-12-04" });
    expect(c({ minutes: 20, interactive: true, today: "2026-12-04" })).toMatchObject({ billable: true, reachable: true, status: "READY_TO_BILL", needs: null, recheckOn: null, billNow: null });
    expect(c({ minutes: 35, interactive: true, activeDays: 0, today: "2027-02-01" }).status).toBe("READY_TO_BILL");
  });

  it("names the minutes and the missing interactive communication while it runs", () => {
    expect(c({ minutes: 14 })).toMatchObject({
      billable: false, reachable: true, status: "IN_PROGRESS",
      needs: { text: "14 of 20 minutes of care management; no live interaction logged yet", reachable: true }, recheckOn: "2026-12-04",
    });
    expect(c({ minutes: 20 }).needs).toEqual({ text: "20 minutes of care management; no live interaction logged yet", reachable: true });
    expect(c({ minutes: 14, interactive: true }).needs).toEqual({ text: "14 of 20 minutes of care management", reachable: true });
    // Minutes can be logged until the last day: still reachable with 0 minutes on it.
    expect(c({ minutes: 0, today: "2026-12-03" })).toMatchObject({ status: "IN_PROGRESS", reachable: true });
  });

  it("says when it ended", () => {
    const ended = { startDate: "2026-10-04", endDate: "2026-11-02" };
    expect(c({ ...ended, minutes: 14, interactive: true })).toMatchObject({
      billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE",
      needs: { text: "14 of 20 minutes of care management — ended Nov 2", reachable: false }, recheckOn: null,
    });
    expect(c({ ...ended, minutes: 25 }).needs?.text).toBe("25 minutes of care management; no live interaction logged — ended Nov 2");
  });
});

describe("98981: each additional 20 minutes (40 in all)", () => {
  const c = (f: Partial<CycleFacts>) => v({ code: "ADDITIONAL_PATIENT_INTERACTION", ...f });

  it("is billable at 40 minutes with the interactive communication of the first 20", () => {
    expect(c({ minutes: 40, interactive: true }).status).toBe("IN_PROGRESS");
    expect(c({ minutes: 40, interactive: true, today: "2026-12-04" }).status).toBe("READY_TO_BILL");
    expect(c({ minutes: 39, interactive: true }).status).toBe("IN_PROGRESS");
    expect(c({ minutes: 45, interactive: false }).status).toBe("IN_PROGRESS");
  });

  it("names the 40 minutes", () => {
    expect(c({ minutes: 32, interactive: true }).needs).toEqual({ text: "32 of 40 minutes of care management", reachable: true });
    expect(c({ minutes: 32, interactive: false }).needs?.text).toBe("32 of 40 minutes of care management; no live interaction logged yet");
    expect(c({ minutes: 32, interactive: true, today: "2026-12-04" }).needs).toEqual({ text: "32 of 40 minutes of care management — ended Dec 3", reachable: false });
  });
});

describe("status", () => {
  it("billable → READY_TO_BILL; running and reachable → IN_PROGRESS; else ACTIVE_DAYS_INCOMPLETE", () => {
    expect(ruleStatus({ ...base, activeDays: 16 })).toBe("READY_TO_BILL");
    expect(ruleStatus({ ...base, activeDays: 10 })).toBe("IN_PROGRESS");
    expect(ruleStatus({ ...base, activeDays: 9 })).toBe("ACTIVE_DAYS_INCOMPLETE");
    expect(ruleStatus({ ...base, activeDays: 15, today: "2026-12-04" })).toBe("ACTIVE_DAYS_INCOMPLETE");
    expect(ruleStatus({ ...base, code: "PATIENT_INTERACTION", today: "2026-12-04" })).toBe("ACTIVE_DAYS_INCOMPLETE");
    expect(ruleStatus({ ...base, code: "PATIENT_INTERACTION" })).toBe("IN_PROGRESS");
  });

  it("needs is null exactly when billable, and reachable agrees with it", () => {
    for (const code of RTM_CODES) {
      for (const today of ["2026-10-01", "2026-11-04", "2026-11-28", "2026-12-03", "2026-12-04"]) {
        for (const activeDays of [0, 5, 15, 16, 30]) {
          for (const [minutes, interactive] of [[0, false], [10, true], [20, false], [20, true], [40, true]] as const) {
            const r = evaluateCycle({ ...base, code, today, activeDays, minutes, interactive });
            expect(r.needs === null).toBe(r.billable);
            if (r.needs) expect(r.needs.reachable).toBe(r.reachable);
            expect(r.status === "IN_PROGRESS").toBe(!r.billable && r.reachable && today <= base.endDate);
            if (r.status === "IN_PROGRESS") expect(r.recheckOn! > today && r.recheckOn! <= "2026-12-04").toBe(true);
          }
        }
      }
    }
  });
});

describe("the two clocks' periods (ADR 033)", () => {
  it("device codes run 30 days back to back; care management by calendar month, the first from the episode's day", () => {
    expect(firstPeriod("SHORT_DEVICE_AND_DATA_TRANSMISSION", "2026-11-20")).toEqual({ start: "2026-11-20", end: "2026-12-19" });
    expect(nextPeriod("DEVICE_AND_DATA_TRANSMISSION", "2026-12-19")).toEqual({ start: "2026-12-20", end: "2027-01-18" });
    expect(firstPeriod("BRIEF_PATIENT_INTERACTION", "2026-11-20")).toEqual({ start: "2026-11-20", end: "2026-11-30" });
    expect(nextPeriod("PATIENT_INTERACTION", "2026-11-30")).toEqual({ start: "2026-12-01", end: "2026-12-31" });
    expect(nextPeriod("PATIENT_INTERACTION", "2027-01-31")).toEqual({ start: "2027-02-01", end: "2027-02-28" });
  });
});

describe("98985 and 98979 (2026)", () => {
  it("98985 at 2–15 active days, 98979 at 10–19 minutes with a live interaction", () => {
    // 11 days with 6 left can still reach 16: met so far; 9 cannot: nothing better can happen (ADR 043).
    expect(v({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", activeDays: 11 })).toMatchObject({ status: "IN_PROGRESS", met: true });
    expect(v({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", activeDays: 9 }).status).toBe("READY_TO_BILL");
    expect(v({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", activeDays: 16 }).needs?.text).toBe("16 active days: 98977 applies to this interval instead");
    expect(v({ code: "BRIEF_PATIENT_INTERACTION", minutes: 15, interactive: true }).status).toBe("IN_PROGRESS");
    expect(v({ code: "BRIEF_PATIENT_INTERACTION", minutes: 15, interactive: true, today: "2026-12-04" }).status).toBe("READY_TO_BILL");
    expect(v({ code: "BRIEF_PATIENT_INTERACTION", minutes: 15, interactive: false }).status).toBe("IN_PROGRESS");
  });
});
