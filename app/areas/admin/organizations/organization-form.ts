/**
 * Step 1 of Add New Organization (003 §3 "Organization creation payload", §5): one zod schema for the browser
 * (conform) and the server (authoritative), the mapping of its value to the API's OrganizationCreate (empty
 * optional values as null), and the mapping of the API's refusal ("practitioner.email: …") onto the form's field.
 *
 * 003 §5's messages are verbatim. The spec has none for "at least one product", a bad state or country code, or a
 * value over the contract's length: ours are below, in plain words.
 */
import * as z from "zod";
import { missing, NOT_OFFERED, singleLine } from "../../../forms/fields";
import type { OrganizationCreate } from "../../../api/admin-organizations.server";
import { isUsStateCode } from "../../../domain/us-states";
import { keywordField } from "../../../forms/location-keyword-field";
import { LOCATION_MESSAGES, ZIP_CODE } from "../../organization/forms/location";
import { US_TIMEZONE_IDS } from "../../../domain/us-timezones";
import { PRODUCT_KEYS, type ProductKey } from "./organization-form-values";

export * from "./organization-form-values";



export const ADD_ORGANIZATION_MESSAGES = {
  orgNameRequired: "Organization name is required",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailInvalid: "Email must be valid",
  roleInvalid: "Role must be valid",
  orgTimezoneRequired: "Organization Timezone is required",
  locationNameRequired: "Name is required",
  locationTimezoneRequired: "Location Timezone is required",
  // Not in the spec (003 §5 says only "at least one"): the reference API's words.
  productsRequired: "Select at least one product",
  stateInvalid: "Choose a state from the list.",
  countryInvalid: "Enter a two-letter country code (US).",
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

const M = ADD_ORGANIZATION_MESSAGES;


/** The form's field names (flat: one name per input). */
export const ADD_ORGANIZATION_FIELDS = [
  "orgName",
  "orgTimezone",
  "products",
  "firstName",
  "lastName",
  "email",
  "role",
  "locationName",
  "locationTimezone",
  "address1",
  "address2",
  "city",
  "stateCode",
  "countryCode",
  "zipCode",
  "keyword",
] as const;
export type AddOrganizationField = (typeof ADD_ORGANIZATION_FIELDS)[number];

/** A required name (all of this form's required text is a name): one line (app/domain/single-line.ts). */
const required = (message: string, max: number, label: string) => singleLine(z.string({ error: missing(message) }).trim().min(1, { error: message }).max(max, { error: M.tooLong(max) }), label);

/** Optional text: trimmed, at most `max` characters, null when empty. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.tooLong(max) })
    .optional()
    .transform((v) => (v ? v : null));

const timezone = (message: string) => z.enum(US_TIMEZONE_IDS, { error: message });

export const addOrganizationSchema = z.object({
  orgName: required(M.orgNameRequired, 200, "Organization name"),
  orgTimezone: timezone(M.orgTimezoneRequired),
  // The refusal of an unknown product belongs to the products field, not to `products[0]` (which no field shows).
  products: z
    .array(z.string(), { error: M.productsRequired })
    .min(1, { error: M.productsRequired })
    .refine((v) => v.every((p) => (PRODUCT_KEYS as readonly string[]).includes(p)), { error: NOT_OFFERED })
    .transform((v) => v as ProductKey[]),
  firstName: required(M.firstNameRequired, 100, "First name"),
  lastName: required(M.lastNameRequired, 100, "Last name"),
  email: z
    .string({ error: missing(M.emailInvalid) })
    .trim()
    .pipe(z.email({ error: M.emailInvalid }).max(254, { error: M.emailInvalid })),
  role: z.enum(["PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"], { error: M.roleInvalid }),
  locationName: required(M.locationNameRequired, 200, "Location name"),
  locationTimezone: timezone(M.locationTimezoneRequired),
  address1: optional(200),
  address2: optional(200),
  city: optional(100),
  stateCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === "" || isUsStateCode(v), { error: M.stateInvalid })
    .optional()
    .transform((v) => (v ? v : null)),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === "" || /^[A-Z]{2}$/.test(v), { error: M.countryInvalid })
    .optional()
    .transform((v) => (v ? v : null)),
  // A code, as on the organization's own location form (ADR 031): 5 digits or ZIP+4; blank for none.
  zipCode: z
    .string()
    .trim()
    .refine((v) => v === "" || ZIP_CODE.test(v), { error: LOCATION_MESSAGES.zipInvalid })
    .optional()
    .transform((v) => (v ? v : null)),
  // A code, unique across organizations (ADR 031): the shared rule; the API answers 409 when it is in use.
  keyword: keywordField(),
});

export type AddOrganizationValue = z.output<typeof addOrganizationSchema>;
/** The form's fields as the browser holds them (conform's field metadata). */
export type AddOrganizationInput = { [K in Exclude<AddOrganizationField, "products">]?: string } & { products?: string[] };


/** The API's OrganizationCreate of a valid form: the nested payload of 003 §3, empty optional values as null. */
export function toOrganizationCreate(v: AddOrganizationValue): OrganizationCreate {
  return {
    orgName: v.orgName,
    timezone: v.orgTimezone,
    products: [...new Set(v.products)],
    practitioner: { firstName: v.firstName, lastName: v.lastName, email: v.email, role: v.role },
    location: {
      name: v.locationName,
      timezone: v.locationTimezone,
      address1: v.address1,
      address2: v.address2,
      city: v.city,
      stateCode: v.stateCode,
      countryCode: v.countryCode,
      zipCode: v.zipCode,
      keyword: v.keyword,
    },
  };
}

/** The API's field path (as it prefixes its messages) → the form's field. */
const API_FIELDS: Record<string, AddOrganizationField> = {
  orgName: "orgName",
  timezone: "orgTimezone",
  products: "products",
  "practitioner.firstName": "firstName",
  "practitioner.lastName": "lastName",
  "practitioner.email": "email",
  "practitioner.role": "role",
  "location.name": "locationName",
  "location.timezone": "locationTimezone",
  "location.address1": "address1",
  "location.address2": "address2",
  "location.city": "city",
  "location.stateCode": "stateCode",
  "location.countryCode": "countryCode",
  "location.zipCode": "zipCode",
  "location.keyword": "keyword",
};

/**
 * The API's refusal as form errors (003 §8: "Create organization failure: server message inline"): a message
 * naming a field of the payload ("practitioner.email: A provider with this email already exists") goes to that
 * field without the prefix; any other message to the form.
 */
export function createErrorFields(message: string): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  const m = /^([A-Za-z.]+): (.+)$/s.exec(message);
  const field = m ? API_FIELDS[m[1]!] : undefined;
  if (field) return { fieldErrors: { [field]: [m![2]!] } };
  return { formErrors: [message] };
}
