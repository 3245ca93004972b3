/**
 * Product entitlements on the server (ADR 020): an organization changes data only for the products it holds.
 * Spec 000 §1: an organization holds some of HEALTH (home exercise programs, templates, RTM billing), GAIT, PRO
 * and SCAN; the portal hides what it does not hold, and the API refuses to create or change it — 403 with a
 * message naming the product. Reading stays open (an organization without a product simply has none of its
 * records), so a list of a product not held answers an empty page, never another organization's data.
 *
 * Two kinds of rule:
 * - an operation that changes data of one product (`PRODUCT_OF_OPERATION`), checked before the handler runs;
 * - a patient's products in a body (create, update, a new plan of care, a CSV import's `product`): each one
 *   must be held (`requireProducts`), checked by the handlers.
 */
import { forbidden } from "./errors.js";
import type { Caller } from "./auth.js";

export type ProductKey = "HEALTH" | "GAIT" | "PRO" | "SCAN";

export const PRODUCT_NAMES: Record<ProductKey, string> = { HEALTH: "Exer Health", GAIT: "Exer Gait", PRO: "Exer PRO", SCAN: "Exer Scan" };

/** Operations that change data of one product: refused (403) to an organization that does not hold it. */
export const PRODUCT_OF_OPERATION: Readonly<Record<string, ProductKey>> = {
  // Health: the motion library's favorites, programs (HEPs), their assignment, templates, the patient app's invite, RTM billing.
  addFavoriteExercise: "HEALTH",
  removeFavoriteExercise: "HEALTH",
  createProgram: "HEALTH",
  replaceProgram: "HEALTH",
  assignProgramToPatients: "HEALTH",
  assignProgramToPatient: "HEALTH",
  unassignProgram: "HEALTH",
  resendPatientInvite: "HEALTH",
  createTemplate: "HEALTH",
  updateTemplate: "HEALTH",
  deleteTemplate: "HEALTH",
  deleteTemplates: "HEALTH",
  advanceRtmCycle: "HEALTH",
  revertRtmCycle: "HEALTH",
  // Gait: session comments and the reconciliation of gait unique IDs.
  setGaitSessionComment: "GAIT",
  reconcileGaitPatientsCsv: "GAIT",
};

export const productRefusal = (product: ProductKey) => forbidden(`Your organization does not hold ${PRODUCT_NAMES[product]}.`);

/** Throws 403 unless the caller's organization holds every product. Callers without an organization are left to the role guards. */
export function requireProducts(caller: Caller, products: readonly string[]): void {
  if (!caller.organizationId) return;
  for (const p of products) if (!caller.products.includes(p)) throw productRefusal(p as ProductKey);
}

/** The operation-level rule: called for every secured operation before its handler. */
export function checkOperationProduct(operationId: string, caller: Caller | undefined): void {
  const product = PRODUCT_OF_OPERATION[operationId];
  if (product && caller) requireProducts(caller, [product]);
}
