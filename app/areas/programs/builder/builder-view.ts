/**
 * What the builder's loader and action answer (one shape: the page renders the action's answer when there is
 * one, else the loader's). Plain data, built on the server (builder-data.server.ts).
 */
import type { BuilderStart } from "../../../domain/program-builder";
import type { ProgramView } from "../../../domain/program-view";
import type { OpenEdits } from "../forms/draft";
import type { Crumb, Step } from "../rules/builder-flow";
import type { FieldErrors, ProgramDraft } from "../rules/program-draft";
import type { ExerciseFilters, ExercisePage } from "../rules/exercise-filters";
import type { CardExercise } from "../library/exercise-card";

/** An exercise as the builder shows it (in the draft's list or the grid). */
export interface ExerciseSummary {
  id: string;
  name: string;
  metrics: ("ROM" | "REPS" | "TIME")[];
  sequence: "SINGLE" | "BILATERAL" | "ALTERNATING";
  withHold: boolean;
  special: boolean;
  thumbnailUrl: string | null;
}

export interface TemplateOption {
  id: string;
  name: string;
}

export interface PatientSummary {
  id: string;
  firstName: string;
  lastName: string;
}

/** The page could not be built: a template, program or patient out of reach, a broken link. */
export interface ProblemView {
  kind: "problem";
  title: string;
  message: string;
  closeHref: string;
  crumbs: Crumb[];
}

/** 'Your Program Template is ready!' (001 §2.2). */
export interface CompletedView {
  kind: "completed";
  title: string;
}

/** Step 0, Assign Program: a template of the organization or New Program, with a preview. */
export interface AssignView {
  kind: "assign";
  start: BuilderStart;
  title: string;
  closeHref: string;
  crumbs: Crumb[];
  patient: PatientSummary;
  templates: TemplateOption[];
  templatesError: string | null;
  previewId: string | null;
  preview: ProgramView | null;
  previewError: string | null;
  newProgramHref: string;
  /** The assign call's failure. */
  error: string | null;
}

/** An exercise of the grid (what the library's card shows). */
export type GridExercise = CardExercise;

/** The 'Select exercise' grid of step 2: the library's filters (rules/exercise-filters.ts) applied on the server, 36 a page. */
export interface GridView {
  page: ExercisePage<GridExercise>;
  filters: ExerciseFilters;
  /** The favorites could not be loaded (the toggle then lets nothing through). */
  favoritesNotice: string | null;
}

export type BuilderDialog = { kind: "discard"; leaveHref: string } | { kind: "save-as-template"; templateName: string; templateNotes: string };

/** Steps 1 to 3. */
export interface StepsView {
  kind: "steps";
  start: BuilderStart;
  title: string;
  step: Step;
  draft: ProgramDraft;
  /** The exercises of the draft's blocks (and of the grid), by id. */
  exercises: Record<string, ExerciseSummary>;
  exercisesError: string | null;
  grid: GridView | null;
  /** Step 1 of a new program: the starter templates. */
  starters: TemplateOption[] | null;
  startersError: string | null;
  patient: PatientSummary | null;
  errors: FieldErrors;
  formErrors: string[];
  edits: OpenEdits;
  dialog: BuilderDialog | null;
  closeHref: string;
  crumbs: Crumb[];
}

export type BuilderView = ProblemView | CompletedView | AssignView | StepsView;
