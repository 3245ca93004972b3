/**
 * The admin Scan Sessions page (003 §2): the filters (provider text, assessments, locations grouped by
 * organization, date range) — or the session UUID search, which disables and ignores them — the streamed table
 * with the pager (15 a page), the Session Details dialog and the analysis dialog at their URLs. The filter form
 * is a GET form without `page` (a filter change is page 1); with JavaScript it applies on change (the provider
 * text 200 ms after typing stops), without it with the Search button.
 */
import { FiltersPanel } from "../../../components/filters-panel";
import { Await, Form, useLocation, useSubmit } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Suspense, useEffect, useRef } from "react";
import { withoutParams } from "../../../shell/dialog-url";
import { LoadErrorView } from "../../../components/load-error";
import { EmptyList, Pager } from "../../../components/pager";
import { showToast } from "../../../components/toast";
import { useHydrated } from "../../../components/use-hydrated";
import { DateRangeFields } from "../../../components/date-range-note";
import { CopyUuid } from "../../scan/sessions/sessions-page";
import { UuidSearch } from "../../scan/sessions/uuid-search";
import type { AdminSessionRow } from "./admin-session-row";
import type { AdminSessionsTable, loadAdminScanSessions } from "./scan-sessions-route.server";
import {
  adminAnalysisPdfPath,
  adminLogPath,
  adminReplayPath,
  adminSessionsHref,
  adminSessionsParams,
  ADMIN_SESSIONS_PATH,
  DIALOG_PARAMS,
  type AdminSessionsState,
} from "./scan-sessions-state";
import { tableWrap } from "../../../components/table-wrap";
import { useChangeHandler } from "../../../components/use-change-handler";
import { lazyPart } from "../../../components/lazy-part";

// The dialogs (Session Details; the analysis with its forms, risk slider and factor table) load with the first one
// opened (ADR 038); one in the URL of the first page is rendered by the server and hydrates once its code has come.
const SessionDetailsAtUrl = lazyPart(() => import("./scan-sessions-dialogs").then((m) => ({ default: m.SessionDetailsAtUrl })));
const SessionAnalysisAtUrl = lazyPart(() => import("../../scan/analysis/analysis-dialog").then((m) => ({ default: m.SessionAnalysisAtUrl })));

type Data = SerializeFrom<typeof loadAdminScanSessions>;
type State = Data["state"];

/** 003 §9: the provider text applies 200 ms after typing stops. */
export const PROVIDER_DEBOUNCE_MS = 200;
const NO_SESSIONS = "No scan sessions match these filters.";
const NO_SESSION_FOR_UUID = "No scan session with this UUID.";

export function AdminScanSessionsPage({ data }: { data: Data }) {
  const { state } = data;
  const location = useLocation();
  const closeHref = withoutParams(location, DIALOG_PARAMS);
  return (
    <section className="admin-sessions" aria-labelledby="admin-sessions-title">
      <div className="page-header">
        <h1 id="admin-sessions-title">Scan Sessions</h1>
      </div>
      <Filters data={data} />
      <Suspense fallback={<p role="status">Loading scan sessions…</p>}>
        <Await resolve={data.table as unknown as Promise<AdminSessionsTable>} errorElement={<LoadError state={state} message="Could not load scan sessions. The request failed." />}>
          {(table) => ("error" in table ? <LoadError state={state} message={table.error} /> : <SessionsTable state={state} table={table} />)}
        </Await>
      </Suspense>
      <Suspense fallback={null}>
        {data.details ? <SessionDetailsAtUrl details={data.details} closeHref={closeHref} /> : null}
        {data.analysis ? (
          <SessionAnalysisAtUrl analysis={data.analysis} closeHref={closeHref} action={ADMIN_SESSIONS_PATH} search={location.search} pdfPath={adminAnalysisPdfPath} />
        ) : null}
      </Suspense>
    </section>
  );
}

function Filters({ data }: { data: Data }) {
  const { state, today } = data;
  const searching = state.uuid !== null;
  const badUuid = state.uuidInput !== "" && !searching;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const apply = (form: HTMLFormElement, delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), delay);
  };
  const changes = useChangeHandler((control, form: HTMLFormElement) => apply(form, control.name === "provider" ? PROVIDER_DEBOUNCE_MS : 0));
  return (
    <FiltersPanel open={state.uuidInput !== "" && state.uuid === null}>
      <div className="admin-session-filters">
        <Form method="get" action={ADMIN_SESSIONS_PATH} role="search" aria-label="Filter scan sessions" className="list-filters" {...changes}>
          <fieldset disabled={searching} className="scan-filter-fields">
            <legend className="visually-hidden">Filters</legend>
            <div className="field">
              <label htmlFor="admin-provider">Provider</label>
              {/* No key: with JavaScript the box keeps what is being typed while the list follows it. */}
              <input id="admin-provider" type="search" name="provider" maxLength={200} defaultValue={state.provider} />
            </div>
            <div className="field">
              <label htmlFor="admin-assessments">Assessments</label>
              <select id="admin-assessments" name="assessment" multiple size={5} defaultValue={state.assessments} key={`a-${state.assessments.join()}`} aria-describedby="admin-multi-hint">
                {data.assessments.map((a) => (
                  <option key={a.id} value={a.id}>{`${a.name} (${a.id})`}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="admin-locations">Locations</label>
              {data.organizations ? (
                <select id="admin-locations" name="location" multiple size={5} defaultValue={state.locations} key={`l-${state.locations.join()}`} aria-describedby="admin-multi-hint">
                  {data.organizations.map((o) => (
                    <optgroup key={o.id} label={o.name}>
                      {o.locations.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              ) : (
                <p className="notice notice-error" role="alert" id="admin-locations">
                  {data.locationsError}
                </p>
              )}
            </div>
            <DateRangeFields range={state.range} today={today} idPrefix="admin" />
            {hydrated ? null : (
              <button type="submit" className="button">
                Search
              </button>
            )}
            <p id="admin-multi-hint" className="field-hint admin-multi-hint">
              Hold Ctrl (⌘ on a Mac) to pick several. A custom range uses From and To and ends today at the latest.
            </p>
          </fieldset>
        </Form>
        <p className="admin-or" aria-hidden="true">
          or
        </p>
        <UuidSearch
          action={ADMIN_SESSIONS_PATH}
          idPrefix="admin"
          keep={adminSessionsParams({ ...state, uuidInput: "", page: 1 })}
          uuidInput={state.uuidInput}
          invalid={badUuid}
          clearHref={adminSessionsHref({ ...state, uuidInput: "", uuid: null, page: 1 })}
          submitLabel="Find session"
        />
        </div>
    </FiltersPanel>
  );
}

function LoadError({ state, message }: { state: State; message: string }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) showToast({ type: "error", message });
  }, [hydrated, message]);
  return <LoadErrorView message={message} retryHref={adminSessionsHref(state as AdminSessionsState)} retryLabel="Reload this page" hint={null} />;
}

function SessionsTable({ state, table }: { state: State; table: Extract<SerializeFrom<AdminSessionsTable>, { rows: unknown }> }) {
  const s = state as AdminSessionsState;
  if (table.rows.length === 0) {
    return (
      <EmptyList page={state.uuid ? 1 : state.page} metadata={table.metadata} hrefFor={(p) => adminSessionsHref(s, { page: p > 1 ? String(p) : null })} noun={["session", "sessions"]}>
        {state.uuid ? NO_SESSION_FOR_UUID : NO_SESSIONS}
      </EmptyList>
    );
  }
  return (
    <>
      <div {...tableWrap("Scan sessions")}>
        <table className="data-table stacked-table scan-sessions-table">
          <caption className="visually-hidden">Scan sessions</caption>
          <thead>
            <tr>
              <th scope="col">Organization</th>
              <th scope="col">Location</th>
              <th scope="col">Assessment</th>
              <th scope="col">Provider</th>
              <th scope="col">Created</th>
              <th scope="col">UUID</th>
              <th scope="col">UID</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <Row key={row.id} row={row} state={s} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={state.uuid ? 1 : state.page} metadata={table.metadata} hrefFor={(p) => adminSessionsHref(s, { page: p > 1 ? String(p) : null })} noun={["session", "sessions"]} />
    </>
  );
}

function Row({ row, state }: { row: SerializeFrom<AdminSessionRow>; state: AdminSessionsState }) {
  const who = `session ${row.shortUuid}`;
  return (
    <tr>
      <td data-label="Organization">{row.organization}</td>
      <td data-label="Location">{row.location ?? "—"}</td>
      <td data-label="Assessment">
        {row.assessmentName}
        <br />
        <span className="scan-muted">{row.assessmentId}</span>
      </td>
      <td data-label="Provider">{row.practitioner ?? "—"}</td>
      <td data-label="Created">
        {row.date}
        <br />
        <span className="scan-time">{row.time}</span>
      </td>
      <td data-label="UUID">
        <CopyUuid uuid={row.sessionUUID} short={row.shortUuid} />
      </td>
      <td data-label="UID">
        {row.participantUid}
        {row.archived !== null ? (
          <>
            <br />
            <span className="scan-archived">{row.archived ? `Archived ${row.archived}` : "Archived"}</span>
          </>
        ) : null}
      </td>
      <td>
        <ul className="scan-actions">
          {row.replay ? (
            <li>
              {!row.replay.allowed ? (
                <span className="scan-muted">{row.replay.message}</span>
              ) : (
                <Link to={adminReplayPath(row.sessionUUID)} aria-label={`Replay ${who}`}>
                  Replay
                </Link>
              )}
            </li>
          ) : null}
          <li>
            <Link to={adminSessionsHref(state, { analysis: row.sessionUUID })} preventScrollReset aria-label={`Analysis of ${who}`}>
              Analysis
            </Link>
          </li>
          <li>
            {row.log ? (
              <a href={adminLogPath(row.sessionUUID, true)} download aria-label={`Log download of ${who}`}>
                Log download
              </a>
            ) : (
              <span className="scan-muted">{row.noLogsMessage}</span>
            )}
          </li>
          <li>
            <Link to={adminSessionsHref(state, { details: row.sessionUUID })} preventScrollReset aria-label={`Details of ${who}`}>
              Details
            </Link>
          </li>
        </ul>
      </td>
    </tr>
  );
}
