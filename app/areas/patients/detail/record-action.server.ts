/**
 * The actions of the record's dialogs (000 §2.8, §4, §5, §8): Discharge, Edit Plan of Care, New Plan of Care,
 * Edit Patient Details and Resend Invite. Each parses its form with the schema the browser uses, calls the
 * API, and on success redirects back to the page without the dialog (Post/Redirect/Get) with the spec's toast;
 * a refusal comes back to the form (the API's message inline, the input kept).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { PortalLoadContext } from "../../../context";
import type { CurrentUser } from "../../../auth/user.server";
import { getSession } from "../../../auth/session.server";
import { safeRedirect } from "../../../auth/redirect";
import { getPatientRecord, resendInvite, setPlanOfCareEnd, startPlanOfCare, updatePatient, type PatientRecord, type PatientUpdate } from "../../../api/patients.server";
import { getApi } from "../../../api/user-api.server";
import { todayIn } from "../../../domain/date-range";
import { fullName } from "../../../domain/names";
import { recordPath } from "../rules/patient-detail";
import { canResendInvite, dischargeWindow, editPlanWindow, formatHeaderDay, newPlanWindow } from "../rules/patient-record";
import { apiErrorFields } from "../../../forms/api-error";
import { newPlanSchema, planEndSchema } from "../forms/plan-of-care";
import { patientFormSchema, withMaskedPhone, type PatientFormValue } from "../forms/patient";
import { FORM_TOKEN_FIELD, submitOnce } from "../../../forms/submit-once.server";
import { readForm } from "../../../forms/read-form.server";
import { isUuid } from "../../../domain/uuid";

export const MESSAGES = {
  discharged: (name: string) => `Successfully discharged ${name}`,
  // Not the spec's: Edit Plan of Care moved a discharge that is still ahead (nobody was discharged by it).
  dischargeMoved: (name: string, day: string) => `${name} is now scheduled to be discharged on ${formatHeaderDay(day)}.`,
  newPlan: (name: string) => `Successfully started a new Plan of Care for ${name}`,
  detailsUpdated: "Successfully updated patient details.",
  inviteSent: "Invite successfully sent.",
  inviteFailed: "Invite could not be sent.",
} as const;

export const RECORD_INTENTS = ["discharge", "edit-plan", "new-plan", "edit-details", "resend-invite"] as const;
export type RecordIntent = (typeof RECORD_INTENTS)[number];

/** Where the dialog returns: the page it was opened on (without the dialog), on this patient only. */
function backTo(form: FormData, id: string): string {
  const home = recordPath(id);
  const to = safeRedirect(form.get("redirectTo"), home);
  return to.startsWith(home) ? to : home;
}

/** The Edit Patient Details payload (000 §3 "Patient update payload"). */
export function patientUpdateOf(value: PatientFormValue, record: Pick<PatientRecord, "products" | "patient">): PatientUpdate {
  const body: PatientUpdate = {
    firstName: value.firstName,
    lastName: value.lastName,
    phoneNumber: value.phoneNumber,
    dob: value.dob,
    locationId: value.locationId,
    primaryPractitionerId: value.primaryPractitionerId,
  };
  // E-mail: omitted when empty, and when the patient has an account (it cannot change then).
  if (value.email && !record.patient.hasAccount) body.email = value.email;
  if (record.products.includes("HEALTH")) {
    body.injuredSideOfBody = value.injuredSideOfBody;
    body.injuredBodyPart = value.injuredBodyPart;
  }
  if (record.products.includes("GAIT")) body.gaitUid = value.gaitUid;
  return body;
}

const acted = new WeakSet<PortalLoadContext>();

/**
 * Whether a dialog's action ran in this request. Without JavaScript a refused form renders the page at the
 * form's URL (`/patients/{id}/?dialog=…`) in the same request: the record's index route then shows the
 * dialog with its errors instead of redirecting to the default product.
 */
export const dialogActionRan = (context: PortalLoadContext) => acted.has(context);

export async function recordAction(request: Request, context: PortalLoadContext, user: CurrentUser, id: string) {
  acted.add(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  // Once per form token (ADR 005): a double submit waits for the first and gets its outcome — one new plan of
  // care, one invite — instead of running again against the record the first one has just changed.
  const outcome = await submitOnce(`${user.userId}:${intent}:${id}`, form.get(FORM_TOKEN_FIELD), () => runIntent(request, context, user, id, form, intent));
  if ("reply" in outcome) return outcome.reply;
  getSession(request, context).flash("toast", { type: "success", message: outcome.toast });
  return redirect(backTo(form, id));
}

async function runIntent(request: Request, context: PortalLoadContext, user: CurrentUser, id: string, form: FormData, intent: string) {
  const loaded = await getPatientRecord(getApi(request, context), id);
  if (loaded.error) throw data({ status: 404 }, { status: loaded.error.status === 400 || loaded.error.status === 404 ? 404 : 502 });
  const record = loaded.data;
  const today = todayIn(user.organization.timezone);
  const saved = (toast: string) => ({ keep: true, value: { toast } });
  const back = backTo(form, id);
  /** Nothing saved: the form comes back (the API's message inline, the input kept). */
  const refused = <R extends object>(reply: R) => ({ keep: false, value: { reply: { ...reply, dialog: intent, back } } });
  const name = fullName(record.patient);

  switch (intent) {
    case "discharge":
    case "edit-plan": {
      const window = intent === "discharge" ? dischargeWindow(record, today) : editPlanWindow(today);
      const submission = parseWithZod(form, { schema: planEndSchema(window) });
      if (submission.status !== "success") return refused(submission.reply());
      const result = await setPlanOfCareEnd(request, context, id, submission.value.end);
      if (result.error) return refused(submission.reply(apiErrorFields(result.error, ["end"])));
      // The spec's toast for a discharge; an edit that only moves a discharge still ahead says so instead.
      return saved(intent === "edit-plan" && submission.value.end > today ? MESSAGES.dischargeMoved(name, submission.value.end) : MESSAGES.discharged(name));
    }
    case "new-plan": {
      const submission = parseWithZod(form, { schema: newPlanSchema({ window: newPlanWindow(record, today), held: record.products }) });
      if (submission.status !== "success") return refused(submission.reply());
      const v = submission.value;
      const health = v.products.includes("HEALTH");
      const result = await startPlanOfCare(request, context, id, {
        start: v.start,
        locationId: v.locationId,
        products: v.products,
        primaryPractitionerId: v.primaryPractitionerId,
        injuredSideOfBody: health ? v.injuredSideOfBody : null,
        injuredBodyPart: health ? v.injuredBodyPart : null,
      });
      if (result.error) return refused(submission.reply(apiErrorFields(result.error, ["start", "locationId", "injuredSideOfBody", "injuredBodyPart"])));
      return saved(MESSAGES.newPlan(name));
    }
    case "edit-details": {
      const schema = patientFormSchema({ mode: "edit", today, products: record.products, emailLocked: record.patient.hasAccount });
      const submission = parseWithZod(withMaskedPhone(form), { schema });
      if (submission.status !== "success") return refused(submission.reply());
      // The RTM billing practitioner (issue 32): sent only when the choice changed ("" is the primary provider).
      const billing = String(form.get("rtmBillingPractitionerId") ?? "");
      const changed = form.has("rtmBillingPractitionerId") && billing !== String(form.get("rtmBillingPractitionerIdWas") ?? "") && (billing === "" || isUuid(billing));
      const update = { ...patientUpdateOf(submission.value, record), ...(changed ? { rtmBillingPractitionerId: billing || null } : {}) };
      const result = await updatePatient(request, context, id, update);
      if (result.error) {
        const fields = ["firstName", "lastName", "email", "phoneNumber", "dob", "locationId", "primaryPractitionerId", "injuredSideOfBody", "injuredBodyPart", "gaitUid"];
        return refused(submission.reply(apiErrorFields(result.error, fields)));
      }
      return saved(MESSAGES.detailsUpdated);
    }
    case "resend-invite": {
      if (!canResendInvite(record)) return refused({ status: "error" as const, error: { "": [MESSAGES.inviteFailed] } });
      const result = await resendInvite(request, context, id);
      if (result.error) return refused({ status: "error" as const, error: { "": [MESSAGES.inviteFailed] } });
      return saved(MESSAGES.inviteSent);
    }
    default:
      throw data({ status: 400 }, { status: 400 });
  }
}
