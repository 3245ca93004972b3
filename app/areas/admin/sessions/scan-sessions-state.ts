/**
 * The admin Scan Sessions page's state, all in the URL (003 §2 "Admin scan sessions", §5, §9):
 *
 *   provider=<text>                 practitioner name contains (debounced 200 ms with JavaScript)
 *   assessment=AST-nnnn (repeated)  assessments (any of them)
 *   location=<uuid> (repeated)      locations (any of them; grouped by organization in the filter)
 *   range=7|30|90 | from=&to=       the date range (app/domain/date-range.ts: default 30, custom never past today)
 *   uuid=<sessionUUID>              the UUID search: every other filter is ignored (and shown disabled)
 *   page=<n>                        the page (filter forms never carry it: a filter change is page 1)
 *   details=<sessionUUID>           the Session Details dialog
 *   analysis=<sessionUUID>          the analysis dialog (with org, age, sex: app/areas/scan/analysis/)
 *
 * Sessions are addressed by their UUID in the admin area: the admin API looks one session up by its UUID only
 * (`sessionUUID` of the list call). Pure: the loader, the page's links and the unit tests use it alike.
 */
import { hrefOf, withExtra } from "../../scan/sessions/sessions-state";
import type { AdminScanSessionQuery } from "../../../api/admin-sessions.server";
import { dateRangeInstants, dateRangeParams, parseDateRange, type DateRange } from "../../../domain/date-range";
import { isUuid } from "../../../domain/uuid";
import { pageParam } from "../../../domain/paging";

export const ADMIN_SESSIONS_PATH = "/admin/scan/sessions/";
/** 003 §9. */
export const ADMIN_SESSIONS_PAGE_SIZE = 15;
/** The dialogs' own params (dropped by their close links and by the filter forms). */
export const DIALOG_PARAMS = ["details", "analysis", "org", "age", "sex"] as const;
/** The contract's limit of assessments and locations in one call. */
const MAX_IDS = 100;
const ASSESSMENT_ID = /^AST-\d{4}$/;

export interface AdminSessionsState {
  provider: string;
  assessments: string[];
  locations: string[];
  range: DateRange;
  /** A session UUID search (lower case), or null. */
  uuid: string | null;
  /** What was typed in the UUID box (kept, with a message when it is not a UUID). */
  uuidInput: string;
  page: number;
}

const unique = (values: string[]) => [...new Set(values)];

export function parseAdminSessionsState(params: URLSearchParams, today: string): AdminSessionsState {
  const uuidInput = (params.get("uuid") ?? "").trim();
  return {
    provider: (params.get("provider") ?? "").trim().slice(0, 200),
    assessments: unique(params.getAll("assessment").map((a) => a.trim().toUpperCase()).filter((a) => ASSESSMENT_ID.test(a))).slice(0, MAX_IDS),
    locations: unique(params.getAll("location").map((l) => l.trim().toLowerCase()).filter((l) => isUuid(l))).slice(0, MAX_IDS),
    range: parseDateRange(params, today),
    uuid: isUuid(uuidInput.toLowerCase()) ? uuidInput.toLowerCase() : null,
    uuidInput: uuidInput.slice(0, 100),
    page: pageParam(params.get("page")),
  };
}

/** The list call's query: only `sessionUUID` (page 1) for a UUID search, else the filters with the day bounds in `timeZone`. */
export function adminSessionsQuery(s: AdminSessionsState, timeZone: string): AdminScanSessionQuery {
  if (s.uuid) return { page: 1, limit: ADMIN_SESSIONS_PAGE_SIZE, sessionUUID: s.uuid };
  const { start, end } = dateRangeInstants(s.range, timeZone);
  return {
    page: s.page,
    limit: ADMIN_SESSIONS_PAGE_SIZE,
    ...(s.assessments.length ? { assessmentIds: s.assessments } : {}),
    ...(s.locations.length ? { locationIds: s.locations } : {}),
    ...(s.provider ? { provider: s.provider } : {}),
    start,
    end,
  };
}

/** The page's search params for a state (defaults written as nothing), plus `extra` (null/undefined drops). */
export function adminSessionsParams(s: AdminSessionsState, extra: Record<string, string | null | undefined> = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (s.provider) p.set("provider", s.provider);
  for (const a of s.assessments) p.append("assessment", a);
  for (const l of s.locations) p.append("location", l);
  for (const [k, v] of dateRangeParams(s.range)) if (k !== "selfReported") p.append(k, v);
  if (s.uuidInput) p.set("uuid", s.uuidInput);
  if (s.page > 1) p.set("page", String(s.page));
  return withExtra(p, extra);
}

export function adminSessionsHref(s: AdminSessionsState, extra: Record<string, string | null | undefined> = {}): string {
  return hrefOf(ADMIN_SESSIONS_PATH, adminSessionsParams(s, extra));
}

const seg = (id: string) => encodeURIComponent(id);
/** A session's admin resources, by its UUID. */
export const adminReplayPath = (sessionUUID: string) => `${ADMIN_SESSIONS_PATH}${seg(sessionUUID)}/replay`;
export const adminFramePath = (sessionUUID: string, frame: number) => `${ADMIN_SESSIONS_PATH}${seg(sessionUUID)}/frame.svg?frame=${frame + 1}`;
export const adminLogPath = (sessionUUID: string, download = false) => `${ADMIN_SESSIONS_PATH}${seg(sessionUUID)}/log.json${download ? "?download=1" : ""}`;
export function adminAnalysisPdfPath(sessionUUID: string, params: URLSearchParams): string {
  const q = new URLSearchParams();
  for (const k of ["org", "age", "sex"]) {
    const v = params.get(k);
    if (v) q.set(k, v);
  }
  const s = q.toString();
  return `${ADMIN_SESSIONS_PATH}${seg(sessionUUID)}/analysis.pdf${s ? `?${s}` : ""}`;
}
