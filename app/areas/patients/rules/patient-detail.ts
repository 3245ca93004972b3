/**
 * The patient detail's products, sections and URLs (000 §2.8):
 * - the default product is health if the patient has several products or a health record, else gait;
 * - Health/Gait tabs appear when the patient can be seen in both (the default, plus each product held);
 * - Health sections: activity, rom (Range of motion), pro (Surveys; only with a phone number), care (Care
 *   Management); Gait sections: activity (Assessment), progress (Progress charts);
 * - `/patients/{id}/` → the default product; `/patients/{id}/{product}/` → its first section (activity).
 * - PRO answers are the Health tab's Surveys (000 §2.8): a patient with PRO but without Health has the Health tab with
 *   Surveys only (issue 34: PRO-only patients landed on Gait "Assessment" and their answers could be read nowhere);
 *   without Gait, that is their default product.
 */

export type PatientProduct = "health" | "gait";
export type HealthSection = "activity" | "rom" | "pro" | "care";
export type GaitSection = "activity" | "progress";
export type PatientSection = HealthSection | GaitSection;

/** What these rules need of a patient record (a subset of the contract's PatientRecord). */
export interface RecordProducts {
  products: readonly string[];
  patient: { phoneNumber: string | null };
  productData: { health: unknown | null; gait: unknown | null };
}

export interface SectionTab {
  section: PatientSection;
  label: string;
}

export const DEFAULT_SECTION = "activity" as const;

const HEALTH_TABS: SectionTab[] = [
  { section: "activity", label: "Activity" },
  { section: "rom", label: "Range of motion" },
  { section: "pro", label: "Surveys" },
  { section: "care", label: "Care Management" },
];
const GAIT_TABS: SectionTab[] = [
  { section: "activity", label: "Assessment" },
  { section: "progress", label: "Progress charts" },
];

export const PRODUCT_LABELS: Record<PatientProduct, string> = { health: "Health", gait: "Gait" };

export const isPatientProduct = (value: unknown): value is PatientProduct => value === "health" || value === "gait";

export function defaultProduct(record: RecordProducts): PatientProduct {
  if (record.products.length > 1 || record.productData.health !== null) return "health";
  // The spec's "else gait" is about Gait patients: a PRO-only patient has nothing on the Gait tab.
  return record.products.includes("PRO") && !record.products.includes("GAIT") ? "health" : "gait";
}

/** The products whose tabs the patient has, health first. */
export function patientProducts(record: RecordProducts): PatientProduct[] {
  const first = defaultProduct(record);
  const list = new Set<PatientProduct>([first]);
  if (record.products.includes("HEALTH") || record.products.includes("PRO")) list.add("health");
  if (record.products.includes("GAIT")) list.add("gait");
  return (["health", "gait"] as const).filter((p) => list.has(p));
}

/**
 * The section tabs of a product for this patient (Surveys only with a phone number; a patient without Health —
 * PRO only, or Gait and PRO — has Surveys alone: no program, sessions or care on the Health tab).
 */
export function sectionTabs(product: PatientProduct, record: RecordProducts): SectionTab[] {
  if (product === "gait") return GAIT_TABS;
  const health = record.products.includes("HEALTH") || record.productData.health !== null;
  const withSurveys = HEALTH_TABS.filter((t) => t.section !== "pro" || Boolean(record.patient.phoneNumber));
  if (health) return withSurveys;
  const surveys = withSurveys.filter((t) => t.section === "pro");
  return surveys.length > 0 ? surveys : withSurveys;
}

/** Where a product's page opens: its first section for this patient (activity, or Surveys for a patient without Health). */
export const firstSection = (product: PatientProduct, record: RecordProducts): PatientSection => sectionTabs(product, record)[0]?.section ?? DEFAULT_SECTION;

/** Whether a URL's section is one of the product's tabs for this patient. */
export const isSectionOf = (product: PatientProduct, section: string, record: RecordProducts): section is PatientSection =>
  sectionTabs(product, record).some((t) => t.section === section);

export const recordPath = (id: string) => `/patients/${encodeURIComponent(id)}/`;
export const productPath = (id: string, product: PatientProduct) => `${recordPath(id)}${product}/`;
/** The printable program of the patient (a page for paper, outside the shell). */
export const programPrintHref = (id: string, hepId: string) => `${recordPath(id)}programs/${encodeURIComponent(hepId)}/print`;
export const sectionPath = (id: string, product: PatientProduct, section: PatientSection) => `${productPath(id, product)}${section}/`;
