/**
 * The Locations part's dialogs (001 §2.7) at their URLs: Add Location (`?dialog=add-location`) and Edit Location
 * (`?dialog=edit-location&location={id}`), or the loader's refusal as a message. Plain form posts, enhanced by
 * conform with JavaScript. Their own module so the page loads them with the first one opened (ADR 038).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { ErrorList, Field, SelectField } from "../../../components/field";
import { STATE_OPTIONS } from "../../../domain/us-states";
import { TIMEZONE_OPTIONS } from "../../../domain/us-timezones";
import { FormToken } from "../../../forms/form-token";
import type { LocationActionData, LocationDialogData } from "./locations-route.server";
import { locationsHref, type LocationsTab } from "./locations";
import { SubmitButton } from "../../../components/submit-button";

export function LocationDialog({ dialog, tab }: { dialog: LocationDialogData; tab: LocationsTab }) {
  const closeHref = locationsHref(tab);
  if (dialog.kind === "message") return <MessageDialog title={dialog.title} closeHref={closeHref} message={dialog.message} />;
  // A new form per location (and per opening: the component mounts again).
  return <LocationForm key={dialog.kind === "edit" ? dialog.id : "add"} dialog={dialog} tab={tab} closeHref={closeHref} />;
}

function LocationForm({ dialog, tab, closeHref }: { dialog: Exclude<LocationDialogData, { kind: "message" }>; tab: LocationsTab; closeHref: string }) {
  const dialogName = dialog.kind === "add" ? "add-location" : "edit-location";
  const actionHref = locationsHref(tab, dialog.kind === "add" ? { kind: "add-location" } : { kind: "edit-location", id: dialog.id });
  const actionData = useActionData() as LocationActionData | Record<string, unknown> | undefined;
  const reply = actionData && actionData.form === "location" && actionData.dialog === dialogName ? (actionData as LocationActionData) : undefined;
  const [form, fields] = useForm({
    id: dialog.kind === "add" ? "add-location" : `edit-location-${dialog.id}`,
    lastResult: reply?.result,
    defaultValue: dialog.defaults,
    // Errors on submit, then as the user corrects them: a message appearing on blur moves the buttons under the
    // pointer (a click that lands on nothing).
    ...useLazyValidation(dialog.kind === "add" ? "add-location" : `edit-location-${dialog.id}`, () => import("../forms/location"), (m) => m.locationFormSchema({ providerIds: dialog.providers.map((p) => p.value) }), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const stateOptions = dialog.defaults.stateCode && !STATE_OPTIONS.some((o) => o.value === dialog.defaults.stateCode) ? [...STATE_OPTIONS, { value: dialog.defaults.stateCode, label: dialog.defaults.stateCode }] : STATE_OPTIONS;
  return (
    <Dialog title={dialog.kind === "add" ? "Add Location" : "Edit Location"} closeHref={closeHref} size="wide" description={dialog.kind === "edit" ? dialog.name : undefined} changes>
      <Form method="post" action={actionHref} {...getFormProps(form)} className="stack location-form" preventScrollReset>
        <FormToken />
        <Field label="Name" meta={fields.name} inputProps={{ maxLength: 200 }} />
        <div className="location-form-grid">
          <Field label="Address 1" meta={fields.address1} inputProps={{ maxLength: 200 }} />
          <Field label="Address 2" meta={fields.address2} inputProps={{ maxLength: 200 }} />
          <Field label="City" meta={fields.city} inputProps={{ maxLength: 100 }} />
          <SelectField label="State" meta={fields.stateCode} options={stateOptions} placeholder="No state" />
          <Field label="ZIP Code" meta={fields.zipCode} hint="5 digits, or ZIP+4 (80202-1234)." inputProps={{ inputMode: "numeric", maxLength: 10 }} />
        </div>
        <SelectField label="Default Provider" meta={fields.defaultProviderId} options={dialog.providers} placeholder="None" hint={dialog.kind === "add" ? "The organization's admins." : "Providers who work at this location, and the organization's admins."} />
        <SelectField label="Timezone" meta={fields.timezone} options={TIMEZONE_OPTIONS} placeholder="Select a timezone" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">{dialog.kind === "add" ? "Add Location" : "Save"}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
