/**
 * What the builder's pages are built from (the loader and every post of the action): the Motion Library, the
 * patient, the organization's templates, the program or template being edited — loaded in parallel — and the
 * views of builder-view.ts made from them and the draft.
 *
 * Another organization's template or program, or a patient out of reach, is the API's 404: the builder then
 * says 'Could not get template.' or 'Could not get patient details.' and nothing else about it.
 */
import { cardExercise } from "../library/exercise-card";
import type { PortalLoadContext } from "../../../context";
import type { Exercise } from "../../../api/exercises.server";
import { listExercises, listFavoriteExercises } from "../../../api/exercises.server";
import { getPatientRecord } from "../../../api/patients.server";
import { getProgram, getTemplate, listTemplates, type Program } from "../../../api/programs.server";
import type { ApiError } from "../../../api/result";
import { getApi } from "../../../api/user-api.server";
import { builderHref, type BuilderStart } from "../../../domain/program-builder";
import { programView } from "../../../domain/program-view";
import type { OpenEdits } from "../forms/draft";
import { builderTitle, crumbs, isNew, patientOf, returnHref, type Step } from "../rules/builder-flow";
import { isSpecialGoal } from "../rules/set-goal";
import { draftFrom, emptyDraft, type FieldErrors, type ProgramDraft } from "../rules/program-draft";
import type { AssignView, BuilderDialog, ExerciseSummary, GridView, ProblemView, StepsView, TemplateOption } from "./builder-view";
import { newBlockKey } from "../forms/draft";
import { EMPTY_FILTERS, filterAndPage, type ExerciseFilters } from "../rules/exercise-filters";
import { EXERCISES_LOAD_FAILED, FAVORITES_LOAD_FAILED } from "../library/library-messages";

/** 001 §8, verbatim. */
export const TEMPLATE_LOAD_FAILED = "Could not get template.";
export const TEMPLATES_LOAD_FAILED = "Could not get templates.";
/** The patients area's words for a patient out of reach (000 §8). */
export const PATIENT_LOAD_FAILED = "Could not get patient details.";
/** Ours. */
export const DRAFT_UNREADABLE = "The program could not be read. Please start again.";
export const BAD_LINK = "This link to the program builder is not complete.";

export interface BuilderEnv {
  request: Request;
  context: PortalLoadContext;
  start: BuilderStart;
}

export interface PatientFacts {
  id: string;
  firstName: string;
  lastName: string;
  injuredSide: string | null;
}

/** A failed load shown instead of the builder: 404 for what is out of reach, 502 when the API failed. */
export class BuilderProblem {
  constructor(
    readonly message: string,
    readonly status: number,
  ) {}
}

const statusOf = (error: ApiError) => (error.status === 400 || error.status === 404 ? 404 : error.status >= 400 && error.status < 500 ? error.status : 502);

export function problemView(start: BuilderStart | null, message: string): ProblemView {
  return {
    kind: "problem",
    title: start ? builderTitle(start) : "Program Builder",
    message,
    closeHref: start ? returnHref(start) : "/programs/templates/",
    crumbs: start ? crumbs(start) : [],
  };
}

export function summaryOf(e: Exercise): ExerciseSummary {
  return {
    id: e.id,
    name: e.name,
    metrics: e.exerciseMetrics.map((m) => m.metric),
    sequence: e.sequence,
    withHold: e.withHold,
    special: isSpecialGoal(e),
    thumbnailUrl: e.thumbnailUrl,
  };
}

/** The library (drafts included: an existing program may hold an exercise no longer published). */
export async function loadExercises(env: BuilderEnv): Promise<{ list: Exercise[] | null; error: string | null }> {
  const result = await listExercises(env.request, env.context, "ALL");
  return result.error ? { list: null, error: EXERCISES_LOAD_FAILED } : { list: result.data, error: null };
}

/** The patient the builder is for, or null; a BuilderProblem when out of reach. */
export async function loadPatient(env: BuilderEnv): Promise<PatientFacts | null> {
  const id = patientOf(env.start);
  if (!id) return null;
  const result = await getPatientRecord(getApi(env.request, env.context), id);
  if (result.error) throw new BuilderProblem(PATIENT_LOAD_FAILED, statusOf(result.error));
  const r = result.data;
  return { id: r.id, firstName: r.patient.firstName, lastName: r.patient.lastName, injuredSide: r.productData.health?.injuredSideOfBody ?? null };
}

/** The organization's templates (step 0's list, step 1's starters). */
export async function loadTemplates(env: BuilderEnv): Promise<{ list: Program[] | null; error: string | null }> {
  const result = await listTemplates(env.request, env.context);
  return result.error ? { list: null, error: TEMPLATES_LOAD_FAILED } : { list: result.data, error: null };
}

/** One template of the organization (a starter, a preview); a BuilderProblem when out of reach. */
export async function loadTemplate(env: BuilderEnv, id: string): Promise<Program> {
  const result = await getTemplate(env.request, env.context, id);
  if (result.error) throw new BuilderProblem(TEMPLATE_LOAD_FAILED, statusOf(result.error));
  return result.data;
}

/** The draft the builder starts with: empty, or the template or program it edits or duplicates. */
export async function initialDraft(env: BuilderEnv): Promise<ProgramDraft> {
  const start = env.start;
  switch (start.action) {
    case "edit-template":
    case "duplicate-template":
      return draftFrom(await loadTemplate(env, start.templateId), start.action === "edit-template" ? "edit" : "duplicate", newBlockKey);
    case "edit-program": {
      const result = await getProgram(env.request, env.context, start.hepId);
      if (result.error || result.data.isTemplate) throw new BuilderProblem(TEMPLATE_LOAD_FAILED, result.error ? statusOf(result.error) : 404);
      return draftFrom(result.data, "edit", newBlockKey);
    }
    default:
      return emptyDraft();
  }
}

const toOption = (t: Program): TemplateOption => ({ id: t.id, name: t.name });

// ---- step 2's grid ---------------------------------------------------------------------------------------


/** The library's filter rules (rules/exercise-filters.ts) over the published exercises, 36 a page. */
export function gridView(exercises: readonly Exercise[], filters: ExerciseFilters, favorites: { ids: string[] | null; error: string | null }): GridView {
  const published = exercises.filter((e) => e.completeness === "COMPLETE");
  const page = filterAndPage(published, filters, favorites.ids ? new Set(favorites.ids) : null);
  return { page: { ...page, items: page.items.map(cardExercise) }, filters: { ...filters, page: page.page }, favoritesNotice: favorites.error };
}

async function loadFavorites(env: BuilderEnv): Promise<{ ids: string[] | null; error: string | null }> {
  const result = await listFavoriteExercises(env.request, env.context);
  return result.error ? { ids: null, error: FAVORITES_LOAD_FAILED } : { ids: result.data, error: null };
}

// ---- views -----------------------------------------------------------------------------------------------

export interface StepsInput {
  draft: ProgramDraft;
  step: Step;
  errors?: FieldErrors;
  formErrors?: string[];
  edits?: OpenEdits;
  dialog?: BuilderDialog | null;
  grid?: ExerciseFilters;
}

export interface StepsData {
  exercises: { list: Exercise[] | null; error: string | null };
  patient: PatientFacts | null;
  templates: { list: Program[] | null; error: string | null } | null;
  favorites: { ids: string[] | null; error: string | null } | null;
}

/** What a step needs loaded besides the library and the patient: the starters (step 1 of a new program), the favorites (step 2). */
export async function loadStepExtras(env: BuilderEnv, step: Step): Promise<Pick<StepsData, "templates" | "favorites">> {
  const [templates, favorites] = await Promise.all([step === 1 && isNew(env.start) ? loadTemplates(env) : null, step === 2 ? loadFavorites(env) : null]);
  return { templates, favorites };
}

/** What a step needs loaded: the library and the patient always, and the step's extras. */
export async function loadStepsData(env: BuilderEnv, step: Step): Promise<StepsData> {
  const [exercises, patient, extras] = await Promise.all([loadExercises(env), loadPatient(env), loadStepExtras(env, step)]);
  return { exercises, patient, ...extras };
}

export function stepsView(env: BuilderEnv, data: StepsData, input: StepsInput): StepsView {
  const { draft, step } = input;
  const list = data.exercises.list ?? [];
  const byId = new Map(list.map((e) => [e.id, e]));
  const exercises: Record<string, ExerciseSummary> = {};
  for (const b of draft.blocks) {
    const e = byId.get(b.exerciseId);
    if (e) exercises[e.id] = summaryOf(e);
  }
  const grid = step === 2 && data.exercises.list ? gridView(data.exercises.list, input.grid ?? EMPTY_FILTERS, data.favorites ?? { ids: null, error: null }) : null;
  const patient = data.patient ? { id: data.patient.id, firstName: data.patient.firstName, lastName: data.patient.lastName } : null;
  return {
    kind: "steps",
    start: env.start,
    title: builderTitle(env.start),
    step,
    draft,
    exercises,
    exercisesError: data.exercises.error,
    grid,
    starters: data.templates?.list?.map(toOption) ?? null,
    startersError: data.templates?.error ?? null,
    patient,
    errors: input.errors ?? {},
    formErrors: input.formErrors ?? [],
    edits: input.edits ?? {},
    dialog: input.dialog ?? null,
    closeHref: returnHref(env.start),
    crumbs: crumbs(env.start),
  };
}

/** Step 0: the patient, the organization's templates and the one previewed (`preview` in the URL). */
export async function assignView(env: BuilderEnv, previewId: string | null, error: string | null = null): Promise<AssignView> {
  const [patient, templates, exercises] = await Promise.all([loadPatient(env), loadTemplates(env), previewId ? loadExercises(env) : null]);
  let preview: AssignView["preview"] = null;
  let previewError: string | null = null;
  if (previewId) {
    const listed = templates.list?.find((t) => t.id === previewId);
    try {
      const template = listed ?? (await loadTemplate(env, previewId));
      preview = programView(template, exercises?.list ?? null);
    } catch (err) {
      if (!(err instanceof BuilderProblem)) throw err;
      previewError = err.message;
    }
  }
  const patientRecordId = patient!.id;
  return {
    kind: "assign",
    start: env.start,
    title: builderTitle(env.start),
    closeHref: returnHref(env.start),
    crumbs: crumbs(env.start),
    patient: { id: patient!.id, firstName: patient!.firstName, lastName: patient!.lastName },
    templates: templates.list?.map(toOption) ?? [],
    templatesError: templates.error,
    previewId: preview ? previewId : null,
    preview,
    previewError,
    newProgramHref: builderHref({ action: "create-program", patientRecordId, from: env.start.from }),
    error,
  };
}
