/**
 * Step 2, Exercises (001 §2.2): filters, the 'Select exercise' grid (36 a page) with an Add action on each
 * card, and the sidebar with the name, frequency and notes edits and the program's exercises — reorderable
 * (Move up / Move down without JavaScript, drag and drop with it: islands/sortable-list.tsx).
 */
import { SortableList } from "../../../islands/sortable-list";
import type { DraftBlock } from "../rules/program-draft";
import { ErrorList } from "../../../components/field";
import { IntentButton, TextField } from "./builder-fields";
import type { ExerciseSummary, GridView, StepsView } from "./builder-view";
import { BlockFields, exerciseName } from "./block-fields";
import { InlineEdits } from "./inline-edits";

const METRIC_LABELS: Record<string, string> = { ROM: "ROM", REPS: "Reps", TIME: "Time" };

export function ExercisesStep({ view }: { view: StepsView }) {
  return (
    <section className="builder-step builder-exercises" aria-labelledby="builder-step-heading">
      <h2 id="builder-step-heading" className="visually-hidden" tabIndex={-1} data-focus-start="">
        Exercises
      </h2>
      <div className="builder-exercises-layout">
        <div className="builder-library">
          {view.exercisesError ? (
            <p className="notice notice-error" role="alert">
              {view.exercisesError}
            </p>
          ) : null}
          {view.grid ? <ExerciseGrid grid={view.grid} /> : null}
        </div>
        <ProgramSidebar view={view} />
      </div>
    </section>
  );
}

function ExerciseGrid({ grid }: { grid: GridView }) {
  return (
    <section className="builder-grid" aria-labelledby="builder-grid-heading">
      <h3 id="builder-grid-heading">Select exercise</h3>
      <div className="builder-search">
        <TextField name="search" label="Search exercises" value={grid.search} inputProps={{ type: "search", autoComplete: "off" }} />
        <IntentButton intent="search" formNoValidate>
          Search
        </IntentButton>
      </div>
      <input type="hidden" name="page" value={grid.page} />
      <p className="builder-grid-count">
        {grid.total} {grid.total === 1 ? "exercise" : "exercises"}
      </p>
      <ul className="exercise-cards">
        {grid.items.map((e) => (
          <li key={e.id}>
            <ExerciseCard exercise={e} />
          </li>
        ))}
      </ul>
      {grid.pageCount > 1 ? (
        <nav className="builder-pages" aria-label="Exercise pages">
          <IntentButton intent={`page:${grid.page - 1}`} formNoValidate disabled={grid.page <= 1}>
            Previous page
          </IntentButton>
          <span>
            Page {grid.page} of {grid.pageCount}
          </span>
          <IntentButton intent={`page:${grid.page + 1}`} formNoValidate disabled={grid.page >= grid.pageCount}>
            Next page
          </IntentButton>
        </nav>
      ) : null}
    </section>
  );
}

function ExerciseCard({ exercise }: { exercise: ExerciseSummary }) {
  return (
    <article className="exercise-card" aria-label={exercise.name}>
      {exercise.thumbnailUrl ? <img src={exercise.thumbnailUrl} alt="" width={96} height={96} loading="lazy" /> : null}
      <div className="exercise-card-text">
        <h4>{exercise.name}</h4>
        <p className="exercise-card-metrics">{exercise.metrics.map((m) => METRIC_LABELS[m] ?? m).join(", ")}</p>
      </div>
      <IntentButton intent={`add:${exercise.id}`} formNoValidate aria-label={`Add ${exercise.name}`}>
        Add
      </IntentButton>
    </article>
  );
}

function ProgramSidebar({ view }: { view: StepsView }) {
  const { draft, exercises, errors } = view;
  const label = (b: DraftBlock) => exerciseName(b, exercises[b.exerciseId]);
  return (
    <aside className="builder-sidebar" aria-labelledby="builder-sidebar-heading">
      <h3 id="builder-sidebar-heading">Program</h3>
      <InlineEdits view={view} />
      <h4 id="builder-blocks-heading">Exercises ({draft.blocks.length})</h4>
      <ErrorList id="builder-blocks-error" errors={errors.blocks} />
      {draft.blocks.length === 0 ? <p className="muted">No exercises added yet.</p> : null}
      <SortableList
        items={draft.blocks}
        getKey={(b) => b.key}
        getLabel={label}
        label="Program exercises"
        renderItem={(b, i) => <BlockFields block={b} exercise={exercises[b.exerciseId]} errors={errors} position={i + 1} />}
        className="builder-blocks"
      />
    </aside>
  );
}
