/**
 * `/admin/scan/client-versions/` (003 §2 "Scan client versions", §5, §7, §8): the loader and the action.
 *
 * - Loader (any admin, ADR 015): the Client List (GET v2/admin/scan/clients); a failed call: 'There was an issue
 *   getting all Scan Versions' with the server's message. `?edit={versionId}`: the 'Edit Scan Version' dialog —
 *   a change dialog, product admins only (support staff get the 403 screen); never for the latest version.
 * - Action (product admins only): the form's one schema (client-version-form.ts), then PUT
 *   v2/admin/scan/clients/{versionId} once per form token (ADR 005). The version changed is the one the dialog's URL
 *   names (`?edit=`); a body that names another one is refused at the field (a forged post never changes another
 *   version than the dialog shows). Success: Post/Redirect/Get to the list with
 *   'Successfully updated this Scan Version.'; a refusal: 'There was an issue updating this Scan Version.' and the
 *   server's message in the dialog, with the API's 4xx (a 5xx: 502).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { listClientVersions, updateClientVersion } from "../../../api/admin-analysis.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { failedStatus } from "../../../forms/api-error";
import { callOnce, FORM_TOKEN_FIELD } from "../../../forms/submit-once.server";
import { canChangeAdmin } from "../access";
import { requireAdmin, requireProductAdmin } from "../access.server";
import { clientVersionSchema, versionMismatch } from "./client-version-form";
import { clientVersionsHref, EDIT_PARAM } from "./client-versions-paths";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

/** 003 §8, verbatim. */
export const VERSIONS_LOAD_FAILED = "There was an issue getting all Scan Versions";
export const VERSION_UPDATE_FAILED = "There was an issue updating this Scan Version.";
export const VERSION_UPDATED = "Successfully updated this Scan Version.";

export async function loadClientVersions({ request, context }: LoaderFunctionArgs) {
  const editing = requestUrl(request).searchParams.get(EDIT_PARAM);
  const user = editing !== null ? requireProductAdmin(context) : requireAdmin(context);
  const versions = await listClientVersions(getApi(request, context));
  const list = versions.data ?? null;
  const target = editing !== null && list ? list.find((v) => v.versionId === editing) : undefined;
  return {
    canChange: canChangeAdmin(user.role),
    versions: list,
    loadError: versions.error ? { message: VERSIONS_LOAD_FAILED, detail: versions.error.message } : null,
    edit:
      editing === null || !list
        ? null
        : target && !target.isLatest
          ? { versionId: target.versionId, updateRequired: target.updateRequired, editable: true as const }
          : { versionId: editing, editable: false as const },
  };
}

export type ClientVersionsReply = { result: SubmissionResult<string[]> };

export async function clientVersionsAction({ request, context }: ActionFunctionArgs) {
  const user = requireProductAdmin(context);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: clientVersionSchema });
  if (submission.status !== "success") return data<ClientVersionsReply>({ result: submission.reply() }, { status: 400 });
  const { versionId, updateRequired } = submission.value;
  const editing = requestUrl(request).searchParams.get(EDIT_PARAM);
  if (editing !== versionId) {
    return data<ClientVersionsReply>({ result: submission.reply({ fieldErrors: { versionId: [versionMismatch(editing)] } }) }, { status: 400 });
  }
  const api = getApi(request, context);
  const result = await callOnce(`${user.userId}:client-version:${versionId}`, form.get(FORM_TOKEN_FIELD), () => updateClientVersion(api, versionId, updateRequired));
  if (result.error) {
    return data<ClientVersionsReply>({ result: submission.reply({ formErrors: [VERSION_UPDATE_FAILED, result.error.message] }) }, { status: failedStatus(result.error) });
  }
  getSession(request, context).flash("toast", { type: "success", message: VERSION_UPDATED });
  throw redirect(clientVersionsHref());
}
