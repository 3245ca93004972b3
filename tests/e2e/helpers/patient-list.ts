/**
 * Patients for the list and add-patient specs, created through the provider API as the given user (each test
 * makes its own, tagged with a unique word it can search for).
 */
import { randomUUID } from "node:crypto";
import type { components } from "../../../openapi/provider-api.js";
import { apiAs } from "./stack.js";

type PatientCreate = components["schemas"]["PatientCreate"];
type Api = Awaited<ReturnType<typeof apiAs>>;

/** A unique lower-case word (letters only: searchable as part of a name). */
export const uniqueTag = () =>
  `zq${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;

export async function currentUser(api: Api) {
  const { data, error } = await api.GET("/v2/users/current");
  if (!data) throw new Error(`current user: ${JSON.stringify(error)}`);
  return data;
}

/** Creates a patient at the user's first location; Health by default. */
export async function createPatient(api: Api, fields: Partial<PatientCreate> & { lastName: string }) {
  const me = await currentUser(api);
  const products = fields.products ?? ["HEALTH"];
  const body: PatientCreate = {
    firstName: "Test",
    email: products.includes("HEALTH") ? `${randomUUID().slice(0, 12)}@e2e.example` : null,
    injuredSideOfBody: products.includes("HEALTH") ? "LEFT" : null,
    injuredBodyPart: products.includes("HEALTH") ? "KNEE" : null,
    locationId: me.locations[0]!.id,
    products,
    ...fields,
  };
  const { data, error } = await api.POST("/v2/patients", { body });
  if (!data) throw new Error(`create patient: ${JSON.stringify(error)}`);
  return data;
}

export async function findPatients(api: Api, search: string, status: "ACTIVE" | "DISCHARGED" | "ALL" = "ALL") {
  const { data, error } = await api.GET("/v2/patients/pages", { params: { query: { search, status, limit: 100 } } });
  if (!data) throw new Error(`find patients: ${JSON.stringify(error)}`);
  return data.items;
}
