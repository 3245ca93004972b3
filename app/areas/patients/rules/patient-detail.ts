/**
 * The patient detail's products, sections and URLs (000 §2.8):
 * - the default product is health if the patient has several products or a health record, else gait;
 * - Health/Gait tabs appear when the patient can be seen in both (the default, plus each product held);
 * - Health sections: activity, rom (Range of motion), pro (Surveys; only with a phone number), care (Care
 *   Management); Gait sections: activity (Assessment), progress (Progress charts);
 * - `/patients/{id}/` → the default product; `/patients/{id}/{product}/` → its activity section.
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
  return record.products.length > 1 || record.productData.health !== null ? "health" : "gait";
}

/** The products whose tabs the patient has, health first. */
export function patientProducts(record: RecordProducts): PatientProduct[] {
  const first = defaultProduct(record);
  const list = new Set<PatientProduct>([first]);
  if (record.products.includes("HEALTH")) list.add("health");
  if (record.products.includes("GAIT")) list.add("gait");
  return (["health", "gait"] as const).filter((p) => list.has(p));
}

/** The section tabs of a product for this patient (Surveys only with a phone number). */
export function sectionTabs(product: PatientProduct, record: RecordProducts): SectionTab[] {
  if (product === "gait") return GAIT_TABS;
  return HEALTH_TABS.filter((t) => t.section !== "pro" || Boolean(record.patient.phoneNumber));
}

/** Whether a URL's section is one of the product's tabs for this patient. */
export const isSectionOf = (product: PatientProduct, section: string, record: RecordProducts): section is PatientSection =>
  sectionTabs(product, record).some((t) => t.section === section);

export const recordPath = (id: string) => `/patients/${encodeURIComponent(id)}/`;
export const productPath = (id: string, product: PatientProduct) => `${recordPath(id)}${product}/`;
/** The printable program of the patient (a page for paper, outside the shell). */
export const programPrintHref = (id: string, hepId: string) => `${recordPath(id)}programs/${encodeURIComponent(hepId)}/print`;
export const sectionPath = (id: string, product: PatientProduct, section: PatientSection) => `${productPath(id, product)}${section}/`;
