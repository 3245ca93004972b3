/**
 * The session analysis dialog (002 §2): the session, the organization selector, the demographics prompt when
 * the rule needs AGE and/or SEX (defaults 65 and male), the outcome box, the risk slider, the factor table and
 * the Print PDF link; or the spec's message when there is nothing to analyse. Every control is a GET form or a
 * link (its state is in the URL, so it works without JavaScript); with JavaScript the organization applies on
 * change. Shared: the caller gives the view (analysis.server.ts), where the forms go (`action` and the page's
 * other params to keep) and the PDF's URL.
 */
import { Form, useSubmit } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import { useHydrated } from "../../../components/use-hydrated";
import { CATEGORY_LABEL, participantsText, SEX_LABEL, type DemographicsPrompt } from "./analysis";
import type { AnalysisView } from "./analysis.server";
import { FactorTable, riskClass, RiskSlider } from "./risk-parts";
import { useChangeHandler } from "../../../components/use-change-handler";

type View = SerializeFrom<AnalysisView>;

export interface AnalysisDialogProps {
  view: View;
  closeHref: string;
  /** Where the dialog's GET forms go (the page's path). */
  action: string;
  /** The page's other params, kept by the dialog's forms (never org, age, sex). */
  keep: [string, string][];
  /** The PDF of the analysis shown (null: nothing to print). */
  pdfHref: string | null;
}

export function AnalysisDialog({ view, closeHref, action, keep, pdfHref }: AnalysisDialogProps) {
  const { session, result } = view;
  return (
    <Dialog title="Session Analysis" closeHref={closeHref} size="wide" description={`${session.assessmentName} · ${session.date} ${session.time}`}>
      <div className="analysis">
        <dl className="analysis-session">
          <div>
            <dt>Participant</dt>
            <dd>{session.participantUid}</dd>
          </div>
          <div>
            <dt>Practitioner</dt>
            <dd>{session.practitioner ?? "—"}</dd>
          </div>
          <div>
            <dt>Results</dt>
            <dd>
              {session.results.length === 0
                ? "—"
                : session.results.map((r) => (
                    <span key={r.id} className="analysis-result">
                      {`${r.name}: ${r.value} ${r.units}`}
                    </span>
                  ))}
            </dd>
          </div>
        </dl>
        <OrganizationForm view={view} action={action} keep={keep} />
        {result.kind === "message" || result.kind === "error" ? (
          <p role="alert" className="analysis-message">
            {result.message}
          </p>
        ) : null}
        {result.kind === "prompt" || (result.kind === "outcome" && result.prompt) ? (
          <DemographicsForm prompt={result.prompt!} action={action} keep={[...keep, ["org", view.org]]} />
        ) : null}
        {result.kind === "outcome" ? (
          <>
            <section className={`analysis-box ${riskClass(result.box.category)}`} aria-labelledby="analysis-outcome-title">
              <p className="analysis-box-rule">{result.outcome.title}</p>
              <h3 id="analysis-outcome-title">{result.box.title}</h3>
              {result.box.description ? <p>{result.box.description}</p> : null}
              {result.readings.length > 1 ? (
                <p className="analysis-sides">{result.readings.map((r) => `${r.side ?? r.result.name}: ${r.risk.label}`).join(" · ")}</p>
              ) : null}
            </section>
            {result.noBand ? (
              <p className="notice notice-info analysis-no-band" role="status">
                {result.noBand}
              </p>
            ) : (
              <>
                <Slider slider={result.slider} title={result.box.title} name={result.reading.result.name} />
                <FactorTable rows={result.rows} caption={`Risk factors${result.demographics ? ` for ${participantsText(result.outcome, result.demographics)}` : ""}`} />
              </>
            )}
            {result.outcome.source ? <p className="analysis-source">Source: {result.outcome.source}</p> : null}
          </>
        ) : null}
        <div className="modal-actions">
          {pdfHref && result.kind === "outcome" ? (
            <a className="button primary" href={pdfHref} target="_blank" rel="noopener noreferrer">
              Print PDF<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
          <Link className="button" to={closeHref} preventScrollReset>
            Close
          </Link>
        </div>
      </div>
    </Dialog>
  );
}

function Hidden({ keep }: { keep: [string, string][] }) {
  return (
    <>
      {keep.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

function OrganizationForm({ view, action, keep }: { view: View; action: string; keep: [string, string][] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // With JavaScript the organization applies at once; without it, the button.
  const changes = useChangeHandler((_control, form: HTMLFormElement) => submit(form, { preventScrollReset: true }));
  return (
    <Form {...changes} method="get" action={action} className="analysis-org" preventScrollReset>
      <Hidden keep={keep} />
      <div className="field">
        <label htmlFor="analysis-org">Analysis data of</label>
        <select id="analysis-org" name="org" defaultValue={view.org} key={view.org}>
          {view.organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className="button">
          Use organization
        </button>
      )}
    </Form>
  );
}

function DemographicsForm({ prompt, action, keep }: { prompt: SerializeFrom<DemographicsPrompt>; action: string; keep: [string, string][] }) {
  return (
    <Form method="get" action={action} className="analysis-demographics" preventScrollReset aria-labelledby="analysis-demographics-title">
      <h3 id="analysis-demographics-title">Participant demographics</h3>
      <p className="field-hint">This analysis depends on the participant's {[prompt.needsAge ? "age" : null, prompt.needsSex ? "sex" : null].filter(Boolean).join(" and ")}.</p>
      <Hidden keep={keep} />
      <div className="analysis-demographics-fields">
        {prompt.needsAge ? (
          <div className="field">
            <label htmlFor="analysis-age">Age</label>
            <input
              id="analysis-age"
              name="age"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={prompt.age}
              key={`age-${prompt.age}`}
              aria-invalid={prompt.errors.age ? true : undefined}
              aria-describedby={prompt.errors.age ? "analysis-age-error" : undefined}
            />
            <ErrorList id="analysis-age-error" errors={prompt.errors.age ? [prompt.errors.age] : []} />
          </div>
        ) : null}
        {prompt.needsSex ? (
          <div className="field">
            <label htmlFor="analysis-sex">Sex</label>
            <select id="analysis-sex" name="sex" defaultValue={prompt.sex} key={`sex-${prompt.sex}`} aria-invalid={prompt.errors.sex ? true : undefined} aria-describedby={prompt.errors.sex ? "analysis-sex-error" : undefined}>
              <option value="MALE">{SEX_LABEL.MALE}</option>
              <option value="FEMALE">{SEX_LABEL.FEMALE}</option>
            </select>
            <ErrorList id="analysis-sex-error" errors={prompt.errors.sex ? [prompt.errors.sex] : []} />
          </div>
        ) : null}
        <button type="submit" className="button">
          Update analysis
        </button>
      </div>
    </Form>
  );
}

type SliderData = Extract<View["result"], { kind: "outcome" }>["slider"];

function Slider({ slider, title, name }: { slider: SliderData; title: string; name: string }) {
  const label = `Risk scale from ${slider.segments.map((s) => `${CATEGORY_LABEL[s.category]} (${s.label})`).join(" to ")}. ${name} ${slider.valueText}: ${title}.`;
  return <RiskSlider segments={slider.segments} marker={slider.valueText} label={label} />;
}

/** Query parameters of the dialog's own form (the rest of the page's query is kept when it is sent). */
const DIALOG_PARAMS = new Set(["org", "age", "sex"]);

/**
 * The analysis dialog of a sessions list at its URL (`?analysis={uuid}&org=&age=&sex=`): the dialog, or the
 * loader's refusal as a message. `pdfPath` gives the PDF's address for the session and the page's query.
 */
export function SessionAnalysisAtUrl({
  analysis,
  closeHref,
  action,
  search,
  pdfPath,
}: {
  analysis: { view: View | null; error: string | null };
  closeHref: string;
  action: string;
  search: string;
  pdfPath: (sessionUUID: string, query: URLSearchParams) => string;
}) {
  if (!analysis.view) return <MessageDialog title="Session Analysis" closeHref={closeHref} message={analysis.error ?? ""} />;
  const query = new URLSearchParams(search);
  return (
    <AnalysisDialog
      view={analysis.view}
      closeHref={closeHref}
      action={action}
      keep={[...query].filter(([k]) => !DIALOG_PARAMS.has(k))}
      pdfHref={pdfPath(analysis.view.session.sessionUUID, query)}
    />
  );
}
