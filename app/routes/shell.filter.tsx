/**
 * POST `/shell/filter`: saves the global filter (location or none, products) in the session, limited to what
 * the user may choose (a practitioner's own locations, the user's products). Without JavaScript the form's
 * `redirectTo` brings the user back to the page; the fetcher of the filter controls gets `{ filter }`.
 */
import { redirect } from "react-router";
import { safeRedirect } from "../auth/redirect";
import { getSession } from "../auth/session.server";
import { currentUser } from "../auth/current-user.server";
import { filterFromForm, restrictFilter } from "../shell/filter";
import { loadFilterState, saveFilter } from "../shell/filter.server";
import type { Route } from "./+types/shell.filter";
import { readForm } from "../forms/read-form.server";
import { authenticate } from "../auth/current-user.server";

export const LOCATION_NOT_AVAILABLE_MESSAGE = "That location is not available to you.";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export async function action({ request, context }: Route.ActionArgs) {
  const user = currentUser(context);
  const form = await readForm(request);
  const wanted = filterFromForm(form);
  const state = await loadFilterState(request, context, user);
  let filter = restrictFilter(wanted, { locations: state.locations, products: state.products });
  if (wanted.locationId !== null && filter.locationId === null) {
    // Not one of the user's choices (or the list could not be loaded): the location stays as it was.
    filter = { ...filter, locationId: state.filter.locationId };
    getSession(request, context).flash("toast", { type: "error", message: state.locationsError ?? LOCATION_NOT_AVAILABLE_MESSAGE });
  }
  saveFilter(request, context, filter);
  const back = form.get("redirectTo");
  if (typeof back === "string" && back) throw redirect(safeRedirect(back, "/home/"));
  return { filter };
}

export function loader() {
  throw redirect("/home/");
}
