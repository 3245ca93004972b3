/**
 * Display and rules of one patient record on the patient detail (000 §2.8, §3, §4, §5, §9).
 */

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
