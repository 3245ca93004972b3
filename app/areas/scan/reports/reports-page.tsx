/**
 * Scan Reports (002 §2, §4): the report flow — the date form (report date, location, Generate), then the
 * report (fetching while it streams in), then the report view with the Assessments and Participants tabs, each
 * with its CSV and PDF exports; 'Generate new report' goes back to the form. All state is in the URL
 * (`?date=&location=&tab=`). With JavaScript, Generate stays disabled until a location is chosen; without it
 * the server refuses with the field message.
 */
import { Await, Form, useNavigation, useRouteLoaderData } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Suspense, useState } from "react";
import { LoadErrorView } from "../../../components/load-error";
import { ReportDateField } from "../../../components/report-date-field";
import { useHydrated } from "../../../components/use-hydrated";
import { formatDay } from "../../../domain/zoned-day";
import type { PortalShellData } from "../../../shell/shell-loader.server";
import type { loadScanReports, ScanReportData } from "./report-route.server";
import {
  SCAN_REPORT_EMPTY,
  SCAN_REPORT_TABS,
  SCAN_REPORTS_PATH,
  scanExportHref,
  scanReportHref,
  scanReportTitle,
  shownResults,
  type ScanReportState,
} from "./report";
import { tableWrap } from "../../../components/table-wrap";
import { useChangeHandler } from "../../../components/use-change-handler";

type Data = SerializeFrom<typeof loadScanReports>;

export function ScanReportsPage({ data }: { data: Data }) {
  return (
    <section className="report-page" aria-labelledby="scan-reports-title">
      <div className="page-header">
        <h1 id="scan-reports-title">Scan Reports</h1>
      </div>
      {data.state && data.report ? (
        <ReportView state={data.state} locationName={data.locationName} timeZone={data.timeZone} report={data.report as unknown as Promise<ScanReportData>} />
      ) : (
        <ReportForm data={data} />
      )}
    </section>
  );
}

function ReportForm({ data }: { data: Data }) {
  const { form } = data;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const shell = useRouteLoaderData<PortalShellData>("routes/_app");
  const locations = shell?.filter.locations ?? [];
  const [location, setLocation] = useState(form.location);
  // A location chosen before the page hydrated is kept (the select is controlled: the next render would put it back).
  const locationChanges = useChangeHandler<HTMLSelectElement>((control) => setLocation(control.value));
  const busy = navigation.state !== "idle" && navigation.location?.pathname === SCAN_REPORTS_PATH;
  return (
    <Form method="get" action={SCAN_REPORTS_PATH} className="report-form" aria-label="Generate a scan report">
      <ReportDateField id="scan-report-date" defaultValue={form.date} max={form.today} error={form.dateError} />
      <div className="field">
        <label htmlFor="scan-report-location">Location</label>
        <select
          id="scan-report-location"
          name="location"
          value={location}
          {...locationChanges}
          aria-invalid={form.locationError ? true : undefined}
          aria-describedby={form.locationError ? "scan-report-location-error" : hydrated && !location ? "scan-report-location-hint" : undefined}
        >
          <option value="">Select Location</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
        {hydrated && !location && !form.locationError ? (
          <p id="scan-report-location-hint" className="field-hint">
            Choose a location to generate the report.
          </p>
        ) : null}
        <div id="scan-report-location-error" className="field-errors" aria-live="polite">
          {form.locationError ? <p className="field-error">{form.locationError}</p> : null}
        </div>
      </div>
      <button type="submit" className="button primary" disabled={(hydrated && !location) || busy}>
        {busy ? "Generating…" : "Generate"}
      </button>
    </Form>
  );
}

function ReportView({ state, locationName, timeZone, report }: { state: ScanReportState; locationName: string; timeZone: string; report: Promise<ScanReportData> }) {
  const title = scanReportTitle(state.tab, locationName, state.day);
  return (
    <>
      <div className="report-summary">
        <p>
          <strong>Report date:</strong> {formatDay(state.day)} · <strong>Location:</strong> {locationName} · <span className="muted">Times in {timeZone}</span>
        </p>
        <Link to={SCAN_REPORTS_PATH} className="button">
          Generate new report
        </Link>
      </div>
      <nav className="tabs" aria-label="Report tabs">
        {SCAN_REPORT_TABS.map((t) => (
          <Link key={t.value} className="tab" to={scanReportHref(state, t.value)} replace preventScrollReset aria-current={t.value === state.tab ? "page" : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      <h2 className="report-title">{title}</h2>
      <Suspense fallback={<p role="status">Generating the report…</p>}>
        <Await resolve={report} errorElement={<LoadErrorView message="Could not load scan sessions." retryHref={scanReportHref(state)} level={3} />}>
          {(r) => (r.error !== undefined ? <LoadErrorView message={r.error} retryHref={scanReportHref(state)} level={3} /> : <ReportTables state={state} report={r} title={title} />)}
        </Await>
      </Suspense>
    </>
  );
}

function ReportTables({ state, report, title }: { state: ScanReportState; report: Extract<ScanReportData, { rows: unknown[] }>; title: string }) {
  if (report.rows.length === 0) return <p className="empty-state">{SCAN_REPORT_EMPTY}</p>;
  const label = state.tab === "assessments" ? "Assessments" : "Participants";
  return (
    <>
      <p className="report-exports">
        <a className="button" href={scanExportHref(state, state.tab, "csv")} download>
          Download CSV<span className="visually-hidden"> of the {label} report</span>
        </a>
        <a className="button" href={scanExportHref(state, state.tab, "pdf")} download>
          Download PDF<span className="visually-hidden"> of the {label} report</span>
        </a>
      </p>
      {report.truncated ? <p className="notice notice-info">This day has more sessions than the report holds: the first {report.rows.length} are shown.</p> : null}
      <div {...tableWrap(title)}>
        {state.tab === "assessments" ? (
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Participant UID</th>
                <th scope="col">Assessment</th>
                <th scope="col">Results</th>
                <th scope="col">Practitioner</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.time}</td>
                  <th scope="row">{r.participantUid}</th>
                  <td>{r.assessmentName}</td>
                  <td>
                    {r.results.length ? (
                      <ul className="report-results">
                        {r.results.map((c) => (
                          <li key={c.name}>
                            {c.name}: {c.shown} {c.units}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{r.practitioner || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Participant UID</th>
                <th scope="col">Sessions</th>
                <th scope="col">Assessments</th>
                <th scope="col">Latest results</th>
                <th scope="col">Archived</th>
              </tr>
            </thead>
            <tbody>
              {report.participants.map((p) => (
                <tr key={p.uid}>
                  <th scope="row">{p.uid}</th>
                  <td>{p.sessions}</td>
                  <td>{p.assessments.join(", ")}</td>
                  <td>
                    {p.latestTime} {p.latestAssessment}
                    {p.latestResults.length ? `: ${shownResults(p.latestResults)}` : ""}
                  </td>
                  <td>{p.archived ? `Yes${p.archivedDate ? ` (${p.archivedDate})` : ""}` : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
