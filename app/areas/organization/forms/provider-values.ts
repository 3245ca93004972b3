/**
 * The roles a provider can have, without the provider form's schema. The form's schema (./provider.ts, with zod)
 * loads with the form's first use (ADR 038).
 */
/** The roles a provider can be invited as or given (the contract's PractitionerCreate / PractitionerUpdate). */
export const PROVIDER_ROLES = ["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN", "EXER_ADMIN"] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];
/** 001 §6: new invitees default to the practitioner role (shown as Provider), which needs a location. */
export const DEFAULT_PROVIDER_ROLE: ProviderRole = "PORTAL_PRACTITIONER";
