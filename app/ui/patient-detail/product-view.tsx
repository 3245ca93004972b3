/**
 * The product part of the patient detail (000 §2.8): Health/Gait tabs when the patient has both, the date
 * range (and the Reporting Type above the Health tabs), the section tabs, and the section. Tabs are links
 * that keep the date range and replace the URL (no history entry).
 */
import { Link, NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SerializeFrom } from "@remix-run/node";
import { withDateRange, type DateRange } from "../../domain/date-range";
import { patientProducts, PRODUCT_LABELS, sectionPath, DEFAULT_SECTION, type PatientProduct, type SectionTab } from "../../domain/patient-detail";
import { DateRangeForm } from "./date-range-form";
import { usePatientRecord } from "./route-data";

export function ProductView({ product, range, sections, children }: { product: PatientProduct; range: SerializeFrom<DateRange>; sections: SectionTab[]; children: ReactNode }) {
  const { record, today } = usePatientRecord();
  const products = patientProducts(record);
  const location = useLocation();
  const current = location.pathname.split("/").filter(Boolean)[3] ?? DEFAULT_SECTION;
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
      <div className="patient-toolbar">
        <DateRangeForm key={`${range.start}/${range.end}/${range.preset}/${range.includeSelfReported}`} range={range} today={today} reportingType={product === "health"} />
      </div>
      <nav className="tabs section-tabs" aria-label={`${PRODUCT_LABELS[product]} sections`}>
        {sections.map((tab) => (
          <NavLink key={tab.section} className="tab" to={withDateRange(sectionPath(record.id, product, tab.section), range)} replace preventScrollReset aria-current={tab.section === current ? "page" : undefined}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="patient-section">{children}</div>
    </div>
  );
}
