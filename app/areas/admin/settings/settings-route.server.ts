/**
 * `/admin/settings/`: the loader (the override and the organizations of its select) and the action (set or
 * reset). Admins only; support staff may change the override (ADR 015), so the action takes `requireAdmin`.
 * Post/Redirect/Get with the spec's toasts; a refusal answers 4xx (an API 5xx: 502) with the spec's words and the
 * server's message under the form, the choice kept. One call per form token (ADR 005).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { getScanModulesOverride, listAdminOrganizations, resetScanModulesOverride, setScanModulesOverride } from "../../../api/admin-modules.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { apiErrorFields, failedStatus } from "../../../forms/api-error";
import { FORM_TOKEN_FIELD, callOnce } from "../../../forms/submit-once.server";
import { ADMIN_ROUTES } from "../../../shell/admin-nav";
import { requireAdmin } from "../access.server";
import { scanOrganizations } from "../scan-organizations/scan-organizations";
import {
  OVERRIDE_LOAD_FAILED,
  OVERRIDE_RESET,
  OVERRIDE_RESET_FAILED,
  OVERRIDE_SET,
  OVERRIDE_SET_FAILED,
  overrideName,
  overrideSchema,
  RESET_INTENT,
  withServerMessage,
} from "./settings";
import { ORGANIZATIONS_LOAD_FAILED } from "../scan-organizations/scan-organizations";
import { readForm } from "../../../forms/read-form.server";

export async function loadSettings({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context);
  const api = getApi(request, context);
  const [override, organizations] = await Promise.all([getScanModulesOverride(api), listAdminOrganizations(api)]);
  const options = organizations.data ? scanOrganizations(organizations.data).map(({ id, name }) => ({ id, name })) : [];
  const body = {
    override: override.data ? { organizationId: override.data.organizationId, name: overrideName(override.data.organizationId, organizations.data ?? []) } : null,
    overrideError: override.error ? withServerMessage(OVERRIDE_LOAD_FAILED, override.error.message) : null,
    organizations: options,
    organizationsError: organizations.error ? withServerMessage(ORGANIZATIONS_LOAD_FAILED, organizations.error.message) : null,
  };
  const failed = override.error ?? organizations.error;
  return failed ? data(body, { status: failedStatus(failed) }) : body;
}

export async function settingsAction({ request, context }: ActionFunctionArgs) {
  const user = requireAdmin(context);
  const form = await readForm(request);
  const api = getApi(request, context);
  const toast = (message: string) => {
    getSession(request, context).flash("toast", { type: "success", message });
    return redirect(ADMIN_ROUTES.settings);
  };
  if (form.get("intent") === RESET_INTENT) {
    const result = await callOnce(`${user.userId}:${RESET_INTENT}`, form.get(FORM_TOKEN_FIELD), () => resetScanModulesOverride(api));
    if (result.error) return data({ intent: RESET_INTENT, message: withServerMessage(OVERRIDE_RESET_FAILED, result.error.message), result: null }, { status: failedStatus(result.error) });
    throw toast(OVERRIDE_RESET);
  }
  const submission = parseWithZod(form, { schema: overrideSchema });
  if (submission.status !== "success") return data({ intent: "set", message: null, result: submission.reply() }, { status: 400 });
  const { organizationId } = submission.value;
  const result = await callOnce(`${user.userId}:set-override`, form.get(FORM_TOKEN_FIELD), () => setScanModulesOverride(api, organizationId));
  if (result.error) {
    // A refusal of the organization itself (one without Scan, from a forged or stale post) at the select; else under the form.
    const atField = result.error.status === 400 ? apiErrorFields(result.error, ["organizationId"]) : {};
    const reply = atField.fieldErrors ? atField : { formErrors: [withServerMessage(OVERRIDE_SET_FAILED, result.error.message)] };
    return data({ intent: "set", message: null, result: submission.reply(reply) }, { status: failedStatus(result.error) });
  }
  throw toast(OVERRIDE_SET);
}
