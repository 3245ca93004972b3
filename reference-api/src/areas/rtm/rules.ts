/**
 * The RTM billing rules as the reference API applies them: the 2026 code set's pure module
 * (app/domain/rtm-2026.ts, docs/decisions/033-rtm-2026-code-set.md) over a cycle's facts — its code, dates, today,
 * active days, care minutes, live interaction and the patient's codes already billed. This file maps the API's
 * cycle codes to billing codes and the module's verdict to what a cycle reports. No database, no clock.
 */
import type { Schema } from "../../core/contract.js";
import {
  addDays,
  BILLING_CODE_DESCRIPTION,
  countedMinutes,
  daysBetween,
  daysLeft,
  evaluateCode,
  FULL_SUPPLY_DAYS,
  INTERVAL_DAYS,
  isLiveInteraction,
  monthInterval,
  refuseBilling,
  refuseRevert,
  SETUP_DAYS,
  shortDate,
  SHORT_SUPPLY_DAYS,
  type BilledCode,
  type CodeVerdict,
  type Refusal,
  type RtmBillingCode,
} from "../../../../app/domain/rtm-2026.js";

type RtmCycle = Schema<"RtmCycle">;
export type RtmCode = RtmCycle["code"];
export type RtmStatus = RtmCycle["status"];
export type RtmCycleNeeds = Schema<"RtmCycleNeeds">;
export type { BilledCode, Refusal };

export { addDays, countedMinutes, daysBetween, daysLeft, isLiveInteraction, shortDate };

/** A device interval lasts 30 days (ADR 033). */
export const CYCLE_DAYS = INTERVAL_DAYS;
/** The `num_required_days` stored with a cycle (the spec's 16, 002 §9); what each code needs is `requiredDaysOf`. */
export const REQUIRED_DAYS = FULL_SUPPLY_DAYS;
/** Care-management minutes above which the period's 98981 cycle exists (it bills at 40). */
export const CARE_MINUTES = 20;

/** Billing (CPT) codes by cycle code. */
export const BILLING_CODE: Record<RtmCode, RtmBillingCode> = {
  PATIENT_SETUP: "98975",
  DEVICE_AND_DATA_TRANSMISSION: "98977",
  SHORT_DEVICE_AND_DATA_TRANSMISSION: "98985",
  BRIEF_PATIENT_INTERACTION: "98979",
  PATIENT_INTERACTION: "98980",
  ADDITIONAL_PATIENT_INTERACTION: "98981",
};
export const CYCLE_CODE = Object.fromEntries(Object.entries(BILLING_CODE).map(([k, v]) => [v, k])) as Record<RtmBillingCode, RtmCode>;
export const DESCRIPTION = (code: RtmCode) => BILLING_CODE_DESCRIPTION[BILLING_CODE[code]];

/** The device clock's codes (rolling 30-day intervals); the others follow the calendar month. */
export const DEVICE_CYCLE_CODES: ReadonlySet<RtmCode> = new Set(["PATIENT_SETUP", "DEVICE_AND_DATA_TRANSMISSION", "SHORT_DEVICE_AND_DATA_TRANSMISSION"]);
export const isDeviceCode = (code: RtmCode) => DEVICE_CYCLE_CODES.has(code);

/** Active days a code needs (the care-management codes report the stored 16, unused). */
export function requiredDaysOf(code: RtmCode, stored: number): number {
  if (code === "PATIENT_SETUP") return SETUP_DAYS;
  if (code === "SHORT_DEVICE_AND_DATA_TRANSMISSION") return SHORT_SUPPLY_DAYS;
  if (code === "DEVICE_AND_DATA_TRANSMISSION") return FULL_SUPPLY_DAYS;
  return stored;
}

/** The period after one ending on `end`: 30 days for the device codes, the next calendar month for the others. */
export function nextPeriod(code: RtmCode, end: string): { start: string; end: string } {
  const start = addDays(end, 1);
  return { start, end: isDeviceCode(code) ? addDays(start, CYCLE_DAYS - 1) : monthInterval(start.slice(0, 7)).end };
}

/** The first period of an episode starting on `first`: 30 days, or the rest of the calendar month. */
export function firstPeriod(code: RtmCode, first: string): { start: string; end: string } {
  return { start: first, end: isDeviceCode(code) ? addDays(first, CYCLE_DAYS - 1) : monthInterval(first.slice(0, 7)).end };
}

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
  /** Care-note minutes dated in the cycle. */
  minutes: number;
  /** A care note in the cycle is a qualifying live interaction (a two-way phone or video call, isLiveInteraction). */
  interactive: boolean;
  /** The patient's other cycles that are BILLED (for the conflicts and 98975 once per episode). */
  billed?: readonly BilledCode[];
  /** The episode of care the cycle belongs to (its first day; null: the first episode; ADR 049). */
  episode?: string | null;
}

export interface CycleVerdict extends CodeVerdict {
  status: Exclude<RtmStatus, "BILLED">;
  needs: RtmCycleNeeds | null;
}

const codeFacts = (f: CycleFacts) => ({
  code: BILLING_CODE[f.code],
  start: f.startDate,
  end: f.endDate,
  today: f.today,
  dataDays: f.activeDays,
  dataToday: f.activeToday ?? false,
  minutes: f.minutes,
  live: f.interactive,
  billed: f.billed ?? [],
  episode: f.episode,
});

/** Applies the rules of the cycle's code. */
export function evaluateCycle(f: CycleFacts): CycleVerdict {
  return evaluateCode(codeFacts(f));
}

/** The status of a cycle that is not BILLED, by the rules. */
export function ruleStatus(f: CycleFacts): Exclude<RtmStatus, "BILLED"> {
  return evaluateCycle(f).status;
}

/**
 * Whether marking the cycle billed by `practitionerId` breaks a rule (null when it may be billed). A code met so far
 * while its period runs is billed only with `billNow` (the caller confirmed "Bill now", ADR 043).
 */
export function refusal(f: CycleFacts, practitionerId: string | null, billNow = false): Refusal | null {
  const v = evaluateCycle(f);
  return refuseBilling(
    { code: BILLING_CODE[f.code], start: f.startDate, end: f.endDate, episode: f.episode, practitionerId, requirementsMet: v.met, needs: v.needs?.text ?? null, early: v.billNow, billNow },
    f.billed ?? [],
  );
}

/** Whether reverting the BILLED cycle breaks a rule (ADR 043: 98980 while its month's 98981 is billed). */
export function revertRefusal(f: Pick<CycleFacts, "code" | "startDate" | "endDate" | "billed">): Refusal | null {
  return refuseRevert(BILLING_CODE[f.code], { start: f.startDate, end: f.endDate }, f.billed ?? []);
}

