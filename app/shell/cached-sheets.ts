/**
 * Stylesheets the browser already has (ADR 038, "inline only what the browser lacks"). A document carries the build's
 * stylesheets inline (app/shell/document-links.tsx) so that its first paint does not wait a round trip for them — but
 * a browser that has loaded a sheet before keeps it for a year (fingerprinted, immutable), and a `<link>` to it costs
 * no round trip there. So once a page has loaded, the browser fetches the files of the sheets its document carried
 * inline (app/shell/remember-sheets.client.ts, after the load event, at low priority) and names every build sheet it
 * has loaded in this cookie; the next document it asks for links those sheets instead of carrying their text again
 * (26 KB of the patient list's 69 KB before compression: the server's largest cost per page after React's render).
 * A browser that runs no scripts never sets it and always gets its sheets inline. The cookie only chooses between the
 * two ways of sending the same styles: a wrong or forged value costs at most a round trip (a sheet evicted from the
 * cache is fetched again by its `<link>`).
 *
 * A sheet is named by the 8-character content hash of its file name (`shell-DDpaLg69.css` → `DDpaLg69`), so a new
 * build's sheet is never taken for the old one's.
 */
export const CACHED_SHEETS_COOKIE = "exer-css";


/** How many sheets the browser names at most (the latest first): ~9 bytes each on every request to the portal. */
export const MAX_CACHED_SHEETS = 24;
/** How many the server reads at most (a bound on its work, above what the browser writes). */
const MAX_READ = 64;

/** How long the browser keeps the cookie (its cache keeps the sheets a year, when it keeps them). */
export const CACHED_SHEETS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const SHEET_FILE = /-([\w-]{8})\.css$/;
const KEY = /^[\w-]{8}$/;

/** The cookie's value: content hashes of build files, nothing else (what scripts may read of it). */
export const SHEET_LIST = /^[\w-]{8}(?:\.[\w-]{8})*$/;

/** The key of a build stylesheet's URL or path; undefined for a file not named `[name]-[hash].css`. */
export function sheetKey(href: string): string | undefined {
  return SHEET_FILE.exec(href)?.[1];
}

/** The sheets a Cookie header (or `document.cookie`) says the browser has, in the cookie's order (latest first). */
export function cachedSheets(cookies: string | null | undefined): string[] {
  if (!cookies) return [];
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== CACHED_SHEETS_COOKIE) continue;
    return part
      .slice(eq + 1)
      .trim()
      .split(".")
      .filter((key) => KEY.test(key))
      .slice(0, MAX_READ);
  }
  return [];
}

/** The cookie naming `keys` (a `document.cookie` assignment). */
export function cachedSheetsCookie(keys: readonly string[], secure: boolean): string {
  const value = keys.filter((key) => KEY.test(key)).slice(0, MAX_CACHED_SHEETS).join(".");
  return `${CACHED_SHEETS_COOKIE}=${value}; Path=/; Max-Age=${CACHED_SHEETS_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The document's reader of inline sheets for a browser whose Cookie header is `cookies`: the sheets it has are left to
 * their `<link>` (undefined), the others read by `inline` as before.
 */
export function lackingSheets(inline: (href: string) => string | undefined, cookies: string | null | undefined): (href: string) => string | undefined {
  const has = new Set(cachedSheets(cookies));
  if (has.size === 0) return inline;
  return (href) => {
    const key = sheetKey(href);
    return key !== undefined && has.has(key) ? undefined : inline(href);
  };
}
