/**
 * Test data and navigation of the patient detail specs: patients created through the provider API as a demo
 * user (each test its own, uniquely named), and the organization's today.
 */
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { apiAs } from "./stack.js";

type Products = ("HEALTH" | "GAIT" | "PRO")[];

export interface NewPatient {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneDigits: string | null;
  gaitUid: string | null;
  locationId: string;
}

export interface NewPatientOptions {
  products?: Products;
  phone?: boolean;
  email?: boolean;
  /** Which of the user's locations (index), default the first. */
  location?: number;
  /** A Health patient's involved side (default LEFT). */
  side?: "LEFT" | "RIGHT" | "BOTH" | null;
}

/** The user's profile: locations (their own; an admin's are the organization's) and the organization's time zone. */
export async function currentUserOf(login: string) {
  const api = await apiAs(login);
  const { data, error } = await api.GET("/v2/users/current");
  if (error || !data) throw new Error(`current user of ${login}: ${JSON.stringify(error)}`);
  return data;
}

/** A new patient at one of `login`'s locations, with `login` as the primary provider. */
export async function createPatient(login: string, options: NewPatientOptions = {}): Promise<NewPatient> {
  const products = options.products ?? ["HEALTH"];
  const me = await currentUserOf(login);
  const location = me.locations[options.location ?? 0];
  if (!location) throw new Error(`${login} has no location ${options.location ?? 0}`);
  const tag = randomUUID().slice(0, 8);
  const health = products.includes("HEALTH");
  const phoneDigits = options.phone === false ? null : `303555${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`;
  const email = options.email === false && !health ? null : `e2e-patient-${tag}@e2e.example`;
  const gaitUid = products.includes("GAIT") ? `fr-${tag}` : null;
  const body = {
    firstName: `Pat${tag.slice(0, 4)}`,
    lastName: `Detail${tag.slice(4)}`,
    email,
    phoneNumber: phoneDigits,
    locationId: location.id,
    products,
    primaryPractitionerId: me.practitionerId,
    injuredSideOfBody: health ? (options.side === undefined ? ("LEFT" as const) : options.side) : null,
    injuredBodyPart: health ? ("KNEE" as const) : null,
    gaitUid,
  };
  const api = await apiAs(login);
  const { data, error } = await api.POST("/v2/patients", { body });
  if (error || !data) throw new Error(`create patient: ${JSON.stringify(error)}`);
  return { id: data.id, firstName: body.firstName, lastName: body.lastName, email, phoneDigits, gaitUid, locationId: location.id };
}

/** YYYY-MM-DD of today in a time zone, shifted by `days`. */
export function dayIn(timeZone: string, days = 0): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date()).map((p) => [p.type, p.value]));
  const d = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + days));
  return d.toISOString().slice(0, 10);
}

/** MM/dd/yy and MM/dd/yyyy of a YYYY-MM-DD day. */
export const headerDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;
export const longDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The dialog named `name` is open. */
export async function expectDialog(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name }).or(page.getByRole("alertdialog", { name }));
  await expect(dialog).toBeVisible();
  return dialog;
}
