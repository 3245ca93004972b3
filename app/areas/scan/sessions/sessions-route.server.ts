/**
 * The loader of `/scan/sessions/` (routes/_app.scan.sessions._index.tsx re-exports it): Scan users only (404
 * otherwise). The filters and the page come from the URL (sessions-state.ts); the table's call
 * (GET v2/scan/sessions/pages) is streamed after the page's header and filters; no call until a location is
 * chosen (or a session UUID searched). `analysis=<sessionUUID>` opens the session analysis dialog, rendered by
 * the server (works without JavaScript).
 */
import type { LoaderFunctionArgs } from "react-router";
import { listAssessments, listScanSessions, scanSessionsLoadFailed } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { requireProduct } from "../../../auth/current-user.server";
import { todayIn } from "../../../domain/date-range";
import { isUuid } from "../../../domain/uuid";
import type { PageMetadata } from "../../../components/pager";
import { loadPortalAnalysis } from "./portal-analysis.server";
import { sessionRow, type SessionRow } from "./session-row";
import { parseSessionsState, sessionsQuery, showsTable } from "./sessions-state";
import { requestUrl } from "../../../request-url";

export type SessionsTable = { rows: SessionRow[]; metadata: PageMetadata } | { error: string };

export async function loadScanSessions({ request, context }: LoaderFunctionArgs) {
  const user = requireProduct(context, "SCAN");
  const timeZone = user.organization.timezone;
  const today = todayIn(timeZone);
  const url = requestUrl(request);
  const state = parseSessionsState(url.searchParams, today);
  const api = getApi(request, context);
  const assessments = listAssessments(api);

  let table: Promise<SessionsTable> | null = null;
  if (showsTable(state)) {
    table = Promise.all([listScanSessions(api, sessionsQuery(state, timeZone)), assessments]).then(([list, all]): SessionsTable => {
      if (list.error) return { error: scanSessionsLoadFailed(list.error.message) };
      const names = new Map((all.data ?? []).map((a) => [a.id, a.name]));
      return { rows: list.data.items.map((s) => sessionRow(s, names, timeZone)), metadata: list.data.metadata };
    });
  }

  const analysisUuid = url.searchParams.get("analysis")?.toLowerCase() ?? null;
  const analysis = isUuid(analysisUuid) ? await loadPortalAnalysis(request, context, user, analysisUuid, url.searchParams) : null;
  const assessmentList = await assessments;

  return {
    state,
    today,
    research: user.organization.isResearchOrg,
    assessments: (assessmentList.data ?? []).map((a) => ({ id: a.id, name: a.name })),
    // Not awaited: the header and filters render at once, the rows stream in when the call answers.
    table,
    analysis: analysis && "view" in analysis ? { view: analysis.view, error: null } : analysis ? { view: null, error: analysis.error } : null,
  };
}
