/**
 * The RTM billing rules (docs/decisions/008-rtm-billing-rules.md) as pure functions: from what happened in a
 * cycle (its active days, care-management minutes, whether one care note was an interactive communication)
 * and today's date in the organization's time zone, whether the cycle can be billed, whether it can still get
 * there before it ends, the status a not-yet-billed cycle has, and what it still needs in one plain line.
 * No database, no clock: every input is an argument.
 */
import type { Schema } from "../../core/contract.js";

type RtmCycle = Schema<"RtmCycle">;
export type RtmCode = RtmCycle["code"];
export type RtmStatus = RtmCycle["status"];
export type RtmCycleNeeds = Schema<"RtmCycleNeeds">;

/** A device cycle lasts 30 days (002 §2: "Device-data cycle shows 'N/30 days'"; CPT 98977 "each 30 days"). */
export const CYCLE_DAYS = 30;
/** Active days needed in a cycle to bill 98975 or 98977 (002 §9: 16 required active days; CMS: 16 of 30 days). */
export const REQUIRED_DAYS = 16;
/** Minutes of care management for 98980 ("first 20 minutes"). */
export const CARE_MINUTES = 20;
/** Minutes of care management for 98981: the first 20 (98980) and "each additional 20 minutes". */
export const ADDITIONAL_CARE_MINUTES = 40;

/** Codes billed on active days (device data); the others are billed on care-management minutes. */
export const ACTIVE_DAY_CODES: ReadonlySet<RtmCode> = new Set(["PATIENT_SETUP", "DEVICE_AND_DATA_TRANSMISSION"]);

export interface CycleFacts {
  code: RtmCode;
  /** The cycle's first and last day (YYYY-MM-DD, organization time zone). */
  startDate: string;
  endDate: string;
  /** Today in the organization's time zone. */
  today: string;
  /** Unique days with a session or a PRO response in the cycle. */
  activeDays: number;
  /** Whether today already is one of those days (it cannot add another). */
  activeToday?: boolean;
  requiredDays: number;
  /** Care-note minutes dated in the cycle. */
  minutes: number;
  /** At least one care note in the cycle is an interactive communication (PATIENT_INTERACTIVE_COMMUNICATION). */
  interactive: boolean;
  /**
   * PATIENT_SETUP only: the day (organization time zone) another set-up cycle of the same episode of care
   * (the same patient record) was billed, or null/absent when none was.
   */
  setupBilledOn?: string | null;
}

export interface CycleVerdict {
  /** The cycle meets its code's requirements now. */
  billable: boolean;
  /** It is billable, or can still become billable before it ends. */
  reachable: boolean;
  /** The status of a cycle that is not BILLED. */
  status: Exclude<RtmStatus, "BILLED">;
  /** What it still needs (null when billable). */
  needs: RtmCycleNeeds | null;
  /**
   * For an IN_PROGRESS cycle, the first day on which its status changes with the date alone (no new events):
   * the day it can no longer reach its active days, else the day after it ends. Null for other statuses.
   */
  recheckOn: string | null;
}

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** Calendar days left in a cycle, today included (all of them before it starts, 0 once it has ended). */
export function daysLeft(startDate: string, endDate: string, today: string): number {
  if (today > endDate) return 0;
  return daysBetween(today < startDate ? startDate : today, endDate) + 1;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Dec 3" for 2026-12-03 (a date already in the organization's time zone). */
export function shortDate(date: string): string {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}`;
}

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** Applies the rules of the cycle's code. */
export function evaluateCycle(f: CycleFacts): CycleVerdict {
  return ACTIVE_DAY_CODES.has(f.code) ? activeDaysVerdict(f) : minutesVerdict(f);
}

/** The status of a cycle that is not BILLED, by the rules. */
export function ruleStatus(f: CycleFacts): Exclude<RtmStatus, "BILLED"> {
  return evaluateCycle(f).status;
}

function statusOf(billable: boolean, reachable: boolean, left: number): CycleVerdict["status"] {
  if (billable) return "READY_TO_BILL";
  return left > 0 && reachable ? "IN_PROGRESS" : "ACTIVE_DAYS_INCOMPLETE";
}

/**
 * 98975 (set-up) and 98977 (device supply): at least `requiredDays` active days in the cycle; 98975 once per
 * episode of care.
 */
function activeDaysVerdict(f: CycleFacts): CycleVerdict {
  const left = daysLeft(f.startDate, f.endDate, f.today);
  if (f.code === "PATIENT_SETUP" && f.setupBilledOn) {
    const needs = { text: `set-up already billed for this episode of care (${shortDate(f.setupBilledOn)})`, reachable: false };
    return { billable: false, reachable: false, status: "ACTIVE_DAYS_INCOMPLETE", needs, recheckOn: null };
  }
  const req = f.requiredDays;
  const have = f.activeDays;
  const billable = have >= req;
  // Days that can still become active: the days left, less today when it already is one.
  const todayCounts = f.activeToday === true && f.today >= f.startDate && f.today <= f.endDate;
  const open = Math.max(0, left - (todayCounts ? 1 : 0));
  const reachable = billable || (left > 0 && have + open >= req);
  const status = statusOf(billable, reachable, left);
  const of = `${have} of ${req} active ${plural(req, "day")}`;
  let needs: RtmCycleNeeds | null = null;
  if (!billable) {
    const missing = req - have;
    if (left === 0) needs = { text: `${of} — ended ${shortDate(f.endDate)} without them`, reachable: false };
    else if (reachable) needs = { text: `${of} — ${missing} more needed in the ${left} ${plural(left, "day")} left`, reachable: true };
    else needs = { text: `${of} — cannot reach ${req} ${plural(req, "day")} before ${shortDate(f.endDate)}`, reachable: false };
  }
  // With no new active day, day d (after today) still reaches them while have + (end - d + 1) >= req.
  const recheckOn = status === "IN_PROGRESS" ? latest(addDays(f.today, 1), earliest(addDays(f.endDate, 2 - (req - have)), addDays(f.endDate, 1))) : null;
  return { billable, reachable, status, needs, recheckOn };
}

/**
 * 98980 (care management, first 20 minutes) and 98981 (each additional 20 minutes: 40 in all): the minutes of
 * care notes in the cycle and at least one interactive communication. Minutes can be logged while it runs.
 */
function minutesVerdict(f: CycleFacts): CycleVerdict {
  const left = daysLeft(f.startDate, f.endDate, f.today);
  const needed = f.code === "PATIENT_INTERACTION" ? CARE_MINUTES : ADDITIONAL_CARE_MINUTES;
  const billable = f.minutes >= needed && f.interactive;
  const reachable = billable || left > 0;
  const status = statusOf(billable, reachable, left);
  let needs: RtmCycleNeeds | null = null;
  if (!billable) {
    let text = `${f.minutes} of ${needed} minutes of care management`;
    if (!f.interactive) text += left > 0 ? "; no interactive communication logged yet" : "; no interactive communication logged";
    if (left === 0) text += ` — ended ${shortDate(f.endDate)}`;
    needs = { text, reachable };
  }
  return { billable, reachable, status, needs, recheckOn: status === "IN_PROGRESS" ? addDays(f.endDate, 1) : null };
}

const earliest = (a: string, b: string) => (a < b ? a : b);
const latest = (a: string, b: string) => (a > b ? a : b);
