/**
 * The Care Paths page's rules (001 §2.4, §4 "Care paths"), pure and shared by the server and the browser: the
 * URL state, the search, and the user's saved edits of the sample phases (what differs from the sample, and how
 * it is written compactly into the page's cookie — see path-edits.server.ts for why a cookie).
 *
 * URL: /programs/paths/?q=…            search (case-insensitive, on the path's name)
 *      …&edit={pathId}                 edit mode of one path (its form posts here: Save; Cancel is a link back)
 *      …&insights={pathId}             View Path Insights (a dialog: no data yet)
 */
import { LOGIC_OPTIONS, TYPE_OPTIONS, type CarePath, type CarePathPhase, type PhaseLogic, type PhaseType, PHASE_NUMBER_MAX, PHASE_NUMBER_MIN } from "./sample-paths";

export const PATHS_PATH = "/programs/paths/";

// Ours (the spec shows no text for these).
export const PATHS_INTRO = "Sample care paths: each phase progresses when its goal is met. The data is sample data.";
export const ADD_PATH_NOTE = "Adding a path is not available yet.";
export const INSIGHTS_EMPTY = "There is no data for this path yet: insights appear once patients follow it.";
export const noPathMatch = (q: string) => `No care paths match "${q}".`;
export const pathSaved = (name: string) => `${name} has been saved.`;

export interface PathsState {
  q: string;
  edit: string | null;
  insights: string | null;
}

const PATH_ID = /^[a-z0-9-]{1,60}$/;
const idParam = (v: string | null) => (v && PATH_ID.test(v) ? v : null);

export function parsePathsState(params: URLSearchParams): PathsState {
  return { q: (params.get("q") ?? "").trim().slice(0, 200), edit: idParam(params.get("edit")), insights: idParam(params.get("insights")) };
}

export function pathsHref(state: Partial<PathsState>): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.edit) params.set("edit", state.edit);
  if (state.insights) params.set("insights", state.insights);
  const search = params.toString();
  return search ? `${PATHS_PATH}?${search}` : PATHS_PATH;
}

/** The paths whose name holds `q` (case-insensitive). */
export function searchPaths(paths: readonly CarePath[], q: string): CarePath[] {
  const needle = q.trim().toLowerCase();
  return needle ? paths.filter((p) => p.name.toLowerCase().includes(needle)) : [...paths];
}

/** What a user may change of a phase. */
export interface PhaseEdit {
  selectedTrack: string;
  selectedLogic: PhaseLogic;
  selectedNumber: number;
  selectedType: PhaseType;
  messageProvider: boolean;
}

/** The user's edits by phase id: only the phases that differ from the sample. */
export type PathEdits = Record<string, PhaseEdit>;

const editOf = (p: CarePathPhase): PhaseEdit => ({
  selectedTrack: p.selectedTrack,
  selectedLogic: p.selectedLogic,
  selectedNumber: p.selectedNumber,
  selectedType: p.selectedType,
  messageProvider: p.messageProvider,
});

const sameEdit = (a: PhaseEdit, b: PhaseEdit) =>
  a.selectedTrack === b.selectedTrack && a.selectedLogic === b.selectedLogic && a.selectedNumber === b.selectedNumber && a.selectedType === b.selectedType && a.messageProvider === b.messageProvider;

/** The sample with the user's edits applied. */
export function applyEdits(paths: readonly CarePath[], edits: PathEdits): CarePath[] {
  return paths.map((path) => ({ ...path, phases: path.phases.map((phase) => (edits[phase.id] ? { ...phase, ...edits[phase.id] } : phase)) }));
}

/** The edits after saving `path` with `phases` (in the path's order): phases back at the sample's values are dropped. */
export function saveEdits(edits: PathEdits, sample: CarePath, phases: readonly PhaseEdit[]): PathEdits {
  const next: PathEdits = { ...edits };
  sample.phases.forEach((phase, i) => {
    const edit = phases[i];
    if (!edit || sameEdit(edit, editOf(phase))) delete next[phase.id];
    else next[phase.id] = { ...edit };
  });
  return next;
}

/**
 * The cookie's value: option indexes instead of texts (a few bytes a phase), the sample's version (an edit of
 * an older sample is dropped, not misread) and the user it belongs to (another user on the same browser starts
 * from the sample).
 */
export const EDITS_VERSION = 1;
export interface EncodedEdits {
  v: number;
  u: string;
  e: Record<string, [track: number, logic: number, number: number, type: number, notify: 0 | 1]>;
}

export function encodeEdits(edits: PathEdits, userId: string, paths: readonly CarePath[]): EncodedEdits {
  const phases = new Map(paths.flatMap((p) => p.phases.map((ph) => [ph.id, ph] as const)));
  const e: EncodedEdits["e"] = {};
  for (const [id, edit] of Object.entries(edits)) {
    const phase = phases.get(id);
    if (!phase) continue;
    e[id] = [phase.trackOptions.indexOf(edit.selectedTrack), LOGIC_OPTIONS.indexOf(edit.selectedLogic), edit.selectedNumber, TYPE_OPTIONS.indexOf(edit.selectedType), edit.messageProvider ? 1 : 0];
  }
  return { v: EDITS_VERSION, u: userId, e };
}

const isIndex = (n: unknown, length: number): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) < length;

/** The edits of a cookie value; anything not this user's, of another version, or not valid is left out. */
export function decodeEdits(value: unknown, userId: string, paths: readonly CarePath[]): PathEdits {
  if (!value || typeof value !== "object") return {};
  const { v, u, e } = value as Partial<EncodedEdits>;
  if (v !== EDITS_VERSION || u !== userId || !e || typeof e !== "object") return {};
  const phases = new Map(paths.flatMap((p) => p.phases.map((ph) => [ph.id, ph] as const)));
  const edits: PathEdits = {};
  for (const [id, tuple] of Object.entries(e)) {
    const phase = phases.get(id);
    if (!phase || !Array.isArray(tuple) || tuple.length !== 5) continue;
    const [track, logic, number, type, notify] = tuple as unknown[];
    if (!isIndex(track, phase.trackOptions.length) || !isIndex(logic, LOGIC_OPTIONS.length) || !isIndex(type, TYPE_OPTIONS.length)) continue;
    if (!Number.isInteger(number) || (number as number) < PHASE_NUMBER_MIN || (number as number) > PHASE_NUMBER_MAX || (notify !== 0 && notify !== 1)) continue;
    edits[id] = { selectedTrack: phase.trackOptions[track]!, selectedLogic: LOGIC_OPTIONS[logic]!, selectedNumber: number as number, selectedType: TYPE_OPTIONS[type]!, messageProvider: notify === 1 };
  }
  return edits;
}

/** A phase's goal in words: "Knee Flexion ROM > 90 Degrees", "Pain Score equals 0 Score". */
export function phaseGoal(phase: Pick<CarePathPhase, "selectedTrack" | "selectedLogic" | "selectedNumber" | "selectedType">): string {
  const logic = phase.selectedLogic === "Equals" ? "equals" : phase.selectedLogic;
  const unit = phase.selectedType === "%" ? "%" : ` ${phase.selectedType}`;
  return `${phase.selectedTrack} ${logic} ${phase.selectedNumber}${unit}`;
}
