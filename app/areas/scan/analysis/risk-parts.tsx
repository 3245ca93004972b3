/**
 * The presentational parts of a risk rule (002 §2, 003 §2), shared by the session analysis dialog (with the
 * session's reading: the marker and the chosen row) and the admin analysis dialog's read view (the rule alone):
 * the risk colour classes, the risk slider and the factor table.
 */
import { useId, type ReactNode } from "react";
import { tableWrap } from "../../../components/table-wrap";
import { RISK_COLOURS, type FactorCategory } from "../../../domain/fall-risk";
import { CATEGORY_LABEL } from "./analysis";

export const riskClass = (c: FactorCategory) => `risk risk-${RISK_COLOURS[c]}`;

export interface RiskSegment {
  category: FactorCategory;
  label: string;
  current?: boolean;
}

export interface RiskRow {
  category: FactorCategory;
  label: string;
  description: string;
  criteria: string;
  chosen?: boolean;
}

/**
 * The slider: one coloured segment per factor, least severe first, with its criteria under it; `marker` (the
 * session's value) is drawn over the current segment. `label` is what a screen reader hears for the whole bar.
 */
export function RiskSlider({ segments, marker, label }: { segments: readonly RiskSegment[]; marker?: string | null; label: string }) {
  return (
    <div className="analysis-slider">
      <div className="analysis-slider-bar" role="img" aria-label={label}>
        {segments.map((s, i) => (
          <div key={i} className={`analysis-slider-segment ${riskClass(s.category)}`}>
            {s.current && marker ? (
              <span className="analysis-slider-marker" aria-hidden="true">
                ▼ {marker}
              </span>
            ) : null}
            <span className="analysis-slider-label" aria-hidden="true">
              {CATEGORY_LABEL[s.category]}
            </span>
          </div>
        ))}
      </div>
      <div className="analysis-slider-ticks" aria-hidden="true">
        {segments.map((s, i) => (
          <span key={i}>{s.label}</span>
        ))}
      </div>
    </div>
  );
}

/** The factor table: category (with its colour), description, criteria; a chosen row is marked "(this session)". */
export function FactorTable({ rows, caption }: { rows: readonly RiskRow[]; caption: ReactNode }) {
  const captionId = useId();
  return (
    <div {...tableWrap({ labelledBy: captionId })}>
      <table className="data-table stacked-table analysis-factors">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Description</th>
            <th scope="col">Criteria</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} aria-current={r.chosen ? "true" : undefined} className={r.chosen ? "analysis-chosen" : undefined}>
              <th scope="row">
                <span className={`risk-dot ${riskClass(r.category)}`} aria-hidden="true" />
                {r.label}
                {r.chosen ? <span className="analysis-chosen-mark"> (this session)</span> : null}
              </th>
              <td data-label="Description">{r.description}</td>
              <td data-label="Criteria">{r.criteria}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
