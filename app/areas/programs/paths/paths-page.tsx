/**
 * Care Paths (001 §2.4): the search, Add Path (not available yet: disabled, with a note saying so), and a card
 * per path — its first 3 phases as steps with their goal, More for the rest (a native disclosure), and a menu of
 * Edit Path (`?edit={id}`: the card becomes a form; Save posts, Cancel is a link back, so unsaved changes are
 * gone) and View Path Insights (`?insights={id}`: a dialog — there is no data yet). All without JavaScript.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { ErrorList, SelectField } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { ActionMenu } from "../../../components/action-menu";
import { ADD_PATH_NOTE, noPathMatch, PATHS_INTRO, PATHS_PATH, pathsHref, phaseGoal, type PathsState } from "./care-paths";
import type { CarePathsData } from "./paths-route.server";
import { PHASE_NUMBER_MAX, PHASE_NUMBER_MIN, PREVIEW_PHASES } from "./sample-paths";
import { Suspense } from "react";
import { lazyPart } from "../../../components/lazy-part";

// The Path Insights dialog loads with the first one opened (ADR 038); one in the URL of the first page is rendered by
// the server and hydrates once its code has come.
const InsightsDialog = lazyPart(() => import("./paths-dialogs").then((m) => ({ default: m.InsightsDialog })));

type Path = CarePathsData["paths"][number];
type Phase = Path["phases"][number];

/** Conform's input props without their `key` (given to the element apart: React warns of a spread key). */
const withoutKey = <P extends { key?: unknown }>({ key: _key, ...props }: P) => props;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export function CarePathsPage({ data }: { data: CarePathsData }) {
  const { state, paths } = data;
  const insights = state.insights ? (paths.find((p) => p.id === state.insights) ?? null) : null;
  return (
    <section className="care-paths programs-page" aria-labelledby="paths-title">
      <div className="page-header">
        <div>
          <h1 id="paths-title">Care Paths</h1>
          <p className="page-intro">{PATHS_INTRO}</p>
        </div>
        <div className="add-path">
          <button type="button" className="button primary" disabled aria-describedby="add-path-note">
            Add Path
          </button>
          <p id="add-path-note" className="field-hint">
            {ADD_PATH_NOTE}
          </p>
        </div>
      </div>
      <Form method="get" action={PATHS_PATH} role="search" aria-label="Search care paths" className="list-search">
        <div className="field">
          <label htmlFor="paths-search">Search for path</label>
          <input id="paths-search" type="search" name="q" defaultValue={state.q} key={state.q} maxLength={200} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {paths.length === 0 ? (
        <p className="empty-state">{noPathMatch(state.q)}</p>
      ) : (
        <ul className="path-list" aria-label="Care paths">
          {paths.map((path) => (
            <li key={path.id}>{state.edit === path.id ? <PathEditCard path={path} state={state} /> : <PathCard path={path} state={state} />}</li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>{insights ? <InsightsDialog path={insights} state={state} /> : null}</Suspense>
    </section>
  );
}

function PathCard({ path, state }: { path: Path; state: PathsState }) {
  const shown = path.phases.slice(0, PREVIEW_PHASES);
  const rest = path.phases.slice(PREVIEW_PHASES);
  return (
    <article className="path-card" aria-labelledby={`path-${path.id}`}>
      <div className="path-card-header">
        <h2 id={`path-${path.id}`}>{path.name}</h2>
        <p className="path-count">{plural(path.phases.length, "phase")}</p>
        <ActionMenu
          label={`Actions for ${path.name}`}
          items={[
            { label: "Edit Path", href: pathsHref({ q: state.q, edit: path.id }) },
            { label: "View Path Insights", href: pathsHref({ q: state.q, insights: path.id }), dialog: true },
          ]}
        />
      </div>
      <PhaseList phases={shown} total={path.phases.length} />
      {rest.length > 0 ? (
        <details className="more-phases">
          <summary className="button">
            More<span className="visually-hidden">{` phases of ${path.name} (${rest.length})`}</span>
          </summary>
          <PhaseList phases={rest} total={path.phases.length} />
        </details>
      ) : null}
    </article>
  );
}

/** The phases as steps of the path: where each stands in it, what it holds, and the goal that completes it. */
function PhaseList({ phases, total }: { phases: Phase[]; total: number }) {
  return (
    <ol className="phase-list" start={phases[0]?.phaseNumber}>
      {phases.map((phase) => (
        <li key={phase.id} className="phase">
          <span className="phase-step" aria-hidden="true">
            {phase.phaseNumber}
          </span>
          <div className="phase-body">
            <h3>
              <span className="visually-hidden">{`Phase ${phase.phaseNumber} of ${total}: `}</span>
              {phase.title}
            </h3>
            <p className="phase-totals">
              {plural(phase.exerciseTotal, "exercise")} · {plural(phase.messageTotal, "message")}
            </p>
            <p className="phase-goal">
              <span className="phase-goal-label">Progresses when</span> {phaseGoal(phase)}
            </p>
            <p className="phase-notify">{phase.messageProvider ? "Notifies the provider" : "No provider notification"}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Edit mode: every phase's track, logic, number, type and Notify Provider. */
function PathEditCard({ path, state }: { path: Path; state: PathsState }) {
  const reply = useActionData() as { pathId: string; reply: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm({
    id: `care-path-${path.id}`,
    lastResult: reply?.pathId === path.id ? reply.reply : undefined,
    defaultValue: {
      phases: path.phases.map((p) => ({
        selectedTrack: p.selectedTrack,
        selectedLogic: p.selectedLogic,
        selectedNumber: String(p.selectedNumber),
        selectedType: p.selectedType,
        messageProvider: p.messageProvider,
      })),
    },
    ...useLazyValidation(`care-path-${path.id}`, () => import("../forms/care-path"), (m) => m.carePathSchema(path), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  const cancelHref = pathsHref({ q: state.q });
  return (
    <article className="path-card path-card-editing" aria-labelledby={`path-${path.id}`}>
      <div className="path-card-header">
        <h2 id={`path-${path.id}`}>
          <span className="visually-hidden">Edit </span>
          {path.name}
        </h2>
        <p className="path-count">Editing</p>
      </div>
      <Form method="post" action={pathsHref({ q: state.q, edit: path.id })} {...getFormProps(form)} noValidate className="stack">
        <input type="hidden" name="intent" value="save-path" />
        <input type="hidden" name="pathId" value={path.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        {fields.phases.getFieldList().map((item, i) => {
          const phase = path.phases[i]!;
          const f = item.getFieldset();
          return (
            <fieldset key={phase.id} className="phase-edit">
              <legend>
                Phase {phase.phaseNumber}: {phase.title}
              </legend>
              <div className="phase-edit-grid">
                <SelectField label="Track" meta={f.selectedTrack} options={phase.trackOptions.map((o) => ({ value: o, label: o }))} />
                <SelectField label="Logic" meta={f.selectedLogic} options={phase.logicOptions.map((o) => ({ value: o, label: o }))} />
                <div className="field">
                  <label htmlFor={f.selectedNumber.id}>Number</label>
                  <input
                    {...withoutKey(getInputProps(f.selectedNumber, { type: "text", ariaDescribedBy: `${f.selectedNumber.id}-hint` }))}
                    key={f.selectedNumber.key}
                    inputMode="numeric"
                    autoComplete="off"
                  />
                  <p id={`${f.selectedNumber.id}-hint`} className="field-hint">
                    {`${PHASE_NUMBER_MIN} to ${PHASE_NUMBER_MAX}`}
                  </p>
                  <ErrorList id={f.selectedNumber.errorId} errors={f.selectedNumber.errors} />
                </div>
                <SelectField label="Type" meta={f.selectedType} options={phase.typeOptions.map((o) => ({ value: o, label: o }))} />
                <div className="field checkbox-field">
                  <input {...withoutKey(getInputProps(f.messageProvider, { type: "checkbox" }))} key={f.messageProvider.key} />
                  <label htmlFor={f.messageProvider.id}>Notify Provider</label>
                </div>
              </div>
            </fieldset>
          );
        })}
        <div className="form-actions">
          <Link to={cancelHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">Save</SubmitButton>
        </div>
      </Form>
    </article>
  );
}
