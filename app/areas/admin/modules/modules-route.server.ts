/**
 * `/admin/scan/organizations/{organizationId}/modules`: the loader (the organization with its modules, the
 * assessment library) and the action. Every post is a product admin's (ADR 015: support staff get 403); each
 * carries the whole working set in `draft` (modules-draft.ts). An edit answers the page with the edited set
 * (400 when a dialog's form is refused, the input kept); `intent=save` sends all modules (PATCH
 * v2/admin/organizations/{id}) once per form token and redirects with '{name} Modules Updated', or answers the
 * set with the server's message (4xx as it is, a 5xx as 502).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { getAdminOrganization, listLibraryAssessments, saveScanModules } from "../../../api/admin-modules.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { failedStatus } from "../../../forms/api-error";
import { FORM_TOKEN_FIELD, callOnce } from "../../../forms/submit-once.server";
import { canChangeAdmin } from "../access";
import { requireAdmin, requireProductAdmin } from "../access.server";
import { holdsScan, modulesHref } from "../scan-organizations/scan-organizations";
import { applyEdit, draftFromModules, DRAFT_UNREADABLE, MODULES_PARSE_FAILED, modulesUpdated, ORGANIZATION_LOAD_FAILED, parseDraft, toScanModules, type EditorState } from "./modules-draft";
import { readForm } from "../../../forms/read-form.server";

export async function loadModules({ request, context, params }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const id = params.organizationId ?? "";
  const api = getApi(request, context);
  const [organization, assessments] = await Promise.all([getAdminOrganization(api, id), listLibraryAssessments(api)]);
  const library = (assessments.data ?? []).map(({ id, name }) => ({ id, name }));
  const base = { organizationId: id, canChange: canChangeAdmin(user.role), library, libraryError: assessments.error?.message ?? null };
  if (organization.error) {
    return data({ ...base, name: null, draft: null, error: `${ORGANIZATION_LOAD_FAILED} ${organization.error.message}` }, { status: failedStatus(organization.error) });
  }
  if (!holdsScan(organization.data)) throw data(null, { status: 404 });
  const draft = draftFromModules(organization.data.scanModules);
  if (!draft) return data({ ...base, name: organization.data.name, draft: null, error: MODULES_PARSE_FAILED }, { status: 502 });
  return { ...base, name: organization.data.name, draft, error: null };
}

export type ModulesLoaderData = Awaited<ReturnType<typeof loadModules>>;

export async function modulesAction({ request, context, params }: ActionFunctionArgs) {
  const user = requireProductAdmin(context);
  const id = params.organizationId ?? "";
  const form = await readForm(request);
  const draft = parseDraft(form.get("draft"));
  if (!draft) throw data({ message: DRAFT_UNREADABLE }, { status: 400 });
  const state: EditorState = { draft, dialog: null };
  // Asked for only where a call follows (an edit of the draft makes none).
  const api = () => getApi(request, context);
  if (form.get("intent") === "save") {
    if (!holdsScan((await getAdminOrganization(api(), id)).data)) throw data(null, { status: 404 });
    const result = await callOnce(`${user.userId}:save-modules:${id}`, form.get(FORM_TOKEN_FIELD), () => saveScanModules(api(), id, toScanModules(draft)));
    if (result.error) return data<EditorState>({ ...state, saveError: result.error.message }, { status: failedStatus(result.error) });
    getSession(request, context).flash("toast", { type: "success", message: modulesUpdated(result.data.name) });
    throw redirect(modulesHref(id));
  }
  const intent = String(form.get("intent") ?? "");
  // Only the assessment form needs the library's names.
  const library = intent === "save-assessment" ? ((await listLibraryAssessments(api())).data ?? []) : [];
  const edited = applyEdit(state, form, library);
  return data<EditorState>(edited.state, { status: edited.status });
}
