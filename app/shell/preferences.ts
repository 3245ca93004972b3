/**
 * The sidebar's collapsed/expanded preference: a small cookie of its own (a display preference, not session
 * state — it outlives a logout like any UI setting would). Not HttpOnly on purpose: with JavaScript the
 * toggle writes it in the browser (no request, no reload); without JavaScript the toggle's form posts to
 * `/shell/sidebar`, which sets the same cookie and redirects back.
 */
export const SIDEBAR_COOKIE = "exer-sidebar";
export const SIDEBAR_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type SidebarState = "expanded" | "collapsed";

/** The preference from a Cookie header (expanded unless it says collapsed). */
export function sidebarFromCookieHeader(header: string | null | undefined): SidebarState {
  if (!header) return "expanded";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.split("=");
    if (name?.trim() === SIDEBAR_COOKIE) return rest.join("=").trim() === "collapsed" ? "collapsed" : "expanded";
  }
  return "expanded";
}

/** The cookie (Set-Cookie value, or `document.cookie` assignment). */
export function sidebarCookie(state: SidebarState, secure: boolean): string {
  return [`${SIDEBAR_COOKIE}=${state}`, "Path=/", `Max-Age=${SIDEBAR_COOKIE_MAX_AGE}`, "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

/** The toggle's tooltip and accessible name (000 §2.2). */
export const sidebarToggleLabel = (state: SidebarState) => (state === "collapsed" ? "Expand sidebar" : "Collapse sidebar");
