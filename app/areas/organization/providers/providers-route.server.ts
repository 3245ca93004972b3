/**
 * The loader and action of `/organization/providers/` (routes/_app.organization.providers.tsx re-exports them):
 * the organization's providers (001 §2.8) by tab, and the posts of the page's dialogs and rows — invite, edit,
 * delete, resend an invite.
 *
 * The loader answers at once with the page's frame and the list as a promise (the table streams in; a failed
 * call resolves to 'Could not get providers.' with a retry link, not a 500). A dialog URL is for admins only
 * (`requireOrganizationAdmin`: a practitioner gets the 403 screen, as every admin-only post does); the dialog's
 * data (the provider, the locations) is awaited, so the dialog opens with the frame.
 *
 * Every post carries a one-time form token (ADR 005): a double submit invites, updates or removes once and
 * gets the first one's outcome.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import type { Api } from "../../../api/client.server";
import { listLocations } from "../../../api/locations.server";
import {
  deletePractitioner,
  invitePractitioner,
  listPractitioners,
  resendPractitionerInvite,
  resetPractitionerMfa,
  updatePractitioner,
  type Practitioner,
  type PractitionerCreate,
  type PractitionerUpdate,
} from "../../../api/practitioners.server";
import type { ApiResult } from "../../../api/result";
import { sessionRevocations } from "../../../auth/revocation.server";
import { getSession } from "../../../auth/session.server";
import { type CurrentUser } from "../../../auth/user.server";
import { currentUser } from "../../../auth/current-user.server";
import { apiErrorFields, failedStatus } from "../../../forms/api-error";
import { deletedByThisForm, postedName } from "../../../forms/idempotency-key.server";
import { callOnce, FORM_TOKEN_FIELD, submitOnce } from "../../../forms/submit-once.server";
import { getApi } from "../../../api/user-api.server";
import { canManageOrganization, requireOrganizationAdmin } from "../access.server";
import { providerFormSchema, selectableRoles, type ProviderRole } from "../forms/provider";
import {
  CANNOT_EDIT_SELF,
  INVITE_RESEND_FAILED,
  INVITE_RESENT,
  INVITE_SENT_TO_PROVIDER,
  MFA_RESET_FAILED,
  mfaResetDone,
  inviteErrorFields,
  isProviderId,
  LOCATIONS_LOAD_FAILED,
  manageRefusal,
  NOT_FOUND_IN_ORGANIZATION,
  parseProvidersState,
  providerRemoved,
  providersHref,
  providerUpdated,
  PROVIDERS_LOAD_FAILED,
  REMOVE_FAILED,
  roleOptions,
  tabOf,
  toList,
  toRow,
  UPDATE_FAILED,
  type ProviderRow,
  type ProvidersDialog,
  type Viewer,
} from "./provider-list";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

export interface LocationChoice {
  id: string;
  name: string;
}

export type ProvidersDialogData =
  | { kind: "invite"; locations: LocationChoice[]; locationsError: string | null }
  | { kind: "edit"; provider: ProviderRow; locations: LocationChoice[]; locationsError: string | null }
  | { kind: "delete"; provider: ProviderRow }
  | { kind: "message"; title: string; message: string };

const viewerOf = (user: CurrentUser): Viewer => ({ role: user.role, practitionerId: user.practitionerId, canManage: canManageOrganization(user) });

async function locationChoices(api: Api): Promise<{ locations: LocationChoice[]; locationsError: string | null }> {
  const result = await listLocations(api, { fresh: true });
  if (result.error) return { locations: [], locationsError: LOCATIONS_LOAD_FAILED };
  return { locations: result.data.map((l) => ({ id: l.id, name: l.name })), locationsError: null };
}

const DIALOG_TITLES = { edit: "Edit Provider", delete: "Delete Provider" } as const;

async function loadDialog(dialog: NonNullable<ProvidersDialog>, api: Api, practitioners: Promise<ApiResult<Practitioner[]>>, viewer: Viewer): Promise<ProvidersDialogData> {
  if (dialog.kind === "invite") return { kind: "invite", ...(await locationChoices(api)) };
  const [list, choices] = await Promise.all([practitioners, dialog.kind === "edit" ? locationChoices(api) : { locations: [], locationsError: null }]);
  const title = DIALOG_TITLES[dialog.kind];
  if (list.error) return { kind: "message", title, message: PROVIDERS_LOAD_FAILED };
  const found = list.data.find((p) => p.id.toLowerCase() === dialog.id);
  if (!found) return { kind: "message", title, message: NOT_FOUND_IN_ORGANIZATION };
  const provider = toRow(viewer, found);
  if (dialog.kind === "delete") return provider.canRemove ? { kind: "delete", provider } : { kind: "message", title, message: manageRefusal(viewer, found) ?? CANNOT_EDIT_SELF };
  if (!provider.canEdit) return { kind: "message", title, message: manageRefusal(viewer, found) ?? CANNOT_EDIT_SELF };
  return { kind: "edit", provider, ...choices };
}

export async function loadProviders({ request, context }: LoaderFunctionArgs) {
  const user = currentUser(context);
  const state = parseProvidersState(requestUrl(request).searchParams);
  // Admin-only dialog URLs: a practitioner gets the 403 screen (the same answer as their posts).
  if (state.dialog) requireOrganizationAdmin(context);
  const viewer = viewerOf(user);
  const api = getApi(request, context);
  // One call for the streamed table and the dialog that needs a provider.
  const practitioners = listPractitioners(api, { fresh: true });
  const dialog = state.dialog ? await loadDialog(state.dialog, api, practitioners, viewer) : null;
  return {
    state,
    canManage: viewer.canManage,
    supportsSSO: user.organization.supportsSSO,
    roles: roleOptions(selectableRoles(user.role)),
    dialog,
    // Not awaited: the table streams in after the page's frame.
    list: practitioners.then((result) => toList(result, viewer)),
  };
}

export type ProvidersData = SerializeFrom<typeof loadProviders>;

// ---- Posts

/** What a refused post answers: a form's conform reply, or a message for the dialog or the page. */
export type ProvidersActionData =
  | { intent: "invite"; result: SubmissionResult<string[]>; id?: undefined }
  | { intent: "edit"; result: SubmissionResult<string[]>; id: string }
  | { intent: "delete"; error: string; id: string }
  | { intent: "resend"; error: string; id: string }
  | { intent: "reset-mfa"; error: string; id: string };

interface ActionEnv {
  request: Request;
  user: CurrentUser;
  viewer: Viewer;
  api: Api;
  form: FormData;
  token: FormDataEntryValue | null;
  flash: (type: "success" | "error", message: string) => void;
}

export async function providersAction({ request, context }: ActionFunctionArgs) {
  // A practitioner's post: 403 before anything is read or sent.
  const user = requireOrganizationAdmin(context);
  const form = await readForm(request);
  const session = getSession(request, context);
  const env: ActionEnv = {
    request,
    user,
    viewer: viewerOf(user),
    api: getApi(request, context),
    form,
    token: form.get(FORM_TOKEN_FIELD),
    flash: (type, message) => session.flash("toast", { type, message }),
  };
  switch (form.get("intent")) {
    case "invite":
      return inviteAction(env);
    case "edit":
      return editAction(env);
    case "delete":
      return deleteAction(env);
    case "resend":
      return resendAction(env);
    case "reset-mfa":
      return resetMfaAction(env);
    default:
      return data({ message: "Unknown action." }, { status: 400 });
  }
}

async function inviteAction(env: ActionEnv) {
  const schema = providerFormSchema({ mode: "invite", roles: selectableRoles(env.user.role), supportsSSO: env.user.organization.supportsSSO });
  const submission = parseWithZod(env.form, { schema });
  const reply = (status: number, extra?: Parameters<typeof submission.reply>[0]) =>
    data({ intent: "invite", result: submission.reply(extra) } satisfies ProvidersActionData, { status });
  if (submission.status !== "success") return reply(400);
  const v = submission.value;
  const body: PractitionerCreate = { firstName: v.firstName!, lastName: v.lastName!, email: v.email!, role: v.role, locationIds: v.locationIds };
  if (v.useSSO !== undefined) body.useSSO = v.useSSO;
  const result = await callOnce(`${env.user.userId}:provider-invite`, env.token, () => invitePractitioner(env.api, body));
  if (result.error) return reply(failedStatus(result.error), inviteErrorFields(result.error));
  env.flash("success", INVITE_SENT_TO_PROVIDER);
  // The new provider is among the invited users.
  throw redirect(providersHref({ tab: "invited" }));
}

/** The provider a post names, from the organization's list (there is no single-provider call). */
async function targetOf(env: ActionEnv): Promise<{ provider: Practitioner } | { status: number; message: string }> {
  const id = env.form.get("id");
  if (!isProviderId(id)) return { status: 400, message: NOT_FOUND_IN_ORGANIZATION };
  const list = await listPractitioners(env.api, { fresh: true });
  if (list.error) return { status: failedStatus(list.error), message: list.error.message };
  const provider = list.data.find((p) => p.id.toLowerCase() === id.toLowerCase());
  if (!provider) return { status: 404, message: NOT_FOUND_IN_ORGANIZATION };
  // Oneself, or a staff account for a provider admin: refused here too (the API answers 403 as well).
  const refusal = manageRefusal(env.viewer, provider);
  if (refusal) return { status: 403, message: refusal };
  return { provider };
}

/** Back to the page the post came from (its tab), without the dialog. */
const backHref = (env: ActionEnv) => providersHref({ tab: tabOf(requestUrl(env.request).searchParams) });

async function editAction(env: ActionEnv) {
  const id = String(env.form.get("id") ?? "");
  const target = await targetOf(env);
  const locked = "provider" in target ? !!target.provider.userId : true;
  const schema = providerFormSchema({ mode: "edit", roles: selectableRoles(env.user.role), emailLocked: locked });
  const submission = parseWithZod(env.form, { schema });
  const reply = (status: number, extra?: Parameters<typeof submission.reply>[0]) =>
    data({ intent: "edit", id, result: submission.reply(extra) } satisfies ProvidersActionData, { status });
  if (!("provider" in target)) return reply(target.status, { formErrors: [UPDATE_FAILED, target.message] });
  if (submission.status !== "success") return reply(400);
  const provider = target.provider;
  const v = submission.value;
  const body: PractitionerUpdate = { role: v.role as ProviderRole, locationIds: v.locationIds };
  // The NPI and credential a claim names (issue 32); the API checks the NPI's check digit as the form did.
  if (v.npi !== undefined) body.npi = v.npi;
  if (v.credential !== undefined) body.credential = v.credential;
  // The e-mail of an invited user only, and only when it changes (a current user's is never sent: 001 §5).
  if (!provider.userId && v.email && v.email.toLowerCase() !== provider.email.toLowerCase()) body.email = v.email;
  const result = await callOnce(`${env.user.userId}:provider-edit:${provider.id}`, env.token, () => updatePractitioner(env.api, provider.id, body));
  if (result.error) {
    const fields = apiErrorFields(result.error, ["email", "role", "locationIds", "npi", "credential"]);
    return reply(failedStatus(result.error), fields.fieldErrors ? { ...fields, formErrors: [UPDATE_FAILED] } : { formErrors: [UPDATE_FAILED, result.error.message] });
  }
  env.flash("success", providerUpdated(`${provider.firstName} ${provider.lastName}`.trim()));
  throw redirect(backHref(env));
}

async function deleteAction(env: ActionEnv) {
  const id = String(env.form.get("id") ?? "");
  const refuse = (status: number) => data({ intent: "delete", id, error: REMOVE_FAILED } satisfies ProvidersActionData, { status });
  // Once per form token: a double submit gets the first one's outcome, not a 404 for a provider that is gone —
  // also when the repeat reached another portal process after the first one's delete (deletedByThisForm, ADR 017).
  type Outcome = { keep: boolean; value: { status: number } | { status?: undefined; name: string } };
  const outcome = await submitOnce(`${env.user.userId}:provider-delete:${id}`, env.token, async (): Promise<Outcome> => {
    const target = await targetOf(env);
    if (!("provider" in target)) {
      if (target.status === 404 && (await deletedByThisForm(() => deletePractitioner(env.api, id)))) return { keep: true, value: { name: postedName(env.form, "The provider") } };
      return { keep: false, value: { status: target.status } };
    }
    const removed = await deletePractitioner(env.api, target.provider.id);
    if (removed.error) return { keep: false, value: { status: failedStatus(removed.error) } };
    // Their sessions end at once, on every portal replica (ADR 025), not when their access token expires.
    if (target.provider.userId) await sessionRevocations().revokeUser(target.provider.userId);
    return { keep: true, value: { name: `${target.provider.firstName} ${target.provider.lastName}`.trim() } };
  });
  if (outcome.status !== undefined) return refuse(outcome.status);
  env.flash("success", providerRemoved(outcome.name));
  throw redirect(backHref(env));
}

async function resendAction(env: ActionEnv) {
  const id = env.form.get("id");
  const refuse = (status: number) => data({ intent: "resend", id: String(id ?? ""), error: INVITE_RESEND_FAILED } satisfies ProvidersActionData, { status });
  if (!isProviderId(id)) return refuse(400);
  const result = await callOnce(`${env.user.userId}:provider-resend:${id}`, env.token, () => resendPractitionerInvite(env.api, id));
  if (result.error) return refuse(failedStatus(result.error));
  env.flash("success", INVITE_RESENT);
  throw redirect(backHref(env));
}

/** 'Reset 2-Step Verification' (ADR 027): the API turns the provider's authenticator off and records who did it. */
async function resetMfaAction(env: ActionEnv) {
  const id = String(env.form.get("id") ?? "");
  const target = await targetOf(env);
  if (!("provider" in target)) return data({ intent: "reset-mfa", id, error: target.message } satisfies ProvidersActionData, { status: target.status });
  const result = await resetPractitionerMfa(env.api, target.provider.id);
  if (result.error) return data({ intent: "reset-mfa", id, error: MFA_RESET_FAILED } satisfies ProvidersActionData, { status: failedStatus(result.error) });
  env.flash("success", mfaResetDone(`${target.provider.firstName} ${target.provider.lastName}`.trim()));
  throw redirect(backHref(env));
}
