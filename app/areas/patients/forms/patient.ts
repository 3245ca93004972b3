/**
 * The patient form (000 §5 "Add patient", "Edit patient"), shared by Add New Patient (patients list) and Edit
 * Patient Details (patient detail), in the browser (conform) and on the server (authoritative).
 *
 *   const schema = patientFormSchema({ mode: "add", today: "2025-03-14" });
 *   const submission = parseWithZod(formData, { schema });   // submission.value: PatientFormValue
 *
 * The validation profile is chosen by the patient's products: Health first (Health alone or with Gait), then
 * Gait, then PRO. The products come from the form's `products` fields (Add: the product step or the user's
 * one product) or, for an existing patient, from `options.products`. Every field's problem is reported at once
 * (one pass over the whole form), with the spec's messages verbatim. Values come out ready for the API: phone
 * as +1 and 10 digits, N/A side as null, empty optional fields as null.
 */
import * as z from "zod";
import "../../../forms/fields"; // jitless in the browser, the fallback messages: before this module builds a schema
import { isSingleLine, notSingleLine } from "../../../domain/single-line";
import { isPhoneEmpty, isValidPhone, maskPhone, normalizePhone, PHONE_MESSAGES } from "../../../domain/phone";
import { NAME_TOO_LONG } from "../../../forms/messages";
import { birthDayProblem, DATE_BOUND_MESSAGES, isCalendarDay } from "../../../domain/date-bounds";
import { BODY_PARTS, PATIENT_PRODUCTS, SIDES, sideOfChoice, type BodyPart, type InjuredSide, type Language, type PatientProduct } from "./patient-options";

export * from "./patient-options";

/** 000 §5, verbatim. Add and Edit differ in one full stop ('Email must be valid' / 'Email must be valid.'). */
export const PATIENT_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailInvalidAdd: "Email must be valid",
  emailInvalidEdit: "Email must be valid.",
  emailRequired: "Email is required",
  // Shared with the API (domain/phone.ts).
  phoneInvalid: PHONE_MESSAGES.invalid,
  phoneRequired: PHONE_MESSAGES.required,
  locationRequired: "Location is required",
  sideRequired: "Side of body is required",
  bodyPartRequired: "Involved body part is required",
  healthInjuryRequired: "You must set Side of Body and Involved Body Part for Health patients.",
  productRequired: "You must select at least one product.",
  // Not in the spec (it says only "not in the future"; the bounds shared with the API: domain/date-bounds.ts):
  dobInFuture: DATE_BOUND_MESSAGES.birthInFuture,
  dobInvalid: DATE_BOUND_MESSAGES.birthInvalid,
  dobTooEarly: DATE_BOUND_MESSAGES.birthTooEarly,
  gaitUidTooLong: "Use at most 64 characters.",
  emailTooLong: "Use at most 254 characters.",
} as const;

export type PatientProfile = "health" | "gait" | "pro";

/** The validation profile for a set of products: Health first, then Gait, then PRO; null without any. */
export function patientProfile(products: readonly string[]): PatientProfile | null {
  if (products.includes("HEALTH")) return "health";
  if (products.includes("GAIT")) return "gait";
  if (products.includes("PRO")) return "pro";
  return null;
}

export interface PatientFormOptions {
  mode: "add" | "edit";
  /** Today in the organization's time zone (YYYY-MM-DD): the latest date of birth allowed. */
  today: string;
  /** The products of an existing patient (Edit; Add To product): used instead of the form's `products`. */
  products?: readonly string[];
  /** Edit: the patient has an account, so the e-mail is shown disabled, not submitted, and not checked. */
  emailLocked?: boolean;
}

export interface PatientFormValue {
  profile: PatientProfile;
  products: PatientProduct[];
  firstName: string;
  lastName: string;
  email: string | null;
  /** +1 and 10 digits, or null. */
  phoneNumber: string | null;
  /** YYYY-MM-DD or null. */
  dob: string | null;
  locationId: string;
  primaryPractitionerId: string | null;
  injuredSideOfBody: InjuredSide;
  injuredBodyPart: BodyPart | null;
  gaitUid: string | null;
  language: Language | null;
}

const text = z.string().optional();
const fields = z.object({
  firstName: text,
  lastName: text,
  email: text,
  phoneNumber: text,
  dob: text,
  locationId: text,
  primaryPractitionerId: text,
  injuredSideOfBody: text,
  injuredBodyPart: text,
  gaitUid: text,
  language: text,
  products: z.array(z.string()).optional(),
});
type Fields = z.output<typeof fields>;

/** A real calendar date written YYYY-MM-DD. */
export const isIsoDate = isCalendarDay;

const EMAIL = z.email();
const isEmail = (v: string) => EMAIL.safeParse(v).success;
const trim = (v: string | undefined) => (v ?? "").trim();
const isOneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** The products the form is about: the patient's (options) or the form's, limited to Health, Gait and PRO. */
function productsOf(input: Fields, options: PatientFormOptions): PatientProduct[] {
  const raw = options.products ?? input.products ?? [];
  return PATIENT_PRODUCTS.filter((p) => raw.includes(p));
}

export function patientFormSchema(options: PatientFormOptions) {
  const m = PATIENT_MESSAGES;
  return fields
    .superRefine((input, ctx) => {
      const issue = (path: keyof Fields, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const products = productsOf(input, options);
      const profile = patientProfile(products);
      if (profile === null) issue("products", m.productRequired);

      const first = trim(input.firstName);
      const last = trim(input.lastName);
      if (!first) issue("firstName", m.firstNameRequired);
      else if (first.length > 100) issue("firstName", NAME_TOO_LONG);
      else if (!isSingleLine(first)) issue("firstName", notSingleLine("First name"));
      if (!last) issue("lastName", m.lastNameRequired);
      else if (last.length > 100) issue("lastName", NAME_TOO_LONG);
      else if (!isSingleLine(last)) issue("lastName", notSingleLine("Last name"));

      if (!options.emailLocked) {
        const email = trim(input.email);
        if (!email) {
          if (profile === "health") issue("email", m.emailRequired);
        } else if (email.length > 254) issue("email", m.emailTooLong);
        else if (!isEmail(email)) issue("email", options.mode === "add" ? m.emailInvalidAdd : m.emailInvalidEdit);
      }

      const phoneRequired = profile === "pro" || (options.mode === "add" && profile === "health");
      if (isPhoneEmpty(input.phoneNumber)) {
        if (phoneRequired) issue("phoneNumber", m.phoneRequired);
      } else if (!isValidPhone(input.phoneNumber)) issue("phoneNumber", m.phoneInvalid);

      if (!trim(input.locationId)) issue("locationId", m.locationRequired);

      const dob = trim(input.dob);
      const dobProblem = dob ? birthDayProblem(dob, options.today) : null;
      if (dobProblem) issue("dob", dobProblem);

      const side = trim(input.injuredSideOfBody);
      const part = trim(input.injuredBodyPart);
      const sideOk = isOneOf(SIDES, side);
      const partOk = isOneOf(BODY_PARTS, part);
      if (profile === "health") {
        if (options.mode === "add") {
          if (!sideOk) issue("injuredSideOfBody", m.sideRequired);
          if (!partOk) issue("injuredBodyPart", m.bodyPartRequired);
        } else {
          if (!sideOk) issue("injuredSideOfBody", m.healthInjuryRequired);
          if (!partOk) issue("injuredBodyPart", m.healthInjuryRequired);
        }
      } else {
        // Optional outside Health, but never an unknown value.
        if (side && !sideOk) issue("injuredSideOfBody", m.sideRequired);
        if (part && !partOk) issue("injuredBodyPart", m.bodyPartRequired);
      }

      if (trim(input.gaitUid).length > 64) issue("gaitUid", m.gaitUidTooLong);
    })
    .transform((input): PatientFormValue => {
      const products = productsOf(input, options);
      const side = trim(input.injuredSideOfBody);
      const part = trim(input.injuredBodyPart);
      const language = trim(input.language);
      return {
        profile: patientProfile(products) ?? "health",
        products,
        firstName: trim(input.firstName),
        lastName: trim(input.lastName),
        email: trim(input.email) || null,
        phoneNumber: normalizePhone(input.phoneNumber),
        dob: trim(input.dob) || null,
        locationId: trim(input.locationId),
        primaryPractitionerId: trim(input.primaryPractitionerId) || null,
        injuredSideOfBody: sideOfChoice(side),
        injuredBodyPart: isOneOf(BODY_PARTS, part) ? part : null,
        gaitUid: trim(input.gaitUid) || null,
        language: language === "en" || language === "es" ? language : null,
      };
    });
}


/**
 * A posted patient form with its phone in the input's mask (domain/phone.ts `maskPhone`): what the browser's
 * type-as-you-go formatting shows, applied by the server before it parses, so a form shown again without
 * JavaScript has the same text ("3035550142" comes back as "(303)555-0142").
 */
export function withMaskedPhone(form: FormData): FormData {
  const phone = form.get("phoneNumber");
  if (typeof phone !== "string") return form;
  const copy = new FormData();
  for (const [k, v] of form) copy.append(k, k === "phoneNumber" ? maskPhone(v as string) : v);
  return copy;
}

/** The Add New Patient product step: at least one of Health and Gait. */
export const productChoiceSchema = z.object({
  products: z
    .array(z.enum(["HEALTH", "GAIT"], { error: PATIENT_MESSAGES.productRequired }), { error: PATIENT_MESSAGES.productRequired })
    .min(1, { error: PATIENT_MESSAGES.productRequired }),
});

/** The patient details a product needs (000 §5 "Patient completeness by product"). */
export interface PatientDetails {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  injuredBodyPart?: string | null;
  /** The injured side as recorded for Health (null = N/A); undefined when the patient has no Health data. */
  injuredSideOfBody?: string | null;
}

/**
 * Whether a patient already has what `product` requires — Gait: first and last name; Health: first and last
 * name, e-mail, injured body part and injured side (a recorded N/A counts); other products: nothing.
 */
export function hasDetailsFor(product: string, details: PatientDetails): boolean {
  const has = (v: string | null | undefined) => (v ?? "").trim() !== "";
  if (product === "GAIT") return has(details.firstName) && has(details.lastName);
  if (product === "HEALTH") return has(details.firstName) && has(details.lastName) && has(details.email) && has(details.injuredBodyPart) && details.injuredSideOfBody !== undefined;
  return true;
}
