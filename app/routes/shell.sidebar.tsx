/**
 * POST `/shell/sidebar`: the sidebar's collapse/expand toggle without JavaScript (with it, the browser writes
 * the cookie itself). Sets the preference cookie and redirects back to the page; a call without `redirectTo`
 * gets `{ state }`.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "../auth/redirect";
import { cookieIsSecure } from "../auth/session.server";
import { SIDEBAR_COOKIE, sidebarCookie, type SidebarState } from "../shell/preferences";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const state: SidebarState = form.get("state") === "collapsed" ? "collapsed" : "expanded";
  context.responseCookies.set(SIDEBAR_COOKIE, sidebarCookie(state, cookieIsSecure(new URL(request.url))));
  const back = form.get("redirectTo");
  if (typeof back === "string" && back) throw redirect(safeRedirect(back, "/home/"));
  return { state };
}

export function loader() {
  throw redirect("/home/");
}
