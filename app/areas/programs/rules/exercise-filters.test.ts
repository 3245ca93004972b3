import { describe, expect, it } from "vitest";
import {
  applyExerciseFilters,
  EMPTY_FILTERS,
  EXERCISE_PAGE_SIZE,
  exerciseFilterHiddenFields,
  exerciseFilterParams,
  exerciseFilterSearch,
  filterAndPage,
  filterChips,
  filterSignature,
  hasActiveFilters,
  metricLabels,
  isFilterCommand,
  pageOf,
  parseExerciseFilters,
  parseExerciseFiltersForm,
  withoutFilter,
  type ExerciseFilters,
  type FilterableExercise,
  type Metric,
} from "./exercise-filters";

const ex = (id: string, name: string, metrics: Metric[], more: Partial<FilterableExercise> = {}): FilterableExercise => ({
  id,
  name,
  exerciseMetrics: metrics.map((metric, i) => ({ id: i + 1, metric })),
  bodyTargets: ["Shoulder"],
  exerciseType: "Active/Dynamic",
  equipment: [],
  position: "Standing",
  cameraOrientation: "PORTRAIT",
  ...more,
});

const state = (s: Partial<ExerciseFilters>): ExerciseFilters => ({ ...EMPTY_FILTERS, ...s });
const ids = (list: FilterableExercise[]) => list.map((e) => e.id);

describe("the filter state in the URL", () => {
  it("parses every parameter, drops unknown values and orders values as the panel does", () => {
    const s = parseExerciseFilters(new URLSearchParams("q=%20Knee%20&favorites=1&assessments=true&metric=TIME&metric=ROM&metric=NOPE&body=Hip%2FKnee&type=Isometric&equipment=Chair&equipment=Chair&position=Side+Lying&camera=LANDSCAPE&page=3"));
    expect(s).toEqual({ q: "Knee", favorites: true, assessments: true, metric: ["ROM", "TIME"], body: ["Hip/Knee"], type: ["Isometric"], equipment: ["Chair"], position: ["Side Lying"], camera: ["LANDSCAPE"], page: 3 });
  });

  it("defaults: nothing chosen, page 1 (a bad page too)", () => {
    expect(parseExerciseFilters(new URLSearchParams(""))).toEqual(EMPTY_FILTERS);
    expect(parseExerciseFilters(new URLSearchParams("page=-2")).page).toBe(1);
    expect(parseExerciseFilters(new URLSearchParams("page=abc")).page).toBe(1);
    expect(parseExerciseFilters(new URLSearchParams("page=0")).page).toBe(1);
    expect(parseExerciseFilters(new URLSearchParams("favorites=0")).favorites).toBe(false);
  });

  it("writes the state back in canonical order, leaving defaults out; round-trips", () => {
    const s = state({ q: "arm", metric: ["ROM", "REPS"], camera: ["PORTRAIT"], favorites: true, page: 2 });
    expect(exerciseFilterParams(s).toString()).toBe("q=arm&favorites=1&metric=ROM&metric=REPS&camera=PORTRAIT&page=2");
    expect(parseExerciseFilters(exerciseFilterParams(s))).toEqual(s);
    expect(exerciseFilterSearch(EMPTY_FILTERS)).toBe("");
    expect(exerciseFilterSearch(state({ page: 1 }), { exercise: "S-0003" })).toBe("?exercise=S-0003");
    expect(exerciseFilterSearch(state({ body: ["Hip/Knee"] }), { exercise: null })).toBe("?body=Hip%2FKnee");
  });

  it("knows when any filter is active", () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters(state({ page: 4 }))).toBe(false);
    expect(hasActiveFilters(state({ q: "x" }))).toBe(true);
    expect(hasActiveFilters(state({ position: ["Prone"] }))).toBe(true);
  });
});

describe("labels", () => {
  it("metric labels in the spec's order", () => {
    expect(metricLabels([{ metric: "TIME" }, { metric: "REPS" }, { metric: "ROM" }])).toEqual(["ROM", "Reps", "Time"]);
    expect(metricLabels([])).toEqual([]);
  });
});

describe("chips", () => {
  it("one per active filter, each removing only its value and going back to page 1", () => {
    const s = state({ q: "knee", favorites: true, metric: ["ROM", "TIME"], camera: ["LANDSCAPE"], page: 2 });
    const chips = filterChips(s);
    expect(chips.map((c) => [c.key, c.label, c.group])).toEqual([
      ["q", "“knee”", "Search"],
      ["favorites", "Favorites", "Filter"],
      ["metric=ROM", "ROM", "Metrics Supported"],
      ["metric=TIME", "Time", "Metrics Supported"],
      ["camera=LANDSCAPE", "Landscape", "Camera Orientation"],
    ]);
    expect(chips[3]!.without).toEqual({ ...s, metric: ["ROM"], page: 1 });
    expect(chips[0]!.without.q).toBe("");
    expect(withoutFilter(s, "favorites").favorites).toBe(false);
    expect(withoutFilter(s, "nonsense=1")).toEqual({ ...s, page: 1 });
  });
});

describe("the filter state in a POST form (the builder)", () => {
  const formOf = (pairs: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of pairs) f.append(k, v);
    return f;
  };

  it("hidden fields carry the state and parse back to it", () => {
    const s = state({ q: "arm", assessments: true, equipment: ["Towel", "Cane"], page: 2 });
    const fields = exerciseFilterHiddenFields(s);
    expect(fields).toEqual([
      ["q", "arm"],
      ["assessments", "1"],
      ["equipment", "Towel"],
      ["equipment", "Cane"],
      ["page", "2"],
      ["filterSig", filterSignature(s)],
    ]);
    expect(parseExerciseFiltersForm(formOf(fields))).toEqual(s);
    expect(isFilterCommand(formOf(fields))).toBe(false);
    expect(exerciseFilterHiddenFields(s, { omitControls: true })).toEqual([
      ["page", "2"],
      ["filterSig", filterSignature(s)],
    ]);
  });

  it("a changed filter goes back to page 1; an unchanged one keeps the page", () => {
    const s = state({ body: ["Neck"], page: 3 });
    const controls = exerciseFilterHiddenFields(s, { omitControls: true });
    expect(parseExerciseFiltersForm(formOf([["body", "Neck"], ...controls])).page).toBe(3);
    expect(parseExerciseFiltersForm(formOf([["body", "Neck"], ["body", "Spine"], ...controls]))).toEqual(state({ body: ["Neck", "Spine"], page: 1 }));
  });

  it("a pager button, a chip's button and Clear all", () => {
    const s = state({ body: ["Neck"], metric: ["ROM"], page: 1 });
    const base = exerciseFilterHiddenFields(s);
    const go = formOf([...base, ["goToPage", "2"]]);
    expect(parseExerciseFiltersForm(go).page).toBe(2);
    expect(isFilterCommand(go)).toBe(true);
    expect(parseExerciseFiltersForm(formOf([...base, ["filterRemove", "body=Neck"]]))).toEqual(state({ metric: ["ROM"] }));
    expect(parseExerciseFiltersForm(formOf([...base, ["filterClear", "1"]]))).toEqual(EMPTY_FILTERS);
  });
});

describe("filtering (001 §2.1)", () => {
  const list = [
    ex("S-0001", "Standing Shoulder Flexion", ["ROM", "REPS"]),
    ex("S-0002", "Knee Flexion ROM Assessment", ["ROM"], { bodyTargets: ["Hip/Knee"], position: "Supine", cameraOrientation: "LANDSCAPE" }),
    ex("S-0003", "Wall Sit", ["TIME"], { bodyTargets: ["Hip/Knee"], exerciseType: "Isometric" }),
    ex("S-0004", "Glute Bridge", ["REPS", "TIME"], { bodyTargets: ["Hip/Knee", "Torso/Core"], equipment: ["Physioball"] }),
    ex("S-0005", "Scapular Retraction", ["REPS", "TIME", "ROM"], { bodyTargets: ["Shoulder", "Spine"], position: "Seated", equipment: ["Towel", "Chair"] }),
  ];

  it("no filters: everything in the API's order", () => {
    expect(ids(applyExerciseFilters(list, EMPTY_FILTERS, null))).toEqual(["S-0001", "S-0002", "S-0003", "S-0004", "S-0005"]);
  });

  it("text search: case-insensitive on the name", () => {
    expect(ids(applyExerciseFilters(list, state({ q: "FLEXION" }), null))).toEqual(["S-0001", "S-0002"]);
    expect(ids(applyExerciseFilters(list, state({ q: "wall s" }), null))).toEqual(["S-0003"]);
  });

  it("favorites use the user's list; unknown favorites let nothing through", () => {
    expect(ids(applyExerciseFilters(list, state({ favorites: true }), new Set(["S-0004", "S-0001"])))).toEqual(["S-0001", "S-0004"]);
    expect(applyExerciseFilters(list, state({ favorites: true }), null)).toEqual([]);
  });

  it("assessments: names containing 'Assessment'", () => {
    expect(ids(applyExerciseFilters(list, state({ assessments: true }), null))).toEqual(["S-0002"]);
  });

  it("within a group any value matches; groups combine with AND", () => {
    expect(ids(applyExerciseFilters(list, state({ body: ["Spine", "Torso/Core"] }), null))).toEqual(["S-0004", "S-0005"]);
    expect(ids(applyExerciseFilters(list, state({ body: ["Hip/Knee"], type: ["Isometric"] }), null))).toEqual(["S-0003"]);
    expect(ids(applyExerciseFilters(list, state({ equipment: ["Chair", "Physioball"] }), null))).toEqual(["S-0004", "S-0005"]);
    expect(ids(applyExerciseFilters(list, state({ position: ["Supine", "Seated"] }), null))).toEqual(["S-0002", "S-0005"]);
    expect(ids(applyExerciseFilters(list, state({ camera: ["LANDSCAPE"] }), null))).toEqual(["S-0002"]);
    expect(ids(applyExerciseFilters(list, state({ camera: ["LANDSCAPE"], body: ["Shoulder"] }), null))).toEqual([]);
  });

  it("metrics: any chosen metric matches; those with all chosen come first, otherwise in order", () => {
    expect(ids(applyExerciseFilters(list, state({ metric: ["ROM"] }), null))).toEqual(["S-0001", "S-0002", "S-0005"]);
    expect(ids(applyExerciseFilters(list, state({ metric: ["ROM", "TIME"] }), null))).toEqual(["S-0005", "S-0001", "S-0002", "S-0003", "S-0004"]);
    expect(ids(applyExerciseFilters(list, state({ metric: ["REPS", "TIME"] }), null))).toEqual(["S-0004", "S-0005", "S-0001", "S-0003"]);
    // No exercise has all: the ones having any, in order.
    expect(ids(applyExerciseFilters(list.slice(0, 3), state({ metric: ["REPS", "TIME"] }), null))).toEqual(["S-0001", "S-0003"]);
  });
});

describe("paging: 36 a page", () => {
  const many = Array.from({ length: 80 }, (_, i) => ex(`S-${String(i + 1).padStart(4, "0")}`, `Exercise ${i + 1}`, ["REPS"]));

  it("pages of 36, the last one partial", () => {
    expect(EXERCISE_PAGE_SIZE).toBe(36);
    const p1 = pageOf(many, 1);
    expect([p1.items.length, p1.page, p1.pageCount, p1.total, p1.first, p1.size]).toEqual([36, 1, 3, 80, 1, 36]);
    const p3 = pageOf(many, 3);
    expect([p3.items.length, p3.items[0]!.id, p3.first]).toEqual([8, "S-0073", 73]);
  });

  it("a page past the last is no page (empty, as asked: the grid says so); an empty list has one empty page", () => {
    expect(pageOf(many, 99)).toMatchObject({ items: [], page: 99, pageCount: 3, total: 80, first: 0 });
    expect(pageOf([], 5)).toMatchObject({ items: [], page: 5, pageCount: 1, total: 0, first: 0 });
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0, first: 0, size: 36 });
  });

  it("filters then pages", () => {
    const r = filterAndPage(many, state({ q: "exercise 1", page: 1 }), null);
    expect(r.total).toBe(11);
    expect(r.items[0]!.id).toBe("S-0001");
  });
});
