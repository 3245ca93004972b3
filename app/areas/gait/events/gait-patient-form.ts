/**
 * The Gait Events - Add Patient form (002 §2, §5), in the browser (conform) and on the server (authoritative).
 *
 *   const submission = parseWithZod(formData, { schema: gaitPatientFormSchema });
 *
 * 002 §5: a location is required ('Location is required'), the gait ID is an optional string. The API's gait
 * profile also needs a first and a last name (PatientCreate: "GAIT needs firstName and lastName"), and the table
 * shows them, so the form asks for both with the patient form's messages (000 §5). Values come out ready for
 * POST v2/patients: trimmed, an empty gait ID as null.
 */
import * as z from "zod";
import { missing, singleLine } from "../../../forms/fields";
import { NAME_TOO_LONG } from "../../../forms/messages";
import { PATIENT_MESSAGES } from "../../patients/forms/patient";
import { GAIT_LOCATION_REQUIRED } from "./gait-patients";
import { GAIT_UID_MAX, NAME_MAX } from "./gait-patient-form-values";

export * from "./gait-patient-form-values";


/** A required name: one line (app/domain/single-line.ts). */
const required = (message: string, max: number, tooLong: string, label: string) =>
  singleLine(
    z
      .string({ error: missing(message) })
      .trim()
      .min(1, { error: message })
      .max(max, { error: tooLong }),
    label,
  );

export const gaitPatientFormSchema = z.object({
  locationId: z.string({ error: missing(GAIT_LOCATION_REQUIRED) }).trim().min(1, { error: GAIT_LOCATION_REQUIRED }),
  firstName: required(PATIENT_MESSAGES.firstNameRequired, NAME_MAX, NAME_TOO_LONG, "First name"),
  lastName: required(PATIENT_MESSAGES.lastNameRequired, NAME_MAX, NAME_TOO_LONG, "Last name"),
  gaitUid: z
    .string()
    .trim()
    .max(GAIT_UID_MAX, { error: PATIENT_MESSAGES.gaitUidTooLong })
    .optional()
    .transform((v) => (v ? v : null)),
});

export type GaitPatientFormValue = z.output<typeof gaitPatientFormSchema>;
export const GAIT_PATIENT_FIELDS = ["locationId", "firstName", "lastName", "gaitUid"] as const;
