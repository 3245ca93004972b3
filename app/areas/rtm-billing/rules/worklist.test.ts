import { describe, expect, it } from "vitest";
import {
  activeDaysLabel,
  addMonths,
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
    expect(cycleActions("READY_TO_BILL")).toEqual({ markBilled: true, revert: false, copy: true, pdf: true });
    expect(cycleActions("BILLED")).toEqual({ markBilled: false, revert: true, copy: true, pdf: true });
    expect(cycleActions("IN_PROGRESS")).toEqual({ markBilled: false, revert: false, copy: false, pdf: false });
    expect(cycleActions("ACTIVE_DAYS_INCOMPLETE")).toEqual({ markBilled: false, revert: false, copy: false, pdf: false });
    expect(monthPdfAllowed([{ status: "IN_PROGRESS" }, { status: "BILLED" }])).toBe(true);
    expect(monthPdfAllowed([{ status: "IN_PROGRESS" }])).toBe(false);
  });
  it("copies the billing code, the patient, the dates and each interaction's date with its minutes", () => {
    const event = (type: "PATIENT_INTERACTION" | "HEP_SESSION", dateTime: string, minutes: number | null) => ({ id: dateTime, type, dateTime, minutes, patientInteractionType: null });
    const text = copyText(
      {
        billingCode: "98980",
        startDate: "2026-10-26",
        endDate: "2026-11-24",
        patientRecord: { id: "p", firstName: "Ana", lastName: "Rivera" },
        events: [event("PATIENT_INTERACTION", "2026-11-03T07:00:00.000Z", 15), event("HEP_SESSION", "2026-11-04T15:00:00.000Z", null), event("PATIENT_INTERACTION", "2026-11-10T07:00:00.000Z", 1)],
      },
      "America/Denver",
    );
    expect(text).toBe("98980 Care Management\nAna Rivera, 10/26/2026 – 11/24/2026\nPatient interactions:\n11/03/2026: 15 minutes\n11/10/2026: 1 minute");
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
    expect(toggleFailedMessage(409, "advance", "IN_PROGRESS")).toBe(TOGGLE_FAILED);
    expect(toggleFailedMessage(409, "advance", null)).toBe(TOGGLE_FAILED);
    expect(toggleFailedMessage(409, "revert", "BILLED")).toBe(CHANGED_MEANWHILE);
    expect(toggleFailedMessage(502, "advance", "READY_TO_BILL")).toBe(TOGGLE_FAILED);
    expect(TOGGLE_FAILED).toBe("Something went wrong, please refresh and try again");
    expect(CHANGED_MEANWHILE).not.toMatch(/someone else/);
  });
});
