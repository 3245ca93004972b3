/**
 * The exercise filter panel (001 §2.1; the builder's step 2, §2.2): toggles Favorites and Assessments, the
 * checkbox groups (Metrics Supported, Body Target, Exercise Type, Equipment, Subject Position, Camera
 * Orientation), a chip per active filter and Clear all. On small screens it is a drawer (80vw, at most 320 px,
 * §9) opened by a 'Filters' button: without JavaScript a link to the panel (`:target` opens it by CSS), with
 * it a button (Escape closes it).
 *
 * Two ways to render it:
 * - `mode="form"` (the library): its own GET form to `action`. With JavaScript a changed box applies at once
 *   (no full reload); without it an Apply button. Chips and Clear all are links (`hrefFor`).
 * - `mode="controls"` (the builder): bare controls inside the caller's form (which has its own submit). Chips
 *   and Clear all are submit buttons (`filterRemove`, `filterClear`); the page and the filters' signature go
 *   as hidden fields, so `parseExerciseFiltersForm` reads it all back (a changed filter goes to page 1).
 */
import { Form, useSubmit } from "react-router";
import { Link } from "../../../components/link";
import { useId } from "react";
import { DrawerBackdrop, DrawerClose, DrawerOpener, useDrawer } from "../../../components/drawer";
import {
  EMPTY_FILTERS,
  exerciseFilterHiddenFields,
  FILTER_FIELDS,
  FILTER_GROUPS,
  filterChips,
  filterSignature,
  hasActiveFilters,
  type ExerciseFilters,
} from "../rules/exercise-filters";

import { useChangeHandler } from "../../../components/use-change-handler";

interface CommonProps {
  state: ExerciseFilters;
  /** Heading level of the panel's title 'Filters' (default 2). */
  headingLevel?: 2 | 3;
  /** Shown under the toggles when the favorites could not be loaded. */
  favoritesNotice?: string | null;
}

export interface FilterPanelFormProps extends CommonProps {
  mode: "form";
  /** The GET form's action (the page's path). */
  action: string;
  /** A link to the page with these filters (chips, Clear all). */
  hrefFor: (state: ExerciseFilters) => string;
  /** Other URL parameters the form keeps (besides the search `q`, which it always keeps). */
  hidden?: [name: string, value: string][];
  /** The form's accessible name (default 'Filter exercises'). */
  label?: string;
}

export interface FilterPanelControlsProps extends CommonProps {
  mode: "controls";
  /** An Apply button (name `filterApply`) in the panel; the caller's form may have its own submit instead. */
  applyButton?: boolean;
  /** Carry the search `q` as a hidden field (when the caller's form has no search field of its own). */
  keepSearch?: boolean;
}

export type FilterPanelProps = FilterPanelFormProps | FilterPanelControlsProps;

export const FILTERS_TITLE = "Filters";

export function FilterPanel(props: FilterPanelProps) {
  const { state } = props;
  const drawer = useDrawer();
  const { hydrated } = drawer;
  const submit = useSubmit();
  // With JavaScript (form mode) a box applies at once; without it, Apply.
  const changes = useChangeHandler((control, form: HTMLFormElement) => control.type === "checkbox" && submit(form, { preventScrollReset: true, replace: true }));
  const panelId = `${useId().replace(/:/g, "")}-filters`;
  const Heading = props.headingLevel === 3 ? "h3" : "h2";
  const count = filterChips(state).filter((c) => c.key !== "q").length;

  // Uncontrolled boxes, re-created when the state changes (a chip or Clear all changed it from outside).
  const sig = filterSignature(state);
  const body = (
    <>
      <DrawerOpener drawer={drawer} controls={panelId} className="button filter-open">
        {FILTERS_TITLE}
        {count ? ` (${count})` : ""}
      </DrawerOpener>
      {/* Escape closes the drawer (small screens). */}
      {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- a key handler for the controls inside */}
      <div id={panelId} className={`filter-panel${drawer.open ? " is-open" : ""}`} onKeyDown={drawer.onKeyDown}>
        <div className="filter-panel-head">
          <Heading className="filter-panel-title">{FILTERS_TITLE}</Heading>
          <DrawerClose drawer={drawer} label="Close filters" className="filter-close" />
        </div>
        <FilterChips {...(props.mode === "form" ? { mode: "links", hrefFor: props.hrefFor } : { mode: "buttons" })} state={state} />
        <fieldset className="filter-group filter-toggles" key={`toggles-${sig}`}>
          <legend>Show only</legend>
          <label className="filter-toggle">
            <input type="checkbox" name="favorites" value="1" defaultChecked={state.favorites} />
            <span>Favorites</span>
          </label>
          <label className="filter-toggle">
            <input type="checkbox" name="assessments" value="1" defaultChecked={state.assessments} />
            <span>Assessments</span>
          </label>
          {props.favoritesNotice ? <p className="field-hint">{props.favoritesNotice}</p> : null}
        </fieldset>
        {FILTER_GROUPS.map((g) => (
          <fieldset className="filter-group" key={`${g.name}-${sig}`}>
            <legend>{g.label}</legend>
            {g.options.map((o) => (
              <label key={o.value} className="filter-check">
                <input type="checkbox" name={g.name} value={o.value} defaultChecked={(state[g.name] as readonly string[]).includes(o.value)} />
                <span>{o.label}</span>
              </label>
            ))}
          </fieldset>
        ))}
        {props.mode === "form" ? (
          hydrated ? null : (
            <button type="submit" className="button primary filter-apply">
              Apply
            </button>
          )
        ) : props.applyButton ? (
          <button type="submit" name={FILTER_FIELDS.apply} value="1" className="button primary filter-apply">
            Apply
          </button>
        ) : null}
      </div>
      <DrawerBackdrop drawer={drawer} className="filter-backdrop" />
    </>
  );

  if (props.mode === "controls") {
    return (
      <div className="filter-panel-wrap">
        {props.keepSearch && state.q ? <input type="hidden" name="q" value={state.q} /> : null}
        <FilterHiddenInputs state={state} omitControls />
        {body}
      </div>
    );
  }
  return (
    <Form
      method="get"
      action={props.action}
      className="filter-panel-wrap"
      aria-label={props.label ?? "Filter exercises"}
      preventScrollReset
      {...changes}
    >
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {(props.hidden ?? []).map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {body}
    </Form>
  );
}

export type FilterChipsProps = { state: ExerciseFilters } & ({ mode: "links"; hrefFor: (state: ExerciseFilters) => string } | { mode: "buttons" });

/** The active filters as removable chips, and Clear all (nothing when no filter is active). */
export function FilterChips(props: FilterChipsProps) {
  const { state } = props;
  if (!hasActiveFilters(state)) return null;
  const chips = filterChips(state);
  return (
    <div className="filter-chips">
      <ul className="chip-list" aria-label="Active filters">
        {chips.map((c) => (
          <li key={c.key}>
            {props.mode === "links" ? (
              <Link className="chip" to={props.hrefFor(c.without)} aria-label={`Remove ${c.group}: ${c.label}`} preventScrollReset>
                <span>{c.label}</span>
                <span aria-hidden="true" className="chip-x">
                  ×
                </span>
              </Link>
            ) : (
              <button type="submit" className="chip" name={FILTER_FIELDS.remove} value={c.key} aria-label={`Remove ${c.group}: ${c.label}`}>
                <span>{c.label}</span>
                <span aria-hidden="true" className="chip-x">
                  ×
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {props.mode === "links" ? (
        <Link className="link-button filter-clear" to={props.hrefFor({ ...EMPTY_FILTERS })} preventScrollReset>
          Clear all
        </Link>
      ) : (
        <button type="submit" className="link-button filter-clear" name={FILTER_FIELDS.clear} value="1">
          Clear all
        </button>
      )}
    </div>
  );
}

/**
 * The filter state as hidden inputs of a POST form that does not hold the panel (e.g. the builder's Add
 * buttons' form): every filter, the page and the signature (`exerciseFilterHiddenFields`). `omitControls`:
 * only the page and the signature (the panel's controls are in the same form).
 */
export function FilterHiddenInputs({ state, omitControls = false }: { state: ExerciseFilters; omitControls?: boolean }) {
  return (
    <>
      {exerciseFilterHiddenFields(state, { omitControls }).map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
