/**
 * What the 'Edit Organization Details' dialog shows, without the form's schema: the name's limit and the field names.
 * The form's schema (./organization.ts, with zod) loads with the form's first use (ADR 038).
 */
export const NAME_MAX = 200;
export const NAME_TOO_LONG = `Use at most ${NAME_MAX} characters.`;
/** The form's field names. */
export const ORGANIZATION_FIELDS = { name: "name", logo: "logo" } as const;
