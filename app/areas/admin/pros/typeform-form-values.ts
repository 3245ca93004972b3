/**
 * The Typeform form's limit, without its schema. The form's schema (./typeform-form.ts, with zod) loads with the
 * form's first use (ADR 038).
 */
export const FORM_ID_MAX = 64;
