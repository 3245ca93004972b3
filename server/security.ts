/**
 * Security headers of every response. The Content-Security-Policy allows scripts only from this origin and
 * inline scripts carrying the response's nonce (no 'unsafe-inline' scripts), styles only from this origin's
 * stylesheets and `<style>` elements carrying the nonce (no 'unsafe-inline' styles: no style attributes in the
 * HTML; the islands set styles through the CSSOM; the charts' server SVG carries presentation attributes instead of
 * style attributes — ADR 024 §13, ADR 039); nothing may frame the portal. Violations are reported to `/csp-report` (server/csp-report.ts):
 * `report-to` with the Reporting-Endpoints header, `report-uri` for browsers without it.
 */
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from "./csp-report";

export interface SecurityOptions {
  nonce: string;
  /** The request arrived over https (directly or through a trusted proxy). */
  https: boolean;
  /**
   * Origins of the provider API (and failovers): organization logos are loaded from signed URLs there, and the
   * Motion Library's exercise media (SVG stills and animations, demo videos and audio) from its public media.
   */
  imageOrigins: readonly string[];
  /** Where forms may be sent (the SSO domain when configured: "Continue with SSO" redirects there). */
  formActionOrigins: readonly string[];
  /** Development: the live-reload socket. */
  development: boolean;
}

export function contentSecurityPolicy(o: SecurityOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${o.nonce}'`],
    // Development only: Vite's client injects CSS as <style> elements while it serves modules (a nonce would make
    // the browser ignore 'unsafe-inline', so there is none there). Production builds link every stylesheet.
    "style-src": o.development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${o.nonce}'`],
    "img-src": ["'self'", "data:", "blob:", ...o.imageOrigins],
    "media-src": ["'self'", ...o.imageOrigins],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(o.development ? ["ws://localhost:*", "http://localhost:*"] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...o.formActionOrigins],
    "frame-ancestors": ["'none'"],
    "frame-src": ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
  };
  const parts = Object.entries(directives).map(([k, v]) => `${k} ${[...new Set(v)].join(" ")}`);
  if (o.https) parts.push("upgrade-insecure-requests");
  parts.push(`report-to ${CSP_REPORT_GROUP}`, `report-uri ${CSP_REPORT_PATH}`);
  return parts.join("; ");
}

/** HSTS, on every answer over https (documents and subresources alike). */
const HSTS = "max-age=31536000; includeSubDomains";

export function securityHeaders(o: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(o),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-DNS-Prefetch-Control": "off",
    // The CSP's report-to group (the Reporting API); relative to the page, so it follows the portal's own origin.
    "Reporting-Endpoints": `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
  };
  if (o.https) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

/**
 * The headers of a fingerprinted script or stylesheet under /build/ (server/precompressed.ts `scriptsAndStyles`). Such
 * a response is never a document — the browser runs or applies it under the policy of the page that loaded it — so
 * the document's policies (CSP, framing, referrer, permissions, opener, reporting) do nothing on it; they were 1.1 KB
 * of each of the ~10-30 answers a page loads, on a link where 1 KB takes 20 ms (ADR 038, "Amendment: the answers'
 * own weight"). What does act on a subresource stays: no type sniffing, no cross-origin reads, HSTS over https.
 */
export function subresourceHeaders(o: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "same-origin" };
  if (o.https) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

export const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
