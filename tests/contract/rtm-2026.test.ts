/**
 * The 2026 RTM code set (docs/decisions/033-rtm-2026-code-set.md) through the API: the seeded patients at every
 * boundary (1, 2, 11, 15, 16 days of data; 9, 10, 15, 19, 20, 39, 40 minutes with and without a live call), what
 * their cycles report (status, needs, projection, units, liveInteraction), what a care note's call counts for, and
 * the refusals that name their rule.
 */
import { describe, expect, it } from "vitest";
import { expectError, rt, rtCall, type J } from "./lib/client.js";
import { fileWorld, newPatient, programBody } from "./lib/world.js";

const w = fileWorld();


/** The running cycles of one boundary patient, by code. */
async function running(lastName: string): Promise<Record<string, J>> {
  const items: J[] = (await rt({ op: "listRtmCycles", as: "PRACTITIONER", query: { search: lastName, limit: 50, sortBy: "CODE", orderBy: "ASC" } })).items;
  const mine = items.filter((c) => `${c.patientRecord.firstName} ${c.patientRecord.lastName}` === `Rtm ${lastName}` && c.startDate <= w.today && c.endDate >= w.today);
  return Object.fromEntries(mine.map((c) => [c.code, c]));
}

describe("the 2026 RTM code set", () => {
  it("reports the device clock at 1, 2, 11, 15 and 16 days of data, 11 days left in the interval", async () => {
    const one = await running("Boundary 01 days");
    expect(one.SHORT_DEVICE_AND_DATA_TRANSMISSION).toMatchObject({
      billingCode: "98985", status: "IN_PROGRESS", numActiveDays: 1, numRequiredDays: 2, numRemainingDays: 11, units: 1,
      needs: { text: "1 of 2 active days — 1 more needed in the 11 days left", reachable: true },
      projection: "16 days can no longer be reached: 98985 applies at 2",
    });
    expect((await running("Boundary 02 days")).SHORT_DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "READY_TO_BILL", needs: null });
    const eleven = await running("Boundary 11 days");
    // Met while 16 days can still be reached: In Progress, "met so far", with what billing it now may lose (ADR 043).
    expect(eleven.SHORT_DEVICE_AND_DATA_TRANSMISSION).toMatchObject({
      status: "IN_PROGRESS",
      needs: { text: expect.stringMatching(/^Met so far: 98985 — ready when 16 days can no longer be reached, \w+ \d+ \(7 days\); 98977 if the interval reaches 16$/), reachable: true },
      billNow: expect.stringMatching(/^Bill 98985 now, before the interval closes \(\w+ \d+, 11 days left\)\? It can still reach 16 days of data/),
      projection: "16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left",
    });
    expect(eleven.DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ billingCode: "98977", status: "IN_PROGRESS", numRequiredDays: 16, needs: { text: "11 of 16 active days — 5 more needed in the 11 days left" } });
    expect((await running("Boundary 15 days")).DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "IN_PROGRESS", needs: { text: "15 of 16 active days — 1 more needed in the 11 days left" } });
    const sixteen = await running("Boundary 16 days");
    expect(sixteen.DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "READY_TO_BILL", needs: null, projection: null });
    expect(sixteen.SHORT_DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "16 active days: 98977 applies to this interval instead", reachable: false } });
  });

  it("reports the management clock at 9, 10, 19, 20, 39 and 40 minutes, with and without a live call", async () => {
    const at = async (name: string) => running(name);
    expect((await at("Boundary 9 min live")).BRIEF_PATIENT_INTERACTION).toMatchObject({ billingCode: "98979", status: "IN_PROGRESS", liveInteraction: true, interactionMinutes: 9, projection: "1 minute more reaches 98979 (10 minutes)" });
    // Met while the month runs: In Progress until it closes (ADR 043).
    expect((await at("Boundary 10 min live")).BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: expect.stringMatching(/^Met so far: 98979 — ready when /), reachable: true }, billNow: expect.stringMatching(/^Bill 98979 now/), projection: "10 minutes more reach 98980 (20 minutes)" });
    expect((await at("Boundary 19 min live")).BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: expect.stringMatching(/^Met so far: 98979 — ready when /), reachable: true } });
    const twenty = await at("Boundary 20 min live");
    expect(twenty.PATIENT_INTERACTION).toMatchObject({ billingCode: "98980", status: "IN_PROGRESS", needs: { text: expect.stringMatching(/^Met so far: 98980 — ready when /), reachable: true }, projection: "20 minutes more reach 98980 + 1 × 98981 (40 minutes)" });
    expect(twenty.BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: "20 minutes: 98980 applies to this month instead" } });
    expect((await at("Boundary 39 min live")).ADDITIONAL_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: "39 of 40 minutes of care management" } });
    expect((await at("Boundary 40 min live")).ADDITIONAL_PATIENT_INTERACTION).toMatchObject({ billingCode: "98981", status: "IN_PROGRESS", needs: { text: expect.stringMatching(/^Met so far: 98981 — ready when /), reachable: true }, units: 1 });
    for (const m of [10, 19]) {
      expect((await at(`Boundary ${m} min no call`)).BRIEF_PATIENT_INTERACTION).toMatchObject({
        status: "IN_PROGRESS", liveInteraction: false,
        needs: { text: `${m} minutes of care management; no live interaction logged yet` },
        projection: "no live interaction logged yet: 98979 needs a live interaction (phone or video, two-way)",
      });
    }
    expect((await at("Boundary 40 min no call")).PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: "40 minutes of care management; no live interaction logged yet" } });
  });

  it("refuses 98977 for an interval whose 98985 is billed, naming the rule; REVERT re-opens it; requirements not met are refused too", async () => {
    const c = await running("Boundary 11 days");
    const short = c.SHORT_DEVICE_AND_DATA_TRANSMISSION;
    const full = c.DEVICE_AND_DATA_TRANSMISSION;
    // Met so far: refused until "Bill now" is confirmed (ADR 043), then billed.
    const early = await rtCall({ op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: short.id } });
    expectError(early, 409);
    expect(early.body.rule).toBe("BILL_WHEN_PERIOD_CLOSES");
    expect(early.body.message).toMatch(/^A period is billed when it closes, or when nothing better can happen: Bill 98985 now/);
    expect((await rt({ op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: short.id }, query: { billNow: true } })).status).toBe("BILLED");
    try {
      const refused = await rtCall({ op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: full.id } });
      expectError(refused, 409);
      expect(refused.body.rule).toBe("DEVICE_ONE_CODE_PER_INTERVAL");
      expect(refused.body.message).toMatch(/^98977 and 98985 are never billed for the same 30-day interval: 98985 was billed for /);
      expect((await running("Boundary 11 days")).DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: refused.body.message, reachable: false } });
    } finally {
      await rt({ op: "revertRtmCycle", as: "PRACTITIONER", params: { id: short.id } });
    }
    // 98985 reverted: 98977 is no longer blocked, but 11 days are not its 16.
    const notMet = await rtCall({ op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: full.id } });
    expectError(notMet, 409);
    expect(notMet.body).toEqual({ status: 409, rule: "REQUIREMENTS_NOT_MET", message: "A code is billed only when its requirements are met: 98977 has 11 of 16 active days — 5 more needed in the 11 days left" });
  });

  it("the live call: only a two-way phone or video call gates 98979; a one-way call, an older flag without a method and an unsuccessful attempt do not, and the attempt adds no minutes", async () => {
    const p = await newPatient(w);
    const prog = await rt({ op: "createProgram", as: "PRACTITIONER", body: programBody(w) });
    await rt({ op: "assignProgramToPatient", as: "PRACTITIONER", params: { id: p.id }, body: { hepId: prog.id } });
    const brief = async (): Promise<J> =>
      ((await rt({ op: "listRtmCycles", as: "PRACTITIONER", query: { search: p.patient.lastName, limit: 20 } })).items as J[]).find((c) => c.code === "BRIEF_PATIENT_INTERACTION");
    const add = (body: J) => rt({ op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, notes: "Care", ...body } });
    await add({ minutes: 10, liveInteraction: { method: "PHONE", twoWay: false } }); // voicemail left
    const flagOnly = await add({ minutes: 5, isPatientInteraction: true }); // the spec's flag alone: method not recorded
    expect(flagOnly).toMatchObject({ liveInteraction: null, isPatientInteraction: true });
    const attempt = await add({ minutes: 20, liveInteraction: { method: "VIDEO", twoWay: false }, unsuccessfulAttempt: true });
    expect(attempt).toMatchObject({ unsuccessfulAttempt: true, isPatientInteraction: false, interactionType: null });
    const before = await brief();
    expect(before).toMatchObject({
      status: "IN_PROGRESS", interactionMinutes: 15, liveInteraction: false,
      needs: { text: "15 minutes of care management; no live interaction logged yet", reachable: true },
      projection: "no live interaction logged yet: 98979 needs a live interaction (phone or video, two-way)",
    });
    // The attempt is listed among the cycle's events, flagged, with its call and author (ADR 033); its 20 minutes are not counted.
    expect(before.events.find((e: J) => e.id === attempt.id)).toMatchObject({ minutes: 20, unsuccessfulAttempt: true, source: "TYPED", liveInteraction: { method: "VIDEO", twoWay: false }, practitioner: attempt.practitioner });
    // The older note's call recorded as a two-way video call: 15 minutes with a live call reach 98979.
    await rt({ op: "updateCareNote", as: "PRACTITIONER", params: { id: p.id, interactionId: flagOnly.id }, body: { liveInteraction: { method: "VIDEO", twoWay: true } } });
    expect(await brief()).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 15, liveInteraction: true, needs: { text: expect.stringMatching(/^Met so far: 98979 — ready when /), reachable: true } });
  });

  it("a two-way call of 0 minutes is recorded and is no patient interaction; marking it one is refused at the flag (ADR 049)", async () => {
    const p = await newPatient(w);
    const add = (body: J) => rtCall({ op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, notes: "Care", ...body } });
    const zero = await add({ minutes: 0, liveInteraction: { method: "VIDEO", twoWay: true } });
    expect(zero.status).toBe(201);
    expect(zero.body).toMatchObject({ minutes: 0, liveInteraction: { method: "VIDEO", twoWay: true }, isPatientInteraction: false, interactionType: null });
    const said = await add({ minutes: 0, liveInteraction: { method: "PHONE", twoWay: true }, isPatientInteraction: true });
    expectError(said, 400);
    expect(said.body.message).toMatch(/^isPatientInteraction: /);
  });

  it("the month's summary shows a device interval ending in a later month with its days so far; each cycle names its episode of care (ADR 049)", async () => {
    const eleven = await running("Boundary 11 days");
    const setup = eleven.PATIENT_SETUP!;
    // The seeded episode began with the first program: the set-up's interval is its first.
    expect(setup.episodeStart).toBe(setup.startDate);
    const interval = eleven.SHORT_DEVICE_AND_DATA_TRANSMISSION!;
    const month = w.today.slice(0, 7);
    const items: J[] = (await rt({ op: "listRtmCyclesByMonth", as: "PRACTITIONER", params: { yearMonth: month }, query: { search: "Boundary 11 days", limit: 20 } })).items;
    const summary = items.find((s) => `${s.patientRecord.firstName} ${s.patientRecord.lastName}` === "Rtm Boundary 11 days")!;
    expect(summary).toBeDefined();
    if (interval.endDate.slice(0, 7) > month) {
      // It ends next month: listed (and billed) there, its days so far shown here.
      expect(summary.runningIntervals).toEqual([
        { startDate: interval.startDate, endDate: interval.endDate, numActiveDays: 11, numRemainingDays: 11, projection: interval.projection },
      ]);
      expect(summary.cycles.map((c: J) => c.id)).not.toContain(interval.id);
    } else {
      expect(summary.runningIntervals).toEqual([]);
      expect(summary.cycles.map((c: J) => c.id)).toContain(interval.id);
    }
  });

  it("bills 98979 at 15 minutes with a live call (Bill now), takes care time after the bill, then refuses 98980 in the same month, naming the rule", async () => {
    const p = await newPatient(w);
    const prog = await rt({ op: "createProgram", as: "PRACTITIONER", body: programBody(w) });
    await rt({ op: "assignProgramToPatient", as: "PRACTITIONER", params: { id: p.id }, body: { hepId: prog.id } });
    const search = p.patient.lastName;
    const cycles = async (): Promise<Record<string, J>> =>
      Object.fromEntries(((await rt({ op: "listRtmCycles", as: "PRACTITIONER", query: { search, limit: 20 } })).items as J[]).map((c) => [c.code, c]));
    await rt({ op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 15, notes: "Video call", liveInteraction: { method: "VIDEO", twoWay: true } } });
    const brief = (await cycles()).BRIEF_PATIENT_INTERACTION;
    expect(brief).toMatchObject({ billingCode: "98979", status: "IN_PROGRESS", interactionMinutes: 15, liveInteraction: true, billNow: expect.stringMatching(/^Bill 98979 now/) });
    expect((await rt({ op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: brief.id }, query: { billNow: true } })).status).toBe("BILLED");
    // Billing never blocks documentation (ADR 043): a note after the bill is added, shown as such with what it would reach ...
    const after = await rt({ op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 10, notes: "Reviewed data", isPatientInteraction: false } });
    expect(after).toMatchObject({ afterBill: { codes: ["98979"], billedOn: w.today, wouldReach: "98980" } });
    expect((await cycles()).BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "BILLED", interactionMinutes: 15, afterBill: { minutes: 10, codes: ["98979"], wouldReach: "98980" } });
    // ... and 98980 of the same month is refused with the rule named, before its minutes are even counted.
    const care = (await cycles()).PATIENT_INTERACTION;
    expect(care).toMatchObject({ status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: expect.stringMatching(/^98979 is never billed with 98980 or 98981 in the same calendar month: 98979 was billed for /), reachable: false } });
    const refused = await rtCall({ op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: care.id } });
    expectError(refused, 409);
    expect(refused.body.rule).toBe("MANAGEMENT_ONE_BASE_CODE_PER_MONTH");
  });
});
