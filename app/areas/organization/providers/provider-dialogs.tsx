/**
 * The Providers page's dialogs (001 §2.8, §5, §8), each at its URL (ADR 005): 'Add Provider'
 * (`?dialog=invite`), the edit of a provider (`?dialog=edit&provider={id}`) and the removal
 * (`?dialog=delete&provider={id}`). Plain form posts to the page's action, enhanced by conform with
 * JavaScript; a refusal comes back into the dialog with everything typed, success goes back to the list with a
 * toast. Each opening of a form carries a new one-time token.
 */
import { getCollectionProps, getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { DisabledField, ErrorList, Field, SelectField } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { FormToken } from "../../../forms/form-token";
import { DEFAULT_PROVIDER_ROLE, type ProviderRole } from "../forms/provider-values";
import { CREDENTIAL_LABEL, CREDENTIALS } from "../../../domain/rtm-claim";
import { NO_LOCATIONS_YET, REMOVE_FAILED, UPDATE_FAILED } from "./provider-list";
import type { LocationChoice, ProvidersActionData, ProvidersData } from "./providers-route.server";

type DialogData = NonNullable<ProvidersData["dialog"]>;
type RoleOption = ProvidersData["roles"][number];

interface DialogProps {
  dialog: DialogData;
  closeHref: string;
  roles: RoleOption[];
  supportsSSO: boolean;
}

export function ProviderDialog({ dialog, closeHref, roles, supportsSSO }: DialogProps) {
  const reply = useActionData() as ProvidersActionData | undefined;
  switch (dialog.kind) {
    case "invite":
      return <InviteDialog closeHref={closeHref} roles={roles} supportsSSO={supportsSSO} locations={dialog.locations} locationsError={dialog.locationsError} />;
    case "edit":
      return <EditDialog key={dialog.provider.id} dialog={dialog} closeHref={closeHref} roles={roles} />;
    case "delete":
      return <DeleteDialog key={dialog.provider.id} dialog={dialog} closeHref={closeHref} />;
    default: {
      // A refused post whose page now has no such form (without JavaScript: the provider was removed meanwhile):
      // the failure first, then why.
      const failed = reply?.intent === "delete" ? reply.error : reply?.intent === "edit" ? UPDATE_FAILED : null;
      return <MessageDialog title={dialog.title} closeHref={closeHref} message={failed ? `${failed} ${dialog.message}` : dialog.message} />;
    }
  }
}

function useReply<I extends ProvidersActionData["intent"]>(intent: I, id?: string) {
  const reply = useActionData() as ProvidersActionData | undefined;
  if (!reply || reply.intent !== intent || (id !== undefined && reply.id !== id)) return undefined;
  return reply as Extract<ProvidersActionData, { intent: I }>;
}

/** The location checkboxes (a group with its legend; each box carries the group's error). */
function LocationBoxes({ meta, locations, error }: { meta: FieldMetadata<string[] | undefined>; locations: LocationChoice[]; error: string | null }) {
  const boxes = getCollectionProps(meta, { type: "checkbox", options: locations.map((l) => l.id) });
  return (
    <fieldset className="field provider-locations">
      <legend>Locations</legend>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : locations.length === 0 ? (
        <p className="field-hint">{NO_LOCATIONS_YET}</p>
      ) : null}
      {boxes.map(({ key, ...props }, i) => (
        <label key={key} className="provider-location">
          <input {...props} /> {locations[i]!.name}
        </label>
      ))}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

function InviteDialog({ closeHref, roles, supportsSSO, locations, locationsError }: { closeHref: string; roles: RoleOption[]; supportsSSO: boolean; locations: LocationChoice[]; locationsError: string | null }) {
  const reply = useReply("invite");
  const [form, fields] = useForm({
    id: "invite-provider",
    lastResult: reply?.result,
    defaultValue: { role: DEFAULT_PROVIDER_ROLE, useSSO: supportsSSO ? "on" : undefined },
    // Checked on submit, then as the user corrects: a message appearing when a field loses focus would move
    // the controls below it (Send Invite, the next checkbox) between mouse down and up, and the click would miss.
    ...useLazyValidation("invite-provider", () => import("../forms/provider"), (m) => m.providerFormSchema({ mode: "invite", roles: roles.map((r) => r.value as ProviderRole), supportsSSO }), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key: ssoKey, ...ssoProps } = getInputProps(fields.useSSO, { type: "checkbox" });
  return (
    <Dialog title="Add Provider" closeHref={closeHref} size="wide" description="We will e-mail them a link to create their account." changes>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="invite" />
        <FormToken />
        <div className="provider-form-grid">
          <Field label="First name" meta={fields.firstName} inputProps={{ autoComplete: "off", maxLength: 100 }} />
          <Field label="Last name" meta={fields.lastName} inputProps={{ autoComplete: "off", maxLength: 100 }} />
          <Field label="Email" type="email" meta={fields.email} inputProps={{ autoComplete: "off", maxLength: 254 }} />
          <SelectField label="Role" meta={fields.role} options={roles} />
        </div>
        <LocationBoxes meta={fields.locationIds} locations={locations} error={locationsError} />
        {supportsSSO ? (
          <div className="field checkbox-field">
            <input key={ssoKey} {...ssoProps} />
            <label htmlFor={fields.useSSO.id}>Sign in with single sign-on (SSO)</label>
          </div>
        ) : null}
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Sending…">Send Invite</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

const CREDENTIAL_OPTIONS = [{ value: "", label: "Not recorded" }, ...CREDENTIALS.map((c) => ({ value: c, label: CREDENTIAL_LABEL[c] }))];

function EditDialog({ dialog, closeHref, roles }: { dialog: Extract<DialogData, { kind: "edit" }>; closeHref: string; roles: RoleOption[] }) {
  const { provider, locations, locationsError } = dialog;
  const reply = useReply("edit", provider.id);
  const locked = !provider.invited;
  const [form, fields] = useForm({
    id: `edit-provider-${provider.id}`,
    lastResult: reply?.result,
    defaultValue: { role: provider.role, email: provider.email, locationIds: provider.locations.map((l) => l.id), npi: provider.npi ?? "", credential: provider.credential ?? "" },
    // Checked on submit, then as the user corrects: a message appearing when a field loses focus would move
    // the controls below it (Send Invite, the next checkbox) between mouse down and up, and the click would miss.
    ...useLazyValidation(`edit-provider-${provider.id}`, () => import("../forms/provider"), (m) => m.providerFormSchema({ mode: "edit", roles: roles.map((r) => r.value as ProviderRole), emailLocked: locked }), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  // A location the provider has that the list could not give stays choosable (and checked).
  const choices = [...locations, ...provider.locations.filter((l) => !locations.some((c) => c.id === l.id))];
  return (
    <Dialog title="Edit Provider" closeHref={closeHref} size="wide" description={`${provider.name} (${provider.invited ? "invited" : "current user"})`} changes>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={provider.id} />
        <FormToken />
        <div className="provider-form-grid">
          {locked ? (
            <div>
              <DisabledField id="provider-email-locked" label="Email" type="email" value={provider.email} />
              <p className="field-hint">The e-mail of a user who has signed up cannot be changed.</p>
            </div>
          ) : (
            <Field label="Email" type="email" meta={fields.email} inputProps={{ autoComplete: "off", maxLength: 254 }} />
          )}
          <SelectField label="Role" meta={fields.role} options={roles} />
        </div>
        {/* What an RTM claim names (issue 32, ADR 044): the NPI (its check digit checked here and by the API) and the
            credential (a PTA's part in a service puts CQ on the claim; a PTA cannot be a patient's billing practitioner). */}
        <div className="provider-form-grid">
          <Field label="NPI" meta={fields.npi} hint="The 10-digit National Provider Identifier RTM claims name." inputProps={{ inputMode: "numeric", autoComplete: "off", maxLength: 10 }} />
          <SelectField label="Credential" meta={fields.credential} options={CREDENTIAL_OPTIONS} />
        </div>
        <LocationBoxes meta={fields.locationIds} locations={choices} error={locationsError} />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">Save</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function DeleteDialog({ dialog, closeHref }: { dialog: Extract<DialogData, { kind: "delete" }>; closeHref: string }) {
  const { provider } = dialog;
  const reply = useReply("delete", provider.id);
  const what = provider.invited ? "Their invitation link will stop working." : "They will be signed out and can no longer sign in.";
  return (
    <Dialog title="Delete Provider" closeHref={closeHref} alert description={`Remove ${provider.fullName} (${provider.email}) from your organization? ${what}`} changes>
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={provider.id} />
        <input type="hidden" name="name" value={provider.fullName} />
        <FormToken />
        <div role="alert">
          <ErrorList errors={reply ? [reply.error || REMOVE_FAILED] : null} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton className="button danger" pendingText="Deleting…">
            Delete
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
