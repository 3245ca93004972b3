/**
 * The location form of the Add Location and Edit Location dialogs (001 §3 Location, §5), in the browser (conform)
 * and on the server (authoritative):
 *
 *   const schema = locationFormSchema({ providerIds });    // the default providers the dialog offers
 *   const submission = parseWithZod(formData, { schema });  // submission.value: the API's LocationCreate
 *
 * 001 §5: name required ('Name is required'), timezone required ('Timezone is required'), the other fields
 * optional. The spec has no messages for a bad state, ZIP code or provider: ours are below, in plain words,
 * and match what the contract accepts (two capital letters; 12345 or 12345-6789; a US America/ zone). Values
 * come out ready for the API: trimmed, empty optional fields as null.
 */
import * as z from "zod";
import { missing, singleLine } from "../../../forms/fields";
import { isUsStateCode } from "../../../domain/us-states";
import { US_TIMEZONE_IDS } from "../../../domain/us-timezones";

export const LOCATION_MESSAGES = {
  nameRequired: "Name is required",
  timezoneRequired: "Timezone is required",
  // Not in the spec:
  timezoneInvalid: "Choose a US timezone from the list.",
  stateInvalid: "Choose a state from the list.",
  zipInvalid: "Enter a ZIP code of 5 digits, or ZIP+4 as 5 digits, a hyphen and 4 digits (80202-1234).",
  providerInvalid: "Choose a default provider from the list.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

/** The contract's limits (LocationCreate). */
export const LOCATION_LIMITS = { name: 200, address1: 200, address2: 200, city: 100 } as const;

/** A US ZIP code or ZIP+4 (also the admin area's Add New Organization location, ADR 031). */
export const ZIP_CODE = /^\d{5}(-\d{4})?$/;

/** Optional text: trimmed, at most `max` characters, null when empty. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: LOCATION_MESSAGES.tooLong(max) })
    .optional()
    .transform((v) => (v ? v : null));

export interface LocationFormOptions {
  /** The default providers offered (ids); another id is refused. Omitted: any id (the API checks it). */
  providerIds?: readonly string[];
}

export function locationFormSchema(options: LocationFormOptions = {}) {
  const { providerIds } = options;
  return z.object({
    name: singleLine(
      z
        .string({ error: missing(LOCATION_MESSAGES.nameRequired) })
        .trim()
        .min(1, { error: LOCATION_MESSAGES.nameRequired })
        .max(LOCATION_LIMITS.name, { error: LOCATION_MESSAGES.tooLong(LOCATION_LIMITS.name) }),
      "Name",
    ),
    address1: optionalText(LOCATION_LIMITS.address1),
    address2: optionalText(LOCATION_LIMITS.address2),
    city: optionalText(LOCATION_LIMITS.city),
    stateCode: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === "" || isUsStateCode(v), { error: LOCATION_MESSAGES.stateInvalid })
      .optional()
      .transform((v) => (v ? v : null)),
    zipCode: z
      .string()
      .trim()
      .regex(ZIP_CODE, { error: LOCATION_MESSAGES.zipInvalid })
      .optional()
      .transform((v) => v ?? null),
    defaultProviderId: z
      .string()
      .refine((v) => !providerIds || providerIds.includes(v), { error: LOCATION_MESSAGES.providerInvalid })
      .optional()
      .transform((v) => v ?? null),
    timezone: z.enum(US_TIMEZONE_IDS, {
      error: (issue) => (issue.input === undefined || issue.input === "" ? LOCATION_MESSAGES.timezoneRequired : LOCATION_MESSAGES.timezoneInvalid),
    }),
  });
}

export type LocationFormValue = z.output<ReturnType<typeof locationFormSchema>>;

/** The form's fields as strings (a dialog's defaults; '' for none). */
export type LocationFormDefaults = { [K in keyof LocationFormValue]: string };
