/**
 * The RTM audit packet of one patient and month (ADR 033, issue 26 deliverable 5), shaped from the month's summary
 * the API answers (GET v2/health/rtm-cycles/{yearMonth}: the patient's cycles ending in the month, each with its
 * events) — the same data the worklist's row and the month's CSV show. Pure: it decides nothing the API decided
 * (statuses, days of data, minutes, the live interaction, units, what is still needed are the API's); it lays out
 * the evidence behind them for the billing office: the codes, the set-up, each device interval's days of data with
 * their dates, each management month's time entries, and the live interactions.
 */
import type { RtmCycle, RtmMonthlySummary } from "../../../api/rtm.server";
import { displayName } from "../../../domain/names";
import { dayInZone, formatDay, formatTime } from "../../../domain/zoned-day";
import { BILLING_DESCRIPTION, claimLine, claimWords, type ClaimWords, careClockLine, careNoteEntry, type CareNoteEntry, careMonths, deviceClockLine, deviceIntervals, EVENT_LABEL, isCareManagement, monthHeading, STATUS_LABEL, type ClockLine } from "./worklist";
import { compareKeys } from "../../../domain/collate";

type Event = RtmCycle["events"][number];

/** The events that make a day of data (sessions and PRO responses, as the API counts them: ADR 008, 033). */
const DATA_EVENTS: ReadonlySet<Event["type"]> = new Set(["HEP_SESSION", "SELF_REPORTED_HEP_SESSION", "PRO_RESPONSE"]);
export const PACKET_HEADING = "RTM Audit Packet";
export const LIVE_RULE =
  "A live interaction is a care note whose call was a phone or video call, two-way (the patient or caregiver took part in real time), of at least one minute (ADR 033). A one-way call (voicemail), an unsuccessful attempt, messages, data review and an older note whose method was not recorded do not count; an unsuccessful attempt's minutes are not counted either. It gates 98979, 98980 and 98981.";
export const SOURCE_NOTE =
  "Statuses, days of data, minutes, live interactions and what is still needed are the provider API's, as the RTM Billing worklist and the month's CSV export show them; this packet lists the entries behind them.";

/** The provider API records no RTM consent (a contract addition the real API would need, ADR 044). */
export const CONSENT_LINE =
  "Consent: the patient's consent to remote monitoring is not recorded by the provider API; CMS requires it obtained and documented at the set-up — attach the chart's record of it.";

export interface PacketCode {
  code: string;
  description: string;
  status: string;
  dates: string;
  /** 'N days of data' (device codes, the set-up) or 'N minutes' (care management). */
  basis: string;
  /** What it still needs, or what it is heading for; '' when neither. */
  note: string;
}

export interface DataDay {
  date: string;
  /** 'Program session 7:02 AM, 6:15 PM; Survey response 9:10 AM' (times of day, organization time zone). */
  what: string;
}

/** A code's claim line (issue 32, ADR 044): the worklist's and the CSV's words. */
export interface PacketClaim extends ClaimWords {
  code: string;
}

export interface PacketInterval extends ClockLine {
  days: DataDay[];
}

/** A care note of the month with what it counted for (careNoteEntry: minutes, entered, interaction, live, by). */
export interface TimeEntry extends CareNoteEntry {
  date: string;
}

export interface PacketMonth extends ClockLine {
  entries: TimeEntry[];
  /** The live interactions among the entries. */
  live: TimeEntry[];
  liveInteraction: boolean;
}

export interface AuditPacket {
  /** The PDF's title (document information). */
  title: string;
  details: string[];
  codes: PacketCode[];
  /** Who each code is billed under, its modifiers, and who marked it billed when. */
  claims: PacketClaim[];
  /** The set-up (98975) ending in the month, or a line saying there is none. */
  setup: string[];
  intervals: PacketInterval[];
  months: PacketMonth[];
}

/** `rtm-audit-2026-11-Rivera-Ana.pdf`. */
export const auditPacketFileName = (month: string, person: { firstName: string; lastName: string }) =>
  `rtm-audit-${month}-${`${person.lastName}-${person.firstName}`.trim().replace(/\s+/g, "-")}.pdf`;

/** `/rtm-billing/months/2026-11/patients/{id}.pdf`. */
export const auditPacketHref = (month: string, patientRecordId: string) => `/rtm-billing/months/${month}/patients/${encodeURIComponent(patientRecordId)}.pdf`;

/** The events of cycles, each once (cycles of one interval or month share them), oldest first. */
function uniqueEvents(cycles: readonly RtmCycle[]): Event[] {
  const byId = new Map<string, Event>();
  for (const c of cycles) for (const e of c.events) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime) || compareKeys(a.id, b.id));
}

/** The days of data among events (organization time zone), each with what happened on it. */
export function dataDays(events: readonly Event[], timeZone: string): DataDay[] {
  const days = new Map<string, Map<Event["type"], string[]>>();
  const byTime = [...events].sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime));
  for (const e of byTime) {
    if (!DATA_EVENTS.has(e.type)) continue;
    const day = dayInZone(e.dateTime, timeZone);
    if (!day) continue;
    const kinds = days.get(day) ?? new Map<Event["type"], string[]>();
    kinds.set(e.type, [...(kinds.get(e.type) ?? []), formatTime(e.dateTime, timeZone)]);
    days.set(day, kinds);
  }
  // Each kind with its times of day (issue 32: an auditor asks when, not only which day).
  return [...days.entries()]
    .sort(([a], [b]) => compareKeys(a, b))
    .map(([day, kinds]) => ({ date: formatDay(day), what: [...kinds.entries()].map(([type, times]) => `${EVENT_LABEL[type]} ${times.join(", ")}`).join("; ") }));
}

/**
 * The care notes among events (a care note's date is the organization's day it was logged for), each with how its
 * minutes were entered, its call, whether it is the live interaction and who entered it (careNoteEntry: the words
 * of the care-notes section, the copy text and the CSV); unsuccessful attempts are listed with their minutes not
 * counted.
 */
export function timeEntries(events: readonly Event[], timeZone: string): TimeEntry[] {
  return events.filter((e) => e.type === "PATIENT_INTERACTION").map((e) => ({ date: formatDay(dayInZone(e.dateTime, timeZone) ?? ""), ...careNoteEntry(e) }));
}

const datesOf = (c: Pick<RtmCycle, "startDate" | "endDate">) => `${formatDay(c.startDate)} – ${formatDay(c.endDate)}`;

function codeRow(c: RtmCycle): PacketCode {
  return {
    code: c.billingCode === "98981" && c.units > 1 ? `98981 × ${c.units}` : c.billingCode,
    description: BILLING_DESCRIPTION[c.billingCode],
    status: STATUS_LABEL[c.status],
    dates: datesOf(c),
    basis: isCareManagement(c.code) ? `${c.interactionMinutes} minute${c.interactionMinutes === 1 ? "" : "s"}` : `${c.numActiveDays} day${c.numActiveDays === 1 ? "" : "s"} of data`,
    note: c.needs?.text ?? c.projection ?? "",
  };
}

function setupLines(summary: Pick<RtmMonthlySummary, "cycles" | "yearMonth">, timeZone: string): string[] {
  const setups = summary.cycles.filter((c) => c.code === "PATIENT_SETUP");
  if (setups.length === 0) return [`No set-up (98975) ends in ${monthHeading(summary.yearMonth)}: it is billed once per episode of care, in the month the episode's first 30-day interval ends.`];
  return setups.flatMap((c) => {
    const assigned = c.events.find((e) => e.type === "INITIAL_HEP_ASSIGNMENT");
    const days = dataDays(c.events, timeZone);
    return [
      `98975 ${BILLING_DESCRIPTION["98975"]}: ${STATUS_LABEL[c.status]}, the episode's first interval ${datesOf(c)}.`,
      assigned
        ? `First program assigned ${formatDay(dayInZone(assigned.dateTime, timeZone) ?? "")} at ${formatTime(assigned.dateTime, timeZone)} (the set-up: the start of monitoring and the patient's education on the program).`
        : "First program assignment: not in this interval's events.",
      `Days of data in the interval: ${c.numActiveDays} (${c.numRequiredDays} required)${days.length ? `, first on ${days[0]!.date}` : ""}.`,
      ...(c.needs ? [`Still needed: ${c.needs.text}`] : []),
      `Claim: ${claimLine(claimWords(c, timeZone))}.`,
      CONSENT_LINE,
    ];
  });
}

/**
 * The packet of one patient's month. `today` is the organization's day it is printed on; `timeZone` the
 * organization's (the days of data and care notes are its days).
 */
export function auditPacket(summary: Pick<RtmMonthlySummary, "cycles" | "patientRecord" | "yearMonth" | "status">, timeZone: string, today: string): AuditPacket {
  const month = monthHeading(summary.yearMonth);
  const intervals = deviceIntervals(summary.cycles).map((pair) => ({ ...deviceClockLine(pair), days: dataDays(uniqueEvents(pair), timeZone) }));
  const months = careMonths(summary.cycles).map((cycles) => {
    const entries = timeEntries(uniqueEvents(cycles), timeZone);
    return { ...careClockLine(cycles), entries, live: entries.filter((e) => e.live), liveInteraction: cycles.some((c) => c.liveInteraction) };
  });
  return {
    title: `${PACKET_HEADING} ${summary.yearMonth}: ${displayName(summary.patientRecord)}`,
    details: [
      `Patient: ${displayName(summary.patientRecord)} (ID ${summary.patientRecord.id})`,
      `Month: ${month} · ${STATUS_LABEL[summary.status]}`,
      `Printed ${formatDay(today)}; dates are the organization's (${timeZone}).`,
    ],
    codes: summary.cycles.map(codeRow),
    claims: summary.cycles.map((c) => ({ code: codeRow(c).code, ...claimWords(c, timeZone) })),
    setup: setupLines(summary, timeZone),
    intervals,
    months,
  };
}
