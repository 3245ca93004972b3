/**
 * The admin Gait Sessions page (003 §2): the last 90 days' sessions (ID, Captured Date, Patient Name, UUID,
 * Action: Replay and Log, only for a session with a pose log, else 'No pose logs available'), sorted and paged (50) on the server; each header is a link cycling its column none → ASC → DESC →
 * none (gait-sort.ts). The gait replay page is gait-replay-page.tsx (the list does not load the replay viewer).
 */
import { Await } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Suspense, useEffect } from "react";
import { LoadErrorView } from "../../../components/load-error";
import { EmptyList, Pager } from "../../../components/pager";
import { showToast } from "../../../components/toast";
import { useHydrated } from "../../../components/use-hydrated";
import { CopyUuid } from "../../scan/sessions/sessions-page";
import { NO_POSE_LOGS_TEXT } from "../../scan/sessions/messages";
import { ariaSort, gaitSortSearch, nextGaitSort, type GaitSort, type GaitSortColumn } from "./gait-sort";
import type { GaitRow, GaitTable, loadAdminGaitSessions } from "./gait-sessions-route.server";
import { tableWrap } from "../../../components/table-wrap";

import { gaitLogPath, gaitReplayPath, GAIT_SESSIONS_PATH as PATH } from "./gait-paths";

const COLUMNS: [GaitSortColumn, string][] = [
  ["id", "ID"],
  ["capturedDate", "Captured Date"],
  ["patientName", "Patient Name"],
  ["sessionUUID", "UUID"],
];

export function AdminGaitSessionsPage({ data }: { data: SerializeFrom<typeof loadAdminGaitSessions> }) {
  return (
    <section aria-labelledby="admin-gait-title">
      <div className="page-header">
        <h1 id="admin-gait-title">Gait Sessions</h1>
      </div>
      <p className="field-hint">Sessions captured in the last 90 days.</p>
      <Suspense fallback={<p role="status">Loading gait sessions…</p>}>
        <Await resolve={data.table as unknown as Promise<GaitTable>} errorElement={<LoadError message="Couldnt fetch gait sessions :(" search={gaitSortSearch(data.sort)} />}>
          {(table) => ("error" in table ? <LoadError message={table.error} search={gaitSortSearch(data.sort)} /> : <GaitTableView table={table} sort={data.sort} />)}
        </Await>
      </Suspense>
    </section>
  );
}

function LoadError({ message, search }: { message: string; search: string }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) showToast({ type: "error", message });
  }, [hydrated, message]);
  return <LoadErrorView message={message} retryHref={`${PATH}${search}`} retryLabel="Reload this page" hint={null} />;
}

function GaitTableView({ table, sort }: { table: Extract<SerializeFrom<GaitTable>, { rows: unknown }>; sort: GaitSort | null }) {
  const rows: SerializeFrom<GaitRow>[] = table.rows;
  const sortSearch = gaitSortSearch(sort);
  if (rows.length === 0) {
    return (
      <EmptyList page={table.page} metadata={table.metadata} hrefFor={(p) => `${PATH}${sortSearch}${p > 1 ? `${sortSearch ? "&" : "?"}page=${p}` : ""}`} noun={["session", "sessions"]}>
        No gait sessions in the last 90 days.
      </EmptyList>
    );
  }
  return (
    <>
      <div {...tableWrap("Gait sessions")}>
        <table className="data-table stacked-table">
          <caption className="visually-hidden">Gait sessions, sortable by column</caption>
          <thead>
            <tr>
              {COLUMNS.map(([column, label]) => {
                const applied = ariaSort(sort, column);
                const next = nextGaitSort(sort, column);
                const nextLabel = next ? (next.dir === "asc" ? "ascending" : "descending") : "the default order";
                return (
                  <th key={column} scope="col" aria-sort={applied}>
                    <Link className="sort-link" to={`${PATH}${gaitSortSearch(next)}`} preventScrollReset aria-label={`${label}: sort ${nextLabel}`}>
                      {label}
                      <span aria-hidden="true">{applied === "ascending" ? " ▲" : applied === "descending" ? " ▼" : ""}</span>
                    </Link>
                  </th>
                );
              })}
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td data-label="ID">
                  <code title={r.id}>{r.shortId}</code>
                </td>
                <td data-label="Captured Date">{r.captured}</td>
                <td data-label="Patient Name">{r.patientName}</td>
                <td data-label="UUID">
                  <CopyUuid uuid={r.sessionUUID} short={r.shortUuid} />
                </td>
                <td>
                  {r.poseLog ? (
                    <ul className="scan-actions">
                      <li>
                        <Link to={gaitReplayPath(r.id)} aria-label={`Replay gait session ${r.shortUuid}`}>
                          Replay
                        </Link>
                      </li>
                      <li>
                        {/* No `download` attribute: a failed download comes back to this page with the server's message. */}
                        <a href={gaitLogPath(r.id, true)} aria-label={`Log of gait session ${r.shortUuid}`}>
                          Log
                        </a>
                      </li>
                    </ul>
                  ) : (
                    <span className="scan-muted">{NO_POSE_LOGS_TEXT}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={table.page} metadata={table.metadata} hrefFor={(p) => `${PATH}${sortSearch}${p > 1 ? `${sortSearch ? "&" : "?"}page=${p}` : ""}`} noun={["session", "sessions"]} />
    </>
  );
}
