/**
 * The scan modules editor's working set (003 §2 "Scan modules page", §4, §5) and every edit of it, shared by
 * the server (a form post without JavaScript) and the browser (the same edit, no reload). GUIDE §6: the whole
 * unsaved set travels in one form field (`draft`, JSON) parsed by the same zod schema on every post; each edit
 * is a form post with an `intent` that answers the page with the edited set (and the dialog it opens).
 *
 * Intents (field `intent`):
 *   move-up:{key} / move-down:{key}   a module (key = module key) or an assessment (key = `{module}/{assessment}`)
 *   open:add-module, open:edit-module:{m}, open:add-assessment:{m}, open:edit-assessment:{m}/{a}   a dialog
 *   delete-module:{m}, delete-assessment:{m}/{a}, close (a dialog's Cancel)
 *   save-module (fields of the module form; `target` = the module's key, empty for a new one: it goes to the top)
 *   save-assessment (`target` = the module, `previous` = the assessment edited, empty for a new one)
 *   save   all modules to the API (the route's action; not an edit)
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { missing, singleLine } from "../../../forms/fields";
import { newFormToken } from "../../../forms/form-token";
import { moveKey, parseMoveIntent } from "../../../islands/sortable-order";
import { assessmentKey, changed, DEFAULT_IMAGE, IMAGE_NAMES, mapModule, reorder, NAME_MAX, SUBTITLE_MAX, URL_MAX, MODULE_NAME_REQUIRED, SUBTITLE_REQUIRED, LOCKED_REQUIRED, INVALID_URL, ASSESSMENT_REQUIRED, ASSESSMENT_TAKEN, type ImageName } from "./modules-values";

export * from "./modules-values";

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** The module form (003 §5). Conform turns empty fields into undefined. */
export const moduleSchema = z.object({
  name: singleLine(z.string({ error: missing(MODULE_NAME_REQUIRED) }).trim().min(1, MODULE_NAME_REQUIRED).max(NAME_MAX), "Module Name"),
  subtitle: singleLine(z.string({ error: missing(SUBTITLE_REQUIRED) }).trim().min(1, SUBTITLE_REQUIRED).max(SUBTITLE_MAX), "Subtitle"),
  imageName: z.enum(IMAGE_NAMES).default(DEFAULT_IMAGE),
  isLocked: z.enum(["true", "false"], { error: LOCKED_REQUIRED }),
  imageUrl: z.url({ protocol: /^https?$/, error: INVALID_URL }).max(URL_MAX, INVALID_URL).optional(),
});

/** The assessment form: which assessment, and the name shown instead of its own (blank = none). */
export const assessmentSchema = z.object({
  assessmentId: z.string({ error: missing(ASSESSMENT_REQUIRED) }).regex(/^AST-\d{4}$/, ASSESSMENT_REQUIRED),
  nameOverride: singleLine(z.string().max(200), "Name").optional(),
});

const keySchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const draftAssessmentSchema = z.object({
  id: z.string().regex(/^AST-\d{4}$/),
  name: z.string().max(200),
  nameOverride: z.string().max(200).nullable(),
});
const draftModuleSchema = z.object({
  key: keySchema,
  id: z.uuid().optional(),
  name: z.string().max(NAME_MAX),
  subtitle: z.string().max(SUBTITLE_MAX),
  imageName: z.enum(IMAGE_NAMES),
  isLocked: z.boolean(),
  imageUrl: z.string().max(URL_MAX).nullable(),
  assessments: z.array(draftAssessmentSchema).max(100),
});
/** The working set as it travels in the `draft` field. */
export const draftSchema = z.object({ changed: z.boolean(), modules: z.array(draftModuleSchema).max(50) });

export type DraftAssessment = z.infer<typeof draftAssessmentSchema>;
export type DraftModule = z.infer<typeof draftModuleSchema>;
export type Draft = z.infer<typeof draftSchema>;

export type EditorDialog =
  | { kind: "add-module" }
  | { kind: "edit-module"; module: string }
  | { kind: "add-assessment"; module: string }
  | { kind: "edit-assessment"; module: string; assessment: string };

/** What the editor shows: the set, the open dialog (with the last refused submission of its form). */
export interface EditorState {
  draft: Draft;
  dialog: EditorDialog | null;
  result?: SubmissionResult<string[]>;
  /** A failed Save: the server's message. */
  saveError?: string;
}

/** The `draft` field's text → the working set, or null when it is not one. */
export function parseDraft(raw: unknown): Draft | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const storedModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  subtitle: z.string(),
  imageName: z.string().nullish(),
  isLocked: z.boolean(),
  imageUrl: z.string().nullish(),
  assessments: z.array(z.object({ id: z.string(), name: z.string(), nameOverride: z.string().nullish() })).default([]),
});

/** The organization's saved modules → the working set; null when they cannot be read (MODULES_PARSE_FAILED). */
export function draftFromModules(scanModules: unknown): Draft | null {
  const parsed = z.array(storedModuleSchema).safeParse(scanModules ?? []);
  if (!parsed.success) return null;
  const modules = parsed.data.map((m) => ({
    key: m.id,
    id: m.id,
    name: m.name,
    subtitle: m.subtitle,
    imageName: (IMAGE_NAMES as readonly string[]).includes(m.imageName ?? "") ? (m.imageName as ImageName) : DEFAULT_IMAGE,
    isLocked: m.isLocked,
    imageUrl: m.imageUrl ?? null,
    assessments: m.assessments.map((a) => ({ id: a.id, name: a.name, nameOverride: blankToNull(a.nameOverride) })),
  }));
  const checked = draftSchema.safeParse({ changed: false, modules });
  return checked.success ? checked.data : null;
}

/** The set as the API takes it (PATCH v2/admin/organizations/{id} {scanModules}). */
export function toScanModules(draft: Draft) {
  return draft.modules.map((m) => ({
    ...(m.id ? { id: m.id } : {}),
    name: m.name,
    subtitle: m.subtitle,
    imageName: m.imageName,
    isLocked: m.isLocked,
    imageUrl: m.imageUrl,
    assessments: m.assessments.map((a) => ({ id: a.id, name: a.name, nameOverride: blankToNull(a.nameOverride) })),
  }));
}

const splitAssessmentKey = (key: string): [string, string] | null => {
  const i = key.indexOf("/");
  return i > 0 ? [key.slice(0, i), key.slice(i + 1)] : null;
};

type Field = (name: string) => unknown;
const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * Applies one edit (the form's `intent` and fields) to the state. A refused dialog form answers the state with
 * the dialog still open and `result` holding the errors and the input (`status` 400). Unknown intents change
 * nothing. `library` names the assessments (GET v2/scan/assessments).
 */
export function applyEdit(state: EditorState, form: FormData, library: readonly { id: string; name: string }[]): { state: EditorState; status: number } {
  const field: Field = (n) => form.get(n);
  const intent = text(field("intent"));
  const { draft } = state;
  const ok = (next: Partial<EditorState>) => ({ state: { draft, dialog: null, ...next }, status: 200 });
  const findModule = (key: string) => draft.modules.find((m) => m.key === key);

  const move = parseMoveIntent(intent);
  if (move) {
    const pair = splitAssessmentKey(move.key);
    if (!pair) return ok({ draft: reorder(draft, moveKey(draft.modules.map((m) => m.key), move.key, move.direction)) });
    const module = findModule(pair[0]);
    if (!module) return ok({});
    const keys = module.assessments.map((a) => assessmentKey(module.key, a.id));
    return ok({ draft: reorder(draft, moveKey(keys, move.key, move.direction), module.key) });
  }
  if (intent === "open:add-module") return ok({ dialog: { kind: "add-module" } });
  if (intent.startsWith("open:edit-module:")) {
    const key = intent.slice("open:edit-module:".length);
    return ok({ dialog: findModule(key) ? { kind: "edit-module", module: key } : null });
  }
  if (intent.startsWith("open:add-assessment:")) {
    const key = intent.slice("open:add-assessment:".length);
    return ok({ dialog: findModule(key) ? { kind: "add-assessment", module: key } : null });
  }
  if (intent.startsWith("open:edit-assessment:")) {
    const pair = splitAssessmentKey(intent.slice("open:edit-assessment:".length));
    const found = pair && findModule(pair[0])?.assessments.some((a) => a.id === pair[1]);
    return ok({ dialog: pair && found ? { kind: "edit-assessment", module: pair[0], assessment: pair[1] } : null });
  }
  if (intent.startsWith("delete-module:")) {
    const key = intent.slice("delete-module:".length);
    return ok({ draft: findModule(key) ? changed(draft.modules.filter((m) => m.key !== key)) : draft });
  }
  if (intent.startsWith("delete-assessment:")) {
    const pair = splitAssessmentKey(intent.slice("delete-assessment:".length));
    if (!pair || !findModule(pair[0])) return ok({});
    return ok({ draft: mapModule(draft, pair[0], (m) => ({ ...m, assessments: m.assessments.filter((a) => a.id !== pair[1]) })) });
  }
  if (intent === "save-module") return saveModule(state, form);
  if (intent === "save-assessment") return saveAssessment(state, form, library);
  return ok({});
}

function saveModule(state: EditorState, form: FormData): { state: EditorState; status: number } {
  const target = text(form.get("target"));
  const submission = parseWithZod(form, { schema: moduleSchema });
  const dialog: EditorDialog = target ? { kind: "edit-module", module: target } : { kind: "add-module" };
  if (submission.status !== "success") return { state: { ...state, dialog, result: submission.reply() }, status: 400 };
  const v = submission.value;
  const fields = { name: v.name, subtitle: v.subtitle, imageName: v.imageName, isLocked: v.isLocked === "true", imageUrl: v.imageUrl ?? null };
  const { draft } = state;
  if (target && draft.modules.some((m) => m.key === target)) {
    return { state: { draft: mapModule(draft, target, (m) => ({ ...m, ...fields })), dialog: null }, status: 200 };
  }
  // A new module goes to the top (003 §4).
  const created: DraftModule = { key: `new-${newFormToken()}`, ...fields, assessments: [] };
  return { state: { draft: changed([created, ...draft.modules]), dialog: null }, status: 200 };
}

function saveAssessment(state: EditorState, form: FormData, library: readonly { id: string; name: string }[]): { state: EditorState; status: number } {
  const target = text(form.get("target"));
  const previous = text(form.get("previous"));
  const module = state.draft.modules.find((m) => m.key === target);
  if (!module) return { state: { ...state, dialog: null }, status: 200 };
  const dialog: EditorDialog = previous ? { kind: "edit-assessment", module: target, assessment: previous } : { kind: "add-assessment", module: target };
  const submission = parseWithZod(form, { schema: assessmentSchema });
  const refuse = (fieldErrors?: Record<string, string[]>) => ({ state: { ...state, dialog, result: submission.reply(fieldErrors ? { fieldErrors } : undefined) }, status: 400 });
  if (submission.status !== "success") return refuse();
  const { assessmentId, nameOverride } = submission.value;
  const known = library.find((a) => a.id === assessmentId);
  if (!known) return refuse({ assessmentId: [ASSESSMENT_REQUIRED] });
  if (module.assessments.some((a) => a.id === assessmentId && a.id !== previous)) return refuse({ assessmentId: [ASSESSMENT_TAKEN] });
  const entry: DraftAssessment = { id: assessmentId, name: known.name, nameOverride: blankToNull(nameOverride) };
  const draft = mapModule(state.draft, target, (m) =>
    previous && m.assessments.some((a) => a.id === previous) ? { ...m, assessments: m.assessments.map((a) => (a.id === previous ? entry : a)) } : { ...m, assessments: [...m.assessments, entry] },
  );
  return { state: { draft, dialog: null }, status: 200 };
}
