/**
 * The admin settings' words and intents, without the override form's schema. The form's schema (./settings.ts, with
 * zod) loads with the form's first use (ADR 038).
 */
export const NO_ORGANIZATION_SET = "No organization set.";
export const SET_INTENT = "set-override";
export const RESET_INTENT = "reset-override";
