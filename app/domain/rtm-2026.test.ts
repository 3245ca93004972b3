import { describe, expect, it } from "vitest";
import {
  additionalUnits,
  careFacts,
  codesLabel,
  countedMinutes,
  deviceClock,
  deviceIntervalAt,
  deviceIntervalsBetween,
  evaluateCode,
  isLiveInteraction,
  managementClock,
  monthInterval,
  afterBillLine,
  afterBillText,
  refuseBilling,
  refuseRevert,
  RULE_NAME,
  wouldReach,
  type BilledCode,
  type CareEntry,
  type CodeFacts,
} from "./rtm-2026";

// One device interval, Nov 1 – Nov 30 2026; on Nov 20, 11 days are left (today included).
const NOV = { start: "2026-11-01", end: "2026-11-30" };
const device = (dataDays: number, today = "2026-11-20", dataToday = false) => deviceClock({ ...NOV, today, dataDays, dataToday });
const month = (minutes: number, live: boolean, today = "2026-11-20") => managementClock({ month: "2026-11", today, minutes, live });
const code = (f: Partial<CodeFacts> & Pick<CodeFacts, "code">): ReturnType<typeof evaluateCode> =>
  evaluateCode({ ...NOV, today: "2026-11-20", dataDays: 0, minutes: 0, live: false, ...f });
const billed = (c: BilledCode["code"], b: Partial<BilledCode> = {}): BilledCode => ({ code: c, ...NOV, practitionerId: "p-1", billedOn: "2026-11-20", ...b });

describe("the device clock: rolling 30-day intervals from the start of monitoring", () => {
  it("cuts intervals of 30 days from the first day, back to back", () => {
    expect(deviceIntervalAt("2026-10-15", "2026-10-14")).toBeNull();
    expect(deviceIntervalAt("2026-10-15", "2026-10-15")).toEqual({ start: "2026-10-15", end: "2026-11-13" });
    expect(deviceIntervalAt("2026-10-15", "2026-11-13")).toEqual({ start: "2026-10-15", end: "2026-11-13" });
    expect(deviceIntervalAt("2026-10-15", "2026-11-14")).toEqual({ start: "2026-11-14", end: "2026-12-13" });
    // A calendar month sees the two intervals that overlap it: the clocks rarely line up.
    expect(deviceIntervalsBetween("2026-10-15", "2026-11-01", "2026-11-30")).toEqual([
      { start: "2026-10-15", end: "2026-11-13" },
      { start: "2026-11-14", end: "2026-12-13" },
    ]);
    expect(monthInterval("2026-02")).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(monthInterval("2028-02")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
  });

  it("1 day: no code yet; 2: 98985; 15: 98985; 16: 98977", () => {
    expect(device(1)).toMatchObject({ dataDays: 1, daysLeft: 11, running: true, reached: null, heading: "98985" });
    expect(device(2)).toMatchObject({ reached: "98985", heading: "98985" });
    expect(device(2, "2026-11-10")).toMatchObject({ reached: "98985", heading: "98977" });
    expect(device(15)).toMatchObject({ reached: "98985", heading: "98977" });
    expect(device(16)).toMatchObject({ reached: "98977", heading: "98977", projection: null });
  });

  it("projects what the interval is heading for, word for word", () => {
    expect(device(1).projection).toBe("16 days can no longer be reached: 98985 applies at 2");
    expect(device(11).projection).toBe("16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left");
    expect(device(15).projection).toBe("16 days can still be reached: 98977 applies at 16 — 1 more in the 11 days left");
    // 11 days with 5 left (Nov 26) can still end at 16; with 4 left (Nov 27) it cannot.
    expect(device(11, "2026-11-26").projection).toBe("16 days can still be reached: 98977 applies at 16 — 5 more in the 5 days left");
    expect(device(11, "2026-11-27").projection).toBe("16 days can no longer be reached: 98985 applies at 2");
    expect(device(11, "2026-11-27")).toMatchObject({ reached: "98985", heading: "98985" });
    // Today already counted: it cannot add another day.
    expect(device(11, "2026-11-26", true).projection).toBe("16 days can no longer be reached: 98985 applies at 2");
    expect(device(12, "2026-11-26", true).projection).toBe("16 days can still be reached: 98977 applies at 16 — 4 more in the 5 days left");
    // On the last day with no data at all, not even 2 can be reached.
    expect(device(0, "2026-11-30").projection).toBe("2 days can no longer be reached: no device-supply code for this interval");
    expect(device(0, "2026-11-30")).toMatchObject({ daysLeft: 1, reached: null, heading: null });
    expect(device(1, "2026-11-30").projection).toBe("16 days can no longer be reached: 98985 applies at 2");
    expect(device(1, "2026-11-30", true).projection).toBe("2 days can no longer be reached: no device-supply code for this interval");
    // Ended: nothing is projected; what it reached stands.
    expect(device(11, "2026-12-01")).toMatchObject({ running: false, daysLeft: 0, reached: "98985", projection: null });
    expect(device(1, "2026-12-01")).toMatchObject({ running: false, reached: null, heading: null, projection: null });
  });
});

describe("the management clock: the calendar month's minutes and its live interaction", () => {
  it("9, 10, 19, 20, 39, 40 minutes with a live call", () => {
    expect(month(9, true)).toMatchObject({ codes: [], label: "none", next: "1 minute more reaches 98979 (10 minutes)" });
    expect(month(10, true)).toMatchObject({ codes: ["98979"], label: "98979", next: "10 minutes more reach 98980 (20 minutes)" });
    expect(month(19, true)).toMatchObject({ codes: ["98979"], label: "98979", next: "1 minute more reaches 98980 (20 minutes)" });
    expect(month(20, true)).toMatchObject({ codes: ["98980"], label: "98980", next: "20 minutes more reach 98980 + 1 × 98981 (40 minutes)" });
    expect(month(39, true)).toMatchObject({ codes: ["98980"], label: "98980", next: "1 minute more reaches 98980 + 1 × 98981 (40 minutes)" });
    expect(month(40, true)).toMatchObject({ codes: ["98980", "98981"], label: "98980 + 1 × 98981", next: "20 minutes more reach 98980 + 2 × 98981 (60 minutes)" });
    expect(month(59, true)).toMatchObject({ label: "98980 + 1 × 98981", next: "1 minute more reaches 98980 + 2 × 98981 (60 minutes)" });
    expect(month(60, true)).toMatchObject({ codes: ["98980", "98981", "98981"], label: "98980 + 2 × 98981" });
    expect(month(15, true)).toMatchObject({ label: "98979", minutes: 15, live: true, running: true, daysLeft: 11, start: "2026-11-01", end: "2026-11-30" });
  });

  it("9, 10, 19, 20, 39, 40 minutes without a live call: no code, and the call is what it needs", () => {
    expect(month(9, false)).toMatchObject({ codes: [], next: "1 minute more and a live interaction (phone or video, two-way) reach 98979 (10 minutes)" });
    expect(month(0, false).next).toBe("10 minutes more and a live interaction (phone or video, two-way) reach 98979 (10 minutes)");
    expect(month(10, false)).toMatchObject({ codes: [], label: "none", next: "no live interaction logged yet: 98979 needs a live interaction (phone or video, two-way)" });
    expect(month(19, false).next).toBe("no live interaction logged yet: 98979 needs a live interaction (phone or video, two-way)");
    expect(month(20, false)).toMatchObject({ codes: [], next: "no live interaction logged yet: 98980 needs a live interaction (phone or video, two-way)" });
    expect(month(39, false).next).toBe("no live interaction logged yet: 98980 needs a live interaction (phone or video, two-way)");
    expect(month(40, false)).toMatchObject({ codes: [], next: "no live interaction logged yet: 98980 + 1 × 98981 needs a live interaction (phone or video, two-way)" });
  });

  it("an ended month projects nothing", () => {
    expect(month(15, true, "2026-12-01")).toMatchObject({ running: false, daysLeft: 0, label: "98979", next: null });
    expect(month(15, false, "2026-12-01")).toMatchObject({ running: false, label: "none", next: null });
  });

  it("counts 98981 units per full 20 minutes past the first 20", () => {
    expect([19, 20, 39, 40, 59, 60, 80].map(additionalUnits)).toEqual([0, 0, 0, 1, 1, 2, 3]);
    expect(codesLabel([])).toBe("none");
    expect(codesLabel(["98980", "98981", "98981", "98981"])).toBe("98980 + 3 × 98981");
  });
});

describe("what a care note counts for: the live interaction that gates 98979–98981", () => {
  const note = (n: Partial<CareEntry>): CareEntry => ({ minutes: 15, liveInteraction: null, unsuccessfulAttempt: false, ...n });
  const phone = { method: "PHONE", twoWay: true };
  const video = { method: "VIDEO", twoWay: true };

  it("a two-way phone or video call of at least a minute qualifies", () => {
    expect(isLiveInteraction(note({ liveInteraction: phone }))).toBe(true);
    expect(isLiveInteraction(note({ liveInteraction: video }))).toBe(true);
    expect(isLiveInteraction(note({ liveInteraction: phone, minutes: 1 }))).toBe(true);
    expect(isLiveInteraction(note({ liveInteraction: phone, minutes: 0 }))).toBe(false);
  });

  it("voicemail or a one-way call, messages, data review and a method not recorded do not", () => {
    expect(isLiveInteraction(note({ liveInteraction: { method: "PHONE", twoWay: false } }))).toBe(false); // voicemail left
    expect(isLiveInteraction(note({ liveInteraction: { method: "VIDEO", twoWay: false } }))).toBe(false); // one-way video message
    expect(isLiveInteraction(note({ liveInteraction: null }))).toBe(false); // data review, secure message, older note without a method
    expect(isLiveInteraction(note({ liveInteraction: { method: "SECURE_MESSAGE", twoWay: true } }))).toBe(false);
  });

  it("an unsuccessful attempt adds no minutes and no live call", () => {
    const attempt = note({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true, minutes: 5 });
    expect(countedMinutes(attempt)).toBe(0);
    expect(isLiveInteraction(attempt)).toBe(false);
    // Even one stored as two-way (the API refuses it) counts for nothing.
    expect(isLiveInteraction({ ...attempt, liveInteraction: phone })).toBe(false);
    expect(careFacts([note({ minutes: 10 }), attempt])).toEqual({ minutes: 10, live: false });
  });

  it("a month's facts: the counted minutes and whether one note is the live call", () => {
    expect(careFacts([])).toEqual({ minutes: 0, live: false });
    expect(careFacts([note({ minutes: 5 }), note({ minutes: 10, liveInteraction: video })])).toEqual({ minutes: 15, live: true });
    // 15 minutes with a video two-way call reach 98979; with only an unsuccessful attempt, nothing, and the month says what it needs.
    expect(month(careFacts([note({ minutes: 15, liveInteraction: video })]).minutes, true).label).toBe("98979");
    const attempted = careFacts([note({ minutes: 15 }), note({ minutes: 5, liveInteraction: { method: "VIDEO", twoWay: false }, unsuccessfulAttempt: true })]);
    expect(attempted).toEqual({ minutes: 15, live: false });
    expect(month(attempted.minutes, attempted.live)).toMatchObject({ label: "none", next: "no live interaction logged yet: 98979 needs a live interaction (phone or video, two-way)" });
  });
});

describe("a cycle billed under one code", () => {
  it("98985: 1 day in progress, 2 and 15 ready, 16 is 98977's", () => {
    expect(code({ code: "98985", dataDays: 1 })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "1 of 2 active days — 1 more needed in the 11 days left", reachable: true } });
    // 2 days while 16 can still be reached: met so far, ready the day 16 no longer can be (ADR 043).
    expect(code({ code: "98985", dataDays: 2, today: "2026-11-10" })).toMatchObject({
      status: "IN_PROGRESS",
      met: true,
      billable: false,
      needs: { text: "Met so far: 98985 — ready when 16 days can no longer be reached, Nov 18 (8 days); 98977 if the interval reaches 16", reachable: true },
      recheckOn: "2026-11-18",
      billNow: "Bill 98985 now, before the interval closes (Nov 30, 21 days left)? It can still reach 16 days of data, and 98977 is never billed for an interval whose 98985 is billed (revert 98985 first).",
      projection: "16 days can still be reached: 98977 applies at 16 — 14 more in the 21 days left",
    });
    expect(code({ code: "98985", dataDays: 2, today: "2026-11-18" })).toMatchObject({ status: "READY_TO_BILL", billable: true, needs: null, billNow: null });
    expect(code({ code: "98985", dataDays: 2 })).toMatchObject({ status: "READY_TO_BILL", projection: "16 days can no longer be reached: 98985 applies at 2" });
    expect(code({ code: "98985", dataDays: 15 })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "Met so far: 98985 — ready when 16 days can no longer be reached, Dec 1 (11 days); 98977 if the interval reaches 16" } });
    expect(code({ code: "98985", dataDays: 15, today: "2026-12-01" })).toMatchObject({ status: "READY_TO_BILL", needs: null });
    expect(code({ code: "98985", dataDays: 16 })).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", billable: false, needs: { text: "16 active days: 98977 applies to this interval instead", reachable: false } });
    expect(code({ code: "98985", dataDays: 1, today: "2026-12-01" })).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "1 of 2 active days — ended Nov 30 without them", reachable: false } });
    expect(code({ code: "98985", dataDays: 0, today: "2026-11-30", dataToday: false })).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "0 of 2 active days — cannot reach 2 days before Nov 30", reachable: false } });
  });

  it("98977: 15 days in progress, 16 ready; the day it can no longer reach 16 is when it is looked at again", () => {
    expect(code({ code: "98977", dataDays: 15 })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "15 of 16 active days — 1 more needed in the 11 days left", reachable: true }, recheckOn: "2026-12-01" });
    expect(code({ code: "98977", dataDays: 11 })).toMatchObject({ status: "IN_PROGRESS", recheckOn: "2026-11-27" });
    expect(code({ code: "98977", dataDays: 16 })).toMatchObject({ status: "READY_TO_BILL", needs: null, recheckOn: null });
    expect(code({ code: "98977", dataDays: 11, today: "2026-11-27" })).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "11 of 16 active days — cannot reach 16 days before Nov 30", reachable: false } });
    expect(code({ code: "98977", dataDays: 15, today: "2026-12-01" })).toMatchObject({ needs: { text: "15 of 16 active days — ended Nov 30 without them" } });
  });

  it("98975: 2 days of data in the first interval (2026), once per episode", () => {
    expect(code({ code: "98975", dataDays: 1 })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "1 of 2 active days — 1 more needed in the 11 days left" }, projection: null });
    expect(code({ code: "98975", dataDays: 2 })).toMatchObject({ status: "READY_TO_BILL" });
    const other = billed("98975", { start: "2026-09-01", end: "2026-09-30", billedOn: "2026-09-05" });
    expect(code({ code: "98975", dataDays: 2, billed: [other] })).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "98975 once per episode of care: set-up already billed for this episode of care (Sep 5)", reachable: false } });
  });

  it("98975 once per episode of care: a new episode (a new plan of care after discharge) has its own set-up (ADR 049)", () => {
    const r = { ...NOV, practitionerId: "p-1", requirementsMet: true };
    const first = billed("98975", { start: "2026-09-01", end: "2026-09-30", billedOn: "2026-09-05", episode: null });
    // The readmitted patient's new episode: its set-up is billable though the first episode's was billed.
    expect(code({ code: "98975", dataDays: 2, episode: "2026-11-01", billed: [first] })).toMatchObject({ status: "READY_TO_BILL", needs: null });
    expect(refuseBilling({ ...r, code: "98975", episode: "2026-11-01" }, [first])).toBeNull();
    // Within one episode (the first, or the new one), still once.
    expect(refuseBilling({ ...r, code: "98975", episode: null }, [first])?.rule).toBe("SETUP_ONCE_PER_EPISODE");
    const again = billed("98975", { start: "2026-11-01", end: "2026-11-30", billedOn: "2026-11-03", episode: "2026-11-01" });
    expect(refuseBilling({ ...r, code: "98975", start: "2026-11-02", episode: "2026-11-01" }, [first, again])?.message).toBe(
      "98975 once per episode of care: set-up already billed for this episode of care (Nov 3)",
    );
    // An episode not known is taken as the same (the conservative reading).
    expect(refuseBilling({ ...r, code: "98975" }, [{ ...first, episode: "2026-11-01" }])?.rule).toBe("SETUP_ONCE_PER_EPISODE");
  });

  it("98979: 9 in progress, 10 and 19 ready with a live call, 20 is 98980's; without a live call it waits for one", () => {
    expect(code({ code: "98979", minutes: 9, live: true })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "9 of 10 minutes of care management", reachable: true }, projection: "1 minute more reaches 98979 (10 minutes)" });
    // Met so far while November runs (11 days left on Nov 20): ready when it closes (ADR 043).
    expect(code({ code: "98979", minutes: 10, live: true })).toMatchObject({
      status: "IN_PROGRESS",
      met: true,
      needs: { text: "Met so far: 98979 — ready when November closes (11 days)", reachable: true },
      projection: "10 minutes more reach 98980 (20 minutes)",
      recheckOn: "2026-12-01",
      billNow: "Bill 98979 now, before November closes (11 days left)? Care time documented after the bill is not part of it: 98980 (20 minutes) is never billed in a month whose 98979 is billed (revert 98979 first).",
    });
    expect(code({ code: "98979", minutes: 10, live: true, today: "2026-11-28" }).needs?.text).toBe("Met so far: 98979 — ready when November closes (3 days)");
    expect(code({ code: "98979", minutes: 15, live: true, today: "2026-12-01" })).toMatchObject({ status: "READY_TO_BILL", needs: null, billNow: null });
    expect(code({ code: "98979", minutes: 19, live: true, today: "2026-12-01" })).toMatchObject({ status: "READY_TO_BILL" });
    expect(code({ code: "98979", minutes: 20, live: true })).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "20 minutes: 98980 applies to this month instead", reachable: false } });
    expect(code({ code: "98979", minutes: 15, live: false })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "15 minutes of care management; no live interaction logged yet", reachable: true } });
    expect(code({ code: "98979", minutes: 9, live: false })).toMatchObject({ needs: { text: "9 of 10 minutes of care management; no live interaction logged yet" } });
    expect(code({ code: "98979", minutes: 15, live: false, today: "2026-12-01" })).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "15 minutes of care management; no live interaction logged — ended Nov 30", reachable: false }, projection: null });
  });

  it("98980 at 19/20 and 98981 at 39/40 minutes, with and without a live call", () => {
    expect(code({ code: "98980", minutes: 19, live: true })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "19 of 20 minutes of care management" } });
    expect(code({ code: "98980", minutes: 20, live: true })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "Met so far: 98980 — ready when November closes (11 days)" }, units: 1 });
    expect(code({ code: "98980", minutes: 20, live: true }).billNow).toBe(
      "Bill 98980 now, before November closes (11 days left)? Care time documented after the bill is not part of it: it still counts toward 98981 (each further 20 minutes), billed on its own.",
    );
    expect(code({ code: "98980", minutes: 20, live: true, today: "2026-12-01" })).toMatchObject({ status: "READY_TO_BILL", units: 1 });
    expect(code({ code: "98980", minutes: 20, live: false })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "20 minutes of care management; no live interaction logged yet" } });
    expect(code({ code: "98981", minutes: 39, live: true })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "39 of 40 minutes of care management" } });
    expect(code({ code: "98981", minutes: 40, live: true, today: "2026-12-01" })).toMatchObject({ status: "READY_TO_BILL", units: 1 });
    expect(code({ code: "98981", minutes: 60, live: true, today: "2026-12-01" })).toMatchObject({ status: "READY_TO_BILL", units: 2 });
    expect(code({ code: "98981", minutes: 60, live: true })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "Met so far: 2 × 98981 — ready when November closes (11 days)" }, units: 2 });
    expect(code({ code: "98981", minutes: 40, live: false })).toMatchObject({ status: "IN_PROGRESS", needs: { text: "40 minutes of care management; no live interaction logged yet" } });
  });

  it("a conflicting billed code makes a cycle unbillable, its rule named", () => {
    expect(code({ code: "98977", dataDays: 16, billed: [billed("98985")] })).toMatchObject({
      status: "ACTIVE_DAYS_INCOMPLETE",
      billable: false,
      met: true,
      needs: { text: "98977 and 98985 are never billed for the same 30-day interval: 98985 was billed for Nov 1 – Nov 30 on Nov 20", reachable: false },
    });
    expect(code({ code: "98980", minutes: 25, live: true, billed: [billed("98979")] })).toMatchObject({
      status: "ACTIVE_DAYS_INCOMPLETE",
      needs: { text: "98979 is never billed with 98980 or 98981 in the same calendar month: 98979 was billed for Nov 1 – Nov 30 on Nov 20" },
    });
    // The cycle's own bill is not a conflict, nor a code of another interval.
    expect(code({ code: "98985", dataDays: 4, billed: [billed("98985")] }).status).toBe("READY_TO_BILL"); // 16 out of reach on Nov 20
    expect(code({ code: "98977", dataDays: 16, billed: [billed("98985", { start: "2026-10-02", end: "2026-10-31" })] }).status).toBe("READY_TO_BILL");
  });
});

describe("refusals name their rule", () => {
  const req = { ...NOV, practitionerId: "p-1", requirementsMet: true };

  it("98977 and 98985 for the same interval, either way round", () => {
    const r = refuseBilling({ ...req, code: "98977" }, [billed("98985")]);
    expect(r).toEqual({ rule: "DEVICE_ONE_CODE_PER_INTERVAL", message: "98977 and 98985 are never billed for the same 30-day interval: 98985 was billed for Nov 1 – Nov 30 on Nov 20" });
    expect(refuseBilling({ ...req, code: "98985" }, [billed("98977")])?.rule).toBe("DEVICE_ONE_CODE_PER_INTERVAL");
    // Even before 16 days: the conflict is named, not the missing days.
    expect(refuseBilling({ ...req, code: "98977", requirementsMet: false, needs: "11 of 16 active days — 5 more needed in the 11 days left" }, [billed("98985")])?.rule).toBe("DEVICE_ONE_CODE_PER_INTERVAL");
    expect(refuseBilling({ ...req, code: "98977" }, [billed("98985", { start: "2026-10-02", end: "2026-10-31" })])).toBeNull();
  });

  it("98979 with 98980 or 98981 in the same calendar month", () => {
    expect(refuseBilling({ ...req, code: "98979" }, [billed("98980")])).toEqual({
      rule: "MANAGEMENT_ONE_BASE_CODE_PER_MONTH",
      message: "98979 is never billed with 98980 or 98981 in the same calendar month: 98980 was billed for Nov 1 – Nov 30 on Nov 20",
    });
    expect(refuseBilling({ ...req, code: "98979" }, [billed("98981")])?.rule).toBe("MANAGEMENT_ONE_BASE_CODE_PER_MONTH");
    expect(refuseBilling({ ...req, code: "98980" }, [billed("98979")])?.rule).toBe("MANAGEMENT_ONE_BASE_CODE_PER_MONTH");
    expect(refuseBilling({ ...req, code: "98980" }, [billed("98979", { start: "2026-10-01", end: "2026-10-31" })])).toBeNull();
  });

  it("a second practitioner billing the patient's device supply within 30 days", () => {
    const theirs = billed("98985", { start: "2026-10-15", end: "2026-11-13", practitionerId: "p-2", billedOn: "2026-11-13" });
    expect(refuseBilling({ ...req, code: "98985" }, [theirs])).toEqual({
      rule: "DEVICE_ONE_PRACTITIONER",
      message: "Only one practitioner bills a patient's device supply in 30 days: another practitioner billed 98985 for Oct 15 – Nov 13 on Nov 13",
    });
    // 30 days apart, or the same practitioner: no conflict.
    expect(refuseBilling({ ...req, code: "98985" }, [{ ...theirs, start: "2026-10-02", end: "2026-10-31" }])).toBeNull();
    expect(refuseBilling({ ...req, code: "98985" }, [{ ...theirs, practitionerId: "p-1" }])).toBeNull();
    // Management time is not device supply.
    expect(refuseBilling({ ...req, code: "98980" }, [theirs])).toBeNull();
  });

  it("a code whose requirements are not met", () => {
    expect(refuseBilling({ ...req, code: "98977", requirementsMet: false, needs: "11 of 16 active days — 5 more needed in the 11 days left" }, [])).toEqual({
      rule: "REQUIREMENTS_NOT_MET",
      message: "A code is billed only when its requirements are met: 98977 has 11 of 16 active days — 5 more needed in the 11 days left",
    });
    expect(refuseBilling({ ...req, code: "98979", requirementsMet: false, needs: "15 minutes of care management; no live interaction logged yet" }, [])?.message).toBe(
      "A code is billed only when its requirements are met: 98979 has 15 minutes of care management; no live interaction logged yet",
    );
    expect(refuseBilling({ ...req, code: "98985" }, [])).toBeNull();
  });

  it("98975 once per episode, and 98981 only with 98980", () => {
    expect(refuseBilling({ ...req, code: "98975" }, [billed("98975", { start: "2026-09-01", end: "2026-09-30", billedOn: "2026-09-05" })])?.message).toBe(
      "98975 once per episode of care: set-up already billed for this episode of care (Sep 5)",
    );
    expect(refuseBilling({ ...req, code: "98981" }, [])).toEqual({ rule: "ADDITIONAL_NEEDS_BASE", message: "98981 is billed only with 98980: 98980 is not billed for Nov 1 – Nov 30" });
    expect(refuseBilling({ ...req, code: "98981" }, [billed("98980")])).toBeNull();
  });

  it("a code met so far while its period runs is billed only after confirming Bill now (ADR 043)", () => {
    const early = "Bill 98979 now, before November closes (11 days left)? …";
    expect(refuseBilling({ ...req, code: "98979", early }, [])).toEqual({
      rule: "BILL_WHEN_PERIOD_CLOSES",
      message: `A period is billed when it closes, or when nothing better can happen: ${early} Confirm "Bill now" to bill it before then.`,
    });
    expect(refuseBilling({ ...req, code: "98979", early, billNow: true }, [])).toBeNull();
    // A conflict or unmet requirements are named first: Bill now does not override them.
    expect(refuseBilling({ ...req, code: "98979", early, billNow: true }, [billed("98980")])?.rule).toBe("MANAGEMENT_ONE_BASE_CODE_PER_MONTH");
  });

  it("98980 is not reverted while its month's 98981 is billed (revert in order, ADR 043)", () => {
    expect(refuseRevert("98980", NOV, [billed("98981")])).toEqual({
      rule: "ADDITIONAL_NEEDS_BASE",
      message: "98981 is billed only with 98980: 98981 is billed for Nov 1 – Nov 30 (Nov 20); revert 98981 first",
    });
    expect(refuseRevert("98980", NOV, [billed("98981", { start: "2026-10-01", end: "2026-10-31" })])).toBeNull();
    expect(refuseRevert("98980", NOV, [])).toBeNull();
    expect(refuseRevert("98981", NOV, [billed("98980")])).toBeNull();
    expect(refuseRevert("98979", NOV, [billed("98981")])).toBeNull();
  });

  it("every rule has a name", () => {
    expect(Object.values(RULE_NAME).every((n) => n.length > 10)).toBe(true);
  });
});

describe("care time documented after a bill (ADR 043)", () => {
  it("says what the month would reach with it, when that differs from what was billed", () => {
    expect(wouldReach(["98979"], { minutes: 20, live: true })).toBe("98980");
    expect(wouldReach(["98979"], { minutes: 19, live: true })).toBeNull();
    expect(wouldReach(["98980"], { minutes: 40, live: true })).toBe("98980 + 1 × 98981");
    expect(wouldReach(["98980", "98981"], { minutes: 45, live: true })).toBeNull();
    expect(wouldReach(["98979"], { minutes: 25, live: false })).toBeNull();
  });

  it("words the note and the month's line", () => {
    expect(afterBillText(["98979"], "2026-11-12")).toBe("After 98979 was billed on Nov 12");
    expect(afterBillText(["98981", "98980"], "2026-11-12")).toBe("After 98980 + 98981 was billed on Nov 12");
    expect(afterBillLine({ codes: ["98979"], billedOn: "2026-11-12", minutes: 10, wouldReach: "98980" })).toBe("10 minutes after 98979 was billed on Nov 12 — would reach 98980 (revert 98979 to bill it)");
    expect(afterBillLine({ codes: ["98980"], billedOn: "2026-11-12", minutes: 20, wouldReach: "98980 + 1 × 98981" })).toBe("20 minutes after 98980 was billed on Nov 12 — would reach 98980 + 1 × 98981");
    expect(afterBillLine({ codes: ["98979"], billedOn: "2026-11-12", minutes: 1, wouldReach: null })).toBe("1 minute after 98979 was billed on Nov 12 — no other code");
  });
});
