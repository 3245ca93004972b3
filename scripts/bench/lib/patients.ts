/**
 * The patients benchmarks open: a demo Health patient with recent sessions (so that the activity tab lists
 * sessions and the ROM tab draws charts), found through the provider API with a user's token.
 */
import type { Agent } from "node:http";
import { send } from "./http.js";

/** The part of a patient record (GET v2/patients/pages) read here. */
export interface PatientRecordLike {
  id: string;
  products: readonly string[];
  discharged: boolean;
  productData: { health: { mostRecentSession: string | null } | null };
}

/**
 * The Health patients whose most recent Health session is within `days` days before `now`, most recent first:
 * the ones whose detail pages show sessions in the default date range.
 */
export function healthPatientsWithRecentSessions(records: readonly PatientRecordLike[], now: Date, days: number): PatientRecordLike[] {
  const since = now.getTime() - days * 86_400_000;
  const last = (r: PatientRecordLike) => Date.parse(r.productData.health?.mostRecentSession ?? "");
  return records
    .filter((r) => r.products.includes("HEALTH") && !r.discharged && last(r) >= since && last(r) <= now.getTime())
    .sort((a, b) => last(b) - last(a));
}

/** Bearer-token headers for direct calls to the provider API. */
export const apiHeaders = (accessToken: string): Record<string, string> => ({
  authorization: `Bearer ${accessToken}`,
  accept: "application/json",
  "accept-encoding": "gzip, deflate, br",
});

/**
 * Candidates for the patient detail benchmarks, best first: the user's active Health patients by last activity
 * with a Health session in the last `days` days (default 7: well inside the detail's default range).
 */
export async function findHealthPatients(apiUrl: string, accessToken: string, agent?: Agent, days = 7): Promise<PatientRecordLike[]> {
  const path = "/v2/patients/pages?page=1&limit=100&status=ACTIVE&product=HEALTH&sortBy=LAST_ACTIVITY&orderBy=DESC";
  const res = await send(new URL(path, apiUrl).href, { agent, headers: apiHeaders(accessToken) });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.slice(0, 500)}`);
  const found = healthPatientsWithRecentSessions((JSON.parse(res.body) as { items: PatientRecordLike[] }).items, new Date(), days);
  if (found.length === 0) throw new Error(`no active Health patient with a session in the last ${days} days in ${path}`);
  return found;
}

/** The page of the ROM tab when it drew (server side) at least one chart figure. */
export const CHART_FIGURE_MARKER = '<figure class="chart"';

const chosen = new WeakMap<object, Promise<string>>();

/**
 * The patient the detail and JavaScript scenarios open (one per stack, chosen once): the first candidate of
 * `findHealthPatients` whose ROM tab has a chart (checked on the page, whole: it waits for the sessions call).
 */
export function benchPatient(stack: object, opts: { apiUrl: string; portalUrl: string; accessToken: string; pageHeaders: Record<string, string>; agent?: Agent }): Promise<string> {
  let found = chosen.get(stack);
  if (!found) {
    found = (async () => {
      const candidates = await findHealthPatients(opts.apiUrl, opts.accessToken, opts.agent);
      for (const c of candidates.slice(0, 5)) {
        const page = await send(new URL(`/patients/${c.id}/health/rom/`, opts.portalUrl).href, { agent: opts.agent, headers: opts.pageHeaders });
        if (page.status === 200 && page.body.includes(CHART_FIGURE_MARKER)) return c.id;
      }
      throw new Error(`none of the first ${Math.min(5, candidates.length)} recent Health patients has a ROM chart`);
    })();
    chosen.set(stack, found);
  }
  return found;
}
