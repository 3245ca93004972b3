/**
 * The RTM Billing worklist (002 §2): the month heading and picker, the filters (status, needs attention,
 * location, patient search: a GET form, applied at once with JavaScript), the sortable header, and one row per
 * patient that opens (`<details>`, no JavaScript needed) to the patient's cycles of the month with what each
 * still needs and the actions the billing rules allow. The rows stream in after the header.
 */
import { DateRangeNote } from "../../components/date-range-note";
import { Await, Form, useRouteLoaderData, useSubmit } from "react-router";
import { Link } from "../../components/link";
import { useReadOnly } from "../../shell/read-only";
import type { SerializeFrom } from "../../route-data";
import { Suspense, useEffect, useState } from "react";
import { LocationOptions } from "../../components/location-options";
import { EmptyList, Pager } from "../../components/pager";
import { FormToken } from "../../forms/form-token";
import { displayName } from "../../domain/names";
import { formatDay, formatInstantDay } from "../../domain/zoned-day";
import type { PortalShellData } from "../../shell/shell-loader.server";
import type { RtmCycle, RtmMonthlySummary } from "../../api/rtm.server";
import type { ApiResult } from "../../api/result";
import type { Schema } from "../../api/schemas";
import type { loadWorklist } from "./worklist-route.server";
import { CopyCycle } from "./copy-cycle";
import { lazyPart } from "../../components/lazy-part";
import {
  activeDaysLabel,
  addMonths,
  ariaSort,
  BILLING_DESCRIPTION,
  billedLine,
  billingPractitionerLine,
  careClockLines,
  copyText,
  deviceClockLines,
  cycleActions,
  emptyMonthMessage,
  episodeLine,
  isFiltered,
  EVENT_LABEL,
  careNoteText,
  exportFileName,
  exportHref,
  isCareManagement,
  LOAD_FAILED,
  monthHeading,
  monthPdfAllowed,
  nextSort,
  runningIntervalLines,
  NO_MATCH_MESSAGE,
  STATUS_LABEL,
  STATUSES,
  worklistHref,
  type SortColumn,
  type WorklistState,
} from "./rules/worklist";
import { LoadErrorView } from "../../components/load-error";
import { auditPacketHref } from "./rules/audit-packet";
import { tableWrap } from "../../components/table-wrap";
import { useChangeHandler } from "../../components/use-change-handler";

// The dialogs (Bill now's confirmation, the cycle's text to copy by hand) load with the first one opened (ADR 038); one
// in the URL of the first page is rendered by the server and hydrates once its code has come.
const BillNowDialog = lazyPart(() => import("./worklist-dialogs").then((m) => ({ default: m.BillNowDialog })));
const CopyDialog = lazyPart(() => import("./worklist-dialogs").then((m) => ({ default: m.CopyDialog })));

type Data = SerializeFrom<typeof loadWorklist>;
/** An unfiltered month without cycles also says whether the organization has any (the loader asks). */
type MonthPage = Schema<"RtmMonthlySummaryPage"> & { organizationHasCycles?: boolean | null };

export const cyclePdfHref = (id: string) => `/rtm-billing/cycles/${encodeURIComponent(id)}.pdf`;
export const monthPdfHref = (id: string) => `/rtm-billing/monthly-summaries/${encodeURIComponent(id)}.pdf`;

export function WorklistPage({ data }: { data: Data }) {
  const { state } = data;
  return (
    <section className="rtm-billing" aria-labelledby="rtm-title">
      <div className="page-header">
        <h1 id="rtm-title">RTM Billing</h1>
        <a className="button" href={exportHref(state.month)} download={exportFileName(state.month)}>
          {`Export ${monthHeading(state.month)} (CSV)`}
        </a>
      </div>
      <MonthNav state={state} months={data.months} />
      <Filters data={data} />
      <Suspense fallback={<p className="rtm-loading" role="status">Loading the month's cycles…</p>}>
        <Await resolve={data.list as unknown as Promise<ApiResult<MonthPage>>} errorElement={<LoadError state={state} />}>
          {(result) => (result.error ? <LoadError state={state} /> : <Worklist data={data} page={result.data} />)}
        </Await>
      </Suspense>
    </section>
  );
}

function MonthNav({ state, months }: { state: WorklistState; months: string[] }) {
  const prev = addMonths(state.month, -1);
  const next = addMonths(state.month, 1);
  return (
    <div className="rtm-month">
      {months.includes(prev) ? (
        <Link className="button" to={worklistHref({ ...state, month: prev, page: 1 })} aria-label={`Previous month, ${monthHeading(prev)}`}>
          ‹
        </Link>
      ) : (
        <span className="button" aria-disabled="true" aria-hidden="true">‹</span>
      )}
      <h2 className="rtm-month-heading">{monthHeading(state.month)}</h2>
      {months.includes(next) ? (
        <Link className="button" to={worklistHref({ ...state, month: next, page: 1 })} aria-label={`Next month, ${monthHeading(next)}`}>
          ›
        </Link>
      ) : (
        <span className="button" aria-disabled="true" aria-hidden="true">›</span>
      )}
    </div>
  );
}

function Filters({ data }: { data: Data }) {
  const { state, months } = data;
  const submit = useSubmit();
  // With JavaScript the month and the statuses apply at once; without it, the button.
  const changes = useChangeHandler((control, form: HTMLFormElement) => {
    if (control instanceof HTMLSelectElement || control.type === "checkbox") submit(form, { preventScrollReset: true });
  });
  const shell = useRouteLoaderData<PortalShellData>("routes/_app");
  const locations = shell?.filter.locations ?? [];
  return (
    <Form
      method="get"
      action="/rtm-billing/cycles-by-month/"
      role="search"
      aria-label="Filter RTM cycles"
      className="list-filters rtm-filters"
      {...changes}
    >
      {state.sort && state.dir ? (
        <>
          <input type="hidden" name="sort" value={state.sort} />
          <input type="hidden" name="dir" value={state.dir} />
        </>
      ) : null}
      <div className="field">
        <label htmlFor="rtm-month">Month</label>
        <select id="rtm-month" name="month" defaultValue={state.month} key={`m-${state.month}`}>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthHeading(m)}
            </option>
          ))}
        </select>
      </div>
      <DateRangeNote range={{ adjustment: state.monthAdjustment }} id="rtm-month-note" />
      <fieldset className="field rtm-statuses">
        <legend>Status</legend>
        {STATUSES.map((s) => (
          <label key={s.value} className="checkbox">
            <input type="checkbox" name="status" value={s.value} defaultChecked={state.statuses.includes(s.value)} key={`${s.value}-${state.statuses.join()}`} />
            {s.label}
          </label>
        ))}
        <label className="checkbox">
          <input type="checkbox" name="attention" value="1" defaultChecked={state.attention} key={`a-${state.attention}`} />
          Needs attention
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="rtm-location">Location</label>
        <select id="rtm-location" name="location" defaultValue={state.location ?? ""} key={`l-${state.location}`}>
          <LocationOptions locations={locations} />
        </select>
      </div>
      <div className="field">
        <label htmlFor="rtm-search">Search Patients</label>
        <input id="rtm-search" type="search" name="q" defaultValue={state.q} maxLength={200} key={`q-${state.q}`} />
      </div>
      <button type="submit" className="button">
        Apply
      </button>
    </Form>
  );
}

function LoadError({ state }: { state: WorklistState }) {
  return <LoadErrorView message={LOAD_FAILED} retryHref={worklistHref(state)} retryLabel="Reload this page" hint={null} />;
}

function Worklist({ data, page }: { data: Data; page: MonthPage }) {
  const { state } = data;
  const copied = data.copy ? page.items.flatMap((s) => s.cycles).find((c) => c.id === data.copy) : undefined;
  const closeCopy = worklistHref(state, copied ? { open: copied.patientRecord.id } : {});
  return (
    <>
      {page.items.length === 0 ? (
        <EmptyList page={state.page} metadata={page.metadata} hrefFor={(p) => worklistHref({ ...state, page: p })} noun={["patient", "patients"]} withPager={false}>
          {isFiltered(state) ? NO_MATCH_MESSAGE : emptyMonthMessage(state.month, page.organizationHasCycles)}
        </EmptyList>
      ) : (
        <div className="rtm-list">
          <div className="rtm-header" role="group" aria-label="Sort patients">
            <SortHeader state={state} column="name" label="Patient" />
            <SortHeader state={state} column="status" label="Status" />
            <span className="rtm-header-cell">Cycles</span>
          </div>
          <section aria-label={`Patients with RTM cycles ending in ${monthHeading(state.month)}`}>
          {page.items.map((summary) => (
            <PatientRow key={summary.id} summary={summary} state={state} timeZone={data.timeZone} open={data.open === summary.patientRecord.id || copied?.patientRecord.id === summary.patientRecord.id} />
          ))}
          </section>
        </div>
      )}
      <Pager page={state.page} metadata={page.metadata} hrefFor={(p) => worklistHref({ ...state, page: p })} noun={["patient", "patients"]} />
      {/* Their own boundary: while a dialog's code loads, the list stays (not the list's "Loading…"). */}
      <Suspense fallback={null}>
        {data.confirm ? <BillNowDialog cycles={page.items.flatMap((s) => s.cycles)} id={data.confirm} state={state} /> : null}
        {data.copy ? <CopyDialog cycle={copied} timeZone={data.timeZone} closeHref={closeCopy} /> : null}
      </Suspense>
    </>
  );
}

function SortHeader({ state, column, label }: { state: WorklistState; column: SortColumn; label: string }) {
  const sort = ariaSort(state, column);
  return (
    <Link to={worklistHref(nextSort(state, column))} className="sort-link rtm-header-cell" preventScrollReset aria-label={`${label}, ${sort === "none" ? "not sorted" : `sorted ${sort}`}: change the order`}>
      {label}
      <span aria-hidden="true" className="sort-icon">
        {sort === "ascending" ? "▲" : sort === "descending" ? "▼" : ""}
      </span>
    </Link>
  );
}

function PatientRow({ summary, state, timeZone, open }: { summary: RtmMonthlySummary; state: WorklistState; timeZone: string; open: boolean }) {
  const name = displayName(summary.patientRecord);
  // The row follows the user's toggles (also one made before hydration, whose toggle event arrives after it):
  // React must not put back the server's `open` when it renders the row again.
  const [isOpen, setOpen] = useState(open);
  // A navigation that asks for the row (`open=`, the copy dialog) opens it.
  useEffect(() => {
    if (open) setOpen(true);
  }, [open]);
  return (
    <details className="rtm-patient" open={isOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="rtm-patient-name">{name}</span>
        <span className={`rtm-status rtm-status-${summary.status.toLowerCase()}`}>{STATUS_LABEL[summary.status]}</span>
        <span>{`${summary.cycles.length} cycle${summary.cycles.length === 1 ? "" : "s"}`}</span>
      </summary>
      <div className="rtm-patient-body">
        <p className="rtm-patient-links">
          <Link to={`/patients/${encodeURIComponent(summary.patientRecord.id)}/`}>Open patient</Link>
          {monthPdfAllowed(summary.cycles) ? (
            <a href={monthPdfHref(summary.id)} target="_blank" rel="noreferrer">
              {`Month PDF (${monthHeading(summary.yearMonth)})`}
              <span className="visually-hidden"> for {name}, opens in a new tab</span>
            </a>
          ) : null}
          <a href={auditPacketHref(summary.yearMonth, summary.patientRecord.id)} target="_blank" rel="noreferrer">
            {`Audit packet (${monthHeading(summary.yearMonth)})`}
            <span className="visually-hidden"> for {name}, PDF, opens in a new tab</span>
          </a>
        </p>
        {billingPractitionerLine(summary.cycles) ? <p className="rtm-billing-practitioner">{billingPractitionerLine(summary.cycles)}</p> : null}
        {episodeLine(summary.cycles) ? <p className="rtm-episode">{episodeLine(summary.cycles)}</p> : null}
        <Clocks cycles={summary.cycles} running={summary.runningIntervals} name={name} />
        <div {...tableWrap(`RTM cycles of ${name} ending in ${monthHeading(summary.yearMonth)}`)}>
          <table className="data-table rtm-cycles">
            <caption className="visually-hidden">{`RTM cycles of ${name} ending in ${monthHeading(summary.yearMonth)}`}</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Status</th>
                <th scope="col">Dates</th>
                <th scope="col">Active days</th>
                <th scope="col">Care minutes</th>
                <th scope="col">Still needed</th>
                <th scope="col">Billed</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {summary.cycles.map((c) => (
                <CycleRow key={c.id} cycle={c} state={state} timeZone={timeZone} name={name} />
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </details>
  );
}

function CycleRow({ cycle, state, timeZone, name }: { cycle: RtmCycle; state: WorklistState; timeZone: string; name: string }) {
  const actions = cycleActions(cycle.status, cycle.billNow);
  const readOnly = useReadOnly();
  const action = worklistHref(state);
  const billed = billedLine(cycle, timeZone);
  return (
    <tr>
      <th scope="row">
        {cycle.billingCode} <span className="rtm-code-name">{BILLING_DESCRIPTION[cycle.billingCode]}</span>
        <Events cycle={cycle} timeZone={timeZone} />
      </th>
      <td>
        <span className={`rtm-status rtm-status-${cycle.status.toLowerCase()}`}>{STATUS_LABEL[cycle.status]}</span>
      </td>
      <td>{`${formatDay(cycle.startDate)} – ${formatDay(cycle.endDate)}`}</td>
      <td>{activeDaysLabel(cycle)}</td>
      <td>{isCareManagement(cycle.code) ? cycle.interactionMinutes : "—"}</td>
      <td className={cycle.needs && !cycle.needs.reachable ? "rtm-needs rtm-needs-late" : "rtm-needs"}>{cycle.needs?.text ?? "—"}</td>
      <td className="rtm-billed-by">{billed ?? "—"}</td>
      <td>
        <div className="rtm-actions">
          {!readOnly && (actions.markBilled || actions.revert) ? (
            <Form method="post" action={action} preventScrollReset>
              <FormToken />
              <input type="hidden" name="intent" value={actions.markBilled ? "advance" : "revert"} />
              <input type="hidden" name="cycleId" value={cycle.id} />
              <input type="hidden" name="shownStatus" value={cycle.status} />
              <input type="hidden" name="patientRecordId" value={cycle.patientRecord.id} />
              <button type="submit" className={actions.markBilled ? "button primary" : "button"} aria-label={`${actions.markBilled ? "Mark billed" : "Revert to ready"}: ${cycle.billingCode} of ${name}`}>
                {actions.markBilled ? "Mark Billed" : "Revert to Ready"}
              </button>
            </Form>
          ) : null}
          {!readOnly && actions.billNow ? (
            <Link className="button" to={worklistHref(state, { confirm: cycle.id, open: cycle.patientRecord.id })} preventScrollReset aria-label={`Bill now: ${cycle.billingCode} of ${name}`}>
              Bill now…
            </Link>
          ) : null}
          {actions.copy ? <CopyCycle text={copyText(cycle, timeZone)} code={cycle.billingCode} name={name} fallbackHref={worklistHref(state, { copy: cycle.id })} /> : null}
          {actions.pdf ? (
            <a className="button" href={cyclePdfHref(cycle.id)} target="_blank" rel="noreferrer" aria-label={`PDF of ${cycle.billingCode} for ${name} (opens in a new tab)`}>
              PDF
            </a>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** The two clocks side by side (ADR 033): device supply per 30-day interval, care management per calendar month. */
function Clocks({ cycles, running, name }: { cycles: RtmCycle[]; running: RtmMonthlySummary["runningIntervals"]; name: string }) {
  const clocks = [
    // An interval ending next month shows its days so far here too (ADR 049).
    { title: "Device supply", sub: "30-day intervals", lines: [...deviceClockLines(cycles), ...runningIntervalLines(running)], none: "No device interval ends this month." },
    { title: "Care management", sub: "calendar month", lines: careClockLines(cycles), none: "No care-management month ends this month." },
  ];
  return (
    <div className="rtm-clocks">
      {clocks.map((clock) => (
        <section key={clock.title} className="rtm-clock" aria-label={`${clock.title} of ${name}`}>
          <h3>
            {clock.title} <span className="rtm-clock-sub">({clock.sub})</span>
          </h3>
          {clock.lines.length === 0 ? (
            <p className="rtm-clock-none">{clock.none}</p>
          ) : (
            <ul>
              {clock.lines.map((l) => (
                <li key={l.period}>
                  <span className="rtm-clock-period">{l.period}</span>
                  {`: ${l.facts} — `}
                  <strong className="rtm-clock-code">{l.code}</strong>
                  {l.projection ? <span className="rtm-clock-projection">{l.projection}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function Events({ cycle, timeZone }: { cycle: RtmCycle; timeZone: string }) {
  if (cycle.events.length === 0) return <span className="rtm-events-none">No events</span>;
  return (
    <details className="rtm-events">
      <summary>{`${cycle.events.length} event${cycle.events.length === 1 ? "" : "s"}`}</summary>
      <ul>
        {cycle.events.map((e) => (
          <li key={`${e.type}-${e.id}`}>
            {`${formatInstantDay(e.dateTime, timeZone)} · ${EVENT_LABEL[e.type]}${e.type === "PATIENT_INTERACTION" ? ` · ${careNoteText(e)}` : e.minutes !== null ? ` · ${e.minutes} min` : ""}`}
          </li>
        ))}
      </ul>
    </details>
  );
}

