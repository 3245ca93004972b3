/**
 * The Scan Sessions page (002 §2): 'Select Location' first, then the filters (date range, practitioner,
 * assessment) and the session UUID search (which disables and ignores the others), the streamed table with the
 * pager, and the session analysis dialog at its URL. Forms are GET forms (no `page`: a filter change is page 1).
 */
import { FiltersPanel } from "../../../components/filters-panel";
import { Await, Form, useLocation, useRouteLoaderData, useSubmit } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Suspense, useEffect } from "react";
import { withoutParams } from "../../../shell/dialog-url";
import { LoadErrorView } from "../../../components/load-error";
import { EmptyList, Pager } from "../../../components/pager";
import { showToast } from "../../../components/toast";
import { useHydrated } from "../../../components/use-hydrated";
import { copyToClipboard } from "../../../components/clipboard";
import { DateRangeFields } from "../../../components/date-range-note";
import type { PortalShellData } from "../../../shell/shell-loader.server";
import { LOG_NAMES } from "../../../domain/scan-display";
import { COPIED_UUID, COPY_FAILED, NO_SESSION_FOR_UUID, NO_SESSIONS, SELECT_LOCATION } from "./messages";
import type { SessionRow } from "./session-row";
import { UuidSearch } from "./uuid-search";
import type { loadScanSessions, SessionsTable } from "./sessions-route.server";
import { analysisPdfPath, exportPath, logPath, replayPath } from "../scan-paths";
import { ANALYSIS_PARAMS, sessionsHref, sessionsParams, SESSIONS_PATH, type SessionsState } from "./sessions-state";
import { tableWrap } from "../../../components/table-wrap";
import { useChangeHandler } from "../../../components/use-change-handler";
import { lazyPart } from "../../../components/lazy-part";

// The analysis dialog (its forms, the risk slider and factor table) loads with the first one opened (ADR 038); one in
// the URL of the first page is rendered by the server and hydrates once its code has come.
const SessionAnalysisAtUrl = lazyPart(() => import("../analysis/analysis-dialog").then((m) => ({ default: m.SessionAnalysisAtUrl })));

type Data = SerializeFrom<typeof loadScanSessions>;
type State = Data["state"];

export function SessionsPage({ data }: { data: Data }) {
  const { state } = data;
  const location = useLocation();
  const closeHref = withoutParams(location, ANALYSIS_PARAMS);
  return (
    <section className="scan-sessions" aria-labelledby="scan-sessions-title">
      <div className="page-header">
        <h1 id="scan-sessions-title">Scan Sessions</h1>
      </div>
      <LocationForm state={state} />
      {data.table ? (
        <>
          <Filters data={data} />
          <Suspense fallback={<p role="status">Loading scan sessions…</p>}>
            <Await resolve={data.table as unknown as Promise<SessionsTable>} errorElement={<LoadError state={state} message="Could not load scan sessions. The request failed." />}>
              {(table) => ("error" in table ? <LoadError state={state} message={table.error} /> : <SessionsTableView state={state} table={table} research={data.research} />)}
            </Await>
          </Suspense>
        </>
      ) : (
        <p className="empty-state">Choose a location to see its scan sessions.</p>
      )}
      <Suspense fallback={null}>
        {data.analysis ? (
          <SessionAnalysisAtUrl analysis={data.analysis} closeHref={closeHref} action={SESSIONS_PATH} search={location.search} pdfPath={analysisPdfPath} />
        ) : null}
      </Suspense>
    </section>
  );
}

function LocationForm({ state }: { state: State }) {
  const shell = useRouteLoaderData<PortalShellData>("routes/_app");
  const locations = shell?.filter.locations ?? [];
  const hydrated = useHydrated();
  const submit = useSubmit();
  // With JavaScript the location applies at once; without it, Show sessions.
  const changes = useChangeHandler((_control, form: HTMLFormElement) => submit(form));
  return (
    <Form {...changes} method="get" action={SESSIONS_PATH} className="list-filters scan-location" aria-label="Scan sessions location">
      <div className="field">
        <label htmlFor="scan-location">Location</label>
        <select id="scan-location" name="location" defaultValue={state.location ?? ""} key={state.location ?? ""} required>
          <option value="">{SELECT_LOCATION}</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id.toLowerCase()}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      {/* A location change keeps the date range and filters (page 1). */}
      {[...sessionsParams({ ...state, location: null, uuidInput: "", page: 1 })].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      {hydrated ? null : (
        <button type="submit" className="button">
          Show sessions
        </button>
      )}
    </Form>
  );
}

function Filters({ data }: { data: Data }) {
  const { state, today } = data;
  const searching = state.uuid !== null;
  const badUuid = state.uuidInput !== "" && !searching;
  return (
    <FiltersPanel open={badUuid}>
      <Form method="get" action={SESSIONS_PATH} role="search" aria-label="Filter scan sessions" className="list-filters">
        {state.location ? <input type="hidden" name="location" value={state.location} /> : null}
        <fieldset disabled={searching} className="scan-filter-fields">
          <legend className="visually-hidden">Filters</legend>
          <DateRangeFields range={state.range} today={today} idPrefix="scan" />
          <div className="field">
            <label htmlFor="scan-provider">Practitioner</label>
            <input id="scan-provider" type="search" name="provider" maxLength={200} defaultValue={state.provider} key={`p-${state.provider}`} />
          </div>
          <div className="field">
            <label htmlFor="scan-assessment">Assessment</label>
            <select id="scan-assessment" name="assessment" defaultValue={state.assessment ?? ""} key={`a-${state.assessment}`}>
              <option value="">All assessments</option>
              {data.assessments.map((a) => (
                <option key={a.id} value={a.id}>{`${a.name} (${a.id})`}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Apply
          </button>
        </fieldset>
      </Form>
      <UuidSearch
        action={SESSIONS_PATH}
        idPrefix="scan"
        keep={sessionsParams({ ...state, uuidInput: "", page: 1 })}
        uuidInput={state.uuidInput}
        invalid={badUuid}
        clearHref={sessionsHref({ ...state, uuidInput: "", uuid: null, page: 1 })}
        submitLabel="Search"
      />
    </FiltersPanel>
  );
}

function LoadError({ state, message }: { state: SessionsState | State; message: string }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) showToast({ type: "error", message });
  }, [hydrated, message]);
  return <LoadErrorView message={message} retryHref={sessionsHref(state as SessionsState)} retryLabel="Reload this page" hint={null} />;
}

function SessionsTableView({ state, table, research }: { state: State; table: Extract<SerializeFrom<SessionsTable>, { rows: unknown }>; research: boolean }) {
  if (table.rows.length === 0) {
    return (
      <EmptyList page={state.uuid ? 1 : state.page} metadata={table.metadata} hrefFor={(p) => sessionsHref(state as SessionsState, { page: p > 1 ? String(p) : null })} noun={["session", "sessions"]}>
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
              <th scope="col">Session date</th>
              <th scope="col">Assessment</th>
              <th scope="col">Results</th>
              <th scope="col">Practitioner</th>
              <th scope="col">Participant</th>
              <th scope="col">Session UUID</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <Row key={row.id} row={row} state={state} research={research} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={state.uuid ? 1 : state.page} metadata={table.metadata} hrefFor={(p) => sessionsHref(state as SessionsState, { page: p > 1 ? String(p) : null })} noun={["session", "sessions"]} />
    </>
  );
}

function Row({ row, state, research }: { row: SessionRow; state: State; research: boolean }) {
  const who = `session ${row.shortUuid}`;
  return (
    <tr>
      <td data-label="Session date">
        {row.date}
        <br />
        <span className="scan-time">{row.time}</span>
      </td>
      <td data-label="Assessment">
        {row.assessmentName}
        <br />
        <span className="scan-muted">{row.assessmentId}</span>
      </td>
      <td data-label="Results">
        {row.results.length === 0 ? (
          "—"
        ) : (
          <ul className="scan-results">
            {row.results.map((r) => (
              <li key={r.id}>{`${r.name}: ${r.value} ${r.units}`}</li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Practitioner">{row.practitioner ?? "—"}</td>
      <td data-label="Participant">
        {row.participantUid}
        {row.archived !== null ? (
          <>
            <br />
            <span className="scan-archived">{row.archived ? `Archived ${row.archived}` : "Archived"}</span>
          </>
        ) : null}
      </td>
      <td data-label="Session UUID">
        <CopyUuid uuid={row.sessionUUID} short={row.shortUuid} />
      </td>
      <td>
        <ul className="scan-actions">
          <li>
            <Link to={sessionsHref(state as SessionsState, { analysis: row.sessionUUID })} preventScrollReset aria-label={`Analysis of ${who}`}>
              Analysis
            </Link>
          </li>
          {row.replay ? (
            <li>
              {row.replay.allowed ? (
                <Link to={replayPath(row.id)} aria-label={`Replay ${who}`}>
                  Replay
                </Link>
              ) : (
                <span className="scan-muted">{row.replay.message}</span>
              )}
            </li>
          ) : null}
          {row.logs.map((log) => (
            <li key={log}>
              <a href={logPath(row.id, log, true)} download aria-label={`Download ${LOG_NAMES[log]} of ${who}`}>
                Download {LOG_NAMES[log]}
              </a>
            </li>
          ))}
          {row.noLogsMessage ? <li className="scan-muted">{row.noLogsMessage}</li> : null}
          {research ? (
            <li>
              <a href={exportPath(row.sessionUUID)} download aria-label={`Export data (JSON) of ${who}`}>
                Export data (JSON)
              </a>
            </li>
          ) : null}
        </ul>
      </td>
    </tr>
  );
}

/** The short UUID; the full one in a disclosure (selectable without JavaScript); with JavaScript a Copy button ('Copied UUID.'). */
export function CopyUuid({ uuid, short }: { uuid: string; short: string }) {
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await copyToClipboard(uuid);
      showToast({ type: "success", message: COPIED_UUID });
    } catch {
      showToast({ type: "error", message: COPY_FAILED });
    }
  };
  return (
    <div className="scan-uuid-cell">
      <details>
        <summary>
          <code title={uuid}>{short}</code>
          <span className="visually-hidden"> (show the full UUID)</span>
        </summary>
        <code className="scan-uuid-full">{uuid}</code>
      </details>
      {hydrated ? (
        <button type="button" className="link-button" onClick={copy} aria-label={`Copy UUID ${short}`}>
          Copy UUID
        </button>
      ) : null}
    </div>
  );
}
