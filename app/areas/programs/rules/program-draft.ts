/**
 * The builder's draft (001 §3 Program/Block, §4 "Builder", §5): what the clinician is building, carried whole
 * by every step's form (forms/draft.ts) and changed only by these pure rules.
 *
 * - A new program or template: no name, no notes, 3 sessions a day, 5 days a week, no exercises.
 * - Duplicating a template appends ' (DUPLICATE)' to its name.
 * - Choosing a starter template copies its name, notes, blocks and frequencies (3 and 5 when it has none);
 *   choosing None again restores 3 and 5.
 * - Dirty: the draft differs from what the builder started with, and it has a name.
 * - Step 1 → 2 needs a name (and notes under the limit); step 2 → 3 needs an exercise, valid goals and no
 *   unsaved sidebar edit.
 */
import { isSingleLine, notSingleLine } from "../../../domain/single-line";
import { countedLength, normalizeLineBreaks } from "../../../domain/text-length";
import { clampSets, defaultGoal, defaultSide, goalErrors, type GoalExercise, type SetGoal, type SideOfBody } from "./set-goal";

export const DAILY_MIN = 1;
export const DAILY_MAX = 5;
export const WEEKLY_MIN = 1;
export const WEEKLY_MAX = 7;
export const DAILY_DEFAULT = 3;
export const WEEKLY_DEFAULT = 5;
export const NOTES_MAX = 500;
export const NAME_MAX = 200;
export const BLOCKS_MAX = 100;

/** 001 §5, verbatim. */
export const NAME_REQUIRED = "Name is required";
export const EXERCISES_REQUIRED = "You must add exercises in order to create the Template or Program.";
export const UNSAVED_EDIT = "Don't forget to save or cancel your changes.";
/** The spec's "the number of characters should be max 500", worded as the patients area words the same limit. */
export const NOTES_TOO_LONG = `Max Character Limit is ${NOTES_MAX}`;
export const DUPLICATE_SUFFIX = " (DUPLICATE)";

export interface DraftBlock {
  /** Identifies the block in the builder's forms: the block's uuid when it has one, else a new random id. */
  key: string;
  /** Kept for an edited program or template (the API keeps them); absent for new and copied blocks. */
  id?: number;
  uuid?: string;
  exerciseId: string;
  sideOfBody: SideOfBody | null;
  numSets: number;
  setGoal: SetGoal;
}

export interface ProgramDraft {
  name: string;
  notes: string;
  dailyFrequency: number;
  weeklyFrequency: number;
  blocks: DraftBlock[];
  /** The starter template chosen at step 1 (new programs and templates), or null. */
  starterId: string | null;
  /** The template a program is built from (sent as the program's templateId), or null. */
  templateId: string | null;
  /** 'Save this Program as template' (last step of a program). */
  saveAsTemplate: boolean;
  /** Fingerprint of what the builder started with (the dirty rule). */
  original: string;
}

/** A program or template as the builder reads it (the contract's Program has these fields). */
export interface ProgramSource {
  id: string;
  name: string;
  notes: string | null;
  dailyFrequency?: number | null;
  weeklyFrequency?: number | null;
  templateId?: string | null;
  blocks: readonly { id?: number; uuid?: string; exerciseId: string; sideOfBody?: SideOfBody | null; numSets: number; setGoal: { goalType: SetGoal["goalType"]; reps?: number | null; time?: number | null } }[];
}

export type NewKey = () => string;

/** FNV-1a (32 bits) of a string, as 8 hex digits. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** What the dirty rule compares: the program's fields as they would be saved. */
export function fingerprint(d: Omit<ProgramDraft, "original">): string {
  return hash(
    JSON.stringify([
      d.name.trim(),
      normalizeLineBreaks(d.notes).trim(),
      d.dailyFrequency,
      d.weeklyFrequency,
      d.blocks.map((b) => [b.exerciseId, b.sideOfBody, b.numSets, b.setGoal.goalType, b.setGoal.reps, b.setGoal.time]),
    ]),
  );
}

/** The draft with `original` set to itself: the starting point of the dirty rule. */
export const asOriginal = (d: Omit<ProgramDraft, "original">): ProgramDraft => ({ ...d, original: fingerprint(d) });

/** A dirty draft (001 §4): differs from the original and has a name. */
export const isDirty = (d: ProgramDraft) => d.name.trim() !== "" && fingerprint(d) !== d.original;

export function emptyDraft(): ProgramDraft {
  return asOriginal({ name: "", notes: "", dailyFrequency: DAILY_DEFAULT, weeklyFrequency: WEEKLY_DEFAULT, blocks: [], starterId: null, templateId: null, saveAsTemplate: false });
}

/** ' (DUPLICATE)' appended, the name shortened to keep within the API's 200 characters. */
export const duplicateName = (name: string) => `${name.slice(0, NAME_MAX - DUPLICATE_SUFFIX.length)}${DUPLICATE_SUFFIX}`;

const inRange = (n: number | null | undefined, min: number, max: number, fallback: number) => (typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : fallback);

function copyBlocks(source: ProgramSource, keep: boolean, newKey: NewKey): DraftBlock[] {
  return source.blocks.map((b) => {
    const block: DraftBlock = {
      key: keep && b.uuid ? b.uuid : newKey(),
      exerciseId: b.exerciseId,
      sideOfBody: b.sideOfBody ?? null,
      numSets: clampSets(b.numSets),
      setGoal: { goalType: b.setGoal.goalType, reps: b.setGoal.reps ?? null, time: b.setGoal.time ?? null },
    };
    if (keep && b.id !== undefined) block.id = b.id;
    if (keep && b.uuid !== undefined) block.uuid = b.uuid;
    return block;
  });
}

/**
 * The draft of an existing program or template: `edit` keeps the blocks' ids (the API keeps them across
 * edits); `duplicate` appends ' (DUPLICATE)' and makes new blocks. The result is its own original.
 */
export function draftFrom(source: ProgramSource, how: "edit" | "duplicate", newKey: NewKey): ProgramDraft {
  return asOriginal({
    name: how === "duplicate" ? duplicateName(source.name) : source.name,
    notes: source.notes ?? "",
    dailyFrequency: inRange(source.dailyFrequency, DAILY_MIN, DAILY_MAX, DAILY_DEFAULT),
    weeklyFrequency: inRange(source.weeklyFrequency, WEEKLY_MIN, WEEKLY_MAX, WEEKLY_DEFAULT),
    blocks: copyBlocks(source, how === "edit", newKey),
    starterId: null,
    templateId: source.templateId ?? null,
    saveAsTemplate: false,
  });
}

/**
 * Step 1's starter (001 §4): a template copies its name, notes, blocks and frequencies (3 and 5 when it has
 * none); null (None) restores 3 and 5 and keeps the rest. The original stays: the draft becomes dirty.
 */
export function applyStarter(d: ProgramDraft, template: ProgramSource | null, newKey: NewKey): ProgramDraft {
  if (!template) return { ...d, starterId: null, templateId: null, dailyFrequency: DAILY_DEFAULT, weeklyFrequency: WEEKLY_DEFAULT };
  return {
    ...d,
    name: template.name,
    notes: template.notes ?? "",
    blocks: copyBlocks(template, false, newKey),
    dailyFrequency: inRange(template.dailyFrequency, DAILY_MIN, DAILY_MAX, DAILY_DEFAULT),
    weeklyFrequency: inRange(template.weeklyFrequency, WEEKLY_MIN, WEEKLY_MAX, WEEKLY_DEFAULT),
    starterId: template.id,
    templateId: template.id,
  };
}

/** Adds an exercise at the end with its default goal (and the patient's injured side when one-sided). */
export function addBlock(d: ProgramDraft, exercise: GoalExercise & { id: string }, key: string, injuredSide?: string | null): ProgramDraft {
  if (d.blocks.length >= BLOCKS_MAX) return d;
  const block: DraftBlock = { key, exerciseId: exercise.id, sideOfBody: defaultSide(exercise, injuredSide), ...defaultGoal(exercise) };
  return { ...d, blocks: [...d.blocks, block] };
}

export const removeBlock = (d: ProgramDraft, key: string): ProgramDraft => ({ ...d, blocks: d.blocks.filter((b) => b.key !== key) });

export const updateBlock = (d: ProgramDraft, key: string, change: (b: DraftBlock) => DraftBlock): ProgramDraft => ({
  ...d,
  blocks: d.blocks.map((b) => (b.key === key ? change(b) : b)),
});

/** The blocks in the order of `keys` (the ones not named keep their relative order at the end). */
export function orderBlocks(d: ProgramDraft, keys: readonly string[]): ProgramDraft {
  const byKey = new Map(d.blocks.map((b) => [b.key, b]));
  const first = [...new Set(keys)].flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
  const rest = d.blocks.filter((b) => !first.includes(b));
  return { ...d, blocks: [...first, ...rest] };
}

// ---- validation -------------------------------------------------------------------------------------------

/** Errors by field name (the builder's form names: name, notes, blocks, block.{key}.time …). */
export type FieldErrors = Record<string, string[]>;

export const blockField = (key: string, field: "side" | "sets" | "reps" | "time") => `block.${key}.${field}`;
/** A refusal of a block as a whole (its exercise), or of a part of it the block shows no field for. */
export const blockErrorField = (key: string) => `block.${key}`;

/**
 * Where the API's refusal of one block shows (issue 34: `blocks[0].exerciseId: …` was said for the whole form): at
 * the field of that block the path names, when the block shows one (side, sets, reps, time), else at the block
 * itself. `item` is the API error's (app/api/readable-error.ts); null when the draft has no such block.
 */
export function blockRefusal(d: ProgramDraft, item: { index: number; path: string; message: string }): FieldErrors | null {
  const b = d.blocks[item.index];
  if (!b) return null;
  const goal = b.setGoal.goalType;
  const field =
    item.path === "sideOfBody" ? "side"
    : item.path === "numSets" && goal !== "REPS_OR_TIME" ? "sets"
    : item.path === "setGoal.reps" && goal === "REPS" ? "reps"
    : item.path === "setGoal.time" && (goal === "TIME" || goal === "REPS_OR_TIME") ? "time"
    : null;
  return { [field ? blockField(b.key, field) : blockErrorField(b.key)]: [item.message] };
}

export const notesTooLong = (notes: string) => countedLength(notes) >= NOTES_MAX;

/** Name and notes (step 1, the inline edits, the save-as-template names). */
export function nameErrors(name: string): string[] {
  if (!name.trim()) return [NAME_REQUIRED];
  return isSingleLine(name.trim()) ? [] : [notSingleLine("Name")];
}
export function notesErrors(notes: string): string[] {
  return notesTooLong(notes) ? [NOTES_TOO_LONG] : [];
}

function add(errors: FieldErrors, field: string, messages: string[]) {
  if (messages.length) errors[field] = [...(errors[field] ?? []), ...messages];
}

/** What keeps step 1 from moving on. */
export function informationErrors(d: ProgramDraft): FieldErrors {
  const errors: FieldErrors = {};
  add(errors, "name", nameErrors(d.name));
  add(errors, "notes", notesErrors(d.notes));
  return errors;
}

/** What keeps step 2 from moving on (besides an unsaved sidebar edit, which the form knows). */
export function exercisesErrors(d: ProgramDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (d.blocks.length === 0) add(errors, "blocks", [EXERCISES_REQUIRED]);
  for (const b of d.blocks) {
    const g = goalErrors(b.setGoal);
    if (g.reps) add(errors, blockField(b.key, "reps"), [g.reps]);
    if (g.time) add(errors, blockField(b.key, "time"), [g.time]);
  }
  return errors;
}

export const hasErrors = (e: FieldErrors) => Object.keys(e).length > 0;

/** The furthest step the draft may show, up to `requested` (a URL may ask for a later step than it can reach). */
export function reachableStep(d: ProgramDraft, requested: 1 | 2 | 3): 1 | 2 | 3 {
  if (requested >= 2 && hasErrors(informationErrors(d))) return 1;
  if (requested >= 3 && hasErrors(exercisesErrors(d))) return 2;
  return requested;
}

/**
 * The hidden field that carries the whole draft in every post of the builder, and its text. Here, not in
 * forms/draft.ts, so the browser's bundle of the builder does not pull in zod (the schema is the server's).
 */
export const DRAFT_FIELD = "draft";
export const serializeDraft = (d: ProgramDraft) => JSON.stringify(d);
