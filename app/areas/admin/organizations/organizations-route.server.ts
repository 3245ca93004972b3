/**
 * The loader and action of `/admin/organizations/` (routes/admin.organizations.tsx re-exports them): the table of
 * every organization, Add New Organization (two steps at URLs), Enable, and Disable with its confirmation.
 *
 * - The loader: any admin (`requireAdmin`); a dialog's URL is a change (`requireProductAdmin`: support staff get
 *   the 403 screen, ADR 015). A failed list is shown with the server's message (502 for a 5xx), not a 500.
 * - The posts (product admins only, else 403), by `intent`: `create-organization` (step 1: the form of 003 §5;
 *   refused input or the API's refusal answers 4xx with the messages at their fields and the input kept; success
 *   → step 2's URL), `upload-logo` (step 2, multipart: the shared logo pipeline, then the admin logo upload;
 *   success → 'Organization Added.' and the list), `enable-organization`, `disable-organization` (the spec's
 *   toasts, then the list). Every post carries a one-time form token (ADR 005).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import {
  createAdminOrganization,
  disableAdminOrganization,
  enableAdminOrganization,
  listAdminOrganizations,
  uploadAdminOrganizationLogo,
} from "../../../api/admin-organizations.server";
import { getApi } from "../../../api/user-api.server";
import { sessionRevocations } from "../../../auth/revocation.server";
import { getSession, type PortalSession } from "../../../auth/session.server";
import type { PortalLoadContext } from "../../../context";
import { isUuid } from "../../../domain/uuid";
import { failedStatus } from "../../../forms/api-error";
import { callOnce, FORM_TOKEN_FIELD, submitOnce } from "../../../forms/submit-once.server";
import { logoFromForm, readLogoForm } from "../../../media/logo-form.server";
import { logoRefusal, uploadFailure } from "../../../media/logo-image";
import { canChangeAdmin } from "../access";
import { requireAdmin, requireProductAdmin } from "../access.server";
import { addOrganizationSchema, createErrorFields, toOrganizationCreate } from "./organization-form";
import {
  dialogOf,
  INTENTS,
  isAddDone,
  LOGO_FIELD,
  ORGANIZATION_ID_FIELD,
  ORGANIZATION_MESSAGES,
  organizationsHref,
  toggleToast,
  toRow,
  type OrganizationRow,
} from "./organizations";
import { requestUrl } from "../../../request-url";

/** Not the spec's: the create call failed without a refusal of the input (a 5xx, no answer). */
export const CREATE_FAILED = "The organization could not be created. Please try again.";
/** Not the spec's: a form the server could not read at all. */
export const FORM_UNREADABLE = "The form could not be read. Please try again.";

export type OrganizationsDialogData =
  | { kind: "add" }
  | { kind: "logo"; organization: { id: string; name: string } }
  | { kind: "disable"; organization: { id: string; name: string } };

export async function loadAdminOrganizations({ request, context }: LoaderFunctionArgs) {
  const params = requestUrl(request).searchParams;
  if (isAddDone(params)) {
    // The end of Add New Organization (Skip, Cancel, close): the spec's toast, then the list — only when this
    // session's step 1 has just created an organization; the URL alone is not a success.
    requireProductAdmin(context);
    if (takeAddedOrganization(getSession(request, context))) getSession(request, context).flash("toast", { type: "success", message: ORGANIZATION_MESSAGES.added });
    throw redirect(organizationsHref());
  }
  const asked = dialogOf(params);
  const user = asked ? requireProductAdmin(context) : requireAdmin(context);
  const listed = await listAdminOrganizations(getApi(request, context));
  const canChange = canChangeAdmin(user.role);
  if (listed.error) {
    const status = failedStatus(listed.error);
    return data({ rows: [] as OrganizationRow[], loadError: `${ORGANIZATION_MESSAGES.loadFailed} ${listed.error.message}`, canChange, dialog: null as OrganizationsDialogData | null }, { status });
  }
  const rows = listed.data.map(toRow);
  let dialog: OrganizationsDialogData | null = null;
  if (asked?.kind === "add") dialog = { kind: "add" };
  else if (asked) {
    const found = rows.find((r) => r.id === asked.organizationId);
    if (!found) throw data({ message: ORGANIZATION_MESSAGES.notFound }, { status: 404 });
    dialog = { kind: asked.kind, organization: { id: found.id, name: found.name } };
  }
  return data({ rows, loadError: null as string | null, canChange, dialog });
}

export type AdminOrganizationsData = SerializeFrom<typeof loadAdminOrganizations>;

/** What a refused post answers (the dialog shows it). */
export type AdminOrganizationsReply =
  | { intent: typeof INTENTS.create; result: SubmissionResult<string[]> }
  | { intent: typeof INTENTS.logo; error: string };

/** How long step 2 may follow step 1 and still end with 'Organization Added.'. */
const ADDED_ORGANIZATION_TTL_MS = 30 * 60_000;

/**
 * Whether this session's step 1 has just created an organization (`organizationId`, when given, must be it), and
 * forgets it: the flow's toast is said once, for what the server did.
 */
function takeAddedOrganization(session: PortalSession, organizationId?: string): boolean {
  const added = session.get("addedOrganization");
  if (!added) return false;
  if (organizationId !== undefined && added.id !== organizationId) return false;
  session.unset("addedOrganization");
  return added.expiresAt > Date.now();
}

const flashAndList = (request: Request, context: PortalLoadContext, toast: { type: "success" | "error"; message: string }) => {
  getSession(request, context).flash("toast", toast);
  return redirect(organizationsHref());
};

export async function adminOrganizationsAction({ request, context }: ActionFunctionArgs) {
  const user = requireProductAdmin(context);
  const read = await readLogoForm(request);
  if (!read.ok) {
    // Only the step-2 upload is large: the message at its logo field.
    const message = read.reason === "too-large" ? logoRefusal("too-large").message : FORM_UNREADABLE;
    return data<AdminOrganizationsReply>({ intent: INTENTS.logo, error: message }, { status: read.reason === "too-large" ? 413 : 400 });
  }
  const form = read.form;
  const token = form.get(FORM_TOKEN_FIELD);
  const intent = form.get("intent");
  // Asked for only where a call follows (a refused form makes none).
  const api = () => getApi(request, context);

  if (intent === INTENTS.create) {
    const submission = parseWithZod(form, { schema: addOrganizationSchema });
    if (submission.status !== "success") return data<AdminOrganizationsReply>({ intent: INTENTS.create, result: submission.reply() }, { status: 400 });
    const created = await callOnce(`${user.userId}:${INTENTS.create}`, token, () => createAdminOrganization(api(), toOrganizationCreate(submission.value)));
    if (created.error) {
      const status = failedStatus(created.error);
      const errors = status === 502 ? { formErrors: [`${CREATE_FAILED} ${created.error.message}`] } : createErrorFields(created.error.message);
      return data<AdminOrganizationsReply>({ intent: INTENTS.create, result: submission.reply(errors) }, { status });
    }
    getSession(request, context).set("addedOrganization", { id: created.data.id, expiresAt: Date.now() + ADDED_ORGANIZATION_TTL_MS });
    throw redirect(organizationsHref({ kind: "logo", organizationId: created.data.id }));
  }

  const organizationId = form.get(ORGANIZATION_ID_FIELD);
  if (typeof organizationId !== "string" || !isUuid(organizationId)) throw data({ message: ORGANIZATION_MESSAGES.notFound }, { status: 400 });

  if (intent === INTENTS.logo) {
    const logo = await logoFromForm(form, read.oversized, LOGO_FIELD);
    if (!logo.ok) return data<AdminOrganizationsReply>({ intent: INTENTS.logo, error: logo.message }, { status: logo.status });
    if (!logo.png) {
      const empty = logoRefusal("empty");
      return data<AdminOrganizationsReply>({ intent: INTENTS.logo, error: empty.message }, { status: empty.status });
    }
    const png = logo.png;
    const outcome = await submitOnce(`${user.userId}:${INTENTS.logo}:${organizationId}`, token, async () => {
      const uploaded = await uploadAdminOrganizationLogo(api(), organizationId, png);
      return { keep: !uploaded.error, value: uploaded.error ?? null };
    });
    if (outcome) {
      const failure = uploadFailure(outcome);
      return data<AdminOrganizationsReply>({ intent: INTENTS.logo, error: failure.message }, { status: failure.status });
    }
    // Step 2 of the organization this session just added ends the flow with the spec's toast; a logo for any other
    // organization says what happened to it.
    const added = takeAddedOrganization(getSession(request, context), organizationId);
    throw flashAndList(request, context, { type: "success", message: added ? ORGANIZATION_MESSAGES.added : ORGANIZATION_MESSAGES.logoUploaded });
  }

  if (intent === INTENTS.enable || intent === INTENTS.disable) {
    const call = intent === INTENTS.enable ? enableAdminOrganization : disableAdminOrganization;
    const result = await callOnce(`${user.userId}:${intent}:${organizationId}`, token, () => call(api(), organizationId));
    // A disabled organization's sessions end at once, on every portal replica (ADR 025).
    if (intent === INTENTS.disable && !result.error) await sessionRevocations().revokeOrganization(organizationId);
    throw flashAndList(request, context, toggleToast(intent, result.error ? result.error.message : null));
  }

  throw data({ message: "Unknown action." }, { status: 400 });
}
