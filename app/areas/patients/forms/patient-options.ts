/**
 * What the patient form offers and fills in (000 §3, §5), without its schema: the products, sides, body parts and
 * languages it lists, and an existing patient's initial values. The form's components import this module; the schema
 * (./patient.ts, with zod) loads with the form's first use (ADR 038).
 */
import { maskPhone } from "../../../domain/phone";

export const PATIENT_PRODUCTS = ["HEALTH", "GAIT", "PRO"] as const;
export type PatientProduct = (typeof PATIENT_PRODUCTS)[number];

export const SIDES = ["RIGHT", "LEFT", "BOTH", "NA"] as const;
export type SideChoice = (typeof SIDES)[number];
/** An involved side as the API holds it (N/A is null). */
export type InjuredSide = "RIGHT" | "LEFT" | "BOTH" | null;
/**
 * 000 §3 lists the sides Right, Left, N/A (N/A is sent as null); the product also holds Both (the contract's
 * InjuredSideOfBody, Bulk Add's "Both", bilateral injuries): ADR 045. Every form offers all four, so a stored
 * Both is never replaced by the form's default.
 */
export const SIDE_OPTIONS: readonly { value: SideChoice; label: string }[] = [
  { value: "RIGHT", label: "Right" },
  { value: "LEFT", label: "Left" },
  { value: "BOTH", label: "Both" },
  { value: "NA", label: "N/A" },
];
/** A side chosen in a form as the API takes it: N/A (and anything else) is null. */
export const sideOfChoice = (choice: string | undefined | null): InjuredSide => (choice === "RIGHT" || choice === "LEFT" || choice === "BOTH" ? choice : null);
/** A stored side as the form's choice: null is N/A for a Health patient (000 §3), nothing outside Health. */
export const choiceOfSide = (side: string | null | undefined, health: boolean): string => (side === "RIGHT" || side === "LEFT" || side === "BOTH" ? side : health ? "NA" : "");

export const BODY_PARTS = ["SHOULDER", "HIP", "KNEE", "SPINE", "MULTIPLE"] as const;
export type BodyPart = (typeof BODY_PARTS)[number];
export const BODY_PART_LABELS: Record<BodyPart, string> = { SHOULDER: "Shoulder", HIP: "Hip", KNEE: "Knee", SPINE: "Spine", MULTIPLE: "Multiple" };

export const LANGUAGE_OPTIONS = [
  { value: "en", label: "English" },
  { value: "es", label: "Spanish" },
] as const;
export type Language = (typeof LANGUAGE_OPTIONS)[number]["value"];

/**
 * An existing patient as the patient form sees it: the record's fields, flattened (the Health side and body
 * part, the gait ID), for Edit Patient Details and the list's add-to-product details step.
 */
export interface PatientFormSource {
  products: readonly string[];
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  dob: string | null;
  locationId: string | null;
  primaryPractitionerId: string | null;
  injuredSideOfBody: string | null;
  injuredBodyPart: string | null;
  gaitUid: string | null;
}

/** The record shape both the API's PatientRecord and its serialized form have. */
export interface PatientRecordLike {
  products: readonly string[];
  patient: { firstName: string; lastName: string; email: string | null; phoneNumber: string | null; dob: string | null };
  location: { id: string } | null;
  practitioner: { id: string } | null;
  productData: { health: { injuredSideOfBody: string | null; injuredBodyPart: string | null } | null; gait: { uid: string | null } | null };
}

export function patientFormSourceOf(record: PatientRecordLike): PatientFormSource {
  const { patient, productData } = record;
  return {
    products: record.products,
    firstName: patient.firstName,
    lastName: patient.lastName,
    email: patient.email,
    phoneNumber: patient.phoneNumber,
    dob: patient.dob,
    locationId: record.location?.id ?? null,
    primaryPractitionerId: record.practitioner?.id ?? null,
    injuredSideOfBody: productData.health?.injuredSideOfBody ?? null,
    injuredBodyPart: productData.health?.injuredBodyPart ?? null,
    gaitUid: productData.gait?.uid ?? null,
  };
}

/**
 * The form's initial values for an existing patient: the phone in the input's mask (xxx)xxx-xxxx, a Health patient's
 * unrecorded side as N/A (000 §3: N/A is stored as null), empty strings for what is not there.
 */
export type PatientFormDefaults = Record<"firstName" | "lastName" | "email" | "phoneNumber" | "dob" | "locationId" | "primaryPractitionerId" | "injuredSideOfBody" | "injuredBodyPart" | "gaitUid", string>;

export function patientFormDefaults(source: PatientFormSource): PatientFormDefaults {
  const side = source.injuredSideOfBody;
  return {
    firstName: source.firstName,
    lastName: source.lastName,
    email: source.email ?? "",
    phoneNumber: maskPhone(source.phoneNumber),
    dob: source.dob ?? "",
    locationId: source.locationId ?? "",
    primaryPractitionerId: source.primaryPractitionerId ?? "",
    injuredSideOfBody: choiceOfSide(side, source.products.includes("HEALTH")),
    injuredBodyPart: source.injuredBodyPart ?? "",
    gaitUid: source.gaitUid ?? "",
  };
}

/** New Plan of Care (000 §2.8): the products a new plan may hold. */
export const NEW_PLAN_PRODUCTS = ["HEALTH", "GAIT", "PRO"] as const;
export type NewPlanProduct = (typeof NEW_PLAN_PRODUCTS)[number];

/** The products of the new plan: those held plus those chosen (Health, Gait, PRO only). */
export function newPlanProducts(chosen: readonly string[] | undefined, held: readonly string[]): NewPlanProduct[] {
  return NEW_PLAN_PRODUCTS.filter((p) => held.includes(p) || (chosen ?? []).includes(p));
}
