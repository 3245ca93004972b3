/**
 * What the care-note dialogs show and fill in, without the form's schema: the limits, the call's choices and a
 * stored note's values. The dialogs import this module; the schema (./care-note.ts, with zod) loads with the form's
 * first use (ADR 038).
 */
export const CARE_NOTE_MAX = 500;
export const MAX_MINUTES = 1440;

/** The call of the note (`liveMethod`): none, a phone or a video call; UNRECORDED keeps an older note's interactive flag whose method was not recorded. */
export const LIVE_METHOD_VALUES = ["NONE", "PHONE", "VIDEO", "UNRECORDED"] as const;
export type LiveMethodValue = (typeof LIVE_METHOD_VALUES)[number];
/** How the call went (`liveOutcome`), read only with a phone or video call. */
export const LIVE_OUTCOME_VALUES = ["TWO_WAY", "ONE_WAY", "UNSUCCESSFUL"] as const;
export type LiveOutcomeValue = (typeof LIVE_OUTCOME_VALUES)[number];
/** Ours (the spec has no words for the call). */
export const LIVE_METHOD_INVALID = "Choose the call: none, phone or video.";
export const LIVE_OUTCOME_INVALID = "Choose how the call went.";
export const ATTEMPT_NEEDS_METHOD = "Choose the phone or video call that was tried.";

/** What the API stores of the call (openapi CareNoteCreate: liveInteraction, unsuccessfulAttempt; the spec's flag for an unrecorded method). */
export interface CareNoteInteraction {
  liveInteraction: { method: "PHONE" | "VIDEO"; twoWay: boolean } | null;
  unsuccessfulAttempt: boolean;
  /** Only to keep an older note's flag whose method was not recorded (the API derives it otherwise). */
  isPatientInteraction?: true;
}

export function interactionOf(method: LiveMethodValue, outcome: LiveOutcomeValue, minutes?: number): CareNoteInteraction {
  // A note of 0 minutes is no patient interaction (ADR 049): the older flag is not sent again (the API clears it).
  if (method === "UNRECORDED") return minutes === 0 ? { liveInteraction: null, unsuccessfulAttempt: false } : { liveInteraction: null, unsuccessfulAttempt: false, isPatientInteraction: true };
  if (method === "NONE") return { liveInteraction: null, unsuccessfulAttempt: false };
  return { liveInteraction: { method, twoWay: outcome === "TWO_WAY" }, unsuccessfulAttempt: outcome === "UNSUCCESSFUL" };
}

/** The form's values for a note's stored call (the edit dialog's defaults). */
export function interactionValues(n: { isPatientInteraction: boolean; liveInteraction: { method: string; twoWay: boolean } | null; unsuccessfulAttempt: boolean }): { liveMethod: LiveMethodValue; liveOutcome: LiveOutcomeValue } {
  const m = n.liveInteraction?.method;
  const liveMethod: LiveMethodValue = m === "PHONE" || m === "VIDEO" ? m : n.isPatientInteraction ? "UNRECORDED" : "NONE";
  const liveOutcome: LiveOutcomeValue = n.unsuccessfulAttempt ? "UNSUCCESSFUL" : n.liveInteraction && !n.liveInteraction.twoWay ? "ONE_WAY" : "TWO_WAY";
  return { liveMethod, liveOutcome };
}
