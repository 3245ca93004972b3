/**
 * The product part of the patient detail (000 §2.8): Health/Gait tabs when the patient has both; on Health
 * the Program card (or its notices) and the Reporting Type; the date range; Download Report and Patient View;
 * the section tabs, and the section. Tabs are links that keep the date range and replace the URL (no history
 * entry). The Patient View (`?dialog=patient-view`) shows the section tabs and the section full screen, zoomed.
 */
import { useLocation } from "react-router";
import { Link } from "../../../components/link";
import { Suspense, type ReactNode } from "react";
import type { SerializeFrom } from "../../../route-data";
import type { ApiResult } from "../../../api/result";
import type { ProgramView } from "../../../domain/program-view";
import { withDateRange, type DateRange } from "../../../domain/date-range";
import { patientProducts, PRODUCT_LABELS, sectionPath, DEFAULT_SECTION, type PatientProduct, type SectionTab } from "../rules/patient-detail";
import { withoutParams, withParams } from "../../../shell/dialog-url";
import { hasReportData, REPORT_TITLE, ZoomControl, zoomOf } from "./product-controls";
import { usePatientRecord } from "./route-data";
import { useReadOnly } from "../../../shell/read-only";
import { lazyPart } from "../../../components/lazy-part";

// The program card and the date range hydrate once their code has come, after the page is interactive (ADR 038, as
// the list's results): the server renders them, and until then their links are links and the date range is the GET
// form it is without JavaScript (Apply).
const HealthPrograms = lazyPart(() => import("./program-card").then((m) => ({ default: m.HealthPrograms })));
const HealthLessNotice = lazyPart(() => import("./program-card").then((m) => ({ default: m.HealthLessNotice })));
const DateRangeForm = lazyPart(() => import("./date-range-form").then((m) => ({ default: m.DateRangeForm })));
// The product's dialogs load with the first one opened (ADR 038); one in the URL of the first page is rendered by the
// server and hydrates once its code has come.
const ProgramDrawer = lazyPart(() => import("./product-dialogs").then((m) => ({ default: m.ProgramDrawer })));
const UnassignDialog = lazyPart(() => import("./product-dialogs").then((m) => ({ default: m.UnassignDialog })));
const ReportDialog = lazyPart(() => import("./product-dialogs").then((m) => ({ default: m.ReportDialog })));
// The Patient View too: until its code has come the section stays where it was on the page.
const Dialog = lazyPart(() => import("../../../components/dialog").then((m) => ({ default: m.Dialog })));

export interface ProductViewProps {
  product: PatientProduct;
  range: SerializeFrom<DateRange>;
  sections: SectionTab[];
  /** The program drawer's program, streaming (only while the drawer is open). */
  program: Promise<SerializeFrom<ApiResult<ProgramView>>> | null;
  /** The first-program prompt instead of the Program card (the product route decides: it knows the care notes). */
  firstProgram: boolean;
  /** Health: the signed-in practitioner's care timer (care-timer.tsx), above the date range. */
  timer?: ReactNode;
  children: ReactNode;
}

export function ProductView({ product, range, sections, program, firstProgram, timer, children }: ProductViewProps) {
  const { record, today } = usePatientRecord();
  const products = patientProducts(record);
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const dialog = search.get("dialog");
  const current = location.pathname.split("/").filter(Boolean)[3] ?? DEFAULT_SECTION;
  const health = product === "health";
  const patientView = dialog === "patient-view";
  const zoom = zoomOf(location.search);
  // The care timer records the viewer's care time: support staff give no care (ADR 026), so none for them.
  const readOnly = useReadOnly();

  const sectionTabs = (inPatientView: boolean) => (
    <nav className="tabs section-tabs" aria-label={`${PRODUCT_LABELS[product]} sections`}>
      {sections.map((tab) => {
        const path = sectionPath(record.id, product, tab.section);
        const href = withDateRange(inPatientView ? `${path}?${new URLSearchParams({ dialog: "patient-view", zoom: String(zoom) })}` : path, range);
        return (
          <Link key={tab.section} className="tab" to={href} replace preventScrollReset aria-current={tab.section === current ? "page" : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );

  const inPage = (
    <>
      {sectionTabs(false)}
      <div className="patient-section">{children}</div>
    </>
  );
  return (
    <div className="patient-product">
      {products.length > 1 ? (
        <nav className="tabs product-tabs" aria-label="Product">
          {products.map((p) => (
            <Link key={p} className="tab" to={withDateRange(sectionPath(record.id, p, DEFAULT_SECTION), range)} replace aria-current={p === product ? "page" : undefined}>
              {PRODUCT_LABELS[p]}
            </Link>
          ))}
        </nav>
      ) : null}
      <Suspense fallback={null}>{health ? <HealthPrograms record={record} firstProgram={firstProgram} /> : !record.products.includes("HEALTH") ? <HealthLessNotice /> : null}</Suspense>
      {health && !readOnly ? timer : null}
      <div className="patient-toolbar">
        <Suspense fallback={null}>
          <DateRangeForm key={`${range.start}/${range.end}/${range.preset}/${range.includeSelfReported}`} range={range} today={today} reportingType={health} />
        </Suspense>
        <div className="patient-toolbar-actions">
          {health ? (
            hasReportData(record) ? (
              <Link className="button" to={withParams(location, { dialog: "report" })} preventScrollReset>
                Download Report
              </Link>
            ) : (
              <button type="button" className="button" disabled title={REPORT_TITLE}>
                Download Report
              </button>
            )
          ) : null}
          <Link className="button" to={withParams(location, { dialog: "patient-view", zoom: null })} preventScrollReset>
            Patient View
          </Link>
        </div>
      </div>
      {patientView ? (
        <Suspense fallback={inPage}>
          <Dialog title="Patient View" closeHref={withoutParams(location, ["dialog", "zoom"])} size="wide">
            <div className="patient-view">
              <ZoomControl zoom={zoom} />
              <div className="patient-view-content" data-zoom={zoom}>
                {sectionTabs(true)}
                <div className="patient-section">{children}</div>
              </div>
            </div>
          </Dialog>
        </Suspense>
      ) : (
        inPage
      )}
      <Suspense fallback={null}>
        {health && dialog === "program" && program ? <ProgramDrawer record={record} program={program} /> : null}
        {health && dialog === "unassign" ? <UnassignDialog record={record} /> : null}
        {health && dialog === "report" ? <ReportDialog record={record} range={range} today={today} /> : null}
      </Suspense>
    </div>
  );
}
