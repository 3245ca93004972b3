/**
 * Protection against cross-site form posts: a state-changing request (anything but GET/HEAD/OPTIONS) is
 * accepted only when the browser says it comes from this site — `Sec-Fetch-Site: same-origin` (or `none`,
 * a user-initiated navigation), else an `Origin` equal to the portal's own. A request with neither header is
 * refused: every current browser sends at least one of them with a form post. (SameSite=Lax session cookies
 * are the second line of defence.)
 */
export interface CsrfInput {
  method: string;
  /** The portal's origin as this request reached it (scheme://host[:port], proxy-aware). */
  origin: string;
  secFetchSite: string | undefined;
  originHeader: string | undefined;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(input: CsrfInput): boolean {
  if (SAFE.has(input.method.toUpperCase())) return false;
  const site = input.secFetchSite?.toLowerCase();
  if (site) return !(site === "same-origin" || site === "none");
  if (input.originHeader) return input.originHeader.toLowerCase() !== input.origin.toLowerCase();
  return true;
}
