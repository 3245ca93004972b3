/**
 * Where to go after sign-in, a sidebar toggle or a filter change: only a path of this site, never another origin.
 *
 * The target is resolved exactly as a browser resolves a `Location` header (the WHATWG URL parser: dot segments,
 * percent-encoded dots, backslashes as slashes), and what is sent is checked again the same way: `/.//evil.example`
 * and `/%2e//evil.example` resolve to the path `//evil.example`, which a browser would then read as another host.
 * Anything that does not come back to this origin as the same path becomes `fallback` (ASVS 5.1.5).
 */
import { MAX_REQUEST_TARGET_BYTES } from "../request-limits";
import { requestUrl } from "../request-url";

/** Stands for the portal's own origin while resolving (any origin would do: only sameness is compared). */
const HOME = "https://portal.invalid";

/** The path, query and fragment of `value` resolved against this site, or null when it leaves it. */
function resolveHere(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, HOME);
  } catch {
    return null;
  }
  if (url.origin !== HOME || url.username || url.password) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  const value = to.trim();
  // Control characters (\u0000–\u001f, \u007f) would let a header or URL parser read something else than we checked;
  // a backslash is a slash to browsers.
  // eslint-disable-next-line no-control-regex -- matching them is the point
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const resolved = resolveHere(value);
  // What is sent must be a single-slash path that a browser resolves to itself on this origin.
  if (resolved === null || !resolved.startsWith("/") || resolved.startsWith("//") || resolveHere(resolved) !== resolved) return fallback;
  const path = resolved.split(/[?#]/, 1)[0]!;
  if (path.startsWith("/user/login") || path.startsWith("/user/logout")) return fallback;
  return resolved;
}

/**
 * The login URL that returns to `request`'s page after sign-in. Never longer than the server accepts (414): a page
 * whose address would not fit comes back without its query, or not at all.
 */
export function loginUrlFor(request: Request): string {
  const url = requestUrl(request);
  if (url.pathname.startsWith("/user/login") || url.pathname.startsWith("/user/logout")) return "/user/login/";
  for (const back of [`${url.pathname}${url.search}`, url.pathname]) {
    if (back === "/" || back === "") return "/user/login/";
    const login = `/user/login/?${new URLSearchParams({ redirectTo: back })}`;
    if (login.length <= MAX_REQUEST_TARGET_BYTES) return login;
  }
  return "/user/login/";
}
