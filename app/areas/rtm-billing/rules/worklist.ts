/**
 * The RTM Billing worklist's rules (002 §2 'RTM Billing', §3, §4, §8, §9), pure and shared by the server and the
 * browser: the URL state (month, statuses, needs attention, location, search, sort, page, the open row and the
 * copy dialog), the months the picker offers, the list call's query, the labels, which actions a cycle allows,
 * and the text the copy action puts on the clipboard.
 *
 * URL: /rtm-billing/cycles-by-month/?month=yyyy-LL&status=READY_TO_BILL&status=BILLED&attention=1
 *      &location={id}&q=…&sort=name|status&dir=asc|desc&page=N&open={patientRecordId}&copy={cycleId}
 */
import { ariaSortOf, nextSortOf, type SortDir } from "../../../domain/sort-cycle";
import type { RtmCycle, RtmMonthlySummary, RtmMonthQuery, RtmStatus } from "../../../api/rtm.server";
import { displayName } from "../../../domain/names";
import { formatDay, formatInstantDay, formatTime } from "../../../domain/zoned-day";
import { CREDENTIAL_SHORT } from "../../../domain/rtm-claim";
import { afterBillLine, BILLING_CODE_DESCRIPTION, careNoteLine, careNoteWords, type CareNoteWords } from "../../../domain/rtm-2026";

export const WORKLIST_PATH = "/rtm-billing/cycles-by-month/";
export const WORKLIST_PAGE_SIZE = 20;

/** Verbatim (002 §2, §8). */
export const EMPTY_MESSAGE = "You haven't assigned any patients yet";
export const LOAD_FAILED = "Sorry we're experiencing an issue, please try reloading the page.";
export const TOGGLE_FAILED = "Something went wrong, please refresh and try again";
export const COPY_FAILED = "Something went wrong copying the data.";
export const PDF_FAILED = "Failed to fetch PDF";
export const billedMessage = (name: string) => `Successfully marked RTM Cycle for ${name} as billed.`;
export const copiedMessage = (code: string, name: string) => `Successfully copied ${code} for ${name}`;
/** Not in the spec (its success message is for ADVANCE only): the same form for REVERT. */
export const revertedMessage = (name: string) => `Successfully reverted RTM Cycle for ${name} to ready to bill.`;
/**
 * A refusal (409) of a cycle the page showed in the status the action needs: its status changed after the page
 * was loaded; the reloaded worklist shows it now. (A refusal of a cycle shown in another status: TOGGLE_FAILED.)
 */
export const CHANGED_MEANWHILE = "This RTM cycle's status changed after the page was loaded; the worklist now shows its current status.";
/** The status a cycle must have for the action (the API refuses any other with 409; "Bill now" also bills a code met so far, IN_PROGRESS). */
export const ACTION_FROM: Record<"advance" | "revert", RtmStatus> = { advance: "READY_TO_BILL", revert: "BILLED" };
/** The message of a refused action: the true reason where the page can tell it, else the spec's words (002 §8). */
export const toggleFailedMessage = (status: number, intent: "advance" | "revert", shown: unknown): string =>
  status === 409 && (shown === ACTION_FROM[intent] || (intent === "advance" && shown === "IN_PROGRESS")) ? CHANGED_MEANWHILE : TOGGLE_FAILED;
/** Whether the list is narrowed by a filter (statuses, needs attention, location, search). */
export const isFiltered = (s: Pick<WorklistState, "statuses" | "attention" | "location" | "q">) => s.statuses.length > 0 || s.attention || !!s.location || !!s.q;
/**
 * An unfiltered month without cycles: the spec's empty state is for an organization without RTM patients
 * (`hasCycles` false); an organization that has cycles in other months is told this month has none.
 */
export const emptyMonthMessage = (yearMonth: string, hasCycles: boolean | null | undefined) =>
  hasCycles === false ? EMPTY_MESSAGE : `No RTM cycles end in ${monthHeading(yearMonth)}.`;
/** Filtered to nothing (the spec's empty message is for an organization without RTM patients). */
export const NO_MATCH_MESSAGE = "No RTM cycles match these filters.";

export const STATUSES: readonly { value: RtmStatus; label: string }[] = [
  { value: "IN_PROGRESS", label: "In Progress" },
  { value: "ACTIVE_DAYS_INCOMPLETE", label: "Incomplete" },
  { value: "READY_TO_BILL", label: "Ready to Bill" },
  { value: "BILLED", label: "Billed" },
];
export const STATUS_LABEL = Object.fromEntries(STATUSES.map((s) => [s.value, s.label])) as Record<RtmStatus, string>;
const isStatus = (v: string): v is RtmStatus => v in STATUS_LABEL;

/** 002 §4: billing codes and their descriptions, with the 2026 additions (ADR 033; one list, app/domain/rtm-2026.ts). */
export const BILLING_DESCRIPTION: Record<RtmCycle["billingCode"], string> = BILLING_CODE_DESCRIPTION;

/** The care-management codes (98979, 98980, 98981): billed on minutes of care in the calendar month, not on active days (ADR 033). */
export const isCareManagement = (code: RtmCycle["code"]) => code === "BRIEF_PATIENT_INTERACTION" || code === "PATIENT_INTERACTION" || code === "ADDITIONAL_PATIENT_INTERACTION";

/**
 * 002 §2, §9: the device-data cycle shows its active days 'N/30 days'; the set-up out of its required days; a
 * care-management cycle, which needs no active days, its total activity days alone.
 */
export const DEVICE_CYCLE_DAYS = 30;
export function activeDaysLabel(c: Pick<RtmCycle, "code" | "numActiveDays" | "numRequiredDays">): string {
  if (c.code === "DEVICE_AND_DATA_TRANSMISSION" || c.code === "SHORT_DEVICE_AND_DATA_TRANSMISSION") return `${c.numActiveDays}/${DEVICE_CYCLE_DAYS} days`;
  if (isCareManagement(c.code)) return `${c.numActiveDays} day${c.numActiveDays === 1 ? "" : "s"}`;
  return `${c.numActiveDays}/${c.numRequiredDays} days`;
}

export type SortColumn = "name" | "status";
const SORT_API: Record<SortColumn, "NAME" | "STATUS"> = { name: "NAME", status: "STATUS" };

export interface WorklistState {
  month: string;
  /** What was changed in the month the URL asked for, and why (null when it was used): shown next to the month (issue 25). */
  monthAdjustment?: string | null;
  statuses: RtmStatus[];
  /** 'Needs attention': the cycles at risk, soonest end first. */
  attention: boolean;
  location: string | null;
  q: string;
  sort: SortColumn | null;
  dir: SortDir | null;
  page: number;
}

/** The month 'yyyy-LL' moved by `months`. */
export function addMonths(yearMonth: string, months: number): string {
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  const i = y * 12 + (m - 1) + months;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
}

/** 002 §2, §5: the months the picker offers, 12 before the current one to 2 after, oldest first. */
export function selectableMonths(today: string): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: 15 }, (_, i) => addMonths(current, i - 12));
}

export { monthHeading };

import { isUuid } from "../../../domain/uuid";
import { monthHeading } from "../../../domain/month-name";
import { pasteableLines } from "../../../domain/spreadsheet";
import { pageParam } from "../../../domain/paging";
import { compareKeys } from "../../../domain/collate";

export { isUuid };

/** The state from the URL; anything out of range falls back to the default (the current month, no filter). */
export function parseWorklistState(params: URLSearchParams, today: string): WorklistState {
  const months = selectableMonths(today);
  const month = params.get("month") ?? "";
  const sort = params.get("sort");
  const dir = params.get("dir");
  const sorted = (sort === "name" || sort === "status") && (dir === "asc" || dir === "desc");
  const location = params.get("location");
  const usable = months.includes(month);
  const quoted = month.length > 20 ? `${month.slice(0, 20)}…` : month;
  return {
    month: usable ? month : today.slice(0, 7),
    monthAdjustment:
      usable || month === ""
        ? null
        : `"${quoted}" is not a month that can be chosen (${monthHeading(months[0]!)} to ${monthHeading(months.at(-1)!)}): showing ${monthHeading(today.slice(0, 7))} instead.`,
    statuses: [...new Set(params.getAll("status").filter(isStatus))],
    attention: params.get("attention") === "1",
    location: isUuid(location) ? location.toLowerCase() : null,
    q: (params.get("q") ?? "").trim().slice(0, 200),
    sort: sorted ? sort : null,
    dir: sorted ? dir : null,
    page: pageParam(params.get("page")),
  };
}

export function worklistParams(state: WorklistState, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  params.set("month", state.month);
  for (const s of state.statuses) params.append("status", s);
  if (state.attention) params.set("attention", "1");
  if (state.location) params.set("location", state.location);
  if (state.q) params.set("q", state.q);
  if (state.sort && state.dir) {
    params.set("sort", state.sort);
    params.set("dir", state.dir);
  }
  if (state.page > 1) params.set("page", String(state.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params;
}

export const worklistHref = (state: WorklistState, extra: Record<string, string> = {}) => `${WORKLIST_PATH}?${worklistParams(state, extra).toString()}`;

export const nextSort = (state: WorklistState, column: SortColumn): WorklistState => ({ ...state, ...nextSortOf<SortColumn>(state, column), page: 1 });
export const ariaSort = (state: WorklistState, column: SortColumn) => ariaSortOf<SortColumn>(state, column);

/** The month call's query. Unsorted: by name, or, needing attention, by the days left (soonest first). */
export function worklistQuery(state: WorklistState): RtmMonthQuery {
  const query: RtmMonthQuery = { page: state.page, limit: WORKLIST_PAGE_SIZE };
  if (state.q) query.search = state.q;
  if (state.statuses.length) query.status = state.statuses;
  if (state.location) query.locationId = state.location;
  if (state.attention) query.needsAttention = true;
  if (state.sort && state.dir) {
    query.sortBy = SORT_API[state.sort];
    query.orderBy = state.dir === "asc" ? "ASC" : "DESC";
  } else {
    query.sortBy = state.attention ? "DAYS_LEFT" : "NAME";
    query.orderBy = "ASC";
  }
  return query;
}

/**
 * 002 §2: which per-cycle actions the billing rules allow for a status; `billNow` (ADR 043): a code met so far while
 * its period runs can be billed now, after a confirmation that names what it may lose.
 */
export function cycleActions(status: RtmStatus, billNow: string | null = null): { markBilled: boolean; billNow: boolean; revert: boolean; copy: boolean; pdf: boolean } {
  const billable = status === "READY_TO_BILL" || status === "BILLED";
  return { markBilled: status === "READY_TO_BILL", billNow: status === "IN_PROGRESS" && !!billNow, revert: status === "BILLED", copy: billable, pdf: billable };
}

/** The "Bill now" confirmation's title (ADR 043). */
export const billNowTitle = (code: string, name: string) => `Bill ${code} now for ${name}?`;

/** The month's PDF is offered when one of its cycles can be (or was) billed. */
export const monthPdfAllowed = (cycles: readonly Pick<RtmCycle, "status">[]) => cycles.some((c) => cycleActions(c.status).pdf);

type RtmEvent = RtmCycle["events"][number];

/** A care note's event in words (ADR 033): its minutes, timed or typed, its call, live or not, and who entered it. */
export interface CareNoteEntry extends CareNoteWords {
  /** Who entered it ('Last, First'), or '—'. */
  by: string;
}

export function careNoteEntry(e: RtmEvent): CareNoteEntry {
  const interactive = e.patientInteractionType === "PATIENT_INTERACTIVE_COMMUNICATION";
  return { ...careNoteWords({ minutes: e.minutes ?? 0, source: e.source, liveInteraction: e.liveInteraction, unsuccessfulAttempt: e.unsuccessfulAttempt, interactive }), by: e.practitioner ? displayName(e.practitioner) : "—" };
}

/** "15 minutes · Timed · Video call, two-way · live interaction · entered by Okafor, Maya". */
export const careNoteText = (e: RtmEvent): string => {
  const entry = careNoteEntry(e);
  return `${careNoteLine({ minutes: e.minutes ?? 0, unsuccessfulAttempt: e.unsuccessfulAttempt }, entry)} · entered by ${entry.by}${e.afterBill ? ` · ${AFTER_BILL_MARK}` : ""}`;
};

/** A care note documented after its month's bill, as the worklist's events and the copy text mark it (ADR 043). */
export const AFTER_BILL_MARK = "after the bill (not part of it)";

/**
 * What Copy puts on the clipboard (002 §2): the cycle's billing code and what it stands for, the patient and the
 * cycle's dates, then its patient interactions, each date (organization time zone) with its minutes, how they were
 * entered, the call, whether it is the live interaction and who entered it (an unsuccessful attempt's minutes are
 * "(not counted)"). Made to be pasted, so a line that a spreadsheet would run as a formula (a name starting with
 * `=`) is neutralised.
 */
export function copyText(cycle: Pick<RtmCycle, "billingCode" | "startDate" | "endDate" | "events" | "patientRecord">, timeZone: string): string {
  const interactions = cycle.events.filter((e) => e.type === "PATIENT_INTERACTION");
  const lines = [
    `${cycle.billingCode} ${BILLING_DESCRIPTION[cycle.billingCode]}`,
    `${displayName(cycle.patientRecord)} · ${formatDay(cycle.startDate)} – ${formatDay(cycle.endDate)}`,
    "Patient interactions:",
    ...(interactions.length ? interactions.map((e) => `${formatInstantDay(e.dateTime, timeZone)}: ${careNoteText(e)}`) : ["None"]),
  ];
  return pasteableLines(lines);
}

export const EVENT_LABEL: Record<RtmCycle["events"][number]["type"], string> = {
  HEP_SESSION: "Program session",
  SELF_REPORTED_HEP_SESSION: "Self-reported session",
  PRO_RESPONSE: "Survey response",
  PATIENT_INTERACTION: "Patient interaction",
  INITIAL_HEP_ASSIGNMENT: "Initial program assignment",
};


// ---------------------------------------------------------------------------------------------------------------
// The two clocks (ADR 033), as the API reports them on the month's cycles

const DEVICE_SUPPLY: ReadonlySet<RtmCycle["code"]> = new Set(["DEVICE_AND_DATA_TRANSMISSION", "SHORT_DEVICE_AND_DATA_TRANSMISSION"]);
/** Billed, ready to bill, or met so far while its period runs (ADR 043: `billNow` set). */
const billedOrReady = (c: Pick<RtmCycle, "status" | "billNow">) => c.status === "READY_TO_BILL" || c.status === "BILLED" || (c.status === "IN_PROGRESS" && !!c.billNow);

export interface ClockLine {
  /** "11/08/2026 – 12/07/2026" (a device interval) or "November 2026" (a care-management month). */
  period: string;
  /** "11 of 30 days with data, 11 days left" / "15 minutes, live interaction logged". */
  facts: string;
  /** "98985 ready to bill", "98980 + 1 × 98981 billed", "no code reached yet". */
  code: string;
  /** What it is heading for (the API's projection), or null. */
  projection: string | null;
}

export function groupByDates<T extends Pick<RtmCycle, "startDate" | "endDate">>(cycles: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const c of cycles) {
    const key = `${c.startDate}|${c.endDate}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

const reachedLabel = (parts: string[], reached: readonly Pick<RtmCycle, "status">[]) =>
  parts.length === 0
    ? "no code reached yet"
    : `${parts.join(" + ")} ${reached.some((c) => c.status === "BILLED") ? "billed" : reached.some((c) => c.status === "READY_TO_BILL") ? "ready to bill" : "met so far"}`;

/**
 * The device clock of a patient's month: one line per 30-day interval among the cycles (98977 and 98985 share
 * it), with its days of data, days left, the code it reached (the one of the pair the API made billable or
 * billed) and the API's projection.
 */
export function deviceClockLines(cycles: readonly RtmCycle[]): ClockLine[] {
  return deviceIntervals(cycles).map(deviceClockLine);
}

/** The device-supply cycles grouped by interval (98977 and 98985 share its dates), in the order they come. */
export const deviceIntervals = (cycles: readonly RtmCycle[]) => groupByDates(cycles.filter((c) => DEVICE_SUPPLY.has(c.code)));

/** The clock line of one device interval's cycles. */
export function deviceClockLine(pair: readonly RtmCycle[]): ClockLine {
  const first = pair[0]!;
  const left = first.numRemainingDays;
  const reached = pair.filter(billedOrReady);
  return {
    period: `${formatDay(first.startDate)} – ${formatDay(first.endDate)}`,
    facts: `${first.numActiveDays} of ${DEVICE_CYCLE_DAYS} days with data, ${left === 0 ? "ended" : `${left} day${left === 1 ? "" : "s"} left`}`,
    code: reachedLabel(reached.map((c) => c.billingCode), reached),
    projection: pair.map((c) => c.projection).find((p) => p) ?? null,
  };
}

/**
 * The device clock across the month's end (issue 32, ADR 049): an interval that started by the month's end and ends
 * in a later month (the API's `runningIntervals`) is shown in this month with its days so far — "11/10/2026 –
 * 12/09/2026: 12 days so far, 9 days left — bills in December 2026" — and its projection; its cycles (and its bill) are
 * in the month it ends.
 */
export function runningIntervalLines(intervals: readonly Pick<RtmMonthlySummary["runningIntervals"][number], "startDate" | "endDate" | "numActiveDays" | "numRemainingDays" | "projection">[]): ClockLine[] {
  return intervals.map((i) => ({
    period: `${formatDay(i.startDate)} – ${formatDay(i.endDate)}`,
    facts: `${i.numActiveDays} day${i.numActiveDays === 1 ? "" : "s"} so far, ${i.numRemainingDays} day${i.numRemainingDays === 1 ? "" : "s"} left`,
    code: `bills in ${monthHeading(i.endDate.slice(0, 7))}`,
    projection: i.projection,
  }));
}

/**
 * The episode of care the month's cycles belong to (ADR 049): "Episode of care since 11/12/2026"; a month that
 * holds two (a new plan of care after a discharge) names both, the later one with its own set-up.
 */
export function episodeLine(cycles: readonly Pick<RtmCycle, "episodeStart">[]): string | null {
  const starts = [...new Set(cycles.map((c) => c.episodeStart))].sort();
  if (starts.length === 0) return null;
  if (starts.length === 1) return `Episode of care since ${formatDay(starts[0]!)}`;
  return `Episodes of care: ${starts.map((d, i) => (i === 0 ? `since ${formatDay(d)}` : `a new one since ${formatDay(d)} (new plan of care after discharge; its own 98975)`)).join("; ")}`;
}

/**
 * The management clock: one line per calendar month among the care-management cycles (98979, 98980, 98981), with
 * its minutes, whether a live interaction is logged, the codes it reached (98979, or 98980 + n × 98981) and the
 * next threshold (the API's projection).
 */
export function careClockLines(cycles: readonly RtmCycle[]): ClockLine[] {
  return careMonths(cycles).map(careClockLine);
}

/** The care-management cycles grouped by month (98979, 98980 and 98981 share its dates), in the order they come. */
export const careMonths = (cycles: readonly RtmCycle[]) => groupByDates(cycles.filter((c) => isCareManagement(c.code)));

/** The clock line of one management month's cycles. */
export function careClockLine(month: readonly RtmCycle[]): ClockLine {
  const reached = month.filter(billedOrReady).sort((a, b) => compareKeys(a.billingCode, b.billingCode));
  // A billed month reports the minutes it was billed on; time documented after the bill is its own line (ADR 043).
  const billed = month.find((c) => c.status === "BILLED");
  const first = billed ?? month[0]!;
  const after = month.map((c) => c.afterBill).find((a) => a);
  const parts = reached.map((c) => (c.billingCode === "98981" ? `${c.units} × 98981` : c.billingCode));
  return {
    period: monthHeading(first.endDate.slice(0, 7)),
    facts: `${first.interactionMinutes} minute${first.interactionMinutes === 1 ? "" : "s"}, ${first.liveInteraction ? "live interaction logged" : "no live interaction logged"}`,
    code: reachedLabel(parts, reached),
    projection: after ? afterBillLine(after) : (month.map((c) => c.projection).find((p) => p) ?? null),
  };
}

/** A mark billed that a billing rule refused (409 with `rule`, ADR 033): the API's message, which names the rule. */
export function toggleRefusal(error: { status: number; message: string; rule?: string }): string | null {
  return error.status === 409 && error.rule ? error.message : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The month's billing export (ADR 033): one CSV row per cycle, written by the shared formula-safe CSV writer

export const EXPORT_HEADER = [
  "Patient",
  "Patient ID",
  "Billing code",
  "Description",
  "Units",
  "Status",
  "Interval start",
  "Interval end",
  "Days with data",
  "Care minutes",
  "Live interaction",
  "Still needed",
  "Heading for",
  "Care notes",
  // What a claim line needs (issue 32, ADR 044): claimWords.
  "Rendering practitioner",
  "NPI",
  "Credential",
  "Modifiers",
  "Place of service",
  "Billed on",
  "Billed by",
] as const;

/** `rtm-2026-11.csv`. */
export const exportFileName = (month: string) => `rtm-${month}.csv`;
export const exportHref = (month: string) => `/rtm-billing/months/${month}.csv`;

/** The rows of a month's export (after the header): every cycle of every patient summary, in the API's order. */
export function exportRows(summaries: readonly Pick<RtmMonthlySummary, "cycles" | "patientRecord">[], timeZone: string): (string | number)[][] {
  return summaries.flatMap((s) =>
    s.cycles.map((c) => [
      displayName(s.patientRecord),
      s.patientRecord.id,
      c.billingCode,
      BILLING_DESCRIPTION[c.billingCode],
      c.units,
      STATUS_LABEL[c.status],
      formatDay(c.startDate),
      formatDay(c.endDate),
      isCareManagement(c.code) ? "" : c.numActiveDays,
      isCareManagement(c.code) ? c.interactionMinutes : "",
      isCareManagement(c.code) ? (c.liveInteraction ? "yes" : "no") : "",
      c.needs?.text ?? "",
      c.projection ?? "",
      // Care management: each care note's date, minutes, timed or typed, call, live or not, who entered it (ADR 033).
      isCareManagement(c.code) ? careNotesCell(c, timeZone) : "",
      ...claimCells(claimWords(c, timeZone)),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A claim line's practitioners, modifiers and billing record (issue 32, ADR 044): the CSV, the audit packet and the
// worklist say them alike

export const NOT_BILLED = "not billed";
export const NO_RENDERING = "no billing practitioner";
export const NO_NPI = "no NPI recorded";
export const NO_CREDENTIAL = "not recorded";
/**
 * Place of service: the provider API records none (a location's POS code is a contract addition the real API would
 * need, ADR 044); the column stays for the billing office to fill.
 */
export const PLACE_OF_SERVICE_UNKNOWN = "";

export interface ClaimWords {
  /** "Okafor, Maya", or NO_RENDERING. */
  rendering: string;
  npi: string;
  credential: string;
  /** "GP" or "GP, CQ". */
  modifiers: string;
  placeOfService: string;
  /** "11/28/2026 3:04 PM", or NOT_BILLED. */
  billedOn: string;
  /** "Reyes, Daniel", or NOT_BILLED. */
  billedBy: string;
}

export function claimWords(c: Pick<RtmCycle, "renderingPractitioner" | "modifiers" | "billedAt" | "billedBy" | "status">, timeZone: string): ClaimWords {
  const r = c.renderingPractitioner;
  const billed = c.status === "BILLED" && c.billedAt !== null;
  return {
    rendering: r ? displayName(r) : NO_RENDERING,
    npi: r?.npi ?? NO_NPI,
    credential: r?.credential ? CREDENTIAL_SHORT[r.credential] : NO_CREDENTIAL,
    modifiers: c.modifiers.join(", "),
    placeOfService: PLACE_OF_SERVICE_UNKNOWN,
    billedOn: billed ? `${formatInstantDay(c.billedAt!, timeZone)} ${formatTime(c.billedAt!, timeZone)}` : NOT_BILLED,
    billedBy: billed ? (c.billedBy ? displayName(c.billedBy) : "unknown") : NOT_BILLED,
  };
}

/**
 * The worklist's line of a patient's billing (rendering) practitioner (issue 32): the one the codes not billed yet would
 * be billed under — "Billing practitioner: Okafor, Maya (PT, NPI 1234567893)" — or what is missing; null when every
 * code of the month is billed (each billed code names its own, billedLine).
 */
export function billingPractitionerLine(cycles: readonly Pick<RtmCycle, "renderingPractitioner" | "status">[]): string | null {
  const open = cycles.find((c) => c.status !== "BILLED");
  if (!open) return null;
  const r = open.renderingPractitioner;
  if (!r) return `Billing practitioner: none — choose one (or a primary provider) in Edit Patient Details before a code is billed`;
  const facts = [...(r.credential ? [CREDENTIAL_SHORT[r.credential]] : []), r.npi ? `NPI ${r.npi}` : NO_NPI];
  return `Billing practitioner: ${displayName(r)} (${facts.join(", ")})`;
}

/** A billed code's record in the worklist (issue 32): "Billed 11/28/2026 3:04 PM MST by Reyes, Daniel, under Okafor, Maya"; null when not billed. */
export function billedLine(c: Pick<RtmCycle, "renderingPractitioner" | "modifiers" | "billedAt" | "billedBy" | "status">, timeZone: string): string | null {
  const w = claimWords(c, timeZone);
  if (w.billedOn === NOT_BILLED) return null;
  return `Billed ${w.billedOn} by ${w.billedBy}, under ${w.rendering}`;
}

const claimCells = (w: ClaimWords) => [w.rendering, w.npi, w.credential, w.modifiers, w.placeOfService, w.billedOn, w.billedBy];

/** "Billed 11/28/2026 3:04 PM by Reyes, Daniel · under Okafor, Maya (PT, NPI 1234567893) · GP". */
export function claimLine(w: ClaimWords): string {
  const under = `under ${w.rendering}${w.rendering === NO_RENDERING ? "" : ` (${w.credential}, NPI ${w.npi})`}`;
  const billed = w.billedOn === NOT_BILLED ? "Not billed" : `Billed ${w.billedOn} by ${w.billedBy}`;
  return [billed, under, w.modifiers].join(" · ");
}

/** A care-management cycle's care notes in one cell: "12/01/2026: 10 minutes · Timed · …; 12/03/2026: …". */
const careNotesCell = (c: Pick<RtmCycle, "events">, timeZone: string) =>
  c.events
    .filter((e) => e.type === "PATIENT_INTERACTION")
    .map((e) => `${formatInstantDay(e.dateTime, timeZone)}: ${careNoteText(e)}`)
    .join("; ");
