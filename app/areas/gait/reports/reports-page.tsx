/**
 * Gait Reports (002 §2, §4): the report flow — the date form (report date, Generate), the report while it
 * streams in, then the report with its Chart and CSV tabs (`?date=&tab=chart|csv`) and 'Generate new report'.
 * The chart (bars with the 0.8 m/s line) is drawn by the server (the loader, ADR 039) over its data table; the chart
 * island adds tooltips and zoom. Its image and the CSV are downloads rendered by the server, so they work with and
 * without JavaScript.
 */
import { Await, Form, useNavigation } from "react-router";
import { Link } from "../../../components/link";
import { useReadOnly } from "../../../shell/read-only";
import type { SerializeFrom } from "../../../route-data";
import { Suspense } from "react";
import { LoadErrorView } from "../../../components/load-error";
import { ReportDateField } from "../../../components/report-date-field";
import { formatDay } from "../../../domain/zoned-day";
import { ChartFigure } from "../../../islands/chart";
import { GAIT_PATIENTS_PATH } from "../events/gait-patients";
import { RECONCILE_PATH } from "../reconcile/reconcile";
import type { GaitReportData, loadGaitReports } from "./report-route.server";
import {
  GAIT_REPORT_EMPTY,
  GAIT_REPORT_TABS,
  GAIT_REPORTS_PATH,
  GAIT_SPEED_THRESHOLD,
  gaitChartPngHref,
  gaitChartTitle,
  gaitCsvFileName,
  gaitCsvHref,
  gaitPngFileName,
  gaitReportHref,
  shareBelow,
  shareLabel,
  type GaitBar,
  type GaitReportTab,
} from "./report";
import { tableWrap } from "../../../components/table-wrap";

type Data = SerializeFrom<typeof loadGaitReports>;
type Report = Extract<GaitReportData, { bars: GaitBar[] }>;

export function GaitReportsPage({ data }: { data: Data }) {
  const readOnly = useReadOnly();
  return (
    <section className="report-page" aria-labelledby="gait-reports-title">
      <div className="page-header">
        <h1 id="gait-reports-title">Gait Reports</h1>
        {readOnly ? null : (
          <nav aria-label="Gait patients" className="page-header-links">
            <Link to={GAIT_PATIENTS_PATH}>Add Gait Patient</Link> <Link to={RECONCILE_PATH}>Reconcile Gait Patients</Link>
          </nav>
        )}
      </div>
      {data.day && data.report ? <ReportView day={data.day} tab={data.tab} timeZone={data.timeZone} report={data.report as unknown as Promise<GaitReportData>} /> : <ReportForm data={data} />}
    </section>
  );
}

function ReportForm({ data }: { data: Data }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === GAIT_REPORTS_PATH;
  return (
    <Form method="get" action={GAIT_REPORTS_PATH} className="report-form" aria-label="Generate a gait report">
      <ReportDateField id="gait-report-date" defaultValue={data.form.date} max={data.form.today} error={data.form.dateError} />
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? "Generating…" : "Generate"}
      </button>
    </Form>
  );
}

function ReportView({ day, tab, timeZone, report }: { day: string; tab: GaitReportTab; timeZone: string; report: Promise<GaitReportData> }) {
  return (
    <>
      <div className="report-summary">
        <p>
          <strong>Report date:</strong> {formatDay(day)} · <span className="muted">Times in {timeZone}</span>
        </p>
        <Link to={GAIT_REPORTS_PATH} className="button">
          Generate new report
        </Link>
      </div>
      <Suspense fallback={<p role="status">Generating the report…</p>}>
        <Await resolve={report} errorElement={<LoadErrorView message="Could not load the gait report." retryHref={gaitReportHref(day, tab)} level={2} />}>
          {(r) => (r.error !== undefined ? <LoadErrorView message={r.error} retryHref={gaitReportHref(day, tab)} level={2} /> : <ReportTabs day={day} tab={tab} report={r} />)}
        </Await>
      </Suspense>
    </>
  );
}

function ReportTabs({ day, tab, report }: { day: string; tab: GaitReportTab; report: Report }) {
  if (report.rows.length === 0) return <p className="empty-state">{GAIT_REPORT_EMPTY}</p>;
  return (
    <>
      <nav className="tabs" aria-label="Report tabs">
        {GAIT_REPORT_TABS.map((t) => (
          <Link key={t.value} className="tab" to={gaitReportHref(day, t.value)} replace preventScrollReset aria-current={t.value === tab ? "page" : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "chart" ? <ChartTab day={day} bars={report.bars} chart={report.chart} /> : <CsvTab day={day} report={report} />}
    </>
  );
}

function ChartTab({ day, bars, chart }: { day: string; bars: GaitBar[]; chart: Report["chart"] }) {
  const title = gaitChartTitle(formatDay(day));
  const share = shareBelow(bars);
  return (
    <>
      <p className="report-exports">
        <a className="button" href={gaitChartPngHref(day)} download={gaitPngFileName(day)}>
          Download chart image
        </a>
      </p>
      {chart === null ? (
        <p className="empty-state">None of the day's sessions has a gait speed to chart.</p>
      ) : (
        <ChartFigure
          title={title}
          chart={chart}
          table={
            <div {...tableWrap(`${title}: data`)}>
              <table className="data-table">
                <caption className="visually-hidden">{title}: data</caption>
                <thead>
                  <tr>
                    <th scope="col">Subject</th>
                    <th scope="col">Gait speed (m/s)</th>
                    <th scope="col">Below {GAIT_SPEED_THRESHOLD} m/s</th>
                  </tr>
                </thead>
                <tbody>
                  {bars.map((b) => (
                    <tr key={b.subject}>
                      <th scope="row">{b.subject}</th>
                      <td>{b.speed.toFixed(2)}</td>
                      <td>{b.below ? "Yes" : "No"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          }
        >
          <p className="report-share">{shareLabel(share)}</p>
        </ChartFigure>
      )}
    </>
  );
}

function CsvTab({ day, report }: { day: string; report: Report }) {
  return (
    <>
      <p className="report-exports">
        <a className="button" href={gaitCsvHref(day)} download={gaitCsvFileName(day)}>
          Download CSV ({gaitCsvFileName(day)})
        </a>
      </p>
      {/* The CSV's columns are wider than the page: the preview scrolls sideways, so it is a named region keyboard
          users can focus and scroll (axe's scrollable-region-focusable). */}
      <div {...tableWrap("CSV preview")}>
        <table className="data-table">
          <caption className="visually-hidden">Gait report {formatDay(day)}: CSV preview</caption>
          <thead>
            <tr>
              <th scope="col">First Name</th>
              <th scope="col">Last Name</th>
              <th scope="col">Gait UID</th>
              <th scope="col">Captured</th>
              <th scope="col">Assistance</th>
              <th scope="col">Speed (m/s)</th>
              <th scope="col">Below {GAIT_SPEED_THRESHOLD} m/s</th>
              <th scope="col">Comment</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={r.id}>
                <td>{r.firstName}</td>
                <td>{r.lastName}</td>
                <td>{r.gaitUid || "—"}</td>
                <td>{r.captured}</td>
                <td>{r.assistance}</td>
                <td>{r.speed || "—"}</td>
                <td>{r.below || "—"}</td>
                <td>{r.comment}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
