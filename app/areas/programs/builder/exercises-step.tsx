/**
 * Step 2, Exercises (001 §2.2): the Motion Library's filters (a drawer on small screens) and 'Select exercise'
 * grid of cards (36 a page) with an Add action on each — the library's panel, grid and card
 * (library/filter-panel.tsx, exercise-grid.tsx, exercise-card.tsx) as controls of this form — and the sidebar
 * with the name, frequency and notes edits and the program's exercises, reorderable (Move up / Move down
 * without JavaScript, drag and drop with it: islands/sortable-list.tsx).
 *
 * Below 1200 px (lg) the filters are a drawer opened by 'Filters', so the first cards show in the first screen;
 * below 900 px (md) the built program is a drawer too, opened by 'Program (n exercises)'. Both openers sit in a
 * bar that stays at the top of the step while the grid scrolls, so the filters and the program are one tap away
 * at every width. Without JavaScript each opener is a link to its drawer (`:target` opens it by CSS) and the
 * close controls are links to "#"; with it, buttons (Escape closes, the focus goes in and comes back).
 */
import { useEffect } from "react";
import { DrawerBackdrop, DrawerClose, DrawerOpener, useDrawer, type Drawer } from "../../../components/drawer";
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
        <ProgramDrawer view={view} />
      </div>
    </section>
  );
}

/** The step's columns; the program's drawer state (small screens) is shared by its opener and its close control. */
function ProgramDrawer({ view }: { view: StepsView }) {
  const drawer = useDrawer();
  const count = view.draft.blocks.length;
  return (
    <>
      {/* A bar at the top of the step below lg; above it, its parts are the grid's first column. */}
      <div className="builder-toolbar">
        {view.grid ? <FilterColumn grid={view.grid} /> : <div className="builder-filters" />}
        <DrawerOpener drawer={drawer} controls={PROGRAM_ID} className="button program-open">
          {`Program (${count} ${count === 1 ? "exercise" : "exercises"})`}
        </DrawerOpener>
      </div>
      <div className="builder-library">
        <RefusalOutsideDrawer view={view} drawer={drawer} />
        {view.exercisesError ? (
          <p className="notice notice-error" role="alert">
            {view.exercisesError}
          </p>
        ) : null}
        {view.grid ? <SelectExercise grid={view.grid} added={new Set(view.draft.blocks.map((b) => b.exerciseId))} /> : null}
      </div>
      <ProgramSidebar view={view} drawer={drawer} />
    </>
  );
}

const PROGRAM_ID = "builder-program";
/** Below md the program is a drawer (builder.css). */
const PROGRAM_IS_DRAWER = "(max-width: 899.98px)";

/**
 * A refusal of the program (no exercise, a field of an exercise, the name…) is shown at its field in the program;
 * below md the program is a closed drawer, so the refusal also shows here, above the grid (issue 34: nothing visible
 * happened at 768 and 390 px), and with JavaScript the drawer opens on it. From md the program is on screen and this
 * copy is hidden (builder.css).
 */
function RefusalOutsideDrawer({ view, drawer }: { view: StepsView; drawer: Drawer }) {
  const messages = [...new Set(Object.values(view.errors).flat().filter(Boolean))];
  const refused = messages.length > 0;
  const { show } = drawer;
  useEffect(() => {
    if (refused && window.matchMedia(PROGRAM_IS_DRAWER).matches) show();
  }, [refused, view.errors, show]);
  if (!refused) return null;
  return (
    <div className="notice notice-error builder-refusal" role="alert">
      <p>The program needs a correction:</p>
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
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

/** The built program: a column from md up, below it a drawer (open with JavaScript only; without it the `:target`). */
function ProgramSidebar({ view, drawer }: { view: StepsView; drawer: Drawer }) {
  const { draft, exercises, errors } = view;
  const label = (b: DraftBlock) => exerciseName(b, exercises[b.exerciseId]);
  return (
    <>
      {/* Escape closes the drawer, not the builder around it. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- a key handler for the controls inside */}
      <aside id={PROGRAM_ID} className={`builder-sidebar${drawer.open ? " is-open" : ""}`} aria-labelledby="builder-sidebar-heading" onKeyDown={drawer.onKeyDown}>
        <div className="builder-sidebar-head">
          <h3 id="builder-sidebar-heading">Program</h3>
          <DrawerClose drawer={drawer} label="Close program" className="program-close" />
        </div>
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
      <DrawerBackdrop drawer={drawer} className="program-backdrop" />
    </>
  );
}
