/**
 * Signing in to the portal the way a browser without JavaScript does: GET the login page, POST its form
 * (same-origin headers, as the portal's cross-site check requires), keep the session cookies it sets.
 */
import { existsSync, readdirSync } from "node:fs";
import type { Agent } from "node:http";
import { join } from "node:path";
import { SCRIPTING_COOKIE } from "../../../app/shell/scripting.js";
import { CACHED_SHEETS_COOKIE, sheetKey } from "../../../app/shell/cached-sheets.js";
import { PROJECT_ROOT } from "../../identity/cognito-local.js";
import { CookieJar, DOCUMENT_HEADERS, send } from "./http.js";

export interface PortalSession {
  baseUrl: string;
  jar: CookieJar;
  /**
   * Headers of a document request of this signed-in browser. `scripts` adds the cookies a browser that has run the
   * portal's scripts sends: the one the browser entry sets (app/shell/scripting.ts: the portal streams only to such
   * browsers) and the one naming the stylesheets it has (app/shell/cached-sheets.ts: a returning browser has the
   * sheets of the pages it opens, which the portal then links instead of carrying inline) — every sheet of the build.
   */
  headers(opts?: { scripts?: boolean }): Record<string, string>;
}

export async function signInToPortal(baseUrl: string, credentials: { email: string; password: string }, agent?: Agent): Promise<PortalSession> {
  const jar = new CookieJar();
  const loginUrl = new URL("/user/login/", baseUrl).href;
  const page = await send(loginUrl, { agent, headers: { ...DOCUMENT_HEADERS, cookie: jar.header() } });
  if (page.status !== 200) throw new Error(`GET /user/login/ answered ${page.status}`);
  jar.store(page.headers["set-cookie"]);

  const form = new URLSearchParams({ email: credentials.email, password: credentials.password }).toString();
  const posted = await send(loginUrl, {
    method: "POST",
    agent,
    body: form,
    headers: {
      ...DOCUMENT_HEADERS,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(form)),
      origin: new URL(baseUrl).origin,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
      cookie: jar.header(),
    },
  });
  jar.store(posted.headers["set-cookie"]);
  const location = posted.headers.location ?? "";
  if (posted.status < 300 || posted.status >= 400 || location.includes("/user/login")) {
    throw new Error(`signing in as ${credentials.email} failed: POST /user/login/ answered ${posted.status}${location ? ` → ${location}` : ""}`);
  }
  return {
    baseUrl,
    jar,
    headers: ({ scripts = false } = {}) => ({ ...DOCUMENT_HEADERS, cookie: jar.header(scripts ? { [SCRIPTING_COOKIE]: "1", ...sheetsCookie() } : {}) }),
  };
}

let sheets: Record<string, string> | undefined;
/** The cookie of a browser that has every stylesheet of the local build (none when there is no build); read once. */
function sheetsCookie(): Record<string, string> {
  if (!sheets) {
    const dir = join(PROJECT_ROOT, "build", "client", "build");
    const keys = existsSync(dir) ? readdirSync(dir).flatMap((f) => sheetKey(f) ?? []) : [];
    sheets = keys.length > 0 ? { [CACHED_SHEETS_COOKIE]: keys.join(".") } : {};
  }
  return sheets;
}
