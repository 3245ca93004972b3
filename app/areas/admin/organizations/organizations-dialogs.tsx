/**
 * The dialogs of `/admin/organizations/` (003 §2) at their URLs: Add New Organization step 1 (`?add=1`), step 2
 * 'Upload image for {org name}' (`?add=logo&organization={id}`) and the Disable confirmation (`?disable={id}`). Their
 * own module so the page loads them with the first one opened (ADR 038).
 */
import { getCollectionProps, getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Dialog } from "../../../components/dialog";
import { ErrorList, Field, SelectField } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { STATE_OPTIONS } from "../../../domain/us-states";
import { TIMEZONE_OPTIONS } from "../../../domain/us-timezones";
import { FormToken } from "../../../forms/form-token";
import { ImageCrop } from "../../../islands/image-crop";
import { CROP_FIELDS, LOGO_HEIGHT, LOGO_HELP, LOGO_WIDTH } from "../../../media/logo-image";
import { PRODUCT_LABELS } from "../../../shell/filter";
import type { AddOrganizationInput, AddOrganizationValue } from "./organization-form";
import { ADD_ORGANIZATION_DEFAULTS, FIRST_PROVIDER_ROLES, PRODUCT_KEYS } from "./organization-form-values";
import { INTENTS, LOGO_FIELD, ORGANIZATION_ID_FIELD, organizationsHref, logoStepTitle } from "./organizations";
import type { AdminOrganizationsReply, OrganizationsDialogData } from "./organizations-route.server";

function useReply<I extends AdminOrganizationsReply["intent"]>(intent: I): Extract<AdminOrganizationsReply, { intent: I }> | undefined {
  const reply = useActionData() as unknown;
  if (reply && typeof reply === "object" && "intent" in reply && reply.intent === intent) return reply as Extract<AdminOrganizationsReply, { intent: I }>;
  return undefined;
}

export function OrganizationsDialog({ dialog }: { dialog: OrganizationsDialogData }) {
  switch (dialog.kind) {
    case "add":
      return <AddOrganizationDialog />;
    case "logo":
      return <LogoStepDialog organization={dialog.organization} />;
    case "disable":
      return <DisableDialog organization={dialog.organization} />;
  }
}

function ProductBoxes({ meta }: { meta: FieldMetadata<string[] | undefined> }) {
  const boxes = getCollectionProps(meta, { type: "checkbox", options: [...PRODUCT_KEYS] });
  return (
    <fieldset className="field add-organization-products">
      <legend>Products</legend>
      {boxes.map(({ key, ...props }) => (
        <label key={key} className="add-organization-product">
          <input {...props} /> {PRODUCT_LABELS[props.value as (typeof PRODUCT_KEYS)[number]]}
        </label>
      ))}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** Step 1: the organization, its first provider (invited) and its first location (003 §3, §5). */
function AddOrganizationDialog() {
  const reply = useReply(INTENTS.create);
  const [form, fields] = useForm<AddOrganizationInput, AddOrganizationValue>({
    id: "add-organization",
    lastResult: reply?.result,
    defaultValue: ADD_ORGANIZATION_DEFAULTS,
    ...useLazyValidation("add-organization", () => import("./organization-form"), (m) => m.addOrganizationSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const closeHref = organizationsHref();
  return (
    <Dialog title="Add New Organization" closeHref={closeHref} size="wide" description="Step 1 of 2: the organization, its first provider (invited by e-mail) and its first location.">
      <Form method="post" action={organizationsHref({ kind: "add" })} {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={INTENTS.create} />
        <FormToken />
        <fieldset className="add-organization-section">
          <legend>Organization</legend>
          <div className="add-organization-grid">
            <Field label="Organization name" meta={fields.orgName} inputProps={{ maxLength: 200, autoComplete: "off" }} />
            <SelectField label="Organization timezone" meta={fields.orgTimezone} options={TIMEZONE_OPTIONS} />
          </div>
          <ProductBoxes meta={fields.products} />
        </fieldset>
        <fieldset className="add-organization-section">
          <legend>First provider</legend>
          <div className="add-organization-grid">
            <Field label="First name" meta={fields.firstName} inputProps={{ maxLength: 100, autoComplete: "off" }} />
            <Field label="Last name" meta={fields.lastName} inputProps={{ maxLength: 100, autoComplete: "off" }} />
            <Field label="Email" type="email" meta={fields.email} inputProps={{ maxLength: 254, autoComplete: "off" }} />
            <SelectField label="Role" meta={fields.role} options={FIRST_PROVIDER_ROLES} />
          </div>
        </fieldset>
        <fieldset className="add-organization-section">
          <legend>First location</legend>
          <div className="add-organization-grid">
            <Field label="Location name" meta={fields.locationName} inputProps={{ maxLength: 200, autoComplete: "off" }} />
            <SelectField label="Location timezone" meta={fields.locationTimezone} options={TIMEZONE_OPTIONS} />
            <Field label="Address line 1 (optional)" meta={fields.address1} inputProps={{ maxLength: 200, autoComplete: "off" }} />
            <Field label="Address line 2 (optional)" meta={fields.address2} inputProps={{ maxLength: 200, autoComplete: "off" }} />
            <Field label="City (optional)" meta={fields.city} inputProps={{ maxLength: 100, autoComplete: "off" }} />
            <SelectField label="State (optional)" meta={fields.stateCode} options={STATE_OPTIONS} placeholder="None" />
            <Field label="Country code (optional)" meta={fields.countryCode} inputProps={{ maxLength: 2, autoComplete: "off" }} />
            <Field label="ZIP code (optional)" meta={fields.zipCode} inputProps={{ maxLength: 10, autoComplete: "off" }} />
            <Field label="Keyword (optional)" meta={fields.keyword} inputProps={{ maxLength: 64, autoComplete: "off" }} />
          </div>
        </fieldset>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Creating…" pendingWhen={{ intent: INTENTS.create }}>
            Next
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** Step 2: the optional PNG logo, cropped to 250×140 (the shared logo handling). Skip or close ends the flow. */
function LogoStepDialog({ organization }: { organization: { id: string; name: string } }) {
  const reply = useReply(INTENTS.logo);
  const doneHref = organizationsHref("add-done");
  const step = { kind: "logo", organizationId: organization.id } as const;
  return (
    <Dialog title={logoStepTitle(organization.name)} closeHref={doneHref} description="Step 2 of 2: the organization's logo (optional).">
      <Form method="post" encType="multipart/form-data" action={organizationsHref(step)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={INTENTS.logo} />
        <input type="hidden" name={ORGANIZATION_ID_FIELD} value={organization.id} />
        <FormToken />
        <ImageCrop
          id="organization-logo"
          name={LOGO_FIELD}
          label="Logo"
          help={LOGO_HELP}
          outputWidth={LOGO_WIDTH}
          outputHeight={LOGO_HEIGHT}
          cropFields={CROP_FIELDS}
          errors={reply ? [reply.error] : null}
          errorId="organization-logo-error"
        />
        <div className="modal-actions">
          <Link to={doneHref} className="button" preventScrollReset>
            Skip
          </Link>
          <SubmitButton pendingText="Uploading…" pendingWhen={{ intent: INTENTS.logo }}>
            Upload
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** Disable asks first: it revokes a whole customer's access and discharges its patients (003 §4). */
function DisableDialog({ organization }: { organization: { id: string; name: string } }) {
  const closeHref = organizationsHref();
  return (
    <Dialog
      title={`Disable ${organization.name}?`}
      closeHref={closeHref}
      alert
      description={`Every user of ${organization.name} loses access to every application at once, and all its patients are discharged. Enable restores the previous access and the patients. It may take a few minutes.`}
    >
      <Form method="post" action={closeHref} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={INTENTS.disable} />
        <input type="hidden" name={ORGANIZATION_ID_FIELD} value={organization.id} />
        <FormToken />
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Disabling…" pendingWhen={{ intent: INTENTS.disable }} className="button danger">
            Disable organization
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
