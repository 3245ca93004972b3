/**
 * Display and rules of one patient record on the patient detail (000 §2.8, §3, §4, §5, §9).
 */
import { EARLIEST_RECORD_DAY } from "../../../domain/date-bounds";

export interface PlanOfCareLike {
  start: string;
  end: string | null;
}

export interface RecordLike {
  products: readonly string[];
  discharged: boolean;
  dischargeDate: string | null;
  plansOfCare: readonly PlanOfCareLike[];
  mostRecentActivity: string | null;
  mostRecentSession: string | null;
  patient: { firstName: string; lastName: string; email: string | null; phoneNumber: string | null; hasAccount: boolean };
  productData: { health: { status: string; heps: readonly { id: string; name: string }[] } | null; gait: { uid: string | null } | null };
}

/** The discharge window: 28 days back, 28 days ahead (000 §9). */
export const DISCHARGE_WINDOW_DAYS = 28;

/** YYYY-MM-DD → MM/dd/yy (the header's format). */
export const formatHeaderDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;

/** YYYY-MM-DD → MM/dd/yyyy. */
export const formatDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The header's discharge line: 'Discharged: …' once past, 'Scheduled to be discharged: …' before; none while open. */
export function dischargeLine(record: Pick<RecordLike, "discharged" | "dischargeDate">): string | null {
  if (!record.dischargeDate) return null;
  return `${record.discharged ? "Discharged" : "Scheduled to be discharged"}: ${formatHeaderDay(record.dischargeDate)}`;
}

const SIDES: Record<string, string> = { LEFT: "Left", RIGHT: "Right", BOTH: "Both" };
const BODY_PARTS: Record<string, string> = { SHOULDER: "Shoulder", HIP: "Hip", KNEE: "Knee", SPINE: "Spine", MULTIPLE: "Multiple" };

/** Involved side as shown (null is N/A). */
export const sideLabel = (side: string | null | undefined) => (side ? (SIDES[side] ?? side) : "N/A");
/** Involved body part as shown (null is N/A). */
export const bodyPartLabel = (part: string | null | undefined) => (part ? (BODY_PARTS[part] ?? part) : "N/A");

/** The current plan of care (the last one), if any. */
export const currentPlan = (record: Pick<RecordLike, "plansOfCare">): PlanOfCareLike | null => record.plansOfCare.at(-1) ?? null;

/** Resend Health Invite is enabled when the account status is no-account and there is no activity (000 §2.8). */
export function canResendInvite(record: Pick<RecordLike, "products" | "patient" | "productData" | "mostRecentActivity">): boolean {
  const health = record.productData.health;
  return record.products.includes("HEALTH") && health !== null && health.status === "NO_ACCOUNT" && !record.patient.hasAccount && !record.mostRecentActivity && Boolean(record.patient.email);
}

export interface DayWindow {
  /** Earliest day allowed (YYYY-MM-DD), or null for none. */
  min: string | null;
  /** Latest day allowed (YYYY-MM-DD). */
  max: string;
}

const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Discharge date: from the plan's start or 28 days ago (whichever is later) to 28 days ahead (000 §5). */
export function dischargeWindow(record: Pick<RecordLike, "plansOfCare">, today: string): DayWindow {
  const back = shift(today, -DISCHARGE_WINDOW_DAYS);
  const start = currentPlan(record)?.start ?? back;
  return { min: start > back ? start : back, max: shift(today, DISCHARGE_WINDOW_DAYS) };
}

/** Edit Plan of Care: from today to 28 days ahead (000 §5). */
export const editPlanWindow = (today: string): DayWindow => ({ min: today, max: shift(today, DISCHARGE_WINDOW_DAYS) });

/** New Plan of Care start: at most today, at least the day after the last plan's end (000 §5). */
export function newPlanWindow(record: Pick<RecordLike, "plansOfCare">, today: string): DayWindow {
  const lastEnd = currentPlan(record)?.end ?? null;
  return { min: lastEnd ? shift(lastEnd, 1) : EARLIEST_RECORD_DAY, max: today };
}

export type PlanAction = "discharge" | "edit-plan" | "new-plan";

/**
 * What the plan-of-care action is now (000 §2.8 "set end date, edit it, reschedule or reactivate"): a
 * discharged patient gets a New Plan of Care; a scheduled discharge can be edited; an open plan discharged.
 */
export function planAction(record: Pick<RecordLike, "discharged" | "dischargeDate" | "plansOfCare">): PlanAction {
  if (record.discharged || record.plansOfCare.length === 0) return "new-plan";
  return record.dischargeDate ? "edit-plan" : "discharge";
}

export const PLAN_ACTION_LABELS: Record<PlanAction, string> = { discharge: "Discharge", "edit-plan": "Edit Plan of Care", "new-plan": "New Plan of Care" };

/** The report's file name: the date (MM-dd-yyyy), first initial and last name, else 'exer_hep'; .pdf (000 §2.8). */
export function reportFileName(today: string, person: { firstName?: string | null; lastName?: string | null }): string {
  const date = `${today.slice(5, 7)}-${today.slice(8, 10)}-${today.slice(0, 4)}`;
  const safe = (s: string | null | undefined) => (s ?? "").normalize("NFKD").replace(/[^A-Za-z0-9-]/g, "");
  const initial = safe(person.firstName).slice(0, 1);
  const last = safe(person.lastName);
  return `${date}_${initial && last ? `${initial}${last}` : "exer_hep"}.pdf`;
}
