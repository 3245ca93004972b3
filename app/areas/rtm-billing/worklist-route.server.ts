/**
 * The loader and action of `/rtm-billing/cycles-by-month/` (routes/_app.rtm-billing.cycles-by-month.tsx
 * re-exports them): the month's worklist (GET v2/health/rtm-cycles/{yearMonth}) streamed after the page's header
 * and filters, and the per-cycle toggles (ADVANCE / REVERT) posted here with Post/Redirect/Get and the spec's
 * toasts. Health users only (404 otherwise); the API scopes the cycles to the user's reach.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { trackEvent } from "../../api/analytics.server";
import { listRtmMonth, organizationHasRtmCycles, promoteRtmCycle } from "../../api/rtm.server";
import { getSession } from "../../auth/session.server";
import { requireProduct } from "../../auth/current-user.server";
import { todayIn } from "../../domain/date-range";
import { fullName } from "../../domain/names";
import { FORM_TOKEN_FIELD, callOnce } from "../../forms/submit-once.server";
import { getGlobalFilter } from "../../shell/filter.server";
import {
  billedMessage,
  isFiltered,
  isUuid,
  LOAD_FAILED,
  parseWorklistState,
  revertedMessage,
  selectableMonths,
  toggleFailedMessage,
  toggleRefusal,
  worklistHref,
  worklistQuery,
  WORKLIST_PATH,
} from "./rules/worklist";
import { requestUrl } from "../../request-url";
import { readForm } from "../../forms/read-form.server";

/** The sidebar's RTM Billing link carries `from=sidebar` (nav.ts): the click is tracked, then the clean URL. */
export const SIDEBAR_SOURCE = "sidebar";

export async function loadWorklist({ request, context }: LoaderFunctionArgs) {
  const user = requireProduct(context, "HEALTH");
  const url = requestUrl(request);
  if (url.searchParams.get("from") === SIDEBAR_SOURCE) {
    trackEvent({ name: "rtm-billing-opened", source: SIDEBAR_SOURCE, userId: user.practitionerId, organizationId: user.organization.id });
    url.searchParams.delete("from");
    // WORKLIST_PATH, not url.pathname: a client-side navigation's data request has no trailing slash.
    throw redirect(`${WORKLIST_PATH}${url.search}`);
  }
  const timeZone = user.organization.timezone;
  const today = todayIn(timeZone);
  const state = parseWorklistState(url.searchParams, today);
  // A practitioner filters by their own locations only (002 §2; the API scopes them anyway).
  if (state.location && user.role === "PORTAL_PRACTITIONER" && !user.locations.some((l) => l.id.toLowerCase() === state.location)) state.location = null;
  // Without a location of its own, the page follows the shell's global location filter.
  if (!url.searchParams.has("location")) state.location = (getGlobalFilter(request, context)).locationId;

  // An unfiltered month without cycles: whether the organization has any (the empty state tells which, 002 §2).
  const list = listRtmMonth(request, context, state.month, worklistQuery(state)).then(async (r) =>
    r.data && r.data.metadata.totalItems === 0 && !isFiltered(state) ? { data: { ...r.data, organizationHasCycles: await organizationHasRtmCycles(request, context) }, error: undefined } : r,
  );
  const open = url.searchParams.get("open");
  const copy = url.searchParams.get("copy");
  const confirm = url.searchParams.get("confirm");
  const view = {
    state,
    months: selectableMonths(today),
    timeZone,
    today,
    open: isUuid(open) ? open : null,
    copy: isUuid(copy) ? copy : null,
    /** The "Bill now" confirmation of a cycle met so far (ADR 043): a page state, so it works without JavaScript. */
    confirm: isUuid(confirm) ? confirm : null,
  };
  if (state.page > 1) {
    // 002 §8: a failure on a later page goes back to page 1 first (so a later page is not streamed).
    const result = await list;
    if (result.error) {
      getSession(request, context).flash("toast", { type: "error", message: LOAD_FAILED });
      throw redirect(worklistHref({ ...state, page: 1 }));
    }
    return { ...view, list: Promise.resolve(result) };
  }
  // Not awaited: the header and filters render at once, the rows stream in when the call answers.
  return { ...view, list };
}

export type WorklistLoaderData = Awaited<ReturnType<typeof loadWorklist>>;

export async function worklistAction({ request, context }: ActionFunctionArgs) {
  const user = requireProduct(context, "HEALTH");
  const url = requestUrl(request);
  const state = parseWorklistState(url.searchParams, todayIn(user.organization.timezone));
  const form = await readForm(request);
  const intent = form.get("intent");
  const cycleId = String(form.get("cycleId") ?? "");
  if ((intent !== "advance" && intent !== "revert") || !isUuid(cycleId)) return data({ error: "Unknown action." }, { status: 400 });
  const patientId = String(form.get("patientRecordId") ?? "");
  const back = worklistHref(state, isUuid(patientId) ? { open: patientId } : {});
  // Once per form token (ADR 005): a double click marks the cycle billed once and reports one success.
  // "Bill now" is sent only from its confirmation, which names what billing early may lose (ADR 043).
  const billNow = intent === "advance" && form.get("billNow") === "1";
  const result = await callOnce(`${user.userId}:rtm-${intent}:${cycleId}`, form.get(FORM_TOKEN_FIELD), () =>
    promoteRtmCycle(request, context, cycleId, intent === "advance" ? "ADVANCE" : "REVERT", billNow),
  );
  const session = getSession(request, context);
  const refused = result.error ? toggleRefusal(result.error) : null;
  if (refused) {
    // A billing rule refused it (ADR 033): its message names the rule.
    session.flash("toast", { type: "error", message: refused });
  } else if (result.error) {
    session.flash("toast", { type: "error", message: toggleFailedMessage(result.error.status, intent, form.get("shownStatus")) });
  } else {
    const name = fullName(result.data.patientRecord);
    session.flash("toast", { type: "success", message: intent === "advance" ? billedMessage(name) : revertedMessage(name) });
  }
  return redirect(back.startsWith(WORKLIST_PATH) ? back : WORKLIST_PATH);
}
