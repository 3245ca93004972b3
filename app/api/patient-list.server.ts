/**
 * The patient list's calls (000 §7): the paged list, the providers for its filter, add patient, add to a
 * product, the account invite, and the Bulk Add CSV upload (003 §7 "CSV"). Failed calls resolve to
 * `{ error }` (client.server.ts); nothing here throws.
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type PatientRecord = Schema<"PatientRecord">;
export type PatientListQuery = {
  page: number;
  limit: number;
  search?: string;
  sortBy?: "LAST_ACTIVITY" | "NAME" | "EMAIL" | "STATUS" | "PROGRAM" | "LOCATION" | "PRODUCT";
  orderBy?: "ASC" | "DESC";
  status: "ACTIVE" | "DISCHARGED" | "ALL";
  primaryPractitionerId?: string;
  locationId?: string;
  product?: "HEALTH" | "GAIT" | "PRO";
};

export const listPatients = (api: Api, query: PatientListQuery) => api.call((c, init) => c.GET("/v2/patients/pages", { ...init, params: { query } }));


export const getPatientRecord = (api: Api, id: string) => api.call((c, init) => c.GET("/v2/patients/{id}/", { ...init, params: { path: { id } } }));

/** The add payload (000 §3); the primary provider is left out when none was chosen. */
export type NewPatient = Omit<Schema<"PatientCreate">, "primaryPractitionerId"> & { primaryPractitionerId: string | null };

/** POST v2/patients with the add payload (000 §3): the form's values; the primary provider only when chosen. */
export function createPatient(api: Api, value: NewPatient) {
  const body = {
    firstName: value.firstName,
    lastName: value.lastName,
    email: value.email,
    phoneNumber: value.phoneNumber,
    dob: value.dob,
    locationId: value.locationId,
    products: value.products,
    injuredSideOfBody: value.injuredSideOfBody,
    injuredBodyPart: value.injuredBodyPart,
    gaitUid: value.gaitUid,
    // Absent: the caller becomes the primary provider when eligible.
    ...(value.primaryPractitionerId ? { primaryPractitionerId: value.primaryPractitionerId } : {}),
  };
  return api.call((c, init) => c.POST("/v2/patients", { ...init, body }));
}

type PatientUpdate = Schema<"PatientUpdate">;

/** PATCH v2/patients/{id}/ adding `product` (with the details the product needs, when the form asked for them). */
export function addPatientToProduct(api: Api, id: string, products: ("HEALTH" | "GAIT" | "PRO")[], details: Omit<PatientUpdate, "products"> = {}) {
  return api.call((c, init) => c.PATCH("/v2/patients/{id}/", { ...init, params: { path: { id } }, body: { ...details, products } }));
}

/** POST v2/health/patients/{id}/invite. */
export const sendPatientInvite = (api: Api, id: string) => api.call((c, init) => c.POST("/v2/health/patients/{id}/invite", { ...init, params: { path: { id } } }));

/**
 * POST v2/patients/upload, multipart {file, product}: the FormData goes through as it is, so fetch writes the
 * multipart Content-Type with its boundary (never set by hand).
 */
export function uploadPatientsCsv(api: Api, file: File, product: "HEALTH" | "GAIT") {
  const form = new FormData();
  form.set("file", file, file.name || "patients.csv");
  form.set("product", product);
  return api.call((c, init) => c.POST("/v2/patients/upload", { ...init, body: { file: "", product }, bodySerializer: () => form }), { timeoutMs: 60_000 });
}
