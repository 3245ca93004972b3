/**
 * The Scan Sessions page's state, all in the URL (002 §2 "Scan Sessions", §4):
 *
 *   location=<id>                 the location (required before any table shows: 'Select Location')
 *   range=7|30|90 | from=&to=     the date range (app/domain/date-range.ts: default 30, custom never past today,
 *                                 an unusable one → the default 30 days, the custom choice without dates → the
 *                                 last 2 days), days of the organization's time zone
 *   provider=<text>               practitioner name contains (optional)
 *   assessment=AST-nnnn           one assessment (optional)
 *   uuid=<sessionUUID>            a session UUID search: every other filter is ignored (and shown disabled)
 *   page=<n>                      the page (filter forms never carry it: a filter change is page 1)
 *   analysis=<sessionUUID>        the session analysis dialog (with org, age, sex: app/areas/scan/analysis/)
 *
 * Pure: the loader, the page's links and the unit tests use it alike.
 */
import type { ScanSessionQuery } from "../../../api/scan.server";
import { dateRangeInstants, dateRangeParams, parseDateRange, type DateRange } from "../../../domain/date-range";
import { isUuid } from "../../../domain/uuid";
import { pageParam } from "../../../domain/paging";

export const SESSIONS_PATH = "/scan/sessions/";
/** The portal's page size (002 §9 gives 15 for the admin area only; the portal's is ours). */
export const SESSIONS_PAGE_SIZE = 20;
/** The dialog's own params (dropped by its close link). */
export const ANALYSIS_PARAMS = ["analysis", "org", "age", "sex"] as const;

export interface SessionsState {
  location: string | null;
  range: DateRange;
  provider: string;
  assessment: string | null;
  /** A session UUID search (lower case), or null. */
  uuid: string | null;
  /** What was typed in the UUID box when it is not a UUID (kept in the box, with a message). */
  uuidInput: string;
  page: number;
}

const ASSESSMENT_ID = /^AST-\d{4}$/;

export function parseSessionsState(params: URLSearchParams, today: string): SessionsState {
  const location = params.get("location")?.trim().toLowerCase() ?? "";
  const uuidInput = (params.get("uuid") ?? "").trim();
  const assessment = params.get("assessment")?.trim().toUpperCase() ?? "";
  return {
    location: isUuid(location) ? location : null,
    range: parseDateRange(params, today),
    provider: (params.get("provider") ?? "").trim().slice(0, 200),
    assessment: ASSESSMENT_ID.test(assessment) ? assessment : null,
    uuid: isUuid(uuidInput.toLowerCase()) ? uuidInput.toLowerCase() : null,
    uuidInput: uuidInput.slice(0, 100),
    page: pageParam(params.get("page")),
  };
}

/** Whether the table shows: a location is chosen, or a session UUID is searched. */
export const showsTable = (s: SessionsState) => s.location !== null || s.uuid !== null;

/** The list call's query: only `sessionUUID` for a UUID search, else the filters with the day bounds in `timeZone`. */
export function sessionsQuery(s: SessionsState, timeZone: string): ScanSessionQuery {
  if (s.uuid) return { page: 1, limit: SESSIONS_PAGE_SIZE, sessionUUID: s.uuid };
  const { start, end } = dateRangeInstants(s.range, timeZone);
  return {
    page: s.page,
    limit: SESSIONS_PAGE_SIZE,
    ...(s.location ? { locationId: s.location } : {}),
    start,
    end,
    ...(s.provider ? { provider: s.provider } : {}),
    ...(s.assessment ? { assessmentIds: [s.assessment] } : {}),
  };
}

/** The page's search params for a state (defaults written as nothing), plus `extra` (null/undefined drops). */
export function sessionsParams(s: SessionsState, extra: Record<string, string | null | undefined> = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (s.location) p.set("location", s.location);
  for (const [k, v] of dateRangeParams(s.range)) if (k !== "selfReported") p.append(k, v);
  if (s.provider) p.set("provider", s.provider);
  if (s.assessment) p.set("assessment", s.assessment);
  if (s.uuidInput) p.set("uuid", s.uuidInput);
  if (s.page > 1) p.set("page", String(s.page));
  return withExtra(p, extra);
}

/** `p` with `extra` set over it (null/undefined drops the key). Shared by the sessions lists' URL states. */
export function withExtra(p: URLSearchParams, extra: Record<string, string | null | undefined>): URLSearchParams {
  for (const [k, v] of Object.entries(extra)) {
    if (v === null || v === undefined) p.delete(k);
    else p.set(k, v);
  }
  return p;
}

/** `path`, with its query when there is one. */
export const hrefOf = (path: string, params: URLSearchParams): string => (params.size > 0 ? `${path}?${params}` : path);

export function sessionsHref(s: SessionsState, extra: Record<string, string | null | undefined> = {}): string {
  return hrefOf(SESSIONS_PATH, sessionsParams(s, extra));
}
