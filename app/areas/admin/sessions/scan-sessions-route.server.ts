/**
 * The loader of `/admin/scan/sessions/` (routes/admin.scan.sessions._index.tsx): any admin (support staff too:
 * everything here is read-only). The filters come from the URL (scan-sessions-state.ts); the assessments
 * (GET v2/scan/assessments) and the locations grouped by organization (GET v2/admin/scan/organizations/locations;
 * a failure: 'Could not load locations for scan organizations. {message}') feed the filters; the table
 * (GET v2/admin/scan/sessions/pages, 15 a page) streams in after them ('Could not load scan sessions. {message}').
 * `details=<sessionUUID>` opens the Session Details dialog and `analysis=<sessionUUID>` the analysis dialog,
 * both rendered by the server (they work without JavaScript). Days are the admin's organization's.
 */
import type { LoaderFunctionArgs } from "react-router";
import { adminScanLocationsLoadFailed, adminScanSessionsLoadFailed, listAdminScanSessions, listScanOrganizationLocations } from "../../../api/admin-sessions.server";
import { listAssessments } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import type { PageMetadata } from "../../../components/pager";
import { todayIn, zoneOrDefault } from "../../../domain/date-range";
import { isUuid } from "../../../domain/uuid";
import { requireAdmin } from "../access.server";
import { adminSessionRow, sessionDetails, type AdminSessionRow, type SessionDetails } from "./admin-session-row";
import { adminSessionsQuery, parseAdminSessionsState } from "./scan-sessions-state";
import { loadAdminAnalysis, lookupAdminSession } from "./session-lookup.server";
import { requestUrl } from "../../../request-url";

export type AdminSessionsTable = { rows: AdminSessionRow[]; metadata: PageMetadata } | { error: string };

const uuidParam = (url: URL, name: string) => {
  const v = url.searchParams.get(name)?.trim().toLowerCase() ?? null;
  return isUuid(v) ? v : null;
};

export async function loadAdminScanSessions({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const timeZone = zoneOrDefault(user.organization.timezone);
  const today = todayIn(timeZone);
  const url = requestUrl(request);
  const state = parseAdminSessionsState(url.searchParams, today);
  const api = getApi(request, context);
  const assessments = listAssessments(api);
  const names = assessments.then((a) => new Map((a.data ?? []).map((x) => [x.id, x.name])));

  // Not awaited: the header and the filters render at once, the rows stream in when the call answers.
  const table: Promise<AdminSessionsTable> = Promise.all([listAdminScanSessions(api, adminSessionsQuery(state, timeZone)), names]).then(([list, byId]) =>
    list.error ? { error: adminScanSessionsLoadFailed(list.error.message) } : { rows: list.data.items.map((s) => adminSessionRow(s, byId, timeZone)), metadata: list.data.metadata },
  );

  const detailsUuid = uuidParam(url, "details");
  const analysisUuid = uuidParam(url, "analysis");
  const [organizations, assessmentList, details, analysis] = await Promise.all([
    listScanOrganizationLocations(api),
    assessments,
    detailsUuid
      ? Promise.all([lookupAdminSession(request, context, detailsUuid, adminScanSessionsLoadFailed), names]).then(([found, byId]): { details: SessionDetails; error: null } | { details: null; error: string } =>
          found.error !== undefined ? { details: null, error: found.error } : { details: sessionDetails(found.session, byId, timeZone), error: null },
        )
      : null,
    analysisUuid ? loadAdminAnalysis(request, context, user, analysisUuid, url.searchParams) : null,
  ]);

  return {
    state,
    today,
    assessments: (assessmentList.data ?? []).map((a) => ({ id: a.id, name: a.name })),
    organizations: organizations.error ? null : organizations.data.map((o) => ({ id: o.id, name: o.name, locations: o.locations.map((l) => ({ id: l.id.toLowerCase(), name: l.name })) })),
    locationsError: organizations.error ? adminScanLocationsLoadFailed(organizations.error.message) : null,
    table,
    details,
    analysis: analysis ? ("view" in analysis ? { view: analysis.view, error: null } : { view: null, error: analysis.error }) : null,
  };
}
