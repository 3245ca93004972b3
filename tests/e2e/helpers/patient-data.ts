/**
 * Patients for the patient-section specs, through the provider API of this run's stack (the specs start
 * signed in with helpers/session.ts `useSession`):
 * - `newHealthPatient(email)`: a fresh Health patient at one of the user's locations (tests that write create
 *   their own);
 * - `healthWorld(api)`: the user's Health patients with their sessions of the last 90 days, loaded once per
 *   worker, to pick demo patients whose data matches a test (read only);
 * - the organization's time zone and today, and the default 30-day range as the API's bounds, computed with
 *   the portal's own date-range module.
 */
import { randomUUID } from "node:crypto";
import { addDays, dateRangeInstants, todayIn } from "../../../app/domain/date-range.js";
import type { components } from "../../../openapi/provider-api.js";
import type { apiAs } from "./stack.js";

export type Api = Awaited<ReturnType<typeof apiAs>>;
export type PatientRecord = components["schemas"]["PatientRecord"];
export type HealthSession = components["schemas"]["HealthSession"];
export type GaitSession = components["schemas"]["GaitSession"];
export type CareNote = components["schemas"]["CareNote"];
export type ProQuestion = components["schemas"]["ProQuestion"];

function ok<T>(r: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (r.data === undefined) throw new Error(`${what}: ${r.response.status} ${JSON.stringify(r.error)}`);
  return r.data;
}

export async function orgClock(api: Api) {
  const me = ok(await api.GET("/v2/users/current"), "current user");
  const timeZone = me.organization.timezone;
  const today = todayIn(timeZone);
  return { timeZone, today, lastDays: (days: number) => dateRangeInstants({ start: addDays(today, -(days - 1)), end: today }, timeZone) };
}

/** A new Health patient (with a phone number, so Surveys shows) at the user's first location. */
export async function newHealthPatient(api: Api, products: ("HEALTH" | "GAIT" | "PRO")[] = ["HEALTH"]): Promise<PatientRecord> {
  const me = ok(await api.GET("/v2/users/current"), "current user");
  const location = me.locations[0];
  if (!location) throw new Error("the user has no location");
  const tag = randomUUID().slice(0, 8);
  return ok(
    await api.POST("/v2/patients", {
      body: {
        firstName: `Sect${tag}`,
        lastName: "E2e",
        email: `sections-${tag}@e2e.example`,
        phoneNumber: "3035550100",
        injuredSideOfBody: "LEFT",
        injuredBodyPart: "KNEE",
        locationId: location.id,
        products,
        ...(products.includes("GAIT") ? { gaitUid: `E2E-${tag}` } : {}),
      },
    }),
    "new patient",
  );
}

/** Health (or gait) patients of the user, most recent activity first. */
export async function listPatients(api: Api, product: "health" | "gait", limit = 60): Promise<PatientRecord[]> {
  const query = { page: 1, limit, sortBy: "LAST_ACTIVITY" as const, orderBy: "DESC" as const };
  if (product === "health") return ok(await api.GET("/v2/health/patients/pages", { params: { query } }), "health patients").items;
  return ok(await api.GET("/v2/gait/patients/pages", { params: { query } }), "gait patients").items;
}

/** The first of `patients` for which `load` gives a value (tried one by one). */
export async function findPatient<T>(patients: PatientRecord[], load: (p: PatientRecord) => Promise<T | null | undefined>): Promise<{ patient: PatientRecord; found: T }> {
  for (const patient of patients) {
    const found = await load(patient);
    if (found !== null && found !== undefined) return { patient, found };
  }
  throw new Error("no demo patient matches");
}

export async function healthSessions(api: Api, id: string, range: { start: string; end: string }, includeSelfReported = true): Promise<HealthSession[]> {
  return ok(await api.GET("/v2/health/patients/{id}/sessions", { params: { path: { id }, query: { ...range, includeSelfReported } } }), "health sessions");
}

export async function gaitSessions(api: Api, patientRecordId: string, range?: { start: string; end: string }): Promise<GaitSession[]> {
  return ok(await api.GET("/v2/gait/sessions", { params: { query: { patientRecordId, ...range } } }), "gait sessions");
}

export async function careNotes(api: Api, id: string): Promise<CareNote[]> {
  return ok(await api.GET("/v2/patients/{id}/interactions", { params: { path: { id } } }), "care notes");
}

export async function pros(api: Api, id: string): Promise<ProQuestion[]> {
  return ok(await api.GET("/v2/patients/{id}/pros", { params: { path: { id } } }), "pros");
}

export const sectionUrl = (id: string, product: "health" | "gait", section: string, search = "") => `/patients/${id}/${product}/${section}/${search}`;

export interface HealthCandidate {
  patient: PatientRecord;
  /** Sessions of the last 90 days, self-reported ones included, newest first. */
  sessions: HealthSession[];
}

let world: Promise<{ clock: Awaited<ReturnType<typeof orgClock>>; candidates: HealthCandidate[] }> | undefined;

/** The user's most recently active Health patients and their sessions (once per worker). */
export function healthWorld(api: Api, count = 12) {
  world ??= (async () => {
    const clock = await orgClock(api);
    const range = clock.lastDays(90);
    const patients = (await listPatients(api, "health", count)).filter((p) => p.productData.health?.mostRecentSession);
    const candidates = await Promise.all(patients.map(async (patient) => ({ patient, sessions: await healthSessions(api, patient.id, range, true) })));
    return { clock, candidates };
  })();
  return world;
}

/** The first candidate for which `pick` gives a value. */
export function pick<T>(candidates: HealthCandidate[], choose: (c: HealthCandidate) => T | null | undefined): { patient: PatientRecord; found: T } {
  for (const c of candidates) {
    const found = choose(c);
    if (found !== null && found !== undefined) return { patient: c.patient, found };
  }
  throw new Error("no demo patient matches");
}
