/**
 * 'Edit Organization Details' (001 §2.6) at `?dialog=edit-organization`: the name and the logo (the shared
 * crop island: with JavaScript the admin positions and zooms the crop; without, the server crops the centre),
 * Save; the current logo with 'Delete logo', which asks first at `&confirm=delete-logo`. Plain form posts
 * (multipart for the edit) that work without JavaScript; one-time form tokens (ADR 005).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Dialog } from "../../../components/dialog";
import { ErrorList, Field } from "../../../components/field";
import { FormToken } from "../../../forms/form-token";
import { ImageCrop } from "../../../islands/image-crop";
import { CROP_FIELDS, LOGO_HEIGHT, LOGO_HELP, LOGO_WIDTH } from "../../../media/logo-image";
import { NAME_MAX, ORGANIZATION_FIELDS } from "../forms/organization-values";
import { editOrganizationHref } from "../organization-paths";
import type { OrganizationDetailsData, OrganizationDetailsReply } from "./details-route.server";
import { OrganizationLogo } from "./organization-logo";
import { DELETE_LOGO_INTENT, deleteLogoHref, detailsHref, EDIT_INTENT } from "./organization-details";
import { SubmitButton } from "../../../components/submit-button";

/** This dialog's reply among the page's action data (the locations' dialogs answer on the same route). */
function useReply<I extends OrganizationDetailsReply["intent"]>(intent: I): Extract<OrganizationDetailsReply, { intent: I }> | undefined {
  const reply = useActionData() as unknown;
  if (reply && typeof reply === "object" && "intent" in reply && reply.intent === intent) return reply as Extract<OrganizationDetailsReply, { intent: I }>;
  return undefined;
}

export function EditOrganizationDialog({ organization }: { organization: OrganizationDetailsData["organization"] }) {
  const reply = useReply(EDIT_INTENT);
  const [form, fields] = useForm({
    id: "edit-organization",
    lastResult: reply?.result,
    defaultValue: { name: organization.name },
    // Errors on submit, then as the user corrects them: a message appearing on blur moves the buttons under the
    // pointer (ADR 011).
    ...useLazyValidation("edit-organization", () => import("../forms/organization"), (m) => m.organizationSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const hasLogo = Boolean(organization.webLogoUrl);
  return (
    <Dialog title="Edit Organization Details" closeHref={detailsHref()} changes>
      <Form method="post" encType="multipart/form-data" action={editOrganizationHref()} {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={EDIT_INTENT} />
        <FormToken />
        <Field label="Name" meta={fields.name} inputProps={{ maxLength: NAME_MAX, autoComplete: "organization" }} />
        {hasLogo ? (
          <div className="current-logo">
            <p className="current-logo-label">Current logo</p>
            <OrganizationLogo url={organization.webLogoUrl} name={organization.name} alt="Current logo" />
            <Link to={deleteLogoHref()} className="button" preventScrollReset>
              Delete logo
            </Link>
          </div>
        ) : null}
        <ImageCrop
          id={fields.logo.id}
          name={ORGANIZATION_FIELDS.logo}
          label="Logo"
          help={LOGO_HELP}
          outputWidth={LOGO_WIDTH}
          outputHeight={LOGO_HEIGHT}
          cropFields={CROP_FIELDS}
          errors={fields.logo.errors}
          errorId={fields.logo.errorId}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="modal-actions">
          <Link to={detailsHref()} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…" pendingWhen={{ intent: EDIT_INTENT }}>
            Save
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** 'Delete logo' asks first (its own URL); Cancel goes back to the edit dialog. */
export function DeleteLogoDialog() {
  const reply = useReply(DELETE_LOGO_INTENT);
  return (
    <Dialog title="Delete logo" closeHref={editOrganizationHref()} alert description="Delete the organization's logo? The portal and printed reports then show the organization's name instead." changes>
      <Form method="post" action={deleteLogoHref()} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={DELETE_LOGO_INTENT} />
        <FormToken />
        <div role="alert">
          <ErrorList errors={reply ? [reply.error] : null} />
        </div>
        <div className="modal-actions">
          <Link to={editOrganizationHref()} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Deleting…" pendingWhen={{ intent: DELETE_LOGO_INTENT }} className="button danger">
            Delete logo
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
