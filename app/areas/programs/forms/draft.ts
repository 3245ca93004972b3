/**
 * The builder's one form (guide §6 "Multi-step flows without JavaScript"): every step posts the WHOLE draft
 * as one hidden JSON field (`draft`), validated by this schema on every post, plus the fields the step shows
 * (they win over the JSON: they are what the clinician sees). The draft never goes in the session cookie.
 *
 * Field names (also the keys of the errors the builder shows at its fields):
 *   step 1   name, notes, dailyFrequency, weeklyFrequency, starterId (with intent=starter)
 *   step 2   block.{key}.side | sets | reps | time, filters (the library's), order (intent=reorder)
 *   2 and 3  edit.name, edit.notes, edit.dailyFrequency, edit.weeklyFrequency: an open inline edit
 *   step 3   saveAsTemplate (with saveAsTemplateOffered); the save-as-template dialog: templateName, templateNotes
 */
import * as z from "zod";
import "../../../forms/fields"; // jitless in the browser, the fallback messages: before this module builds a schema
import { blockField, DAILY_MAX, DAILY_MIN, DRAFT_FIELD, NAME_MAX, serializeDraft, WEEKLY_MAX, WEEKLY_MIN, BLOCKS_MAX, type ProgramDraft } from "../rules/program-draft";
import { clampSets, clampTime, SETS_MAX, SETS_MIN, type SideOfBody } from "../rules/set-goal";
import { readGoalTime } from "../rules/goal-time";
import { normalizeLineBreaks } from "../../../domain/text-length";

/** Notes longer than the limit are kept (so the clinician can shorten them), up to this many characters. */
export { DRAFT_FIELD, serializeDraft };

// A whole paste comes back for the clinician to shorten (issue 34: a 10,000-character paste came back cut to 5,000
// without a word). 50,000 characters of notes keep the draft's field far below the forms' body limit
// (server/body-limit.ts); a paste longer than a long document is not notes.
export const NOTES_KEPT_MAX = 50_000;
/** Reps or a time typed that cannot be read are kept (shown back with the reason), up to this many characters. */
export const TYPED_MAX = 40;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const KEY = /^[0-9A-Za-z-]{1,40}$/;
const EXERCISE_ID = /^[A-Z]{1,4}-[0-9]{4}$/;

const goalSchema = z.strictObject({
  goalType: z.enum(["ROM", "TIME", "REPS", "REPS_OR_TIME"]),
  reps: z.number().int().min(0).max(999).nullable(),
  time: z.number().int().min(0).max(3600).nullable(),
  typed: z.string().max(TYPED_MAX).optional(),
});

const blockSchema = z.strictObject({
  key: z.string().regex(KEY),
  id: z.number().int().min(1).max(100000).optional(),
  uuid: z.string().regex(UUID).optional(),
  exerciseId: z.string().regex(EXERCISE_ID),
  sideOfBody: z.enum(["LEFT", "RIGHT"]).nullable(),
  numSets: z.number().int().min(SETS_MIN).max(SETS_MAX),
  setGoal: goalSchema,
});

export const draftSchema = z.strictObject({
  name: z.string().max(NAME_MAX),
  notes: z.string().max(NOTES_KEPT_MAX),
  dailyFrequency: z.number().int().min(DAILY_MIN).max(DAILY_MAX),
  weeklyFrequency: z.number().int().min(WEEKLY_MIN).max(WEEKLY_MAX),
  blocks: z
    .array(blockSchema)
    .max(BLOCKS_MAX)
    .refine((blocks) => new Set(blocks.map((b) => b.key)).size === blocks.length, { error: "Block keys must be unique." }),
  starterId: z.string().regex(UUID).nullable(),
  templateId: z.string().regex(UUID).nullable(),
  saveAsTemplate: z.boolean(),
  original: z.string().regex(/^[0-9a-f]{8}$/),
});

/** The draft of a post; null when the field is missing or not a draft (a tampered or truncated form). */
export function parseDraft(raw: FormDataEntryValue | null): ProgramDraft | null {
  if (typeof raw !== "string" || raw.length > 200_000) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(json);
  return parsed.success ? (parsed.data satisfies ProgramDraft) : null;
}


// ---- the step's visible fields ----------------------------------------------------------------------------

const text = (form: FormData, name: string): string | null => {
  const v = form.get(name);
  return typeof v === "string" ? v : null;
};

const intIn = (value: string | null, min: number, max: number): number | null => {
  if (value === null || !/^\s*-?\d+\s*$/.test(value)) return null;
  const n = Number.parseInt(value, 10);
  return n >= min && n <= max ? n : null;
};

/** A name as typed (at most the API's 200 characters). */
export const nameValue = (value: string) => value.slice(0, NAME_MAX);
/** Notes as typed, line breaks as the API stores them (LF). */
export const notesValue = (value: string) => normalizeLineBreaks(value).slice(0, NOTES_KEPT_MAX);

/** Step 1's fields over the draft (a field not in the form keeps the draft's value). */
export function readInformation(form: FormData, d: ProgramDraft): ProgramDraft {
  const name = text(form, "name");
  const notes = text(form, "notes");
  return {
    ...d,
    name: name === null ? d.name : nameValue(name),
    notes: notes === null ? d.notes : notesValue(notes),
    dailyFrequency: intIn(text(form, "dailyFrequency"), DAILY_MIN, DAILY_MAX) ?? d.dailyFrequency,
    weeklyFrequency: intIn(text(form, "weeklyFrequency"), WEEKLY_MIN, WEEKLY_MAX) ?? d.weeklyFrequency,
  };
}

/** Step 2's block fields over the draft: side, sets, reps (kept as typed, checked when leaving the step), time. */
export function readBlocks(form: FormData, d: ProgramDraft): ProgramDraft {
  return {
    ...d,
    blocks: d.blocks.map((b) => {
      const side = text(form, blockField(b.key, "side"));
      const sets = intIn(text(form, blockField(b.key, "sets")), -999, 999);
      const reps = text(form, blockField(b.key, "reps"));
      const time = text(form, blockField(b.key, "time"));
      const sideOfBody: SideOfBody | null = side === null ? b.sideOfBody : side === "LEFT" || side === "RIGHT" ? side : null;
      const goal = { ...b.setGoal };
      if (reps !== null && goal.goalType === "REPS") {
        // Blank is "no reps" (the range message); anything that is not a whole number is kept as typed.
        const n = intIn(reps, 0, 999);
        delete goal.typed;
        if (n !== null || reps.trim() === "") goal.reps = n;
        else goal.typed = reps.slice(0, TYPED_MAX);
      }
      if (time !== null && goal.goalType === "TIME") {
        const read = readGoalTime(time);
        delete goal.typed;
        if ("seconds" in read) goal.time = clampTime(read.seconds);
        else goal.typed = time.slice(0, TYPED_MAX);
      }
      // The special goal's sets are fixed (001 §9).
      const numSets = sets === null || goal.goalType === "REPS_OR_TIME" ? b.numSets : clampSets(sets);
      return { ...b, sideOfBody, numSets, setGoal: goal };
    }),
  };
}

/** The inline edits open in the form (each present only while its editor is open). */
export interface OpenEdits {
  name?: string;
  notes?: string;
  frequency?: { dailyFrequency: number; weeklyFrequency: number };
}

export type EditField = keyof OpenEdits;
export const EDIT_FIELDS: readonly EditField[] = ["name", "notes", "frequency"];

export function readEdits(form: FormData, d: ProgramDraft): OpenEdits {
  const edits: OpenEdits = {};
  const name = text(form, "edit.name");
  const notes = text(form, "edit.notes");
  const daily = text(form, "edit.dailyFrequency");
  const weekly = text(form, "edit.weeklyFrequency");
  if (name !== null) edits.name = nameValue(name);
  if (notes !== null) edits.notes = notesValue(notes);
  if (daily !== null || weekly !== null) {
    edits.frequency = {
      dailyFrequency: intIn(daily, DAILY_MIN, DAILY_MAX) ?? d.dailyFrequency,
      weeklyFrequency: intIn(weekly, WEEKLY_MIN, WEEKLY_MAX) ?? d.weeklyFrequency,
    };
  }
  return edits;
}

/** Whether an open edit differs from the draft (an unsaved change). */
export function editChanged(field: EditField, edits: OpenEdits, d: ProgramDraft): boolean {
  switch (field) {
    case "name":
      return edits.name !== undefined && edits.name !== d.name;
    case "notes":
      return edits.notes !== undefined && edits.notes !== normalizeLineBreaks(d.notes);
    case "frequency":
      return edits.frequency !== undefined && (edits.frequency.dailyFrequency !== d.dailyFrequency || edits.frequency.weeklyFrequency !== d.weeklyFrequency);
  }
}

/** The edit's form field that carries its errors. */
export const editErrorField = (field: EditField) => (field === "frequency" ? "edit.dailyFrequency" : `edit.${field}`);

/** Step 3's checkbox (only where the form offered it). */
export function readSaveAsTemplate(form: FormData, d: ProgramDraft): ProgramDraft {
  return form.has("saveAsTemplateOffered") ? { ...d, saveAsTemplate: form.get("saveAsTemplate") === "on" } : d;
}

/** The save-as-template dialog's name and notes. */
export function readTemplateFields(form: FormData): { templateName: string; templateNotes: string } | null {
  const name = text(form, "templateName");
  const notes = text(form, "templateNotes");
  return name === null && notes === null ? null : { templateName: nameValue(name ?? ""), templateNotes: notesValue(notes ?? "") };
}

/** The block keys of a reorder, in order. */
export const readOrder = (form: FormData) => form.getAll("order").filter((v): v is string => typeof v === "string" && KEY.test(v));

/** A new block key (crypto.randomUUID exists on the server). */
export const newBlockKey = () => crypto.randomUUID();
