/**
 * The admin Gait Sessions page (003 §2): the last 90 days' sessions (ID, Captured Date, Patient Name, UUID,
 * Action: Replay and Log, only for a session with a pose log, else 'No pose logs available'), sorted and paged (50) on the server; each header is a link cycling its column none → ASC → DESC →
 * none (gait-sort.ts). And the gait replay page ('Gait Session Replay') with the shared replay viewer.
 */
import { Await, Link } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import { Suspense, useEffect } from "react";
import { LoadErrorView } from "../../../components/load-error";
import { EmptyList, Pager } from "../../../components/pager";
import { showToast } from "../../../components/toast";
import { useHydrated } from "../../../components/use-hydrated";
import { ReplaySection } from "../../scan/replay/replay-page";
import { CopyUuid } from "../../scan/sessions/sessions-page";
import { NO_POSE_LOGS_TEXT } from "../../scan/sessions/messages";
import { ariaSort, gaitSortSearch, nextGaitSort, type GaitSort, type GaitSortColumn } from "./gait-sort";
import type { GaitRow, GaitTable, loadAdminGaitReplay, loadAdminGaitSessions } from "./gait-sessions-route.server";
import { FactList } from "../../../components/fact-list";
import { tableWrap } from "../../../components/table-wrap";

const PATH = "/admin/gait/sessions";
const seg = (id: string) => encodeURIComponent(id);
export const gaitReplayPath = (id: string) => `${PATH}/${seg(id)}/replay`;
export const gaitLogPath = (id: string, download = false) => `${PATH}/${seg(id)}/pose-log.json${download ? "?download=1" : ""}`;
const gaitFramePath = (id: string, frame: number) => `${PATH}/${seg(id)}/frame.svg?frame=${frame + 1}`;

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

export function AdminGaitReplayPage({ data }: { data: SerializeFrom<typeof loadAdminGaitReplay> }) {
  if (data.state === "error")
    return (
      <>
        <h1>Gait Session Replay</h1>
        <LoadErrorView message={data.message} retryHref="" retryLabel="Reload this page" />
      </>
    );
  const s = data.session;
  const facts: [string, string][] = [
    ["Patient", s.patientName],
    ["Captured", s.captured],
    ["Organization", s.organization],
    ["Practitioner", s.practitioner ?? "—"],
    ["Gait ID", s.gaitUid ?? "—"],
    ["Session UUID", s.sessionUUID],
  ];
  return (
    <>
      <p>
        <Link to={PATH}>Back to Gait Sessions</Link>
      </p>
      <h1>Gait Session Replay</h1>
      {/* The replay first, the session's details beside it from lg (replay.css; as the scan replay page). */}
      <div className="replay-layout">
        <div className="replay-main">
          {data.refusal ? (
            <p className="notice notice-error" role="alert">
              {data.refusal}
            </p>
          ) : (
            <>
              <ReplaySection links={{ path: gaitReplayPath(s.id), log: gaitLogPath(s.id), frameImage: (f) => gaitFramePath(s.id, f) }} frame={data.frame} tab={data.tab} still={data.still} />
              <p>
                <a href={gaitLogPath(s.id, true)}>Log</a>
              </p>
            </>
          )}
        </div>
        <div className="replay-details">
          <FactList facts={facts} className="session-facts" />
        </div>
      </div>
    </>
  );
}
