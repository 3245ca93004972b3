/**
 * What the scan modules editor (modules-editor.tsx) shows and does without zod (ADR 038): the spec's messages, the
 * icons' names, the fields' limits, the assessments' keys, and the reordering of a drop. The edits that parse a form
 * or the working set (modules-draft.ts, which re-exports this module) load with the editor's first edit.
 */
import type { Draft, DraftModule } from "./modules-draft";

export const MODULE_NAME_REQUIRED = "Module Name is required";
export const SUBTITLE_REQUIRED = "Subtitle is required";
export const LOCKED_REQUIRED = "Locked status is required";
export const INVALID_URL = "Invalid URL format";
export const ASSESSMENT_REQUIRED = "Assessment is required";
export const ASSESSMENT_TAKEN = "This assessment is already in the module.";
export const ORGANIZATION_LOAD_FAILED = "Could not get organization details.";
export const MODULES_PARSE_FAILED = "Could not parse organization scan modules.";
export const NO_MODULES = "This org has no modules. Please add a module.";
export const NO_ASSESSMENTS = "No assessments have been added yet";
export const DRAFT_UNREADABLE = "The unsaved modules could not be read. Cancel and edit again.";
export const modulesUpdated = (name: string) => `${name} Modules Updated`;

export const DEFAULT_IMAGE = "Assessment";
/** The 15 named module icons of 003 §2, after the default. */
export const IMAGE_NAMES = [
  DEFAULT_IMAGE,
  "Activities of Daily Living",
  "Balance & Stability",
  "Bone Health & Osteoporosis Risk",
  "Cardiovascular Health",
  "Gait Event Screening",
  "General Health & Functional Fitness",
  "Lower Extremity",
  "Mobility & Joint Health",
  "Neurological & Cognitive Health",
  "Posture & Alignment",
  "Rehabilitation & Recovery",
  "Research and Development",
  "Sport Specific & Performance",
  "Strength & Endurance",
  "Upper Extremity",
] as const;
export type ImageName = (typeof IMAGE_NAMES)[number];

export const NAME_MAX = 100;
export const SUBTITLE_MAX = 200;
export const URL_MAX = 2000;

export const assessmentKey = (moduleKey: string, assessmentId: string) => `${moduleKey}/${assessmentId}`;

/** The assessments that may still be picked for a module (not already in it; the edited one stays). */
export function pickableAssessments<T extends { id: string }>(library: readonly T[], module: DraftModule | undefined, current?: string): T[] {
  const taken = new Set((module?.assessments ?? []).map((a) => a.id).filter((id) => id !== current));
  return library.filter((a) => !taken.has(a.id));
}

/** The set with these modules, marked changed. */
export const changed = (modules: DraftModule[]): Draft => ({ changed: true, modules });
/** The set with module `key` changed by `f`. */
export const mapModule = (draft: Draft, key: string, f: (m: DraftModule) => DraftModule): Draft => changed(draft.modules.map((m) => (m.key === key ? f(m) : m)));

/** The modules (or a module's assessments) in the order of `keys` (a drop of the drag-and-drop island). */
export function reorder(draft: Draft, keys: readonly string[], moduleKey?: string): Draft {
  const inOrder = <T,>(items: T[], keyOf: (t: T) => string) => {
    const byKey = new Map(items.map((t) => [keyOf(t), t]));
    const out = keys.map((k) => byKey.get(k)).filter((t): t is T => t !== undefined);
    return out.length === items.length ? out : items;
  };
  if (moduleKey === undefined) return changed(inOrder(draft.modules, (m) => m.key));
  return mapModule(draft, moduleKey, (m) => ({ ...m, assessments: inOrder(m.assessments, (a) => assessmentKey(m.key, a.id)) }));
}
