import { describe, expect, it } from "vitest";
import type { RtmCycle } from "../../../api/rtm.server";
import { csvFile } from "../../../domain/csv-file.server";
import {
  activeDaysLabel,
  addMonths,
  billedLine,
  billingPractitionerLine,
  careClockLines,
  deviceClockLines,
  episodeLine,
  runningIntervalLines,
  EXPORT_HEADER,
  exportFileName,
  exportHref,
  exportRows,
  toggleRefusal,
  copyText,
  cycleActions,
  monthHeading,
  monthPdfAllowed,
  nextSort,
  parseWorklistState,
  selectableMonths,
  worklistHref,
  worklistQuery,
} from "./worklist";

const TODAY = "2026-11-24";
const parse = (q: string) => parseWorklistState(new URLSearchParams(q), TODAY);


type RtmEvent = RtmCycle["events"][number];
/** A care note's event as the API reports it (ADR 033: with how its minutes were entered, its call and who wrote it). */
const careEvent = (dateTime: string, minutes: number | null, over: Partial<RtmEvent> = {}): RtmEvent => ({
  id: dateTime,
  type: "PATIENT_INTERACTION",
  dateTime,
  minutes,
  patientInteractionType: null,
  source: "TYPED",
  liveInteraction: null,
  unsuccessfulAttempt: false,
  practitioner: { id: "pr", firstName: "Maya", lastName: "Okafor", npi: "1234567893", credential: "PT" },
  afterBill: false,
  ...over,
});

describe("months", () => {
  it("moves across years", () => {
    expect(addMonths("2026-11", 2)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-11", -12)).toBe("2025-11");
  });
  it("offers 12 months back to 2 ahead (002 §5), the current one by default", () => {
    const months = selectableMonths(TODAY);
    expect(months).toHaveLength(15);
    expect(months[0]).toBe("2025-11");
    expect(months.at(-1)).toBe("2027-01");
    expect(parse("").month).toBe("2026-11");
    expect(parse("month=2027-01").month).toBe("2027-01");
    expect(parse("month=2027-02").month).toBe("2026-11");
    expect(parse("month=2025-10").month).toBe("2026-11");
    expect(parse("month=nonsense").month).toBe("2026-11");
    // Issue 25: the month shown instead is said, with why.
    expect(parse("month=2025-10").monthAdjustment).toBe('"2025-10" is not a month that can be chosen (November 2025 to January 2027): showing November 2026 instead.');
    expect(parse("month=2027-01").monthAdjustment).toBeNull();
    expect(parse("").monthAdjustment).toBeNull();
    expect(monthHeading("2026-11")).toBe("November 2026");
  });
});

describe("URL state", () => {
  it("reads statuses (repeated, known only), attention, location (a uuid), search, sort and page", () => {
    const s = parse("status=READY_TO_BILL&status=BILLED&status=BOGUS&status=BILLED&attention=1&location=0F8FAD5B-D9CB-469F-A165-70867728950E&q=%20ana%20&sort=status&dir=desc&page=3");
    expect(s).toEqual({ month: "2026-11", monthAdjustment: null, statuses: ["READY_TO_BILL", "BILLED"], attention: true, location: "0f8fad5b-d9cb-469f-a165-70867728950e", q: "ana", sort: "status", dir: "desc", page: 3 });
    expect(parse("location=1;drop&sort=name&page=-2")).toMatchObject({ location: null, sort: null, dir: null, page: 1 });
  });
  it("writes the same state back (round trip) with extra parameters", () => {
    const s = parse("month=2026-10&status=IN_PROGRESS&attention=1&q=Rivera&sort=name&dir=asc&page=2");
    const href = worklistHref(s, { open: "x" });
    expect(href).toBe("/rtm-billing/cycles-by-month/?month=2026-10&status=IN_PROGRESS&attention=1&q=Rivera&sort=name&dir=asc&page=2&open=x");
    expect(parse(href.split("?")[1]!)).toEqual(s);
  });
  it("cycles the header sort none → ASC → DESC → none, back to page 1", () => {
    let s = parse("page=4");
    s = nextSort(s, "name");
    expect([s.sort, s.dir, s.page]).toEqual(["name", "asc", 1]);
    s = nextSort(s, "name");
    expect([s.sort, s.dir]).toEqual(["name", "desc"]);
    s = nextSort(s, "name");
    expect([s.sort, s.dir]).toEqual([null, null]);
    expect(nextSort(nextSort(s, "name"), "status")).toMatchObject({ sort: "status", dir: "asc" });
  });
});

describe("the month call's query", () => {
  it("maps the state; unsorted is by name, or by days left when needing attention", () => {
    expect(worklistQuery(parse(""))).toEqual({ page: 1, limit: 20, sortBy: "NAME", orderBy: "ASC" });
    expect(worklistQuery(parse("attention=1"))).toEqual({ page: 1, limit: 20, needsAttention: true, sortBy: "DAYS_LEFT", orderBy: "ASC" });
    expect(worklistQuery(parse("status=BILLED&q=ana&sort=status&dir=desc&page=2&location=0f8fad5b-d9cb-469f-a165-70867728950e"))).toEqual({
      page: 2,
      limit: 20,
      search: "ana",
      status: ["BILLED"],
      locationId: "0f8fad5b-d9cb-469f-a165-70867728950e",
      sortBy: "STATUS",
      orderBy: "DESC",
    });
  });
});

describe("cycles", () => {
  it("shows the device-data cycle's active days out of 30, the set-up's out of its required days, care management's alone", () => {
    expect(activeDaysLabel({ code: "DEVICE_AND_DATA_TRANSMISSION", numActiveDays: 12, numRequiredDays: 16 })).toBe("12/30 days");
    expect(activeDaysLabel({ code: "PATIENT_SETUP", numActiveDays: 12, numRequiredDays: 16 })).toBe("12/16 days");
    expect(activeDaysLabel({ code: "PATIENT_INTERACTION", numActiveDays: 1, numRequiredDays: 16 })).toBe("1 day");
    expect(activeDaysLabel({ code: "ADDITIONAL_PATIENT_INTERACTION", numActiveDays: 0, numRequiredDays: 16 })).toBe("0 days");
  });
  it("allows mark billed on Ready to Bill, revert on Billed, copy and PDF on both, nothing else elsewhere", () => {
    expect(cycleActions("READY_TO_BILL")).toEqual({ markBilled: true, billNow: false, revert: false, copy: true, pdf: true });
    expect(cycleActions("BILLED")).toEqual({ markBilled: false, billNow: false, revert: true, copy: true, pdf: true });
    expect(cycleActions("IN_PROGRESS")).toEqual({ markBilled: false, billNow: false, revert: false, copy: false, pdf: false });
    expect(cycleActions("ACTIVE_DAYS_INCOMPLETE")).toEqual({ markBilled: false, billNow: false, revert: false, copy: false, pdf: false });
    // A code met so far while its period runs (ADR 043): Bill now, through its confirmation.
    expect(cycleActions("IN_PROGRESS", "Bill 98979 now, before November closes (3 days left)? …")).toEqual({ markBilled: false, billNow: true, revert: false, copy: false, pdf: false });
    expect(cycleActions("READY_TO_BILL", "stale")).toMatchObject({ markBilled: true, billNow: false });
    expect(monthPdfAllowed([{ status: "IN_PROGRESS" }, { status: "BILLED" }])).toBe(true);
    expect(monthPdfAllowed([{ status: "IN_PROGRESS" }])).toBe(false);
  });
  it("copies the billing code, the patient, the dates and each interaction's date with its minutes, timed or typed, its call and who entered it", () => {
    const text = copyText(
      {
        billingCode: "98980",
        startDate: "2026-10-26",
        endDate: "2026-11-24",
        patientRecord: { id: "p", firstName: "Ana", lastName: "Rivera" },
        events: [
          careEvent("2026-11-03T07:00:00.000Z", 15, { source: "TIMED", liveInteraction: { method: "VIDEO", twoWay: true }, patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION" }),
          { ...careEvent("2026-11-04T15:00:00.000Z", null, { source: null, practitioner: null }), type: "HEP_SESSION" },
          careEvent("2026-11-05T07:00:00.000Z", 4, { liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true }),
          careEvent("2026-11-10T07:00:00.000Z", 1, { practitioner: null }),
        ],
      },
      "America/Denver",
    );
    expect(text).toBe(
      [
        "98980 Care Management",
        "Rivera, Ana · 10/26/2026 – 11/24/2026",
        "Patient interactions:",
        "11/03/2026: 15 minutes · Timed · Video call, two-way · live interaction · entered by Okafor, Maya",
        "11/05/2026: 4 minutes (not counted) · Typed · Unsuccessful attempt (phone call) · entered by Okafor, Maya",
        "11/10/2026: 1 minute · Typed · None (data review, messages, documentation) · entered by —",
      ].join("\n"),
    );
  });
});

describe("the worklist's empty state and a refused action's message (an audit's findings)", () => {
  it("an unfiltered month without cycles: the spec's empty state only for an organization without RTM cycles", async () => {
    const { emptyMonthMessage, EMPTY_MESSAGE } = await import("./worklist");
    expect(emptyMonthMessage("2026-10", true)).toBe("No RTM cycles end in October 2026.");
    expect(emptyMonthMessage("2026-10", null)).toBe("No RTM cycles end in October 2026.");
    expect(emptyMonthMessage("2026-10", false)).toBe(EMPTY_MESSAGE);
  });
  it("tells a filtered list", async () => {
    const { isFiltered } = await import("./worklist");
    const none = { statuses: [], attention: false, location: null, q: "" };
    expect(isFiltered(none)).toBe(false);
    expect(isFiltered({ ...none, q: "ann" })).toBe(true);
    expect(isFiltered({ ...none, statuses: ["BILLED" as const] })).toBe(true);
  });
  it("a refused Mark Billed: 'changed after the page was loaded' only when the page showed it ready, else the spec's words", async () => {
    const { toggleFailedMessage, CHANGED_MEANWHILE, TOGGLE_FAILED } = await import("./worklist");
    expect(toggleFailedMessage(409, "advance", "READY_TO_BILL")).toBe(CHANGED_MEANWHILE);
    // A code met so far may be billed now from In Progress (ADR 043): refused meanwhile, it changed too.
    expect(toggleFailedMessage(409, "advance", "IN_PROGRESS")).toBe(CHANGED_MEANWHILE);
    expect(toggleFailedMessage(409, "advance", null)).toBe(TOGGLE_FAILED);
    expect(toggleFailedMessage(409, "revert", "BILLED")).toBe(CHANGED_MEANWHILE);
    expect(toggleFailedMessage(502, "advance", "READY_TO_BILL")).toBe(TOGGLE_FAILED);
    expect(TOGGLE_FAILED).toBe("Something went wrong, please refresh and try again");
    expect(CHANGED_MEANWHILE).not.toMatch(/someone else/);
  });
});

describe("the two clocks (ADR 033)", () => {
  const cycle = (c: Partial<RtmCycle> & Pick<RtmCycle, "code" | "billingCode" | "status">): RtmCycle => ({
    id: crypto.randomUUID(), startDate: "2026-11-08", endDate: "2026-12-07", numActiveDays: 11, numRequiredDays: 16, numRemainingDays: 11,
    interactionMinutes: 0, events: [], needs: null, units: 1, liveInteraction: false, projection: null, billNow: null, afterBill: null,
    patientRecord: { id: "p", firstName: "Rtm", lastName: "Boundary" }, episodeStart: "2026-11-08", pdfKey: null, renderingPractitioner: null, billedAt: null, billedBy: null, modifiers: ["GP"], ...c,
  });

  it("the device clock: days of data, days left, the code the interval reached and what it is heading for", () => {
    const projection = "16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left";
    const lines = deviceClockLines([
      cycle({ code: "DEVICE_AND_DATA_TRANSMISSION", billingCode: "98977", status: "IN_PROGRESS", projection }),
      cycle({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", billingCode: "98985", status: "READY_TO_BILL", projection }),
      cycle({ code: "PATIENT_SETUP", billingCode: "98975", status: "READY_TO_BILL" }),
    ]);
    expect(lines).toEqual([{ period: "11/08/2026 – 12/07/2026", facts: "11 of 30 days with data, 11 days left", code: "98985 ready to bill", projection }]);
    expect(deviceClockLines([cycle({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", billingCode: "98985", status: "BILLED", numRemainingDays: 0 })])[0]).toMatchObject({ facts: "11 of 30 days with data, ended", code: "98985 billed" });
    expect(deviceClockLines([cycle({ code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", billingCode: "98985", status: "IN_PROGRESS", numActiveDays: 1, numRemainingDays: 1 })])[0]).toMatchObject({ facts: "1 of 30 days with data, 1 day left", code: "no code reached yet" });
  });

  it("the management clock: minutes, the live interaction, 98979 or 98980 + n × 98981, and the next threshold", () => {
    const month = { startDate: "2026-11-01", endDate: "2026-11-30" };
    expect(careClockLines([
      cycle({ ...month, code: "BRIEF_PATIENT_INTERACTION", billingCode: "98979", status: "READY_TO_BILL", interactionMinutes: 15, liveInteraction: true, projection: "5 minutes more reach 98980 (20 minutes)" }),
      cycle({ ...month, code: "PATIENT_INTERACTION", billingCode: "98980", status: "IN_PROGRESS", interactionMinutes: 15, liveInteraction: true, projection: "5 minutes more reach 98980 (20 minutes)" }),
    ])).toEqual([{ period: "November 2026", facts: "15 minutes, live interaction logged", code: "98979 ready to bill", projection: "5 minutes more reach 98980 (20 minutes)" }]);
    expect(careClockLines([
      cycle({ ...month, code: "PATIENT_INTERACTION", billingCode: "98980", status: "BILLED", interactionMinutes: 60, liveInteraction: true }),
      cycle({ ...month, code: "ADDITIONAL_PATIENT_INTERACTION", billingCode: "98981", status: "READY_TO_BILL", interactionMinutes: 60, liveInteraction: true, units: 2 }),
    ])[0]).toMatchObject({ code: "98980 + 2 × 98981 billed" });
    // Met so far (ADR 043), and a billed month with care time documented after its bill.
    expect(careClockLines([
      cycle({ ...month, code: "BRIEF_PATIENT_INTERACTION", billingCode: "98979", status: "IN_PROGRESS", interactionMinutes: 10, liveInteraction: true, billNow: "Bill 98979 now …", projection: "10 minutes more reach 98980 (20 minutes)" }),
    ])[0]).toMatchObject({ code: "98979 met so far", projection: "10 minutes more reach 98980 (20 minutes)" });
    expect(careClockLines([
      cycle({ ...month, code: "PATIENT_INTERACTION", billingCode: "98980", status: "ACTIVE_DAYS_INCOMPLETE", interactionMinutes: 20, liveInteraction: true }),
      cycle({ ...month, code: "BRIEF_PATIENT_INTERACTION", billingCode: "98979", status: "BILLED", interactionMinutes: 10, liveInteraction: true, afterBill: { minutes: 10, codes: ["98979"], billedOn: "2026-11-12", wouldReach: "98980" } }),
    ])[0]).toEqual({ period: "November 2026", facts: "10 minutes, live interaction logged", code: "98979 billed", projection: "10 minutes after 98979 was billed on Nov 12 — would reach 98980 (revert 98979 to bill it)" });
    expect(careClockLines([cycle({ ...month, code: "BRIEF_PATIENT_INTERACTION", billingCode: "98979", status: "IN_PROGRESS", interactionMinutes: 1 })])[0]).toMatchObject({
      facts: "1 minute, no live interaction logged",
      code: "no code reached yet",
    });
  });

  it("a refusal names its rule; a stale toggle and any other failure keep their messages", () => {
    const rule = "98977 and 98985 are never billed for the same 30-day interval: 98985 was billed for Nov 8 – Dec 7 on Nov 27";
    expect(toggleRefusal({ status: 409, message: rule, rule: "DEVICE_ONE_CODE_PER_INTERVAL" })).toBe(rule);
    expect(toggleRefusal({ status: 409, message: "Only a cycle that is READY_TO_BILL can be marked as billed (this one is BILLED)." })).toBeNull();
    expect(toggleRefusal({ status: 500, message: "x", rule: "DEVICE_ONE_CODE_PER_INTERVAL" })).toBeNull();
  });
});

describe("the month's billing export (ADR 033)", () => {
  it("one row per cycle with its code, units, status, dates, days or minutes and live interaction, what it needs and is heading for", () => {
    const base = {
      numRequiredDays: 16, numRemainingDays: 0, events: [], pdfKey: null, episodeStart: "2026-11-08", patientRecord: { id: "p-1", firstName: "Rivera", lastName: "=HYPERLINK(\"x\")" },
      needs: null, units: 1, liveInteraction: false, projection: null, billNow: null, afterBill: null, interactionMinutes: 0, numActiveDays: 0,
      renderingPractitioner: { id: "pr", firstName: "Maya", lastName: "Okafor", npi: "1234567893", credential: "PT" as const }, billedAt: null, billedBy: null, modifiers: ["GP" as const],
    };
    const rows = exportRows([
      {
        patientRecord: base.patientRecord,
        cycles: [
          { ...base, id: "c-1", code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", billingCode: "98985", status: "BILLED", startDate: "2026-11-08", endDate: "2026-12-07", numActiveDays: 11, billedAt: "2026-12-08T22:04:00.000Z", billedBy: { id: "ad", firstName: "Daniel", lastName: "Reyes" } },
          {
            ...base,
            id: "c-2",
            code: "ADDITIONAL_PATIENT_INTERACTION",
            billingCode: "98981",
            status: "READY_TO_BILL",
            startDate: "2026-11-01",
            endDate: "2026-11-30",
            interactionMinutes: 60,
            liveInteraction: true,
            units: 2,
            modifiers: ["GP", "CQ"],
            events: [
              careEvent("2026-11-02T07:00:00.000Z", 60, { source: "TIMED", liveInteraction: { method: "PHONE", twoWay: true }, patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION" }),
              careEvent("2026-11-03T07:00:00.000Z", 5, { patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION", practitioner: { id: "x", firstName: "Bo", lastName: "=cmd", npi: null, credential: "PTA" } }),
            ],
          },
          { ...base, id: "c-3", code: "BRIEF_PATIENT_INTERACTION", billingCode: "98979", status: "IN_PROGRESS", startDate: "2026-11-01", endDate: "2026-11-30", interactionMinutes: 9, needs: { text: "9 of 10 minutes of care management; no live interaction logged yet", reachable: true }, projection: "1 minute more and a live interaction (phone or video, two-way) reach 98979 (10 minutes)" },
        ],
      },
    ], "America/Denver");
    // Issue 32: what a claim line needs, after the care notes.
    expect(EXPORT_HEADER.slice(-7)).toEqual(["Rendering practitioner", "NPI", "Credential", "Modifiers", "Place of service", "Billed on", "Billed by"]);
    expect(EXPORT_HEADER.slice(6, 8)).toEqual(["Interval start", "Interval end"]);
    const claim = ["Okafor, Maya", "1234567893", "PT"];
    expect(rows).toEqual([
      ["=HYPERLINK(\"x\"), Rivera", "p-1", "98985", "Device and Data Transmission, 2–15 Days", 1, "Billed", "11/08/2026", "12/07/2026", 11, "", "", "", "", "", ...claim, "GP", "", "12/08/2026 3:04 PM MST", "Reyes, Daniel"],
      [
        "=HYPERLINK(\"x\"), Rivera", "p-1", "98981", "Additional Care Management", 2, "Ready to Bill", "11/01/2026", "11/30/2026", "", 60, "yes", "", "",
        "11/02/2026: 60 minutes · Timed · Phone call, two-way · live interaction · entered by Okafor, Maya; 11/03/2026: 5 minutes · Typed · Patient interactive communication, method not recorded · entered by =cmd, Bo",
        ...claim, "GP, CQ", "", "not billed", "not billed",
      ],
      ["=HYPERLINK(\"x\"), Rivera", "p-1", "98979", "Care Management, First 10 Minutes", 1, "In Progress", "11/01/2026", "11/30/2026", "", 9, "no", "9 of 10 minutes of care management; no live interaction logged yet", "1 minute more and a live interaction (phone or video, two-way) reach 98979 (10 minutes)", "", ...claim, "GP", "", "not billed", "not billed"],
    ]);
    // Through the shared writer no cell runs as a formula.
    expect(csvFile([[...EXPORT_HEADER], ...rows]).split("\n")[1]).toMatch(/^"'=HYPERLINK\(""x""\), Rivera",p-1,98985,/);
    expect(exportFileName("2026-11")).toBe("rtm-2026-11.csv");
    expect(exportHref("2026-11")).toBe("/rtm-billing/months/2026-11.csv");
  });
});

describe("the worklist names the claim's practitioners (issue 32)", () => {
  const okafor = { id: "pr", firstName: "Maya", lastName: "Okafor", npi: "1234567893", credential: "PT" as const };
  const claim = { renderingPractitioner: okafor, modifiers: ["GP" as const], billedAt: null, billedBy: null };
  it("the patient's billing practitioner: who the codes not billed yet are billed under, or what is missing", () => {
    expect(billingPractitionerLine([{ ...claim, status: "BILLED" }, { ...claim, status: "IN_PROGRESS" }])).toBe("Billing practitioner: Okafor, Maya (PT, NPI 1234567893)");
    expect(billingPractitionerLine([{ ...claim, renderingPractitioner: { ...okafor, npi: null, credential: null }, status: "READY_TO_BILL" }])).toBe("Billing practitioner: Okafor, Maya (no NPI recorded)");
    expect(billingPractitionerLine([{ ...claim, renderingPractitioner: null, status: "READY_TO_BILL" }])).toBe(
      "Billing practitioner: none — choose one (or a primary provider) in Edit Patient Details before a code is billed",
    );
    expect(billingPractitionerLine([{ ...claim, status: "BILLED" }])).toBeNull();
  });
  it("a billed code says when, by whom and under whom it was billed; a code not billed says nothing", () => {
    const billed = { ...claim, status: "BILLED" as const, billedAt: "2026-11-28T22:04:00.000Z", billedBy: { id: "b", firstName: "Daniel", lastName: "Reyes" } };
    expect(billedLine(billed, "America/Denver")).toBe("Billed 11/28/2026 3:04 PM MST by Reyes, Daniel, under Okafor, Maya");
    expect(billedLine({ ...claim, status: "READY_TO_BILL" }, "America/Denver")).toBeNull();
  });
});

describe("episodes and the device clock across the month's end (issue 32, ADR 049)", () => {
  it("an interval that ends next month shows its days so far in this month", () => {
    expect(runningIntervalLines([{ startDate: "2026-11-10", endDate: "2026-12-09", numActiveDays: 12, numRemainingDays: 11, projection: "16 days can still be reached: 98977 applies at 16 — 4 more in the 11 days left" }])).toEqual([
      { period: "11/10/2026 – 12/09/2026", facts: "12 days so far, 11 days left", code: "bills in December 2026", projection: "16 days can still be reached: 98977 applies at 16 — 4 more in the 11 days left" },
    ]);
    expect(runningIntervalLines([{ startDate: "2026-11-29", endDate: "2026-12-28", numActiveDays: 1, numRemainingDays: 1, projection: null }])[0]).toMatchObject({ facts: "1 day so far, 1 day left" });
    expect(runningIntervalLines([])).toEqual([]);
  });
  it("names the episode of care, and a new one after a readmission", () => {
    expect(episodeLine([])).toBeNull();
    expect(episodeLine([{ episodeStart: "2026-09-01" }, { episodeStart: "2026-09-01" }])).toBe("Episode of care since 09/01/2026");
    expect(episodeLine([{ episodeStart: "2026-11-12" }, { episodeStart: "2026-09-01" }])).toBe(
      "Episodes of care: since 09/01/2026; a new one since 11/12/2026 (new plan of care after discharge; its own 98975)",
    );
  });
});
