/**
 * The read view of a scan outcome (003 §2 "Scan analysis page"): its title, description, the result definition
 * id(s) it reads, its type and the demographics it needs, its source, and its risk factors — the slider (when the
 * rule needs no demographics: one segment per factor) and the factor table — with the shared parts of the session
 * analysis dialog (app/areas/scan/analysis/risk-parts.tsx). The edit view's live preview is this same view.
 */
import type { Schema } from "../../../api/schemas";
import { CATEGORY_LABEL, outcomeScale } from "../../scan/analysis/analysis";
import { FactorTable, RiskSlider } from "../../scan/analysis/risk-parts";

type ScanOutcome = Schema<"ScanOutcome">;

export const NO_FACTORS = "This analysis has no risk factors yet.";

const DEMOGRAPHIC_LABEL = { AGE: "Age", SEX: "Sex" } as const;

export function OutcomeView({ outcome, headingLevel = 3 }: { outcome: ScanOutcome; headingLevel?: 3 | 4 }) {
  const { segments, rows } = outcomeScale(outcome);
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const resultIds =
    outcome.type === "TREMORS"
      ? [
          ["Left result definition id", outcome.leftResultDefinitionId],
          ["Right result definition id", outcome.rightResultDefinitionId],
        ]
      : [["Result definition id", outcome.resultDefinitionId]];
  return (
    <div className="outcome-view">
      <Heading className="outcome-view-title">{outcome.title || "Untitled analysis"}</Heading>
      {outcome.description ? <p className="outcome-view-description">{outcome.description}</p> : null}
      <dl className="outcome-view-facts">
        <div>
          <dt>Type</dt>
          <dd>{outcome.type === "TREMORS" ? "Tremors" : "Fall risk"}</dd>
        </div>
        {resultIds.map(([label, id]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{id ?? "—"}</dd>
          </div>
        ))}
        <div>
          <dt>Demographics required</dt>
          <dd>{outcome.demographicsRequired && outcome.demographicsRequired.length > 0 ? outcome.demographicsRequired.map((d) => DEMOGRAPHIC_LABEL[d]).join(", ") : "None"}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{outcome.source ?? "—"}</dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <p className="outcome-view-empty">{NO_FACTORS}</p>
      ) : (
        <>
          {outcome.demographicsRequired && outcome.demographicsRequired.length > 0 ? null : (
            <RiskSlider segments={segments} label={`Risk scale from ${segments.map((s) => `${CATEGORY_LABEL[s.category]} (${s.label})`).join(" to ")}.`} />
          )}
          <FactorTable rows={rows} caption="Risk factors" />
        </>
      )}
    </div>
  );
}
