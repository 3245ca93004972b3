/**
 * The patient form's fields (app/areas/patients/forms/patient.ts), for Add New Patient, the add-to-product details step and
 * Edit Patient Details (patient detail):
 * which fields show depends on the products (Health: side and body part; Gait: the gait ID), the language
 * option only with its feature flag. Conform field metadata; errors at each field, verbatim.
 */
import type { FieldMetadata } from "@conform-to/react";
import { BODY_PART_LABELS, BODY_PARTS, LANGUAGE_OPTIONS, SIDE_OPTIONS } from "../forms/patient-options";
import { DisabledField, Field, RadioGroup, SelectField, type SelectOption as Option } from "../../../components/field";
import { EARLIEST_BIRTH_DAY } from "../../../domain/date-bounds";
import { PHONE_MASK } from "../../../domain/phone";
import { formatPhoneInput } from "../../../components/phone-input";

type Meta = FieldMetadata<string | undefined>;

export interface PatientFieldsProps {
  fields: {
    firstName: Meta;
    lastName: Meta;
    email: Meta;
    phoneNumber: Meta;
    dob: Meta;
    locationId: Meta;
    primaryPractitionerId: Meta;
    injuredSideOfBody: Meta;
    injuredBodyPart: Meta;
    gaitUid: Meta;
    language: Meta;
  };
  products: readonly string[];
  today: string;
  /** Omit to leave the field out (the add-to-product step keeps the patient's own). */
  locations?: readonly Option[];
  providers?: readonly Option[];
  /** The empty choice of Primary Provider: Add leaves it to the API (the user when eligible); Edit means none. */
  providerPlaceholder?: string;
  showPersonal?: boolean;
  showLanguage?: boolean;
  /** The patient has an account: the e-mail cannot change (shown disabled, not submitted). */
  emailLocked?: string | null;
}

export function PatientFields({ fields, products, today, locations, providers, providerPlaceholder = "Me (when eligible)", showPersonal = true, showLanguage = false, emailLocked = null }: PatientFieldsProps) {
  const health = products.includes("HEALTH");
  const gait = products.includes("GAIT");
  return (
    <div className="form-grid">
      <Field label="First Name" meta={fields.firstName} inputProps={{ autoComplete: "off", maxLength: 100 }} />
      <Field label="Last Name" meta={fields.lastName} inputProps={{ autoComplete: "off", maxLength: 100 }} />
      {emailLocked !== null ? (
        <DisabledField id={fields.email.id} label="Email" type="email" value={emailLocked} />
      ) : (
        <Field label="Email" type="email" meta={fields.email} inputProps={{ autoComplete: "off", maxLength: 254 }} />
      )}
      <Field label="Phone Number" type="tel" meta={fields.phoneNumber} hint={PHONE_MASK} inputProps={{ autoComplete: "off", maxLength: 30, inputMode: "tel", onInput: formatPhoneInput }} />
      {showPersonal ? <Field label="Date of Birth" type="date" meta={fields.dob} inputProps={{ min: EARLIEST_BIRTH_DAY, max: today }} /> : null}
      {locations ? <SelectField label="Location" meta={fields.locationId} options={locations} placeholder="Select a location" /> : null}
      {providers ? <SelectField label="Primary Provider" meta={fields.primaryPractitionerId} options={providers} placeholder={providerPlaceholder} /> : null}
      {health ? (
        <>
          <SelectField label="Side of Body" meta={fields.injuredSideOfBody} options={SIDE_OPTIONS} placeholder="Select a side" />
          <SelectField label="Involved Body Part" meta={fields.injuredBodyPart} options={BODY_PARTS.map((p) => ({ value: p, label: BODY_PART_LABELS[p] }))} placeholder="Select a body part" />
        </>
      ) : null}
      {gait ? <Field label="Gait Unique ID" meta={fields.gaitUid} inputProps={{ autoComplete: "off", maxLength: 64 }} /> : null}
      {showLanguage ? <RadioGroup legend="Language" meta={fields.language} options={LANGUAGE_OPTIONS} /> : null}
    </div>
  );
}
