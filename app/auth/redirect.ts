import { requestUrl } from "../request-url";
/**
 * Where to go after sign-in: only a path of this site (never another origin, a protocol-relative `//host`,
 * a backslash trick or the auth pages themselves); anything else becomes `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  const value = to.trim();
  // Control characters (\u0000–\u001f) would let a header or URL parser read something else than we checked.
  // eslint-disable-next-line no-control-regex -- matching them is the point
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || /[\u0000-\u001f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://portal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://portal.invalid") return fallback;
  if (url.pathname.startsWith("/user/login") || url.pathname.startsWith("/user/logout")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that returns to `request`'s page after sign-in. */
export function loginUrlFor(request: Request): string {
  const url = requestUrl(request);
  const back = `${url.pathname}${url.search}`;
  if (back === "/" || back === "" || url.pathname.startsWith("/user/login") || url.pathname.startsWith("/user/logout")) return "/user/login/";
  return `/user/login/?${new URLSearchParams({ redirectTo: back })}`;
}
