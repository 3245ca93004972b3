/**
 * Where the program builder lives and how it is started (spec 001 §2.2 and §4 "Builder"): one URL,
 * /programs/templates/builder/, with the action type in `action` and what it acts on. Every area links to the
 * builder through these functions only; the builder parses its URL with `parseBuilderStart`.
 *
 * | action              | starts at | with                         | from                                         |
 * | create-template     | step 1    |                              | Program Templates' New Template (?add=true)  |
 * | edit-template       | step 1    | templateId                   | a template card's Edit, the template detail  |
 * | duplicate-template  | step 1    | templateId                   | a template card's Duplicate (' (DUPLICATE)') |
 * | assign              | step 0    | patientRecordId              | Assign Program (patient list, Program card)  |
 * | create-program      | step 1    | patientRecordId (optional)   | step 0's New Program                         |
 * | edit-program        | step 1    | patientRecordId?, hepId      | the Program card's edit                      |
 *
 * `from` (optional) is where Close / Discard and the breadcrumbs lead back to: `templates` (default for
 * templates), `template` (the template detail), `patients` or `patient` (default when a patient is set).
 */
export const BUILDER_PATH = "/programs/templates/builder/";

export const BUILDER_ACTIONS = ["create-template", "edit-template", "duplicate-template", "assign", "create-program", "edit-program"] as const;
export type BuilderAction = (typeof BUILDER_ACTIONS)[number];

export type BuilderReturn = "templates" | "template" | "patients" | "patient";

export type BuilderStart =
  | { action: "create-template"; from?: BuilderReturn }
  | { action: "edit-template" | "duplicate-template"; templateId: string; from?: BuilderReturn }
  | { action: "assign"; patientRecordId: string; from?: BuilderReturn }
  | { action: "create-program"; patientRecordId?: string | null; from?: BuilderReturn }
  | { action: "edit-program"; hepId: string; patientRecordId?: string | null; from?: BuilderReturn };

export function builderHref(start: BuilderStart): string {
  const params = new URLSearchParams({ action: start.action });
  if ("templateId" in start) params.set("templateId", start.templateId);
  if ("patientRecordId" in start && start.patientRecordId) params.set("patientRecordId", start.patientRecordId);
  if ("hepId" in start) params.set("hepId", start.hepId);
  if (start.from) params.set("from", start.from);
  return `${BUILDER_PATH}?${params}`;
}

/** The builder's start from its URL; null when the action is unknown or what it needs is missing. */
export function parseBuilderStart(params: URLSearchParams): BuilderStart | null {
  const action = params.get("action");
  const from = params.get("from");
  const ret: { from?: BuilderReturn } = from === "templates" || from === "template" || from === "patients" || from === "patient" ? { from } : {};
  const templateId = params.get("templateId");
  const patientRecordId = params.get("patientRecordId");
  const hepId = params.get("hepId");
  switch (action) {
    case "create-template":
      return { action: "create-template", ...ret };
    case "edit-template":
    case "duplicate-template":
      return templateId ? { action: action === "edit-template" ? "edit-template" : "duplicate-template", templateId, ...ret } : null;
    case "assign":
      return patientRecordId ? { action: "assign", patientRecordId, ...ret } : null;
    case "create-program":
      return { action: "create-program", patientRecordId, ...ret };
    case "edit-program":
      return hepId ? { action: "edit-program", hepId, patientRecordId, ...ret } : null;
    default:
      return null;
  }
}

export const assignProgramHref = (patientRecordId: string) => builderHref({ action: "assign", patientRecordId });

export const editProgramHref = (patientRecordId: string, hepId: string) => builderHref({ action: "edit-program", patientRecordId, hepId });

export const createTemplateHref = () => builderHref({ action: "create-template" });
export const editTemplateHref = (templateId: string, from?: BuilderReturn) => builderHref({ action: "edit-template", templateId, from });
export const duplicateTemplateHref = (templateId: string) => builderHref({ action: "duplicate-template", templateId });
