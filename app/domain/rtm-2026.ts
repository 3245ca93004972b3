/**
 * The RTM billing rules of the 2026 code set (docs/decisions/033-rtm-2026-code-set.md), pure: no database, no clock,
 * no imports (the reference API imports this file under NodeNext, the portal under Vite). For a patient:
 *
 * - the **device clock**: rolling 30-day intervals from the start of monitoring, each with its days of data, the
 *   days left, the device-supply code reached (none / 98985 at 2–15 days / 98977 at 16+) and what it is heading for;
 * - the **management clock**: the calendar month's care minutes and whether a live interaction is logged, the code
 *   reached (none / 98979 at 10–19 / 98980 at 20+ / 98980 + n × 98981, one per further full 20 minutes) and what the
 *   next threshold needs;
 * - the status and "still needed" line of a cycle billed under one code (the reference API's cycles);
 * - the refusals: each names its rule first.
 *
 * Dates are calendar days (YYYY-MM-DD) already in the organization's time zone; months are YYYY-MM.
 */

export type RtmBillingCode = "98975" | "98977" | "98979" | "98980" | "98981" | "98985";
export type RtmStatus2026 = "IN_PROGRESS" | "ACTIVE_DAYS_INCOMPLETE" | "READY_TO_BILL";

/** A device interval lasts 30 days ("each 30 days"; "2-15 days in a 30-day period"). */
export const INTERVAL_DAYS = 30;
/** Days of data for 98985 (2–15) and 98977 (16–30) in an interval, and for the set-up 98975 (2026: 2). */
export const SHORT_SUPPLY_DAYS = 2;
export const FULL_SUPPLY_DAYS = 16;
export const SETUP_DAYS = 2;
/** Minutes of treatment management in a calendar month: 98979 (10–19), 98980 (20+), each further 20 for 98981. */
export const BRIEF_MINUTES = 10;
export const CARE_MINUTES = 20;
export const ADDITIONAL_MINUTES = 20;

/** What each billing code stands for (002 §4's four; the two 2026 additions in the same style). */
export const BILLING_CODE_DESCRIPTION: Record<RtmBillingCode, string> = {
  "98975": "Initial Onboarding and Education",
  "98977": "Device and Data Transmission",
  "98979": "Care Management, First 10 Minutes",
  "98980": "Care Management",
  "98981": "Additional Care Management",
  "98985": "Device and Data Transmission, 2–15 Days",
};

export const DEVICE_CODES: ReadonlySet<RtmBillingCode> = new Set(["98975", "98977", "98985"]);
export const MANAGEMENT_CODES: ReadonlySet<RtmBillingCode> = new Set(["98979", "98980", "98981"]);

// ---------------------------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 86_400_000;
const parseDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, days: number) => new Date(parseDay(date) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (a: string, b: string) => Math.round((parseDay(b) - parseDay(a)) / DAY_MS);

/** Calendar days left in [start, end], today included (all of them before it starts, 0 once it has ended). */
export function daysLeft(start: string, end: string, today: string): number {
  if (today > end) return 0;
  return daysBetween(today < start ? start : today, end) + 1;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "November" for 2026-11 (or any date in it). */
export const monthName = (date: string) => MONTH_NAMES[Number(date.slice(5, 7)) - 1]!;
/** "Dec 3" for 2026-12-03. */
export function shortDate(date: string): string {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}`;
}

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);
const minutesWord = (n: number) => `${n} ${plural(n, "minute")}`;
const daysWord = (n: number) => `${n} ${plural(n, "day")}`;

export interface Interval {
  start: string;
  /** Last day, included. */
  end: string;
  /**
   * The episode of care the period belongs to (its first day; null: the patient's first episode, opened by the first
   * program). A new plan of care after a discharge starts a new episode (ADR 049). Undefined: not known — taken as
   * the same episode (the conservative reading of "98975 once per episode of care").
   */
  episode?: string | null;
}

/** Two periods of one episode of care (ADR 049); an unknown episode is taken as the same. */
export const sameEpisode = (a: Pick<Interval, "episode">, b: Pick<Interval, "episode">) => a.episode === undefined || b.episode === undefined || a.episode === b.episode;

/** The device interval holding `date`: rolling 30 days from `monitoringStart` (null before monitoring starts). */
export function deviceIntervalAt(monitoringStart: string, date: string): Interval | null {
  if (date < monitoringStart) return null;
  const start = addDays(monitoringStart, Math.floor(daysBetween(monitoringStart, date) / INTERVAL_DAYS) * INTERVAL_DAYS);
  return { start, end: addDays(start, INTERVAL_DAYS - 1) };
}

/** The device intervals that overlap [from, to] (a calendar month, say), oldest first. */
export function deviceIntervalsBetween(monitoringStart: string, from: string, to: string): Interval[] {
  const out: Interval[] = [];
  let i = deviceIntervalAt(monitoringStart, from < monitoringStart ? monitoringStart : from);
  while (i && i.start <= to) {
    out.push(i);
    i = { start: addDays(i.end, 1), end: addDays(i.end, INTERVAL_DAYS) };
  }
  return out;
}

/** The calendar month `YYYY-MM` as an interval. */
export function monthInterval(yearMonth: string): Interval {
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${yearMonth}-01`, end: `${yearMonth}-${String(last).padStart(2, "0")}` };
}

const overlaps = (a: Interval, b: Interval) => a.start <= b.end && b.start <= a.end;

// ---------------------------------------------------------------------------------------------------------------
// The device clock

export interface DeviceFacts extends Interval {
  today: string;
  /** Unique days with a session or a PRO response in the interval. */
  dataDays: number;
  /** Today already is one of them (it cannot add another). */
  dataToday?: boolean;
}

export interface DeviceClock extends Interval {
  dataDays: number;
  daysLeft: number;
  running: boolean;
  /** The device-supply code the interval's days reach now. */
  reached: "98985" | "98977" | null;
  /** The best code it can still reach (equal to `reached` once nothing more can change it). */
  heading: "98985" | "98977" | null;
  /** While it runs and 98977 is not reached: what it is heading for, one line. */
  projection: string | null;
}

/** The most days of data the interval can still end with. */
function reachableDays(f: DeviceFacts): number {
  const left = daysLeft(f.start, f.end, f.today);
  const todayCounts = f.dataToday === true && f.today >= f.start && f.today <= f.end;
  return f.dataDays + Math.max(0, left - (todayCounts ? 1 : 0));
}

const supplyCode = (days: number): DeviceClock["reached"] => (days >= FULL_SUPPLY_DAYS ? "98977" : days >= SHORT_SUPPLY_DAYS ? "98985" : null);

export function deviceClock(f: DeviceFacts): DeviceClock {
  const left = daysLeft(f.start, f.end, f.today);
  const running = left > 0;
  const reached = supplyCode(f.dataDays);
  const most = reachableDays(f);
  const heading = supplyCode(most);
  let projection: string | null = null;
  if (running && reached !== "98977") {
    if (most >= FULL_SUPPLY_DAYS) {
      const more = FULL_SUPPLY_DAYS - f.dataDays;
      projection = `16 days can still be reached: 98977 applies at 16 — ${more} more in the ${daysWord(left)} left`;
    } else if (most >= SHORT_SUPPLY_DAYS) projection = "16 days can no longer be reached: 98985 applies at 2";
    else projection = "2 days can no longer be reached: no device-supply code for this interval";
  }
  return { start: f.start, end: f.end, dataDays: f.dataDays, daysLeft: left, running, reached, heading, projection };
}

// ---------------------------------------------------------------------------------------------------------------
// The management clock

export interface MonthFacts {
  /** YYYY-MM. */
  month: string;
  today: string;
  /** Minutes of the care notes dated in the month (whole minutes; unsuccessful attempts excluded). */
  minutes: number;
  /** A qualifying live interaction (phone or video, two-way) is logged in the month. */
  live: boolean;
}

export interface ManagementClock extends Interval {
  month: string;
  minutes: number;
  live: boolean;
  daysLeft: number;
  running: boolean;
  /** The codes the month reaches now, e.g. ["98980", "98981", "98981"]; empty when none. */
  codes: RtmBillingCode[];
  /** "none", "98979", "98980", "98980 + 2 × 98981". */
  label: string;
  /** While the month runs: what the next threshold needs, one line. */
  next: string | null;
}

/** 98981 units for a month's minutes: one per full 20 minutes past the first 20. */
export const additionalUnits = (minutes: number) => (minutes >= CARE_MINUTES + ADDITIONAL_MINUTES ? Math.floor((minutes - CARE_MINUTES) / ADDITIONAL_MINUTES) : 0);

/** The codes minutes reach with a live interaction. */
function codesFor(minutes: number): RtmBillingCode[] {
  if (minutes >= CARE_MINUTES) return ["98980", ...Array.from({ length: additionalUnits(minutes) }, () => "98981" as const)];
  if (minutes >= BRIEF_MINUTES) return ["98979"];
  return [];
}

/** "98980 + 2 × 98981" for the codes of a month. */
export function codesLabel(codes: readonly RtmBillingCode[]): string {
  if (codes.length === 0) return "none";
  const extra = codes.filter((c) => c === "98981").length;
  return extra > 0 ? `${codes[0]} + ${extra} × 98981` : codes[0]!;
}

/** The next threshold above `minutes`: its minutes and what it reaches. */
function nextThreshold(minutes: number): { at: number; label: string } {
  if (minutes < BRIEF_MINUTES) return { at: BRIEF_MINUTES, label: "98979" };
  if (minutes < CARE_MINUTES) return { at: CARE_MINUTES, label: "98980" };
  const at = CARE_MINUTES + (additionalUnits(minutes) + 1) * ADDITIONAL_MINUTES;
  return { at, label: codesLabel(codesFor(at)) };
}

export const LIVE_INTERACTION_NEEDED = "a live interaction (phone or video, two-way)";

export function managementClock(f: MonthFacts): ManagementClock {
  const { start, end } = monthInterval(f.month);
  const left = daysLeft(start, end, f.today);
  const running = left > 0;
  const codes = f.live ? codesFor(f.minutes) : [];
  let next: string | null = null;
  if (running) {
    const t = nextThreshold(f.minutes);
    const more = t.at - f.minutes;
    if (f.live) next = `${minutesWord(more)} more ${more === 1 ? "reaches" : "reach"} ${t.label} (${t.at} minutes)`;
    else if (f.minutes < BRIEF_MINUTES) next = `${minutesWord(more)} more and ${LIVE_INTERACTION_NEEDED} reach 98979 (10 minutes)`;
    else next = `no live interaction logged yet: ${codesLabel(codesFor(f.minutes))} needs ${LIVE_INTERACTION_NEEDED}`;
  }
  return { month: f.month, start, end, minutes: f.minutes, live: f.live, daysLeft: left, running, codes, label: codesLabel(codes), next };
}

// ---------------------------------------------------------------------------------------------------------------
// What a care note counts for (ADR 033, "What counts as the interactive communication")

/** How a call was made: an audio call or an audio-video call (voicemail, messages and data review are no call). */
export type LiveMethod = "PHONE" | "VIDEO";
export const LIVE_METHODS: readonly LiveMethod[] = ["PHONE", "VIDEO"];

/** A care note's facts the management clock reads. */
export interface CareEntry {
  minutes: number;
  /** The call the note records (null: no call — data review, messages, documentation, or a method not recorded). */
  liveInteraction: { method: string; twoWay: boolean } | null;
  /** An unsuccessful attempt to reach the patient (no answer, a dropped call): logged apart, counts for nothing. */
  unsuccessfulAttempt: boolean;
}

/** The minutes a care note adds to its month: its whole minutes, none for an unsuccessful attempt. */
export const countedMinutes = (n: CareEntry): number => (n.unsuccessfulAttempt ? 0 : Math.max(0, Math.floor(n.minutes)));

/**
 * Whether a care note is the live interaction that gates 98979–98981: a phone or video call, two-way, of at least
 * one minute, not an unsuccessful attempt. A one-way call (voicemail left), a message, data review and a note whose
 * method was not recorded are not.
 */
export const isLiveInteraction = (n: CareEntry): boolean =>
  !n.unsuccessfulAttempt && n.liveInteraction !== null && (LIVE_METHODS as readonly string[]).includes(n.liveInteraction.method) && n.liveInteraction.twoWay && countedMinutes(n) >= 1;

/** A month's (or any period's) management facts from its care notes: the counted minutes and the live interaction. */
export function careFacts(notes: readonly CareEntry[]): { minutes: number; live: boolean } {
  let minutes = 0;
  let live = false;
  for (const n of notes) {
    minutes += countedMinutes(n);
    live ||= isLiveInteraction(n);
  }
  return { minutes, live };
}

// ---------------------------------------------------------------------------------------------------------------
// A care note in words: the Care Notes section, the audit packet, the cycle and month PDFs, the copy text and the
// month's CSV say them alike (the reference API imports these too)

/** How a note's minutes were entered: the care timer's figure as it stopped, or typed (or edited) by hand. */
export const CARE_NOTE_SOURCE_LABEL = { TIMED: "Timed", TYPED: "Typed" } as const;
/** An older note marked interactive before the call's method was recorded (migration 137): it does not count. */
export const UNRECORDED_LABEL = "Patient interactive communication, method not recorded";
/** No call: the care-note dialog's "None" (data review, messages, documentation). */
export const NO_CALL_LABEL = "None (data review, messages, documentation)";
/** After an unsuccessful attempt's minutes: they are logged, not counted. */
export const NOT_COUNTED = "(not counted)";

const METHOD_WORD: Record<string, string> = { PHONE: "Phone call", VIDEO: "Video call" };

/** A care note's call as the words need it: `interactive` is the spec's flag (isPatientInteraction / interactionType). */
export interface CareNoteCall {
  liveInteraction: { method: string; twoWay: boolean } | null;
  unsuccessfulAttempt: boolean;
  interactive: boolean;
  /** The note's minutes: a two-way call of 0 minutes is no interaction (ADR 049); unknown when not given. */
  minutes?: number;
}

/** After a two-way call of 0 minutes: it is logged, and is no patient interaction (ADR 049). */
export const ZERO_MINUTE_CALL = "0 minutes: not an interaction";

/**
 * The note's interaction: "Video call, two-way", "Phone call, one-way", "Unsuccessful attempt (phone call)", "Video
 * call, two-way (0 minutes: not an interaction)", an
 * older interactive note whose method was not recorded (UNRECORDED_LABEL), or null (no call: NO_CALL_LABEL).
 */
export function callLabel(n: CareNoteCall): string | null {
  const call = n.liveInteraction ? (METHOD_WORD[n.liveInteraction.method] ?? "Call") : null;
  if (n.unsuccessfulAttempt) return call ? `Unsuccessful attempt (${call.toLowerCase()})` : "Unsuccessful attempt";
  if (call && n.liveInteraction!.twoWay && n.minutes !== undefined && n.minutes < 1) return `${call}, two-way (${ZERO_MINUTE_CALL})`;
  if (call) return `${call}, ${n.liveInteraction!.twoWay ? "two-way" : "one-way"}`;
  return n.interactive ? UNRECORDED_LABEL : null;
}

/** A note's minutes as a table lists them: "4 (not counted)" for an unsuccessful attempt. */
export const minutesLabel = (n: Pick<CareEntry, "minutes" | "unsuccessfulAttempt">) => (n.unsuccessfulAttempt ? `${n.minutes} ${NOT_COUNTED}` : String(n.minutes));

/** A care note as the billing evidence lists it (the audit packet, the cycle PDFs, the copy text, the CSV, the worklist). */
export interface CareNoteWords {
  /** "10", or "4 (not counted)". */
  minutes: string;
  /** "Timed" or "Typed". */
  entered: string;
  /** callLabel's words, or NO_CALL_LABEL. */
  interaction: string;
  /** It is the live interaction that gates 98979–98981 (isLiveInteraction). */
  live: boolean;
}

export function careNoteWords(n: CareNoteCall & { minutes: number; source: "TIMED" | "TYPED" | null }): CareNoteWords {
  return { minutes: minutesLabel(n), entered: n.source ? CARE_NOTE_SOURCE_LABEL[n.source] : "—", interaction: callLabel(n) ?? NO_CALL_LABEL, live: isLiveInteraction(n) };
}

/** One line of text: "10 minutes · Timed · Video call, two-way · live interaction" ("4 minutes (not counted) · Typed · …"). */
export function careNoteLine(n: { minutes: number; unsuccessfulAttempt: boolean }, w: CareNoteWords): string {
  const minutes = `${n.minutes} minute${n.minutes === 1 ? "" : "s"}${n.unsuccessfulAttempt ? ` ${NOT_COUNTED}` : ""}`;
  return [minutes, w.entered, w.interaction, ...(w.live ? ["live interaction"] : [])].join(" · ");
}

// ---------------------------------------------------------------------------------------------------------------
// Rules that refuse

export type RuleId =
  | "DEVICE_ONE_CODE_PER_INTERVAL"
  | "MANAGEMENT_ONE_BASE_CODE_PER_MONTH"
  | "DEVICE_ONE_PRACTITIONER"
  | "REQUIREMENTS_NOT_MET"
  | "SETUP_ONCE_PER_EPISODE"
  | "ADDITIONAL_NEEDS_BASE"
  | "BILL_WHEN_PERIOD_CLOSES";

/** Each rule's name, as refusals show it (ADR 033). */
export const RULE_NAME: Record<RuleId, string> = {
  DEVICE_ONE_CODE_PER_INTERVAL: "98977 and 98985 are never billed for the same 30-day interval",
  MANAGEMENT_ONE_BASE_CODE_PER_MONTH: "98979 is never billed with 98980 or 98981 in the same calendar month",
  DEVICE_ONE_PRACTITIONER: "Only one practitioner bills a patient's device supply in 30 days",
  REQUIREMENTS_NOT_MET: "A code is billed only when its requirements are met",
  SETUP_ONCE_PER_EPISODE: "98975 once per episode of care",
  ADDITIONAL_NEEDS_BASE: "98981 is billed only with 98980",
  BILL_WHEN_PERIOD_CLOSES: "A period is billed when it closes, or when nothing better can happen",
};

export interface Refusal {
  rule: RuleId;
  /** The rule's name, then what in this patient's billing breaks it. */
  message: string;
}

/** A code of the patient already billed. */
export interface BilledCode extends Interval {
  code: RtmBillingCode;
  /** Who billed it (null when unknown). */
  practitionerId: string | null;
  billedOn: string;
}

export interface BillRequest extends Interval {
  code: RtmBillingCode;
  practitionerId: string | null;
  /** The code's requirements are met by its interval's days or month's minutes (see evaluateCode). */
  requirementsMet: boolean;
  /** What it still needs when they are not (evaluateCode's `needs`). */
  needs?: string | null;
  /**
   * Met so far while its period runs and something better can still happen (evaluateCode's `billNow`, ADR 043):
   * billed only when the caller confirms "Bill now" (`billNow`).
   */
  early?: string | null;
  billNow?: boolean;
}

const refusal = (rule: RuleId, detail: string): Refusal => ({ rule, message: `${RULE_NAME[rule]}: ${detail}` });
const range = (i: Interval) => `${shortDate(i.start)} – ${shortDate(i.end)}`;

/** The first billed code (other than `self`) that conflicts with billing `code` over `i` by one of the rules. */
function conflictOf(code: RtmBillingCode, i: Interval & { practitionerId?: string | null }, billed: readonly BilledCode[]): Refusal | null {
  const others = billed.filter((b) => !(b.code === code && b.start === i.start && b.end === i.end));
  if (code === "98975") {
    // Once per episode of care: a readmitted patient's new episode (a new plan of care after discharge) has its own (ADR 049).
    const setup = others.find((b) => b.code === "98975" && sameEpisode(b, i));
    if (setup) return refusal("SETUP_ONCE_PER_EPISODE", `set-up already billed for this episode of care (${shortDate(setup.billedOn)})`);
  }
  if (code === "98977" || code === "98985") {
    const other = code === "98977" ? "98985" : "98977";
    const b = others.find((x) => x.code === other && overlaps(x, i));
    if (b) return refusal("DEVICE_ONE_CODE_PER_INTERVAL", `${other} was billed for ${range(b)} on ${shortDate(b.billedOn)}`);
  }
  if (MANAGEMENT_CODES.has(code)) {
    const clash = code === "98979" ? (x: RtmBillingCode) => x === "98980" || x === "98981" : (x: RtmBillingCode) => x === "98979";
    const b = others.find((x) => clash(x.code) && overlaps(x, i));
    if (b) return refusal("MANAGEMENT_ONE_BASE_CODE_PER_MONTH", `${b.code} was billed for ${range(b)} on ${shortDate(b.billedOn)}`);
  }
  if (DEVICE_CODES.has(code) && i.practitionerId) {
    const b = others.find((x) => DEVICE_CODES.has(x.code) && x.practitionerId !== null && x.practitionerId !== i.practitionerId && Math.abs(daysBetween(x.start, i.start)) < INTERVAL_DAYS);
    if (b) return refusal("DEVICE_ONE_PRACTITIONER", `another practitioner billed ${b.code} for ${range(b)} on ${shortDate(b.billedOn)}`);
  }
  return null;
}

/**
 * Whether marking `req` billed breaks a rule, given the patient's billed codes: the conflicts first (they stand
 * whatever happens next), then the requirements. Null when it may be billed.
 */
export function refuseBilling(req: BillRequest, billed: readonly BilledCode[]): Refusal | null {
  const conflict = conflictOf(req.code, req, billed);
  if (conflict) return conflict;
  if (req.code === "98981" && !billed.some((b) => b.code === "98980" && overlaps(b, req))) {
    return refusal("ADDITIONAL_NEEDS_BASE", `98980 is not billed for ${range(req)}`);
  }
  if (!req.requirementsMet) return refusal("REQUIREMENTS_NOT_MET", `${req.code} has ${req.needs ?? "not what it needs"}`);
  if (req.early && !req.billNow) return refusal("BILL_WHEN_PERIOD_CLOSES", `${req.early} Confirm "Bill now" to bill it before then.`);
  return null;
}

/**
 * Whether reverting the billed `code` over `i` breaks a rule (ADR 043, "Revert in order"): a base code whose add-on
 * is billed for the same month (98980 with 98981) is refused, the rule named — revert the add-on first.
 */
export function refuseRevert(code: RtmBillingCode, i: Interval, billed: readonly BilledCode[]): Refusal | null {
  if (code !== "98980") return null;
  const addOn = billed.find((b) => b.code === "98981" && overlaps(b, i));
  return addOn ? refusal("ADDITIONAL_NEEDS_BASE", `98981 is billed for ${range(addOn)} (${shortDate(addOn.billedOn)}); revert 98981 first`) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Care time documented after a bill (ADR 043, "Billing never blocks documentation")

/**
 * What a month's care notes would reach if the time documented after its bill counted: the codes' label when it
 * differs from what was billed (`billed`, e.g. "98979"), else null. `facts` are the whole month's notes.
 */
export function wouldReach(billed: readonly RtmBillingCode[], facts: { minutes: number; live: boolean }): string | null {
  const all = facts.live ? codesFor(facts.minutes) : [];
  const label = codesLabel(all);
  return all.length > 0 && label !== codesLabel(billedCodesInOrder(billed)) ? label : null;
}

const billedCodesInOrder = (codes: readonly RtmBillingCode[]) => [...codes].sort();

/** "98979" / "98980 + 98981" for a month's billed care-management codes. */
export const billedLabel = (codes: readonly RtmBillingCode[]) => [...new Set(codes)].sort().join(" + ");

/** "After 98979 was billed on Nov 12" — a care note documented after its month's bill (it is not that bill's evidence). */
export const afterBillText = (codes: readonly RtmBillingCode[], billedOn: string) => `After ${billedLabel(codes)} was billed on ${shortDate(billedOn)}`;

/**
 * The line of a billed month with time documented after the bill: "10 minutes after 98979 was billed on Nov 12 —
 * would reach 98980 (revert 98979 to bill it)", or "… — no other code" when it changes nothing.
 */
export function afterBillLine(a: { codes: readonly RtmBillingCode[]; billedOn: string; minutes: number; wouldReach: string | null }): string {
  const head = `${minutesWord(a.minutes)} after ${billedLabel(a.codes)} was billed on ${shortDate(a.billedOn)}`;
  if (!a.wouldReach) return `${head} — no other code`;
  // An add-on opens on its own cycle (98981 after a billed 98980); another base code needs the bill reverted.
  const base = a.wouldReach.split(" ")[0]!;
  const revert = !a.codes.includes(base as RtmBillingCode) ? ` (revert ${billedLabel(a.codes)} to bill it)` : "";
  return `${head} — would reach ${a.wouldReach}${revert}`;
}

// ---------------------------------------------------------------------------------------------------------------
// A cycle billed under one code

export interface CodeFacts extends Interval {
  code: RtmBillingCode;
  today: string;
  /** Device codes: unique days with data in the interval. */
  dataDays: number;
  dataToday?: boolean;
  /** Management codes: the care minutes dated in the cycle, and a qualifying live interaction among them. */
  minutes: number;
  live: boolean;
  /** The patient's codes already billed (the cycle itself excluded or not: it is skipped). */
  billed?: readonly BilledCode[];
}

export interface CodeVerdict {
  /** The code's requirements are met now (whatever the conflicts). */
  met: boolean;
  /** Met and no conflict: it can be marked billed. */
  billable: boolean;
  /** Billable, or can still become so before the cycle ends. */
  reachable: boolean;
  status: RtmStatus2026;
  /** What it still needs (null when billable); a conflict names its rule. */
  needs: { text: string; reachable: boolean } | null;
  /** What it is heading for while it runs (device codes: the interval's projection; management: the next threshold). */
  projection: string | null;
  /** How many of the code it bills: 98981's n, 1 otherwise. */
  units: number;
  /** For an IN_PROGRESS cycle, the first day its status changes with the date alone (else null). */
  recheckOn: string | null;
  /**
   * Met so far while its period runs and a better code can still be reached (ADR 043): what billing it now may lose,
   * for the "Bill now" confirmation (null otherwise). The status stays IN_PROGRESS and `needs` says "Met so far: …".
   */
  billNow: string | null;
}

const earliest = (a: string, b: string) => (a < b ? a : b);
const latest = (a: string, b: string) => (a > b ? a : b);

/** The status of a cycle that is not BILLED, by its code's rules, and what it still needs. */
export function evaluateCode(f: CodeFacts): CodeVerdict {
  const left = daysLeft(f.start, f.end, f.today);
  const v = DEVICE_CODES.has(f.code) ? deviceVerdict(f, left) : managementVerdict(f, left);
  const conflict = conflictOf(f.code, f, f.billed ?? []);
  if (conflict) {
    return { ...v, billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE", needs: { text: conflict.message, reachable: false }, recheckOn: null, billNow: null };
  }
  return v;
}

/**
 * A code met while its period runs and something better can still happen (ADR 043, "Bill when the period closes"):
 * IN_PROGRESS, "Met so far: 98979 — ready when November closes (3 days)", looked at again the day it turns ready.
 */
function metSoFar(v: Omit<CodeVerdict, "billNow" | "status" | "needs" | "billable" | "recheckOn">, text: string, readyOn: string, billNow: string): CodeVerdict {
  return { ...v, billable: false, reachable: true, status: "IN_PROGRESS", needs: { text, reachable: true }, recheckOn: readyOn, billNow };
}

function statusOf(billable: boolean, reachable: boolean, left: number): RtmStatus2026 {
  if (billable) return "READY_TO_BILL";
  return left > 0 && reachable ? "IN_PROGRESS" : "ACTIVE_DAYS_INCOMPLETE";
}

function deviceVerdict(f: CodeFacts, left: number): CodeVerdict {
  const clock = deviceClock(f);
  const most = reachableDays(f);
  const have = f.dataDays;
  const req = f.code === "98977" ? FULL_SUPPLY_DAYS : f.code === "98985" ? SHORT_SUPPLY_DAYS : SETUP_DAYS;
  const projection = f.code === "98975" ? null : clock.projection;
  if (f.code === "98985" && have >= FULL_SUPPLY_DAYS) {
    // 98985 is 2–15 days: at 16 the interval is 98977's.
    const needs = { text: `${have} active days: 98977 applies to this interval instead`, reachable: false };
    return { met: false, billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE", needs, projection, units: 1, recheckOn: null, billNow: null };
  }
  const met = have >= req;
  if (met && f.code === "98985" && left > 0 && most >= FULL_SUPPLY_DAYS) {
    // 98985 while 16 days can still be reached: ready the day they no longer can (at the latest, the interval's end).
    const readyOn = latest(addDays(f.today, 1), earliest(addDays(f.end, 2 - (FULL_SUPPLY_DAYS - have)), addDays(f.end, 1)));
    const wait = daysBetween(f.today, readyOn);
    return metSoFar(
      { met, reachable: true, projection, units: 1 },
      `Met so far: 98985 — ready when 16 days can no longer be reached, ${shortDate(readyOn)} (${daysWord(wait)}); 98977 if the interval reaches 16`,
      readyOn,
      `Bill 98985 now, before the interval closes (${shortDate(f.end)}, ${daysWord(left)} left)? It can still reach 16 days of data, and 98977 is never billed for an interval whose 98985 is billed (revert 98985 first).`,
    );
  }
  const reachable = met || (left > 0 && most >= req);
  const status = statusOf(met, reachable, left);
  const of = `${have} of ${req} active ${plural(req, "day")}`;
  let needs: CodeVerdict["needs"] = null;
  if (!met) {
    if (left === 0) needs = { text: `${of} — ended ${shortDate(f.end)} without them`, reachable: false };
    else if (reachable) needs = { text: `${of} — ${req - have} more needed in the ${daysWord(left)} left`, reachable: true };
    else needs = { text: `${of} — cannot reach ${daysWord(req)} before ${shortDate(f.end)}`, reachable: false };
  }
  // With no new day of data, day d (after today) still reaches them while have + (end - d + 1) >= req.
  const recheckOn = status === "IN_PROGRESS" ? latest(addDays(f.today, 1), earliest(addDays(f.end, 2 - (req - have)), addDays(f.end, 1))) : null;
  return { met, billable: met, reachable, status, needs, projection, units: 1, recheckOn, billNow: null };
}

function managementVerdict(f: CodeFacts, left: number): CodeVerdict {
  const m = f.minutes;
  const month = managementClock({ month: f.start.slice(0, 7), today: f.today, minutes: m, live: f.live });
  // The next threshold of this month, while the cycle runs.
  const projection = left > 0 ? month.next : null;
  const noLive = (text: string) => (f.live ? text : `${text}; no live interaction logged${left > 0 ? " yet" : ""}`);
  const ended = (text: string) => (left === 0 ? `${text} — ended ${shortDate(f.end)}` : text);
  if (f.code === "98979" && m >= CARE_MINUTES) {
    const needs = { text: `${m} minutes: 98980 applies to this month instead`, reachable: false };
    return { met: false, billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE", needs, projection, units: 1, recheckOn: null, billNow: null };
  }
  const needed = f.code === "98979" ? BRIEF_MINUTES : f.code === "98980" ? CARE_MINUTES : CARE_MINUTES + ADDITIONAL_MINUTES;
  const met = m >= needed && f.live;
  const reachable = met || left > 0;
  const status = statusOf(met, reachable, left);
  const have = m >= needed ? `${m} minutes of care management` : `${m} of ${needed} minutes of care management`;
  const needs = met ? null : { text: ended(noLive(have)), reachable };
  const units = f.code === "98981" ? Math.max(1, additionalUnits(m)) : 1;
  if (met && left > 0) {
    // The calendar month still runs: more minutes can reach a better code (ready the day after it closes).
    const what = f.code === "98981" && units > 1 ? `${units} × 98981` : f.code;
    const month = monthName(f.end);
    const lost =
      f.code === "98979"
        ? "98980 (20 minutes) is never billed in a month whose 98979 is billed (revert 98979 first)"
        : f.code === "98980"
          ? "it still counts toward 98981 (each further 20 minutes), billed on its own"
          : "a further unit of 98981 cannot be added once these are billed (revert first)";
    return metSoFar(
      { met, reachable: true, projection, units },
      `Met so far: ${what} — ready when ${month} closes (${daysWord(left)})`,
      addDays(f.end, 1),
      `Bill ${what} now, before ${month} closes (${daysWord(left)} left)? Care time documented after the bill is not part of it: ${lost}.`,
    );
  }
  return { met, billable: met, reachable, status, needs, projection, units, recheckOn: status === "IN_PROGRESS" ? addDays(f.end, 1) : null, billNow: null };
}
