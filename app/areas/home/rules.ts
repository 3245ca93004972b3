/**
 * The dashboard's rules (spec 000 §2.5): which variant a user sees, which activity cards and which
 * first-step cards, a row's status and colour. Pure; shared by the server and the browser.
 */
import { formatDate } from "../../domain/zoned-day";
import { isScanOnly, ROUTES, type ProductKey } from "../../shell/nav";

export type ActionKey = "NO_ACCOUNT" | "NO_RECENT_SESSION" | "NO_HEP" | "READY_TO_BILL";

export interface PatientRow {
  id: string;
  firstName: string;
  lastName: string;
  status: ActionKey;
  mostRecentSession: string | null;
}

export type ProviderActionsLike = Record<ActionKey, PatientRow[]> & { TOTAL_NUM_PATIENTS: number };

export interface DashboardUser {
  products: readonly string[];
  /**
   * May invite providers: provider admins (only admins invite users, spec 001 §6) and admin-type staff. The
   * spec's "admin-type users" for this card is read as the users who can act on it.
   */
  canInviteTeam: boolean;
  /** Read-only in the organization (support staff, ADR 026): no first step that changes data. */
  readOnly?: boolean;
}

/** Before the data: scan-only users get the welcome and no call at all. */
export const dashboardNeedsActions = (user: DashboardUser) => !isScanOnly(user.products);

/** After the data: activity cards, or first steps when the user has no patients. */
export const hasPatients = (actions: Pick<ProviderActionsLike, "TOTAL_NUM_PATIENTS">) => actions.TOTAL_NUM_PATIENTS > 0;

export const NO_RECENT_SESSION_DAYS = 7;

export interface ActivityCard {
  key: ActionKey;
  title: string;
  description: string;
  /** A link in the card's header (READY_TO_BILL → RTM Billing). */
  link?: { href: string; label: string };
}

const CARDS: Record<ActionKey, ActivityCard> = {
  NO_ACCOUNT: { key: "NO_ACCOUNT", title: "No Account", description: "Patients who have not created their app account yet." },
  NO_RECENT_SESSION: {
    key: "NO_RECENT_SESSION",
    title: "No Recent Session",
    description: `Patients with no session in the past ${NO_RECENT_SESSION_DAYS} days.`,
  },
  NO_HEP: { key: "NO_HEP", title: "No Program", description: "Patients without an assigned program." },
  READY_TO_BILL: {
    key: "READY_TO_BILL",
    title: "Ready to Bill",
    description: "Patients ready to bill today.",
    link: { href: ROUTES.rtmBilling, label: "Go to RTM Billing" },
  },
};

/** The activity cards, in order: NO_ACCOUNT and NO_RECENT_SESSION for everyone; NO_HEP and READY_TO_BILL for Health users. */
export function activityCards(user: DashboardUser): ActivityCard[] {
  const health = user.products.includes("HEALTH" satisfies ProductKey);
  const keys: ActionKey[] = ["NO_ACCOUNT", "NO_RECENT_SESSION", ...(health ? (["NO_HEP", "READY_TO_BILL"] as const) : [])];
  return keys.map((k) => CARDS[k]);
}

export interface FirstStepCard {
  key: "add-patient" | "create-program" | "invite-team" | "motion-library";
  title: string;
  description: string;
  href: string;
  action: string;
}

/**
 * Up to four first steps for a user without patients: add a patient, create a program and browse the Motion
 * Library for Health users; invite the team for users who may invite providers. A read-only user gets only what
 * reads (the Motion Library).
 */
export function firstStepCards(user: DashboardUser): FirstStepCard[] {
  const health = user.products.includes("HEALTH");
  const cards: FirstStepCard[] = [];
  if (health && !user.readOnly) {
    cards.push({ key: "add-patient", title: "Add your first patient", description: "Add a patient and invite them to the app.", href: ROUTES.addPatient, action: "Add Patient" });
    cards.push({ key: "create-program", title: "Create a program", description: "Build a program template to assign to your patients.", href: ROUTES.addProgramTemplate, action: "Create Program" });
  }
  if (user.canInviteTeam) cards.push({ key: "invite-team", title: "Invite your team", description: "Invite the providers of your organization.", href: ROUTES.inviteProvider, action: "Invite Team" });
  if (health) cards.push({ key: "motion-library", title: "Browse the Motion Library", description: "Explore the exercises you can prescribe.", href: ROUTES.motionLibrary, action: "Browse Motion Library" });
  return cards;
}

export type RowTone = "success" | "warning" | "danger";

/** Row status colour: ready to bill green, invite sent yellow, anything else red. */
export function rowTone(status: string): RowTone {
  if (status === "READY_TO_BILL") return "success";
  if (status === "NO_ACCOUNT") return "warning";
  return "danger";
}

/** The status as text (colour is never the only signal): 000 §4's billing-worklist names. */
export function statusLabel(status: string): string {
  switch (status) {
    case "NO_ACCOUNT":
      return "Invite Sent";
    case "NO_HEP":
      return "Not Assigned";
    case "NO_RECENT_SESSION":
      return "No Recent Session";
    case "READY_TO_BILL":
      return "Ready to Bill";
    default:
      return status;
  }
}

/** 'Last, First' with the spec's placeholders (000 §3). */
export function patientName(p: { firstName?: string | null; lastName?: string | null }): string {
  const first = p.firstName?.trim() ?? "";
  const last = p.lastName?.trim() ?? "";
  if (!first && !last) return "(Missing Name)";
  return `${last || "(Missing Last Name)"}, ${first || "(Missing First Name)"}`;
}

/** The row's secondary line: the most recent session, when the card is about sessions. */
export function rowDetail(row: PatientRow, timeZone: string): string | null {
  if (row.status !== "NO_RECENT_SESSION") return null;
  const date = formatDate(row.mostRecentSession, timeZone);
  return date ? `Last session ${date}` : "No sessions yet";
}

/** The API caps each list at this many patients (ProviderActions: maxItems 50). */
export const CARD_LIST_LIMIT = 50;
