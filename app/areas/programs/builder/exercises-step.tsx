/**
 * Step 2, Exercises (001 §2.2): the Motion Library's filters (a drawer on small screens) and 'Select exercise'
 * grid of cards (36 a page) with an Add action on each — the library's panel, grid and card
 * (library/filter-panel.tsx, exercise-grid.tsx, exercise-card.tsx) as controls of this form — and the sidebar
 * with the name, frequency and notes edits and the program's exercises, reorderable (Move up / Move down
 * without JavaScript, drag and drop with it: islands/sortable-list.tsx).
 */
import { ErrorList } from "../../../components/field";
import { useHydrated } from "../../../components/use-hydrated";
import { SortableList } from "../../../islands/sortable-list";
import { ExerciseCard } from "../library/exercise-card";
import { ExerciseGrid } from "../library/exercise-grid";
import { FilterPanel } from "../library/filter-panel";
import type { DraftBlock } from "../rules/program-draft";
import { IntentButton, TextField } from "./builder-fields";
import type { GridView, StepsView } from "./builder-view";
import { BlockFields, exerciseName } from "./block-fields";
import { InlineEdits } from "./inline-edits";

export const SELECT_EXERCISE = "Select exercise";

export function ExercisesStep({ view }: { view: StepsView }) {
  return (
    <section className="builder-step builder-exercises" aria-labelledby="builder-step-heading">
      <h2 id="builder-step-heading" className="visually-hidden" tabIndex={-1} data-focus-start="">
        Exercises
      </h2>
      <div className="builder-exercises-layout">
        {view.grid ? <FilterColumn grid={view.grid} /> : <div />}
        <div className="builder-library">
          {view.exercisesError ? (
            <p className="notice notice-error" role="alert">
              {view.exercisesError}
            </p>
          ) : null}
          {view.grid ? <SelectExercise grid={view.grid} added={new Set(view.draft.blocks.map((b) => b.exerciseId))} /> : null}
        </div>
        <ProgramSidebar view={view} />
      </div>
    </section>
  );
}

function FilterColumn({ grid }: { grid: GridView }) {
  const hydrated = useHydrated();
  return (
    <div className="builder-filters">
      <FilterPanel mode="controls" state={grid.filters} headingLevel={3} favoritesNotice={grid.favoritesNotice} applyButton={!hydrated} />
    </div>
  );
}

function SelectExercise({ grid, added }: { grid: GridView; added: ReadonlySet<string> }) {
  return (
    <section className="builder-grid" aria-labelledby="builder-grid-heading">
      <h3 id="builder-grid-heading">{SELECT_EXERCISE}</h3>
      <div className="builder-search">
        <TextField name="q" label="Search exercises" value={grid.filters.q} inputProps={{ type: "search", autoComplete: "off" }} />
        <IntentButton intent="search" formNoValidate>
          Search
        </IntentButton>
      </div>
      <ExerciseGrid
        page={grid.page}
        label="Exercises to add"
        pager={{ kind: "buttons" }}
        renderCard={(e) => (
          <ExerciseCard
            exercise={e}
            headingLevel={4}
            badge={added.has(e.id) ? <span className="builder-added">Added</span> : null}
            action={
              <IntentButton intent={`add:${e.id}`} formNoValidate aria-label={`Add ${e.name}`}>
                Add
              </IntentButton>
            }
          />
        )}
      />
    </section>
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
