/**
 * The care timer's posts on the patient page (ADR 033, issue 26), handled by the product route's action:
 * `care-timer-start` (PUT RUNNING), `care-timer-resume` (PUT RUNNING: a timer paused elsewhere), `care-timer-stop`
 * (DELETE) — plain form posts that work without JavaScript, each answered with a redirect (Post/Redirect/Get):
 * back to the page, or after Stop to the Care Management tab with the Add Care Note dialog open and its minutes
 * filled with the timer's completed minutes from the API's record of the stop (`?dialog=care-note-new&timer={id}`:
 * the URL carries the record's id, never minutes — issue 32). With JavaScript the
 * island also posts `care-timer-pause` / `care-timer-resume` with `auto=1` (the tab hidden, the inactivity
 * warning shown, and back; one at a time, care-timer-sync.ts): those answer data (the timer's state), not a
 * redirect, so the page stays where it is, and change only a timer that exists (never start one).
 *
 * Once per form token (ADR 005/017): a double Stop sends the same Idempotency-Key, so the API answers the
 * first stop's minutes again instead of "no timer".
 */
import { data, redirect } from "react-router";
import type { PortalLoadContext } from "../../../context";
import { safeRedirect } from "../../../auth/redirect";
import { getSession } from "../../../auth/session.server";
import { getApi } from "../../../api/user-api.server";
import { CARE_TIMER_NOT_RUNNING, CARE_TIMER_RESUME_FAILED, CARE_TIMER_START_FAILED, CARE_TIMER_STOP_FAILED, getCareTimer, setCareTimer, stopCareTimer } from "../../../api/care-timer.server";
import { callOnce, FORM_TOKEN_FIELD } from "../../../forms/submit-once.server";
import { recordPath, sectionPath } from "../rules/patient-detail";
import { TIMER_PARAM, type CareTimerIntent } from "./care-timer-intents";
import { autoChange, timerStateOf, type TimerState } from "./care-timer-sync";

export { isCareTimerIntent } from "./care-timer-intents";


/** After Stop: the Care Management tab (keeping the page's search: date range), the add dialog with the stopped timer. */
export function stoppedHref(id: string, back: string, timerId: string): string {
  const search = new URL(back, "http://x").searchParams;
  for (const name of ["dialog", "note", "session", "timed", TIMER_PARAM, "program", "zoom", "step", "products", "page"]) search.delete(name);
  search.set("dialog", "care-note-new");
  search.set(TIMER_PARAM, timerId);
  return `${sectionPath(id, "health", "care")}?${search}`;
}

export interface CareTimerActionData {
  intent: CareTimerIntent;
  ok: boolean;
  /** The island's automatic posts: the timer's state after the post. */
  state?: TimerState;
}

export async function careTimerAction(request: Request, context: PortalLoadContext, userId: string, id: string, form: FormData) {
  const intent = form.get("intent") as CareTimerIntent;
  const home = recordPath(id);
  const to = safeRedirect(form.get("redirectTo"), home);
  const back = to.startsWith(home) ? to : home;
  const api = getApi(request, context);
  const once = <R extends { error?: unknown }>(call: () => Promise<R>) => callOnce(`${userId}:${intent}:${id}`, form.get(FORM_TOKEN_FIELD), call);
  const toast = (type: "success" | "error", message: string) => getSession(request, context).flash("toast", { type, message });

  // The island's automatic pause and resume (care-timer-sync.ts): no navigation; answers the timer's state. Only an
  // existing timer is changed: the API's PUT would start a new one (running, or paused) after a Stop.
  if (form.get("auto") === "1" && (intent === "care-timer-pause" || intent === "care-timer-resume")) {
    const failed = (status: number) => data({ intent, ok: false } satisfies CareTimerActionData, { status: status >= 400 && status < 500 ? status : 502 });
    const current = await getCareTimer(api, id);
    if (current.error) return failed(current.error.status);
    const change = autoChange(current.data.timer, intent === "care-timer-pause" ? "PAUSED" : "RUNNING");
    if (!change) return data({ intent, ok: true, state: timerStateOf(current.data.timer) } satisfies CareTimerActionData);
    const result = await setCareTimer(api, id, change);
    if (result.error) return failed(result.error.status);
    return data({ intent, ok: true, state: timerStateOf(result.data) } satisfies CareTimerActionData);
  }
  switch (intent) {
    case "care-timer-start":
    case "care-timer-resume":
    case "care-timer-pause": {
      const result = await once(() => setCareTimer(api, id, intent === "care-timer-pause" ? "PAUSED" : "RUNNING"));
      if (result.error) toast("error", intent === "care-timer-start" ? CARE_TIMER_START_FAILED : CARE_TIMER_RESUME_FAILED);
      throw redirect(back);
    }
    case "care-timer-stop": {
      const result = await once(() => stopCareTimer(api, id));
      if (result.error) {
        toast("error", result.error.status === 404 ? CARE_TIMER_NOT_RUNNING : CARE_TIMER_STOP_FAILED);
        throw redirect(back);
      }
      throw redirect(stoppedHref(id, back, result.data.id));
    }
  }
}
