/**
 * The organization's details (001 §2.6): the loader's part for the details page and the action of the
 * 'Edit Organization Details' dialog (name, logo upload with the crop, logo delete).
 *
 * - `?dialog=edit-organization`: the dialog (admins only: anyone else gets the 403 screen, as for every
 *   admin-only URL — requireOrganizationAdmin); `&confirm=delete-logo`: the delete-logo confirmation.
 * - Posts (admins only, else 403): `intent=edit-organization` (multipart: name, the logo file, with JavaScript
 *   the crop rectangle) and `intent=delete-logo`. Everything is checked before any call — the name, then the
 *   logo through the image pipeline (app/media/logo-image.server.ts) — so a bad file changes nothing, not even
 *   the name; then the name is updated (when changed) and the 250×140 PNG uploaded. Once per form token (ADR 005).
 *   Success is Post/Redirect/Get to the page with the spec's toast; a refusal answers 4xx (an API 5xx: 502) with
 *   the message at its field and the typed name kept.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import { deleteOrganizationLogo, setOrganizationMfaRequirement, updateOrganization, uploadOrganizationLogo } from "../../../api/organization.server";
import { MFA_NOT_REQUIRED_SAVED, MFA_REQUIRED_SAVED, MFA_REQUIREMENT_FAILED, MFA_REQUIREMENT_INTENT } from "./mfa-requirement";
import type { ApiError } from "../../../api/result";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { type CurrentUser } from "../../../auth/user.server";
import { currentUser } from "../../../auth/current-user.server";
import { FORM_TOKEN_FIELD, callOnce, submitOnce } from "../../../forms/submit-once.server";
import { canManageOrganization, requireOrganizationAdmin } from "../access.server";
import { organizationSchema, ORGANIZATION_FIELDS } from "../forms/organization";
import { detailsDialogOf } from "../organization-paths";
import { logoFromForm, readLogoForm } from "../../../media/logo-form.server";
import {
  DELETE_LOGO_INTENT,
  DETAILS_UPDATED,
  detailsHref,
  EDIT_INTENT,
  editDialogStep,
  FORM_UNREADABLE,
  LOGO_DELETE_FAILED,
  logoRefusal,
  ORGANIZATION_UPDATE_FAILED,
  uploadFailure,
  type DetailsDialogState,
} from "./organization-details";
import { failedStatus } from "../../../forms/api-error";
import { requestUrl } from "../../../request-url";

export async function loadOrganizationDetails({ request, context }: LoaderFunctionArgs) {
  const params = requestUrl(request).searchParams;
  const asked = detailsDialogOf(params) === "edit-organization";
  // The dialog's URL is admin-only: a practitioner gets the 403 screen (the same rule as the post).
  const user = asked ? requireOrganizationAdmin(context) : currentUser(context);
  const { name, timezone, webLogoUrl, mfaRequired } = user.organization;
  const dialog: DetailsDialogState | null = asked ? editDialogStep(params, Boolean(webLogoUrl)) : null;
  return { organization: { name, timezone, webLogoUrl, mfaRequired }, canEdit: canManageOrganization(user), dialog };
}

export type OrganizationDetailsData = SerializeFrom<typeof loadOrganizationDetails>;

/** What the dialog's posts answer when they are refused. */
export type OrganizationDetailsReply =
  | { intent: typeof EDIT_INTENT; result: SubmissionResult<string[]> }
  | { intent: typeof DELETE_LOGO_INTENT; error: string }
  | { intent: typeof MFA_REQUIREMENT_INTENT; error: string };

const success = (request: Request, context: ActionFunctionArgs["context"]) => {
  getSession(request, context).flash("toast", { type: "success", message: DETAILS_UPDATED });
  return redirect(detailsHref());
};

export async function organizationDetailsAction({ request, context }: ActionFunctionArgs) {
  const user = requireOrganizationAdmin(context);
  const read = await readLogoForm(request);
  if (!read.ok) {
    // Nothing of the form could be read (a body over every limit, or a broken one): the message at the logo
    // field, since the file is what makes a form that large.
    const refusal = read.reason === "too-large" ? logoRefusal("too-large") : { message: FORM_UNREADABLE, status: 400 };
    const result = parseWithZod(new FormData(), { schema: organizationSchema }).reply({ fieldErrors: { [ORGANIZATION_FIELDS.logo]: [refusal.message] } });
    return data<OrganizationDetailsReply>({ intent: EDIT_INTENT, result }, { status: refusal.status });
  }
  const form = read.form;
  if (form.get("intent") === DELETE_LOGO_INTENT) return deleteLogo(request, context, user, form);
  if (form.get("intent") === MFA_REQUIREMENT_INTENT) return setMfaRequirement(request, context, user, form);
  return editOrganization(request, context, user, form, read.oversized);
}

async function editOrganization(request: Request, context: ActionFunctionArgs["context"], user: CurrentUser, form: FormData, oversized: ReadonlySet<string>) {
  const submission = parseWithZod(form, { schema: organizationSchema });
  const reply = (status: number, errors: { logo?: string; form?: string } = {}) =>
    data<OrganizationDetailsReply>(
      {
        intent: EDIT_INTENT,
        result: submission.reply({
          ...(errors.logo ? { fieldErrors: { [ORGANIZATION_FIELDS.logo]: [errors.logo] } } : {}),
          ...(errors.form ? { formErrors: [errors.form] } : {}),
        }),
      },
      { status },
    );

  // The logo first checked and prepared (cropped, 250×140) here, before any call: a bad file changes nothing.
  const prepared = await logoFromForm(form, oversized, ORGANIZATION_FIELDS.logo);
  let logo: Uint8Array | null = null;
  let logoError: { message: string; status: number } | null = null;
  if (!prepared.ok) logoError = { message: prepared.message, status: prepared.status };
  else if (prepared.png) logo = prepared.png;
  else if (oversized.size > 0) logoError = { message: FORM_UNREADABLE, status: 400 };
  if (submission.status !== "success" || logoError) {
    const status = submission.status !== "success" ? 400 : logoError!.status;
    return reply(status, logoError ? { logo: logoError.message } : {});
  }

  const name = submission.value.name;
  const organizationId = user.organization.id;
  const api = getApi(request, context);
  type Outcome = { failed: "name" | "logo"; error: ApiError } | { failed?: undefined };
  const outcome = await submitOnce(`${user.userId}:${EDIT_INTENT}`, form.get(FORM_TOKEN_FIELD), async (): Promise<{ keep: boolean; value: Outcome }> => {
    if (name !== user.organization.name) {
      const updated = await updateOrganization(api, organizationId, name);
      if (updated.error) return { keep: false, value: { failed: "name", error: updated.error } };
    }
    if (logo) {
      const uploaded = await uploadOrganizationLogo(api, organizationId, logo);
      // Not kept: a repeat of this form tries again (the name, now saved, is not sent twice).
      if (uploaded.error) return { keep: false, value: { failed: "logo", error: uploaded.error } };
    }
    return { keep: true, value: {} };
  });
  if (outcome.failed === "name") return reply(failedStatus(outcome.error), { form: ORGANIZATION_UPDATE_FAILED });
  if (outcome.failed === "logo") {
    const failure = uploadFailure(outcome.error);
    return reply(failure.status, { logo: failure.message });
  }
  throw success(request, context);
}

async function deleteLogo(request: Request, context: ActionFunctionArgs["context"], user: CurrentUser, form: FormData) {
  const api = getApi(request, context);
  const result = await callOnce(`${user.userId}:${DELETE_LOGO_INTENT}`, form.get(FORM_TOKEN_FIELD), () => deleteOrganizationLogo(api, user.organization.id));
  if (result.error) return data<OrganizationDetailsReply>({ intent: DELETE_LOGO_INTENT, error: LOGO_DELETE_FAILED }, { status: failedStatus(result.error) });
  throw success(request, context);
}

/** 'Require Two-Step Verification' / 'Stop Requiring …' (ADR 027): the organization's setting, then the page with a toast. */
async function setMfaRequirement(request: Request, context: ActionFunctionArgs["context"], user: CurrentUser, form: FormData) {
  const value = form.get("mfaRequired");
  if (value !== "true" && value !== "false") return data<OrganizationDetailsReply>({ intent: MFA_REQUIREMENT_INTENT, error: MFA_REQUIREMENT_FAILED }, { status: 400 });
  const required = value === "true";
  const result = await setOrganizationMfaRequirement(getApi(request, context), user.organization.id, required);
  const session = getSession(request, context);
  if (result.error) session.flash("toast", { type: "error", message: MFA_REQUIREMENT_FAILED });
  else session.flash("toast", { type: "success", message: required ? MFA_REQUIRED_SAVED : MFA_NOT_REQUIRED_SAVED });
  throw redirect(detailsHref());
}
