/**
 * Where browsers report Content-Security-Policy violations (ADR 024 §13): `POST /csp-report`, named by the CSP's
 * `report-to csp` (with the `Reporting-Endpoints: csp="/csp-report"` header: the Reporting API, Chromium) and
 * `report-uri /csp-report` (the older format, the fallback of browsers without `report-to`).
 *
 * Accepts `application/reports+json` (the Reporting API: an array of reports, `type: "csp-violation"`, the
 * violation in `body`), `application/csp-report` (`{"csp-report": {…}}`) and `application/json` (either), up to
 * CSP_REPORT_MAX_BYTES. Each violation is logged as one line, `csp violation`, with only:
 * - `directive`: the effective directive (`style-src-attr`, `script-src-elem`, …);
 * - `blocked`: the blocked resource's origin (`https://cdn.example`), its scheme (`data`, `blob`), or the
 *   browser's keyword (`inline`, `eval`, …) — never its path or query;
 * - `documentPath`: the page's path, without its query or fragment (redacted as the request log redacts it);
 * - `disposition`: `enforce` or `report`.
 * Nothing else of a report reaches the log: not the sample (the first characters of an inline script or style,
 * which can be a page's text), not the referrer, not the document's query (a search term, a name). Malformed
 * reports are dropped silently (204), so a bad client learns nothing.
 *
 * Limits: a body over CSP_REPORT_MAX_BYTES answers 413; at most CSP_REPORT_MAX_PER_POST violations of one post
 * are logged; posts are rate-limited per client address and per process (429 with Retry-After, nothing logged
 * but one line per window saying how many were dropped). It changes nothing but the log, and it is mounted before
 * the same-origin check of form posts (a report is a browser's own post) and before any content-type gate.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { PortalRequest } from "../app/context";
import { log, redactPath } from "../app/log.server";

export const CSP_REPORT_PATH = "/csp-report";
/** The Reporting API's endpoint name the CSP's `report-to` refers to. */
export const CSP_REPORT_GROUP = "csp";
export const CSP_REPORT_TYPES: readonly string[] = ["application/reports+json", "application/csp-report", "application/json"];
/** A browser's batch of a few reports is 1–5 KB; 32 KB leaves room and keeps a flood cheap. */
export const CSP_REPORT_MAX_BYTES = 32 * 1024;
export const CSP_REPORT_MAX_PER_POST = 20;

export interface CspViolation {
  directive: string;
  blocked: string;
  documentPath: string;
  disposition: "enforce" | "report";
}

const KEYWORDS = new Set(["inline", "eval", "wasm-eval", "self", "trusted-types-policy", "trusted-types-sink", "unsafe-inline", "unsafe-eval"]);

/** The blocked resource as far as the log may say: an origin, a scheme, or the browser's keyword. */
export function blockedOrigin(value: unknown): string {
  if (typeof value !== "string" || value === "") return "none";
  const v = value.trim().toLowerCase();
  if (KEYWORDS.has(v)) return v;
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:" || url.protocol === "wss:") return url.origin;
    return url.protocol.replace(/:$/, "");
  } catch {
    // The legacy format may send a bare scheme ("data", "blob").
    return /^[a-z][a-z0-9+.-]{0,20}$/.test(v) ? v : "other";
  }
}

/** The document's path without query or fragment (redacted as the request log redacts paths). */
export function documentPathOf(value: unknown): string {
  if (typeof value !== "string") return "unknown";
  try {
    return redactPath(new URL(value).pathname).slice(0, 300);
  } catch {
    return "unknown";
  }
}

const directiveOf = (value: unknown): string => {
  if (typeof value !== "string") return "unknown";
  const first = value.trim().split(/\s+/)[0]!.toLowerCase();
  return /^[a-z-]{1,40}$/.test(first) ? first : "unknown";
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The violations of a posted body, in either format; anything else is skipped. */
export function violationsOf(body: unknown): CspViolation[] {
  const out: CspViolation[] = [];
  const add = (r: Obj, keys: { directive: string[]; blocked: string; document: string; disposition: string }) => {
    const directive = directiveOf(keys.directive.map((k) => r[k]).find((v) => typeof v === "string"));
    out.push({ directive, blocked: blockedOrigin(r[keys.blocked]), documentPath: documentPathOf(r[keys.document]), disposition: r[keys.disposition] === "report" ? "report" : "enforce" });
  };
  if (Array.isArray(body)) {
    // The Reporting API: [{ type: "csp-violation", url, body: { documentURL, blockedURL, effectiveDirective, disposition, … } }]
    for (const report of body.slice(0, CSP_REPORT_MAX_PER_POST)) {
      if (!isObj(report) || report.type !== "csp-violation" || !isObj(report.body)) continue;
      add(report.body, { directive: ["effectiveDirective", "violatedDirective"], blocked: "blockedURL", document: "documentURL", disposition: "disposition" });
    }
  } else if (isObj(body) && isObj(body["csp-report"])) {
    add(body["csp-report"], { directive: ["effective-directive", "violated-directive"], blocked: "blocked-uri", document: "document-uri", disposition: "disposition" });
  }
  return out;
}

/** A fixed-window counter per key (client address) and for the whole process. */
export function createReportLimiter(o: { perAddress: number; perProcess: number; windowMs: number; now?: () => number }) {
  const now = o.now ?? Date.now;
  let windowStart = now();
  let total = 0;
  let dropped = 0;
  const perKey = new Map<string, number>();
  return {
    /** Counts one post; answers the seconds to wait when it is over a limit. */
    take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
      const t = now();
      if (t - windowStart >= o.windowMs) {
        if (dropped > 0) log.warn("csp reports dropped by the rate limit", { event: "csp-report-dropped", dropped });
        windowStart = t;
        total = 0;
        dropped = 0;
        perKey.clear();
      }
      const mine = perKey.get(key) ?? 0;
      if (mine >= o.perAddress || total >= o.perProcess) {
        dropped++;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + o.windowMs - t) / 1000)) };
      }
      perKey.set(key, mine + 1);
      total++;
      return { ok: true };
    },
  };
}

export interface CspReportOptions {
  /** Posts per client address per window (30) and per process (600); the window is a minute. */
  perAddress?: number;
  perProcess?: number;
  windowMs?: number;
  now?: () => number;
}

/** The endpoint's handlers: rate limit, read the body (type and size checked), log, answer 204. */
export function cspReportEndpoint(o: CspReportOptions = {}): RequestHandler[] {
  const limiter = createReportLimiter({ perAddress: o.perAddress ?? 30, perProcess: o.perProcess ?? 600, windowMs: o.windowMs ?? 60_000, ...(o.now ? { now: o.now } : {}) });
  const answer = (res: Response, status: number, retryAfter?: number) => {
    res.status(status).set("Cache-Control", "no-store");
    if (retryAfter !== undefined) res.set("Retry-After", String(retryAfter));
    res.end();
  };
  const limit: RequestHandler = (req, res, next) => {
    const taken = limiter.take(req.ip ?? "unknown");
    if (!taken.ok) return answer(res, 429, taken.retryAfterSeconds);
    if (!req.is(CSP_REPORT_TYPES as string[])) return answer(res, 415);
    next();
  };
  const read = express.text({ type: () => true, limit: CSP_REPORT_MAX_BYTES });
  const handle: RequestHandler = (req, res) => {
    let body: unknown;
    try {
      body = JSON.parse(typeof req.body === "string" ? req.body : "");
    } catch {
      return answer(res, 204);
    }
    const requestId = (res.locals.portal as PortalRequest | undefined)?.requestId;
    for (const v of violationsOf(body)) log.warn("csp violation", { event: "csp-violation", requestId, ...v });
    answer(res, 204);
  };
  const failed = (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = typeof err === "object" && err && "status" in err && typeof err.status === "number" ? err.status : 400;
    answer(res, status === 413 ? 413 : 400);
  };
  return [limit, read, handle, failed as unknown as RequestHandler];
}
