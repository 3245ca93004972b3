/** The care timer's form intents (care-timer-action.server.ts), shared with the routes' revalidation rules. */
export const CARE_TIMER_INTENTS = ["care-timer-start", "care-timer-stop", "care-timer-pause", "care-timer-resume"] as const;
export type CareTimerIntent = (typeof CARE_TIMER_INTENTS)[number];
export const isCareTimerIntent = (v: unknown): v is CareTimerIntent => (CARE_TIMER_INTENTS as readonly unknown[]).includes(v);

/** A post of the care timer: it changes no patient data, so the record's and the section's loaders need not run again. */
export const isCareTimerPost = (formData: FormData | undefined) => isCareTimerIntent(formData?.get("intent"));

/**
 * The URL parameter that carries the id of a stopped timer's record (never its minutes: issue 32) into the Add Care
 * Note dialog, which takes the minutes from the API's record.
 */
export const TIMER_PARAM = "timer";
