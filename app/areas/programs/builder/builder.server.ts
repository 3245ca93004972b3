/**
 * The loader and action of /programs/templates/builder/ (routes/_app.programs.templates.builder.tsx re-exports
 * them). The URL names the start (domain/program-builder.ts) and the step (rules/builder-flow.ts); the draft
 * travels in each post (forms/draft.ts). Every answer is a BuilderView (builder-view.ts); refusals answer 400
 * (or the API's status) with everything typed kept, successes redirect with a flash toast.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { assignProgramToPatient } from "../../../api/programs.server";
import { getSession } from "../../../auth/session.server";
import { type CurrentUser } from "../../../auth/user.server";
import { requireHealthUser } from "../access.server";
import { parseBuilderStart } from "../../../domain/program-builder";
import { callOnce, FORM_TOKEN_FIELD, submitOnce } from "../../../forms/submit-once.server";
import { parseMoveIntent, moveKey } from "../../../islands/sortable-order";
import {
  DRAFT_FIELD,
  EDIT_FIELDS,
  editChanged,
  editErrorField,
  newBlockKey,
  parseDraft,
  readBlocks,
  readEdits,
  readInformation,
  readOrder,
  readSaveAsTemplate,
  readTemplateFields,
  type EditField,
  type OpenEdits,
} from "../forms/draft";
import { COMPLETED_PARAM, defaultReturn, isNew, isReturn, offersSaveAsTemplate, patientHref, patientOf, returnHref, stepParam, type Step } from "../rules/builder-flow";
import { parseGoalTime } from "../rules/goal-time";
import {
  addBlock,
  applyStarter,
  blockRefusal,
  exercisesErrors,
  hasErrors,
  informationErrors,
  isDirty,
  nameErrors,
  notesErrors,
  orderBlocks,
  reachableStep,
  removeBlock,
  UNSAVED_EDIT,
  updateBlock,
  type FieldErrors,
  type ProgramDraft,
} from "../rules/program-draft";
import { clampTime } from "../rules/set-goal";
import { EMPTY_FILTERS, parseExerciseFiltersForm } from "../rules/exercise-filters";
import {
  assignView,
  BAD_LINK,
  BuilderProblem,
  DRAFT_UNREADABLE,
  initialDraft,
  loadExercises,
  loadPatient,
  loadStepExtras,
  loadStepsData,
  loadTemplate,
  problemView,
  stepsView,
  type BuilderEnv,
  type StepsInput,
} from "./builder-data.server";
import type { BuilderView } from "./builder-view";
import { publish, PUBLISH_MESSAGES, type TemplateCopy } from "./publish.server";
import { failedStatus } from "../../../forms/api-error";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** 001 §8, verbatim. */
export const ASSIGN_TEMPLATE_FAILED = "Could not assign template.";
/** Ours: Assign to Patient at step 0 without a template chosen. */
export const CHOOSE_TEMPLATE = "Choose a template to assign, or New Program.";
/** Ours: an Add for an exercise that is not (or no longer) in the library. */
export const EXERCISE_UNAVAILABLE = "That exercise is not available in the Motion Library.";

const view = (v: BuilderView, status = 200) => data<BuilderView>(v, { status, headers: NO_STORE });

export async function loadBuilder({ request, context }: LoaderFunctionArgs) {
  // Programs and templates are Health's (ADR 020): an organization without it gets the not-found page here too,
  // as on the template list and detail — not an empty builder it could only fail to save from.
  requireHealthUser(context);
  const params = requestUrl(request).searchParams;
  if (params.has(COMPLETED_PARAM)) return view({ kind: "completed", title: "New Program Template" });
  const start = parseBuilderStart(params);
  if (!start) return view(problemView(null, BAD_LINK), 404);
  const env: BuilderEnv = { request, context, start };
  try {
    if (start.action === "assign") return view(await assignView(env, params.get("preview")));
    const requested = stepParam(params);
    // A new draft reaches step 1 only: its data loads with it. An edited one's step depends on the draft.
    if (isNew(start)) return view(stepsView(env, await loadStepsData(env, 1), { draft: await initialDraft(env), step: 1 }));
    const draft = await initialDraft(env);
    const step = reachableStep(draft, requested);
    return view(stepsView(env, await loadStepsData(env, step), { draft, step }));
  } catch (err) {
    if (err instanceof BuilderProblem) return view(problemView(start, err.message), err.status);
    throw err;
  }
}

export async function builderAction({ request, context }: ActionFunctionArgs) {
  const user = requireHealthUser(context);
  const start = parseBuilderStart(requestUrl(request).searchParams);
  if (!start) return view(problemView(null, BAD_LINK), 404);
  const env: BuilderEnv = { request, context, start };
  const form = await readForm(request);
  try {
    if (start.action === "assign") return await assignAction(env, user, form);
    return await stepsAction(env, user, form);
  } catch (err) {
    if (err instanceof BuilderProblem) return view(problemView(start, err.message), err.status);
    throw err;
  }
}

/** Step 0's Assign to Patient: the chosen template, copied into a program of the patient's (once per form token). */
async function assignAction(env: BuilderEnv, user: CurrentUser, form: FormData) {
  const patientId = patientOf(env.start)!;
  const templateId = String(form.get("templateId") ?? "");
  if (form.get("intent") !== "assign-template" || !/^[0-9a-fA-F-]{36}$/.test(templateId)) return view(await assignView(env, null, CHOOSE_TEMPLATE), 400);
  const result = await callOnce(`${user.userId}:assign-template:${patientId}`, form.get(FORM_TOKEN_FIELD), () => assignProgramToPatient(env.request, env.context, patientId, templateId));
  if (result.error) {
    return view(await assignView(env, templateId, ASSIGN_TEMPLATE_FAILED), failedStatus(result.error));
  }
  getSession(env.request, env.context).flash("toast", { type: "success", message: PUBLISH_MESSAGES.assigned });
  return redirect(patientHref(patientId));
}

const stepOf = (v: FormDataEntryValue | null): Step => (v === "2" ? 2 : v === "3" ? 3 : 1);

/** The draft with the open inline edits applied (what the dirty rule looks at when closing). */
function withEdits(d: ProgramDraft, edits: OpenEdits): ProgramDraft {
  return { ...d, ...(edits.name !== undefined ? { name: edits.name } : {}), ...(edits.notes !== undefined ? { notes: edits.notes } : {}), ...(edits.frequency ?? {}) };
}

/** 'Don't forget to save or cancel your changes.' at each open edit that changed something. */
function unsavedEditErrors(edits: OpenEdits, d: ProgramDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of EDIT_FIELDS) if (editChanged(field, edits, d)) errors[editErrorField(field)] = [UNSAVED_EDIT];
  return errors;
}

/** Open edits that changed nothing close when the step is left. */
const closeEdits = (): OpenEdits => ({});

const isEditField = (v: string): v is EditField => (EDIT_FIELDS as readonly string[]).includes(v);

function splitIntent(intent: string): [string, string] {
  const i = intent.indexOf(":");
  return i < 0 ? [intent, ""] : [intent.slice(0, i), intent.slice(i + 1)];
}

async function stepsAction(env: BuilderEnv, user: CurrentUser, form: FormData) {
  const { start } = env;
  const posted = parseDraft(form.get(DRAFT_FIELD));
  if (!posted) return view(problemView(start, DRAFT_UNREADABLE), 400);
  const from = stepOf(form.get("step"));
  let draft = posted;
  if (from === 1) draft = readInformation(form, draft);
  // With JavaScript the list's island carries the order it shows (`order`) in every post: a post sent while a
  // drop's reorder is still on its way keeps the dropped order.
  if (from === 2) draft = orderBlocks(readBlocks(form, draft), readOrder(form));
  if (from === 3) draft = readSaveAsTemplate(form, draft);
  let edits: OpenEdits = from >= 2 ? readEdits(form, draft) : {};
  let grid = parseExerciseFiltersForm(form);
  let step: Step = from;
  let errors: FieldErrors = {};
  let formErrors: string[] = [];
  let dialog: StepsInput["dialog"] = null;
  let status = 200;
  const refuse = (e: FieldErrors, at: Step = from) => {
    errors = e;
    step = at;
    status = 400;
  };

  const [exercises, patient] = await Promise.all([loadExercises(env), loadPatient(env)]);
  const intent = String(form.get("intent") ?? "");
  const [verb, arg] = splitIntent(intent);
  const move = parseMoveIntent(intent);

  if (move) {
    draft = orderBlocks(draft, moveKey(draft.blocks.map((b) => b.key), move.key, move.direction));
  } else {
    switch (verb) {
      case "next": {
        if (from === 1) {
          const e = informationErrors(draft);
          if (hasErrors(e)) refuse(e);
          else [step, grid] = [2, { ...EMPTY_FILTERS }];
        } else if (from === 2) {
          const e = { ...exercisesErrors(draft), ...unsavedEditErrors(edits, draft) };
          if (hasErrors(e)) refuse(e);
          else [step, edits] = [3, closeEdits()];
        }
        break;
      }
      case "back":
        [step, edits] = [from === 3 ? 2 : 1, closeEdits()];
        break;
      case "close":
      case "leave": {
        const href = returnHref(start, isReturn(arg) ? arg : defaultReturn(start));
        if (!isDirty(withEdits(draft, edits))) return redirect(href);
        dialog = { kind: "discard", leaveHref: href };
        break;
      }
      case "starter": {
        const id = String(form.get("starterId") ?? "");
        if (!id) draft = applyStarter(draft, null, newBlockKey);
        else {
          try {
            draft = applyStarter(draft, await loadTemplate(env, id), newBlockKey);
          } catch (err) {
            if (!(err instanceof BuilderProblem)) throw err;
            formErrors = [err.message];
            status = err.status;
          }
        }
        break;
      }
      case "add": {
        const exercise = exercises.list?.find((e) => e.id === arg && e.completeness === "COMPLETE");
        if (!exercise) [formErrors, status] = [[EXERCISE_UNAVAILABLE], 400];
        else draft = addBlock(draft, exercise, newBlockKey(), patient?.injuredSide);
        break;
      }
      case "remove":
        draft = removeBlock(draft, arg);
        break;
      case "reorder":
        draft = orderBlocks(draft, readOrder(form));
        break;
      case "time": {
        const [key = "", seconds = ""] = arg.split(":");
        // A quick pick replaces whatever was typed (its seconds are the button's own).
        const picked = parseGoalTime(seconds);
        if (picked !== null) draft = updateBlock(draft, key, (b) => (b.setGoal.goalType === "TIME" ? { ...b, setGoal: { goalType: b.setGoal.goalType, reps: b.setGoal.reps, time: clampTime(picked) } } : b));
        break;
      }
      case "edit":
        if (isEditField(arg) && edits[arg] === undefined) {
          edits = { ...edits, [arg]: arg === "frequency" ? { dailyFrequency: draft.dailyFrequency, weeklyFrequency: draft.weeklyFrequency } : draft[arg] };
        }
        break;
      case "save-edit": {
        if (!isEditField(arg)) break;
        const e: FieldErrors = {};
        if (arg === "name" && edits.name !== undefined && nameErrors(edits.name).length) e["edit.name"] = nameErrors(edits.name);
        if (arg === "notes" && edits.notes !== undefined && notesErrors(edits.notes).length) e["edit.notes"] = notesErrors(edits.notes);
        if (hasErrors(e)) refuse(e);
        else {
          draft = withEdits(draft, { [arg]: edits[arg] });
          const { [arg]: _saved, ...rest } = edits;
          edits = rest;
        }
        break;
      }
      case "cancel-edit": {
        if (!isEditField(arg)) break;
        const { [arg]: _dropped, ...rest } = edits;
        edits = rest;
        break;
      }
      case "search":
        grid = { ...grid, page: 1 };
        break;
      case "publish":
      case "publish-only":
      case "publish-with-template": {
        const checked = checkPublish(draft, edits);
        if (checked) {
          refuse(checked.errors, checked.step);
          break;
        }
        let copy: TemplateCopy | null = null;
        if (verb === "publish" && offersSaveAsTemplate(start) && draft.saveAsTemplate) {
          dialog = { kind: "save-as-template", templateName: draft.name, templateNotes: draft.notes };
          break;
        }
        if (verb === "publish-with-template") {
          const fields = readTemplateFields(form) ?? { templateName: "", templateNotes: "" };
          const e: FieldErrors = {};
          if (nameErrors(fields.templateName).length) e.templateName = nameErrors(fields.templateName);
          if (notesErrors(fields.templateNotes).length) e.templateNotes = notesErrors(fields.templateNotes);
          if (hasErrors(e)) {
            refuse(e);
            dialog = { kind: "save-as-template", ...fields };
            break;
          }
          copy = { name: fields.templateName, notes: fields.templateNotes };
        }
        // Once per form token (ADR 005): a double submit gets the first one's outcome, not a second template.
        const outcome = await submitOnce(`${user.userId}:program-builder:${start.action}`, form.get(FORM_TOKEN_FIELD), async () => {
          const o = await publish(env.request, env.context, start, draft, copy);
          return { keep: o.ok, value: o };
        });
        if (outcome.ok) {
          getSession(env.request, env.context).flash("toast", outcome.toast);
          return redirect(outcome.redirect);
        }
        // A refused block (issue 34: the API's `blocks[0].exerciseId: …`) is said at that block, on the step that shows it.
        const atBlock = outcome.block ? blockRefusal(draft, outcome.block.item) : null;
        if (atBlock) [errors, step, edits] = [atBlock, 2, closeEdits()];
        formErrors = atBlock && outcome.block?.alone ? [] : [outcome.message];
        status = outcome.status;
        break;
      }
      default:
        // "stay" (the discard dialog's Cancel), "refresh" (Enter in a field): the same step, as typed.
        break;
    }
  }

  const extras = await loadStepExtras(env, step);
  return view(stepsView(env, { exercises, patient, ...extras }, { draft, step, errors, formErrors, edits, dialog, grid }), status);
}

/** What keeps the draft from being published, and the step that shows it; null when it can be. */
function checkPublish(draft: ProgramDraft, edits: OpenEdits): { errors: FieldErrors; step: Step } | null {
  const unsaved = unsavedEditErrors(edits, draft);
  if (hasErrors(unsaved)) return { errors: unsaved, step: 3 };
  const information = informationErrors(draft);
  if (hasErrors(information)) return { errors: information, step: 1 };
  const exercises = exercisesErrors(draft);
  if (hasErrors(exercises)) return { errors: exercises, step: 2 };
  return null;
}
