/**
 * Loaders and the action of the PRO pages (003 §2 "Typeform admin"): `/admin/pros/forms/` (the registered
 * forms; `?add=true` opens 'Add New Typeform Form', product admins only) and `/admin/pros/responses/` (the
 * unprocessed responses). Both lists are short: awaited, a failed call shown in place of the table.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { addTypeformForm, listTypeformForms, listUnprocessedTypeformResponses } from "../../../api/admin-lists.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { failedStatus } from "../../../forms/api-error";
import { callOnce, FORM_TOKEN_FIELD } from "../../../forms/submit-once.server";
import { requireAdmin, requireProductAdmin } from "../access.server";
import { canChangeAdmin } from "../access";
import { formatDateTime } from "../../../domain/zoned-day";
import { FORM_ADDED, typeformFormSchema, webhookLabel, withoutFieldPrefix } from "./typeform-form";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

export const PRO_FORMS_PATH = "/admin/pros/forms/";
export const PRO_RESPONSES_PATH = "/admin/pros/responses/";
export const FORMS_LOAD_FAILED = "Could not get Typeform forms.";
export const RESPONSES_LOAD_FAILED = "Could not get unprocessed Typeform responses.";

export async function loadProForms({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const adding = requestUrl(request).searchParams.get("add") === "true";
  // The dialog is a change: its URL is for product admins (support gets the 403 screen).
  if (adding) requireProductAdmin(context);
  const result = await listTypeformForms(getApi(request, context));
  return {
    canChange: canChangeAdmin(user.role),
    adding,
    forms: result.error ? null : result.data.map((f) => ({ id: f.id, webhook: webhookLabel(f.hasExerWebhookEnabled) })),
    error: result.error ? `${FORMS_LOAD_FAILED} ${result.error.message}` : null,
  };
}

export type ProFormsAction = { result: SubmissionResult<string[]> };

export async function addProFormAction({ request, context }: ActionFunctionArgs) {
  const user = requireProductAdmin(context);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: typeformFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() } satisfies ProFormsAction, { status: 400 });
  const api = getApi(request, context);
  const result = await callOnce(`${user.userId}:typeform-add`, form.get(FORM_TOKEN_FIELD), () => addTypeformForm(api, submission.value.id));
  if (result.error) {
    // 003 §8: the server's message under the form.
    return data({ result: submission.reply({ formErrors: [withoutFieldPrefix(result.error.message)] }) } satisfies ProFormsAction, { status: failedStatus(result.error) });
  }
  getSession(request, context).flash("toast", { type: "success", message: FORM_ADDED });
  throw redirect(PRO_FORMS_PATH);
}

export async function loadProResponses({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const result = await listUnprocessedTypeformResponses(getApi(request, context));
  const zone = user.organization.timezone;
  return {
    timeZone: zone,
    responses: result.error
      ? null
      : result.data.map((r) => ({
          id: r.id,
          formTitle: r.form.title,
          formId: r.form.id,
          userId: r.userId,
          location: r.location,
          dateTime: r.dateTime,
          when: formatDateTime(r.dateTime, zone),
        })),
    error: result.error ? `${RESPONSES_LOAD_FAILED} ${result.error.message}` : null,
  };
}
