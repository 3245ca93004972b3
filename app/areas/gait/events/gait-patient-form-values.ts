/**
 * The gait patient form's limits, without its schema. The form's schema (./gait-patient-form.ts, with zod) loads with
 * the form's first use (ADR 038).
 */
export const GAIT_UID_MAX = 64;
export const NAME_MAX = 100;
