/**
 * `/patients/{id}/{product}/{section}/` (000 §2.8): one tab of the patient detail. Health: activity, rom
 * (Range of motion), pro (Surveys), care (Care Management); Gait: activity (Assessment), progress (Progress
 * charts). A section the product (or this patient) does not have redirects to activity, keeping the search.
 *
 * The loader starts the section's one API call and returns it un-awaited: the header and tabs (parent routes)
 * render at once and the section streams in (<Suspense><Await>, the spec's message when the call fails).
 * The dialogs of the section have URLs (`?dialog=care-note-new|care-note-edit|care-note-delete|comment|
 * comment-edit|comment-delete` with `note` / `session`); their forms post here with an `intent`, and succeed
 * with a redirect back to the URL without the dialog and a flash toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { Suspense } from "react";
import { callOnce, FORM_TOKEN_FIELD } from "../forms/submit-once.server";
import { CARE_NOTE_ADD_FAILED, CARE_NOTE_ADDED, CARE_NOTE_DELETE_FAILED, CARE_NOTE_DELETED, CARE_NOTE_UPDATE_FAILED, CARE_NOTE_UPDATED, createCareNote, deleteCareNote, updateCareNote } from "../api/care-notes.server";
import { GAIT_COMMENT_SAVE_FAILED, setGaitComment } from "../api/gait.server";
import { startSection } from "../areas/patients/sections/patient-sections.server";
import { loadPatientRecord } from "../api/patients.server";
import { getApi } from "../api/user-api.server";
import { getSession } from "../auth/session.server";
import { requirePatientsUser } from "../auth/current-user.server";
import { parseDateRange, todayIn } from "../domain/date-range";
import { firstSection, isPatientProduct, isSectionOf, sectionPath } from "../areas/patients/rules/patient-detail";
import { careNoteSchema, careNoteTextSchema, type CareNoteInput } from "../areas/patients/forms/care-note";
import { gaitCommentSchema } from "../areas/patients/forms/gait-comment";
import { closeDialogHref, DIALOG_PARAMS } from "../areas/patients/sections/section-urls";
import type { SectionActionData } from "../areas/patients/sections/section-view";
import { TIMER_ID_FIELD } from "../areas/patients/sections/care-notes";
import { isCareTimerPost } from "../areas/patients/detail/care-timer-intents";
import sectionStyles from "../areas/patients/sections/patient-sections.css?url";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/_app.patients.$patientRecordId.$patientProduct.$patientSection";
import { readForm } from "../forms/read-form.server";
import { lazyPart } from "../components/lazy-part";

export const links = () => [{ rel: "stylesheet", href: sectionStyles }];

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePatientsUser(context);
  const id = params.patientRecordId ?? "";
  const product = params.patientProduct;
  const section = params.patientSection ?? "";
  const record = await loadPatientRecord(request, context, id);
  // The record route shows a failed load; the product route redirects an unknown product.
  if (record.error || !isPatientProduct(product)) return data(null, { headers: NO_STORE });
  const url = requestUrl(request);
  if (!isSectionOf(product, section, record.data)) throw redirect(`${sectionPath(id, product, firstSection(product, record.data))}${url.search}`);

  const timeZone = user.organization.timezone;
  const today = todayIn(timeZone);
  const ctx = { api: getApi(request, context), patientRecordId: id, range: parseDateRange(url.searchParams, today), timeZone };
  // Not awaited: the section's content streams to the page when its call answers.
  const view = startSection(product, section, record.data, ctx);
  return data({ timeZone, today, view }, { headers: NO_STORE });
}

export const headers = () => NO_STORE;

/**
 * Parameters of the dialogs above the section — the program drawer, unassign, Patient View's zoom,
 * the record's two-step New Plan of Care — which show something over the page, not other data.
 */
const PAGE_DIALOG_PARAMS = ["program", "zoom", "step", "products"];

/** Opening or closing a dialog (the section's or the page's), or paging, changes only the URL: the section's data stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formData, defaultShouldRevalidate }) => {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  // The care timer's posts (Start, Stop, Resume, the island's pause) change no section's data.
  if (formMethod) return isCareTimerPost(formData) ? false : defaultShouldRevalidate;
  const rest = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const name of [...DIALOG_PARAMS, ...PAGE_DIALOG_PARAMS, "page"]) p.delete(name);
    p.sort();
    return p.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
};

/**
 * The API's note: the call (liveInteraction, unsuccessfulAttempt; ADR 033) — the API derives the spec's flag and
 * interaction type from it (000 §3), except for an older note's flag whose method was not recorded, sent as kept.
 */
const notePayload = (note: CareNoteInput) => note;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requirePatientsUser(context);
  const id = params.patientRecordId ?? "";
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const url = requestUrl(request);
  const api = getApi(request, context);
  const done = (message: string) => {
    getSession(request, context).flash("toast", { type: "success", message });
    return redirect(closeDialogHref(url));
  };
  const refused = (payload: SectionActionData, status: number) => data(payload, { status: status >= 400 && status < 500 ? status : 502 });
  /**
   * The call once per form token (submit-once.server.ts): a double submit waits for the first and gets its
   * outcome — one note, not two; a repeated delete does not answer "could not delete" for a deleted note.
   */
  const once = <R extends { error?: unknown }>(call: () => Promise<R>) => callOnce(`${user.userId}:${intent}:${id}`, formData.get(FORM_TOKEN_FIELD), call);
  /** The spec's message, and the service's reason when it refused (409: a billed cycle). */
  const reasons = (message: string, error: { message: string; status: number }) => (error.status === 409 || error.status === 400 ? [message, error.message] : [message]);

  switch (intent) {
    case "care-note-create": {
      const submission = parseWithZod(formData, { schema: careNoteSchema(todayIn(user.organization.timezone)) });
      if (submission.status !== "success") return data({ intent, result: submission.reply() } satisfies SectionActionData, { status: 400 });
      // The stopped timer's record (issue 32): the API decides Timed or Typed from it; a malformed id is no timer.
      const timerId = String(formData.get(TIMER_ID_FIELD) ?? "");
      const timer = UUID.test(timerId) ? { timerId } : {};
      const result = await once(() => createCareNote(api, id, { ...notePayload(submission.value), ...timer }));
      if (result.error) return refused({ intent, result: submission.reply({ formErrors: reasons(CARE_NOTE_ADD_FAILED, result.error) }) }, result.error.status);
      throw done(CARE_NOTE_ADDED);
    }
    case "care-note-update": {
      const noteId = String(formData.get("noteId") ?? "");
      // A note in a billed cycle has only its notes in the form (the API refuses any other change to it).
      if (!formData.has("date")) {
        const submission = parseWithZod(formData, { schema: careNoteTextSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() } satisfies SectionActionData, { status: 400 });
        const result = await once(() => updateCareNote(api, id, noteId, submission.value));
        if (result.error) return refused({ intent, result: submission.reply({ formErrors: reasons(CARE_NOTE_UPDATE_FAILED, result.error) }) }, result.error.status);
        throw done(CARE_NOTE_UPDATED);
      }
      const submission = parseWithZod(formData, { schema: careNoteSchema(todayIn(user.organization.timezone)) });
      if (submission.status !== "success") return data({ intent, result: submission.reply() } satisfies SectionActionData, { status: 400 });
      const result = await once(() => updateCareNote(api, id, noteId, notePayload(submission.value)));
      if (result.error) return refused({ intent, result: submission.reply({ formErrors: reasons(CARE_NOTE_UPDATE_FAILED, result.error) }) }, result.error.status);
      throw done(CARE_NOTE_UPDATED);
    }
    case "care-note-delete": {
      const result = await once(() => deleteCareNote(api, id, String(formData.get("noteId") ?? "")));
      if (result.error) return refused({ intent, errors: reasons(CARE_NOTE_DELETE_FAILED, result.error) }, result.error.status);
      throw done(CARE_NOTE_DELETED);
    }
    case "comment-save": {
      const submission = parseWithZod(formData, { schema: gaitCommentSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() } satisfies SectionActionData, { status: 400 });
      const result = await once(() => setGaitComment(api, String(formData.get("sessionId") ?? ""), submission.value.comment));
      if (result.error) return refused({ intent, result: submission.reply({ formErrors: [GAIT_COMMENT_SAVE_FAILED] }) }, result.error.status);
      throw done(COMMENT_SAVED);
    }
    case "comment-delete": {
      const result = await once(() => setGaitComment(api, String(formData.get("sessionId") ?? ""), null));
      if (result.error) return refused({ intent, errors: [GAIT_COMMENT_SAVE_FAILED] }, result.error.status);
      throw done(COMMENT_DELETED);
    }
    default:
      throw data(null, { status: 400 });
  }
}

export const COMMENT_SAVED = "Comment has been saved.";
export const COMMENT_DELETED = "Comment has been deleted.";

// The section hydrates once its code has come, after the page is interactive (ADR 038, as the list's results): the
// server renders it — its content streamed in when its call answers — and React keeps that HTML until then.
const PatientSectionView = lazyPart(() => import("../areas/patients/sections/section-view").then((m) => ({ default: m.PatientSectionView })));

export default function PatientSection({ loaderData: loaded, actionData }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PatientSectionView loaded={loaded} actionData={actionData ?? null} />
    </Suspense>
  );
}
