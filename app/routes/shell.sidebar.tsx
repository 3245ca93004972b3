/**
 * POST `/shell/sidebar`: the sidebar's collapse/expand toggle without JavaScript (with it, the browser writes
 * the cookie itself). Sets the preference cookie and redirects back to the page; a call without `redirectTo`
 * gets `{ state }`.
 */
import { redirect } from "react-router";
import { safeRedirect } from "../auth/redirect";
import { cookieIsSecure } from "../auth/session.server";
import { SIDEBAR_COOKIE, sidebarCookie, type SidebarState } from "../shell/preferences";
import { portalRequest } from "../context";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/shell.sidebar";
import { readForm } from "../forms/read-form.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const state: SidebarState = form.get("state") === "collapsed" ? "collapsed" : "expanded";
  portalRequest(context).responseCookies.set(SIDEBAR_COOKIE, sidebarCookie(state, cookieIsSecure(requestUrl(request))));
  const back = form.get("redirectTo");
  if (typeof back === "string" && back) throw redirect(safeRedirect(back, "/home/"));
  return { state };
}

export function loader() {
  throw redirect("/home/");
}
