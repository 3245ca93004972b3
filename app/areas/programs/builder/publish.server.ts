/**
 * Publishing (001 §4 "Publishing", §8): the last step's button.
 *
 * - Template create or duplicate: create-template, then the completion screen, with the toast
 *   'Successfully created {name}.' or 'Successfully duplicated {name}.'. A failure shows the API's message,
 *   or 'Something went wrong.' when the API gave none (a 5xx, no answer).
 * - Template edit: update-template, back to where the builder was opened from.
 * - A program for a patient: create the program, then assign it (isEdit when it is the patient's edited
 *   program: the old one retires); 'Program successfully assigned.' or, for an edit, 'Successfully updated or
 *   assigned Program. This patient will be notified about their updated Program.'. With 'Save this Program as
 *   template': then create a template from it with the new name and notes ('Program succesfully assigned &
 *   saved as template.'). Then the patient's detail, where the Program card shows the new program.
 * - An existing program without a patient: the replace call.
 * - A program failure: 'There was a problem assigning the Program to the patient.'.
 *
 * The caller runs it once per form token (submitOnce): a double submit gets the first one's outcome.
 */
import type { PortalLoadContext } from "../../../context";
import { assignProgram, createProgram, createTemplate, replaceProgram, updateTemplate, type BlockInput, type TemplateCreate } from "../../../api/programs.server";
import type { ListItemMessage } from "../../../api/readable-error";
import type { ApiError } from "../../../api/result";
import type { ToastMessage } from "../../../components/toast";
import type { BuilderStart } from "../../../domain/program-builder";
import { normalizeLineBreaks } from "../../../domain/text-length";
import { completedHref, patientHref, patientOf, publishMode, returnHref } from "../rules/builder-flow";
import type { DraftBlock, ProgramDraft } from "../rules/program-draft";
import { failedStatus } from "../../../forms/api-error";

/** 001 §8, verbatim (the spec's spelling). */
export const PUBLISH_MESSAGES = {
  created: (name: string) => `Successfully created ${name}.`,
  duplicated: (name: string) => `Successfully duplicated ${name}.`,
  assigned: "Program successfully assigned.",
  updated: "Successfully updated or assigned Program. This patient will be notified about their updated Program.",
  assignedAndSaved: "Program succesfully assigned & saved as template.",
  templateFailed: "Something went wrong.",
  assignFailed: "There was a problem assigning the Program to the patient.",
  /** Ours (the spec has no message for a saved template edit). */
  templateUpdated: (name: string) => `Successfully updated ${name}.`,
  /** Ours: the program was assigned, the template from it could not be saved. */
  assignedTemplateFailed: (message: string) => `Program successfully assigned. The template could not be saved: ${message}`,
} as const;

/**
 * A refusal: the form's message, and when the API refused one block (`blocks[0].exerciseId: …`, issue 34) that block's
 * refusal, to show at the block (`alone`: the message is the block's own, said at the block only).
 */
export type PublishRefusal = { ok: false; message: string; status: number; block?: { item: ListItemMessage; alone: boolean } };
export type PublishOutcome = { ok: true; redirect: string; toast: ToastMessage } | PublishRefusal;

/** A template to save from the assigned program (the save-as-template dialog). */
export interface TemplateCopy {
  name: string;
  notes: string;
}

const notesOf = (notes: string) => {
  const n = normalizeLineBreaks(notes).trim();
  return n ? n : null;
};

export function blockInput(b: DraftBlock): BlockInput {
  const input: BlockInput = { exerciseId: b.exerciseId, sideOfBody: b.sideOfBody, numSets: b.numSets, setGoal: { goalType: b.setGoal.goalType, reps: b.setGoal.reps, time: b.setGoal.time } };
  if (b.id !== undefined) input.id = b.id;
  if (b.uuid !== undefined) input.uuid = b.uuid;
  return input;
}

/** The API's payload of the draft (a program adds its templateId). */
export function payloadOf(d: ProgramDraft): TemplateCreate {
  return {
    name: d.name.trim(),
    notes: notesOf(d.notes),
    dailyFrequency: d.dailyFrequency,
    weeklyFrequency: d.weeklyFrequency,
    blocks: d.blocks.map(blockInput),
  };
}

/** The API's message for a refusal (4xx); 'Something went wrong.' when it gave none. */
const templateMessage = (e: ApiError) => (e.status >= 400 && e.status < 500 && e.message ? e.message : PUBLISH_MESSAGES.templateFailed);

/** The API's refusal of one block of the payload (a 4xx about `blocks[i]…`), if it is one. */
const blockItem = (e: ApiError) => (e.status >= 400 && e.status < 500 && e.field === "blocks" ? e.item : undefined);

/**
 * A refused publish: the status (the API's 4xx, else 502), the form's message (a template's: the API's; a program's:
 * the spec's), and the block the API refused, if any.
 */
export function refusal(e: ApiError, programMessage?: string): PublishRefusal {
  const item = blockItem(e);
  const message = programMessage ?? templateMessage(e);
  return { ok: false, message, status: failedStatus(e), ...(item ? { block: { item, alone: programMessage === undefined } } : {}) };
}

const success = (redirect: string, message: string, type: ToastMessage["type"] = "success"): PublishOutcome => ({ ok: true, redirect, toast: { type, message } });

export async function publish(request: Request, context: PortalLoadContext, start: BuilderStart, draft: ProgramDraft, copy: TemplateCopy | null): Promise<PublishOutcome> {
  const body = payloadOf(draft);
  switch (publishMode(start)) {
    case "create-template":
    case "duplicate-template": {
      const result = await createTemplate(request, context, body);
      if (result.error) return refusal(result.error);
      const message = start.action === "duplicate-template" ? PUBLISH_MESSAGES.duplicated(result.data.name) : PUBLISH_MESSAGES.created(result.data.name);
      return success(completedHref(result.data.id), message);
    }
    case "update-template": {
      if (start.action !== "edit-template") throw new Error("update-template without a template");
      const result = await updateTemplate(request, context, start.templateId, body);
      if (result.error) return refusal(result.error);
      return success(returnHref(start), PUBLISH_MESSAGES.templateUpdated(result.data.name));
    }
    case "replace-program": {
      if (start.action !== "edit-program") throw new Error("replace-program without a program");
      const result = await replaceProgram(request, context, start.hepId, { ...body, templateId: draft.templateId });
      if (result.error) return refusal(result.error, PUBLISH_MESSAGES.assignFailed);
      return success(returnHref(start), PUBLISH_MESSAGES.updated);
    }
    case "assign-program": {
      const patientId = patientOf(start)!;
      const isEdit = start.action === "edit-program";
      const created = await createProgram(request, context, { ...body, templateId: draft.templateId });
      if (created.error) return refusal(created.error, PUBLISH_MESSAGES.assignFailed);
      const assigned = await assignProgram(request, context, created.data.id, [patientId], isEdit);
      if (assigned.error) return refusal(assigned.error, PUBLISH_MESSAGES.assignFailed);
      const done = patientHref(patientId);
      if (!copy) return success(done, isEdit ? PUBLISH_MESSAGES.updated : PUBLISH_MESSAGES.assigned);
      const template = await createTemplate(request, context, { ...body, name: copy.name.trim(), notes: notesOf(copy.notes) });
      if (template.error) return success(done, PUBLISH_MESSAGES.assignedTemplateFailed(templateMessage(template.error)), "warning");
      return success(done, PUBLISH_MESSAGES.assignedAndSaved);
    }
  }
}
