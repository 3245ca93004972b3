/**
 * The builder's flow by how it was started (001 §2.2, §4 "Builder" and "Publishing"; the starts are named in
 * domain/program-builder.ts): its steps and their URLs, its title, where Close and the breadcrumbs lead, the
 * last step's button and what publishing does.
 *
 * The step is in the URL (`step=1|2|3`; step 0 is the `assign` start itself) so a step can be linked and
 * reloaded: each step's form posts to the URL of the step it asks for (Next → step+1, Back → step−1, anything
 * else → the same step). The draft travels in the post, never in the URL: a GET of a later step shows the
 * furthest step the starting draft can reach (rules/program-draft.ts `reachableStep`), and a refused Next
 * answers the step it came from at the URL it asked for.
 */
import { builderHref, type BuilderReturn, type BuilderStart } from "../../../domain/program-builder";
import { ROUTES } from "../../../shell/nav";

export type Step = 1 | 2 | 3;

/** What the last step's button does (001 §4 "Publishing"). */
export type PublishMode =
  /** create-template call, then the completion screen ('Successfully created {name}.') */
  | "create-template"
  /** create-template call, then the completion screen ('Successfully duplicated {name}.') */
  | "duplicate-template"
  /** update-template call */
  | "update-template"
  /** create the program, then assign it to the patient (isEdit when it replaces the patient's program) */
  | "assign-program"
  /** an existing program without a patient: the replace call */
  | "replace-program";

export const patientOf = (start: BuilderStart): string | null => ("patientRecordId" in start && start.patientRecordId ? start.patientRecordId : null);
export const templateOf = (start: BuilderStart): string | null => ("templateId" in start ? start.templateId : null);

/** A new program or template (step 1 offers a starter template). */
export const isNew = (start: BuilderStart) => start.action === "create-template" || start.action === "create-program";
export const isEditing = (start: BuilderStart) => start.action === "edit-template" || start.action === "edit-program";
/** The result is a program (the summary says 'Program Summary'), not a template. */
export const isProgram = (start: BuilderStart) => patientOf(start) !== null || start.action === "edit-program";

export function publishMode(start: BuilderStart): PublishMode {
  switch (start.action) {
    case "edit-template":
      return "update-template";
    case "duplicate-template":
      return "duplicate-template";
    case "edit-program":
      return patientOf(start) ? "assign-program" : "replace-program";
    case "create-program":
    case "assign":
      return patientOf(start) ? "assign-program" : "create-template";
    default:
      return "create-template";
  }
}

/** The last step's button (001 §2.2): Save when editing, Assign to Patient with a patient, else Publish Template. */
export function publishLabel(start: BuilderStart): string {
  if (isEditing(start)) return "Save";
  if (patientOf(start)) return "Assign to Patient";
  return "Publish Template";
}

/** 'Save this Program as template' is offered at the last step of a program assigned to a patient. */
export const offersSaveAsTemplate = (start: BuilderStart) => patientOf(start) !== null;

export function builderTitle(start: BuilderStart): string {
  switch (start.action) {
    case "create-template":
      return "New Program Template";
    case "edit-template":
      return "Edit Program Template";
    case "duplicate-template":
      return "Duplicate Program Template";
    case "assign":
      return "Assign Program";
    case "create-program":
      return patientOf(start) ? "New Program" : "New Program Template";
    case "edit-program":
      return "Edit Program";
  }
}

export const summaryTitle = (start: BuilderStart) => (isProgram(start) ? "Program Summary" : "Program Template Summary");

export const STEP_LABELS: Record<Step, string> = { 1: "Information", 2: "Exercises", 3: "Summary" };

/** The step a URL asks for (1 when absent or not a step). */
export function stepParam(params: URLSearchParams): Step {
  const s = params.get("step");
  return s === "2" ? 2 : s === "3" ? 3 : 1;
}

export const stepHref = (start: BuilderStart, step: Step) => `${builderHref(start)}&step=${step}`;

/** The template detail (the templates path followed by the id, 001 §2). */
export const templateDetailHref = (id: string) => `${ROUTES.programTemplates}${encodeURIComponent(id)}/`;
export const patientHref = (id: string) => `/patients/${encodeURIComponent(id)}/`;

/** Where Close and Discard lead by default: the patient when one is set, else the templates. */
export const defaultReturn = (start: BuilderStart): BuilderReturn => start.from ?? (patientOf(start) ? "patient" : "templates");

export function returnHref(start: BuilderStart, target: BuilderReturn = defaultReturn(start)): string {
  const templateId = templateOf(start);
  const patientId = patientOf(start);
  switch (target) {
    case "template":
      return templateId ? templateDetailHref(templateId) : ROUTES.programTemplates;
    case "patient":
      return patientId ? patientHref(patientId) : ROUTES.patients;
    case "patients":
      return ROUTES.patients;
    default:
      return ROUTES.programTemplates;
  }
}

export interface Crumb {
  label: string;
  target: BuilderReturn;
  href: string;
}

/** Breadcrumbs (001 §2.2): Program Templates / Template Details, or Patient List / Patient Details. */
export function crumbs(start: BuilderStart): Crumb[] {
  const crumb = (label: string, target: BuilderReturn): Crumb => ({ label, target, href: returnHref(start, target) });
  if (patientOf(start)) return [crumb("Patient List", "patients"), crumb("Patient Details", "patient")];
  const list = [crumb("Program Templates", "templates")];
  if (templateOf(start)) list.push(crumb("Template Details", "template"));
  return list;
}

export const isReturn = (v: string): v is BuilderReturn => v === "templates" || v === "template" || v === "patients" || v === "patient";

/** The completion screen after a template is created (001 §2.2). */
export const COMPLETED_PARAM = "completed";
export const completedHref = (templateId: string) => `${builderHref({ action: "create-template" })}&${COMPLETED_PARAM}=${encodeURIComponent(templateId)}`;
