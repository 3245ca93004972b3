/**
 * The inactivity warning, announced to the page's islands (ADR 033, issue 26: the care timer pauses while the
 * warning shows, and resumes when the practitioner stays signed in). A window event, so the shell and the
 * islands share no state.
 */
export const INACTIVITY_WARNING_EVENT = "exer:inactivity-warning";

export interface InactivityWarningDetail {
  shown: boolean;
}

export function announceInactivityWarning(shown: boolean): void {
  window.dispatchEvent(new CustomEvent<InactivityWarningDetail>(INACTIVITY_WARNING_EVENT, { detail: { shown } }));
}
