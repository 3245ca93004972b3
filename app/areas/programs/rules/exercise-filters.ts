/**
 * The exercise filters of the Motion Library (001 §2.1) and of the program builder's step 2 (§2.2), pure and
 * shared by the server and the browser: the filter state in the URL (or in a POST form), the filtering and
 * ordering rules, paging (36 a page, §9), the chips of the active filters and the labels of the enumerations.
 *
 * URL (GET, the library):  ?q=knee&favorites=1&assessments=1&metric=ROM&metric=REPS&body=Hip%2FKnee
 *                           &type=Isometric&equipment=Chair&position=Seated&camera=PORTRAIT&page=2
 * POST form (the builder):  the same names, plus `filterSig` (the filters the form was rendered with: a change
 * of filters goes back to page 1), `goToPage` (a pager button), `filterRemove` (a chip's button,
 * `{name}={value}`), `filterClear` (Clear all) and `filterApply` (the panel's Apply button).
 *
 * Values are the contract's enumerations (openapi/components/schemas/Exercise.yaml); labels the spec's (§3).
 */
import type { Schema } from "../../../api/schemas";
import { pageOfList, pageParam } from "../../../domain/paging";

type Exercise = Schema<"Exercise">;

/** 001 §9: exercise grid page size. */
export const EXERCISE_PAGE_SIZE = 36;

export type Metric = Exercise["exerciseMetrics"][number]["metric"];
export type BodyTarget = Exercise["bodyTargets"][number];
export type ExerciseType = Exercise["exerciseType"];
export type Equipment = Exercise["equipment"][number];
export type Position = Exercise["position"];
export type CameraOrientation = Exercise["cameraOrientation"];
export type SubjectOrientation = Exercise["subjectOrientation"];

export interface Option<V extends string> {
  value: V;
  label: string;
}

/** 001 §3 enumerations: exercise metrics ROM, Reps, Time. */
export const METRIC_OPTIONS: readonly Option<Metric>[] = [
  { value: "ROM", label: "ROM" },
  { value: "REPS", label: "Reps" },
  { value: "TIME", label: "Time" },
];
export const BODY_TARGET_OPTIONS: readonly Option<BodyTarget>[] = (["Shoulder", "Hip/Knee", "Torso/Core", "Elbow/Hand", "Ankle/Foot", "Neck", "Spine"] as const).map(same);
export const EXERCISE_TYPE_OPTIONS: readonly Option<ExerciseType>[] = (["Stretching/Mobility", "Active/Dynamic", "Isometric"] as const).map(same);
export const EQUIPMENT_OPTIONS: readonly Option<Equipment>[] = (["Theraband", "Weights", "Towel", "Cane", "Chair", "Physioball"] as const).map(same);
export const POSITION_OPTIONS: readonly Option<Position>[] = (["Standing", "Prone", "Side Lying", "Supine", "Seated", "Quadruped", "Kneeling"] as const).map(same);
export const CAMERA_OPTIONS: readonly Option<CameraOrientation>[] = [
  { value: "PORTRAIT", label: "Portrait" },
  { value: "LANDSCAPE", label: "Landscape" },
];
export const SUBJECT_ORIENTATION_OPTIONS: readonly Option<SubjectOrientation>[] = [
  { value: "FRONT", label: "Front facing" },
  { value: "SIDE", label: "Side facing" },
  { value: "BACK", label: "Back facing" },
];

function same<V extends string>(value: V): Option<V> {
  return { value, label: value };
}

const labelOf = <V extends string>(options: readonly Option<V>[], value: V): string => options.find((o) => o.value === value)?.label ?? value;
export const metricLabel = (m: Metric) => labelOf(METRIC_OPTIONS, m);
export const cameraLabel = (c: CameraOrientation) => labelOf(CAMERA_OPTIONS, c);
export const subjectOrientationLabel = (s: SubjectOrientation) => labelOf(SUBJECT_ORIENTATION_OPTIONS, s);
/** An exercise's metric labels in the spec's order (ROM, Reps, Time), whatever the API's order. */
export const metricLabels = (metrics: readonly { metric: Metric }[]): string[] =>
  METRIC_OPTIONS.filter((o) => metrics.some((m) => m.metric === o.value)).map((o) => o.label);

/** The checkbox groups of the filter panel, in the spec's order (§2.1). `name` is the URL/form parameter. */
export const FILTER_GROUPS = [
  { name: "metric", label: "Metrics Supported", options: METRIC_OPTIONS },
  { name: "body", label: "Body Target", options: BODY_TARGET_OPTIONS },
  { name: "type", label: "Exercise Type", options: EXERCISE_TYPE_OPTIONS },
  { name: "equipment", label: "Equipment", options: EQUIPMENT_OPTIONS },
  { name: "position", label: "Subject Position", options: POSITION_OPTIONS },
  { name: "camera", label: "Camera Orientation", options: CAMERA_OPTIONS },
] as const satisfies readonly { name: string; label: string; options: readonly Option<string>[] }[];

export type FilterGroupName = (typeof FILTER_GROUPS)[number]["name"];
export const FILTER_GROUP_NAMES: readonly FilterGroupName[] = FILTER_GROUPS.map((g) => g.name);

export interface ExerciseFilters {
  /** Text search: a case-insensitive match on the name. */
  q: string;
  /** Only the user's favorites. */
  favorites: boolean;
  /** Only names containing 'Assessment'. */
  assessments: boolean;
  metric: Metric[];
  body: BodyTarget[];
  type: ExerciseType[];
  equipment: Equipment[];
  position: Position[];
  camera: CameraOrientation[];
  /** 1-based; a page past the last is answered as such (`pageOf`). */
  page: number;
}

export const EMPTY_FILTERS: ExerciseFilters = { q: "", favorites: false, assessments: false, metric: [], body: [], type: [], equipment: [], position: [], camera: [], page: 1 };

/** Form field names beyond the URL's (the builder's POST form). */
export const FILTER_FIELDS = { signature: "filterSig", goToPage: "goToPage", remove: "filterRemove", clear: "filterClear", apply: "filterApply" } as const;

const Q_MAX = 100;

/** Reads anything with `getAll` (URLSearchParams or FormData): unknown values are dropped, order is canonical. */
interface ParamSource {
  get(name: string): FormDataEntryValue | string | null;
  getAll(name: string): (FormDataEntryValue | string)[];
}

function chosen<V extends string>(source: ParamSource, name: string, options: readonly Option<V>[]): V[] {
  const values = new Set(source.getAll(name).filter((v): v is string => typeof v === "string"));
  return options.filter((o) => values.has(o.value)).map((o) => o.value);
}

const flag = (v: FormDataEntryValue | string | null) => v === "1" || v === "true" || v === "on";

/** The one rule of every list's page (domain/paging.ts). */
const parsePage = (v: FormDataEntryValue | string | null): number => pageParam(typeof v === "string" ? v : null);

function parseSource(source: ParamSource): ExerciseFilters {
  const q = source.get("q");
  return {
    q: typeof q === "string" ? q.trim().slice(0, Q_MAX) : "",
    favorites: flag(source.get("favorites")),
    assessments: flag(source.get("assessments")),
    metric: chosen(source, "metric", METRIC_OPTIONS),
    body: chosen(source, "body", BODY_TARGET_OPTIONS),
    type: chosen(source, "type", EXERCISE_TYPE_OPTIONS),
    equipment: chosen(source, "equipment", EQUIPMENT_OPTIONS),
    position: chosen(source, "position", POSITION_OPTIONS),
    camera: chosen(source, "camera", CAMERA_OPTIONS),
    page: parsePage(source.get("page")),
  };
}

/** The filter state of a URL's search parameters (unknown values ignored). */
export function parseExerciseFilters(params: URLSearchParams): ExerciseFilters {
  return parseSource(params);
}

/** The filter state as search parameters (canonical order; defaults left out; page only when > 1). */
export function exerciseFilterParams(state: ExerciseFilters, { page = true }: { page?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.favorites) params.set("favorites", "1");
  if (state.assessments) params.set("assessments", "1");
  for (const name of FILTER_GROUP_NAMES) for (const v of state[name]) params.append(name, v);
  if (page && state.page > 1) params.set("page", String(state.page));
  return params;
}

/** `?…` of the state, or "" when it has none (for a link: `${pathname}${exerciseFilterSearch(s)}`). */
export function exerciseFilterSearch(state: ExerciseFilters, extra: Record<string, string | null | undefined> = {}): string {
  const params = exerciseFilterParams(state);
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined && v !== "") params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Whether any filter (or a search) is active. */
export function hasActiveFilters(state: ExerciseFilters): boolean {
  return Boolean(state.q) || state.favorites || state.assessments || FILTER_GROUP_NAMES.some((n) => state[n].length > 0);
}

/** The filters without the page: what `filterSig` carries, so a changed filter can go back to page 1. */
export function filterSignature(state: ExerciseFilters): string {
  return exerciseFilterParams(state, { page: false }).toString();
}

/**
 * The state carried by hidden inputs of a POST form (the builder's forms that do not hold the controls):
 * every filter, the page and the signature. Render as `<input type="hidden" name={name} value={value} />`.
 */
export function exerciseFilterHiddenFields(state: ExerciseFilters, { omitControls = false }: { omitControls?: boolean } = {}): [name: string, value: string][] {
  const fields: [string, string][] = omitControls ? [] : [...exerciseFilterParams(state, { page: false })];
  fields.push(["page", String(state.page)], [FILTER_FIELDS.signature, filterSignature(state)]);
  return fields;
}

/**
 * The filter state posted by a form holding the filter controls (or the hidden fields above): the same names
 * as the URL; then a chip's remove button (`filterRemove={name}={value}`), Clear all (`filterClear`), a pager
 * button (`goToPage`). A change of the filters since the form was rendered (`filterSig`) goes back to page 1.
 */
export function parseExerciseFiltersForm(form: FormData): ExerciseFilters {
  let state = parseSource(form);
  const remove = form.get(FILTER_FIELDS.remove);
  if (form.get(FILTER_FIELDS.clear) !== null) state = { ...EMPTY_FILTERS };
  else if (typeof remove === "string") state = withoutFilter(state, remove);
  const sig = form.get(FILTER_FIELDS.signature);
  if (typeof sig === "string" && sig !== filterSignature(state)) state.page = 1;
  const go = form.get(FILTER_FIELDS.goToPage);
  if (typeof go === "string" && go !== "") state.page = parsePage(go);
  return state;
}

/** Whether a post was a filter command (a chip, Clear all, Apply or a pager button) rather than the form's own action. */
export function isFilterCommand(form: FormData): boolean {
  return [FILTER_FIELDS.remove, FILTER_FIELDS.clear, FILTER_FIELDS.goToPage, FILTER_FIELDS.apply].some((name) => form.get(name) !== null);
}

/** The state without one filter, named as a chip names it: `q`, `favorites`, `assessments` or `{group}={value}`. Page 1. */
export function withoutFilter(state: ExerciseFilters, key: string): ExerciseFilters {
  const next: ExerciseFilters = { ...state, page: 1 };
  if (key === "q") next.q = "";
  else if (key === "favorites") next.favorites = false;
  else if (key === "assessments") next.assessments = false;
  else {
    const eq = key.indexOf("=");
    const name = key.slice(0, eq) as FilterGroupName;
    const value = key.slice(eq + 1);
    if (eq > 0 && FILTER_GROUP_NAMES.includes(name)) (next as unknown as Record<FilterGroupName, string[]>)[name] = state[name].filter((v) => v !== value);
  }
  return next;
}

export interface FilterChip {
  /** What `withoutFilter` and the `filterRemove` button take. */
  key: string;
  /** Visible text. */
  label: string;
  /** The chip's group, for its accessible name ("Remove Body Target: Hip/Knee"). */
  group: string;
  /** The state without this filter (page 1). */
  without: ExerciseFilters;
}

/** One chip per active filter (the search too), in the panel's order. */
export function filterChips(state: ExerciseFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, group: string) => chips.push({ key, label, group, without: withoutFilter(state, key) });
  if (state.q) add("q", `“${state.q}”`, "Search");
  if (state.favorites) add("favorites", "Favorites", "Filter");
  if (state.assessments) add("assessments", "Assessments", "Filter");
  for (const g of FILTER_GROUPS) {
    for (const v of state[g.name]) add(`${g.name}=${v}`, labelOf(g.options as readonly Option<string>[], v), g.label);
  }
  return chips;
}

/** What the filters read of an exercise. */
export type FilterableExercise = Pick<Exercise, "id" | "name" | "exerciseMetrics" | "bodyTargets" | "exerciseType" | "equipment" | "position" | "cameraOrientation">;

export const ASSESSMENT_MARK = "Assessment";

/**
 * The exercises the filters let through, in the API's order (by id) — except that, with metrics chosen, those
 * having every chosen metric come first (001 §2.1: any chosen metric matches; those with all are preferred).
 * Within a group any chosen value matches; groups combine with AND. `favorites` is the user's favorite ids,
 * or null when they could not be loaded: then the favorites toggle lets nothing through.
 */
export function applyExerciseFilters<E extends FilterableExercise>(exercises: readonly E[], state: ExerciseFilters, favorites: ReadonlySet<string> | null): E[] {
  const q = state.q.toLocaleLowerCase();
  const any = <V>(chosenValues: readonly V[], has: (v: V) => boolean) => chosenValues.length === 0 || chosenValues.some(has);
  const matches = exercises.filter((e) => {
    if (q && !e.name.toLocaleLowerCase().includes(q)) return false;
    if (state.favorites && !favorites?.has(e.id)) return false;
    if (state.assessments && !e.name.includes(ASSESSMENT_MARK)) return false;
    const metrics = new Set(e.exerciseMetrics.map((m) => m.metric));
    return (
      any(state.metric, (m) => metrics.has(m)) &&
      any(state.body, (b) => e.bodyTargets.includes(b)) &&
      any(state.type, (t) => e.exerciseType === t) &&
      any(state.equipment, (q2) => e.equipment.includes(q2)) &&
      any(state.position, (p) => e.position === p) &&
      any(state.camera, (c) => e.cameraOrientation === c)
    );
  });
  if (state.metric.length < 2) return matches;
  const hasAll = (e: E) => state.metric.every((m) => e.exerciseMetrics.some((x) => x.metric === m));
  return [...matches.filter(hasAll), ...matches.filter((e) => !hasAll(e))];
}

export interface ExercisePage<E> {
  items: E[];
  /** The page asked for (from 1); past the last page it has no items (the grid says there is no such page). */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based position of the first item (0 when there is none). */
  first: number;
  /** The page size. */
  size: number;
}

/**
 * One page of a list, 36 a page. A page past the last has no items and the grid says there is no such page (the
 * one rule of every list, domain/paging.ts); it showed the last page before.
 */
export function pageOf<E>(items: readonly E[], page: number, size = EXERCISE_PAGE_SIZE): ExercisePage<E> {
  const { items: shown, page: p, metadata } = pageOfList(items, page, size);
  return { items: shown, page: p, pageCount: metadata.totalPages, total: items.length, first: shown.length === 0 ? 0 : (p - 1) * size + 1, size };
}

/** Filter then page: what both screens show. */
export function filterAndPage<E extends FilterableExercise>(exercises: readonly E[], state: ExerciseFilters, favorites: ReadonlySet<string> | null): ExercisePage<E> {
  return pageOf(applyExerciseFilters(exercises, state, favorites), state.page);
}
