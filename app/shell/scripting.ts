/**
 * Streaming and browsers without JavaScript. React streams slow data (a `<Suspense>` fallback first, the
 * content later) and swaps it in with an inline script; a browser that runs no scripts would show the
 * fallback forever. So the server streams only to browsers known to run scripts: the browser entry sets this
 * cookie as soon as it runs (a browser-session cookie: it is re-established whenever scripts run), and a
 * document request without it gets the whole page at once (like bots) — complete HTML with JavaScript off.
 */
export const SCRIPTING_COOKIE = "exer-js";

/** Whether the request's browser has shown it runs scripts. */
export function clientRunsScripts(request: Request): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header.split(";").some((part) => part.trim() === `${SCRIPTING_COOKIE}=1`);
}

/** In the browser: note that scripts run (read by `clientRunsScripts` on the next document request). */
export function markScriptingCookie(doc: Document = document): void {
  const secure = doc.location?.protocol === "https:" ? "; Secure" : "";
  doc.cookie = `${SCRIPTING_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
}
