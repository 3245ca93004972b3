import { organizationScope } from "../../core/access.js";
import { requireMember, type Caller } from "../../core/auth.js";
import { badRequest, notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import { paged, pageRequest } from "../../core/paging.js";
import type { Db } from "../../db/db.js";
import {
  SCAN_SESSION_SELECT, scanLogKey, toAssessment, toScanOutcome, toScanSession,
  type AssessmentRow, type ScanOutcomeRow, type ScanSessionRow,
} from "./mapping.js";
import { renderOutcomesPdf } from "./pdf.js";
import { scanClientModules } from "./modules.js";

/**
 * The organization and location boundary of scan sessions as a SQL condition on alias `ss`: the caller's
 * organization; a practitioner only sessions recorded at their own locations. Parameters are appended.
 */
export function scanSessionScope(caller: Caller, params: unknown[], alias = "ss"): string {
  return organizationScope(caller, params, alias);
}

/** Loads a scan session the caller may see, or 404 (existence in another organization does not leak). */
export async function getVisibleScanSession(db: Db, caller: Caller, id: string): Promise<ScanSessionRow> {
  const params: unknown[] = [id];
  const row = await db.one<ScanSessionRow>(`${SCAN_SESSION_SELECT} WHERE ss.id = $1 AND ${scanSessionScope(caller, params)}`, params);
  if (!row) throw notFound("Scan session not found");
  return row;
}

const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function parseInstant(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw badRequest(`${name} must be an ISO 8601 date-time`);
  return d;
}

/** Handlers of the scan area, keyed by operationId. */
export const handlers = defineHandlers({
  listScanSessions: async (ctx) => {
    const q = ctx.query ?? {};
    const page = pageRequest(q, 20);
    const params: unknown[] = [];
    const where = [scanSessionScope(ctx.caller, params)];
    if (q.sessionUUID !== undefined) {
      // A session UUID search ignores every other filter.
      params.push(q.sessionUUID.toLowerCase());
      where.push(`ss.session_uuid = $${params.length}::uuid`);
    } else {
      const start = parseInstant("start", q.start);
      const end = parseInstant("end", q.end);
      if (start && end && end < start) throw badRequest("end must not be before start");
      if (q.locationId !== undefined) {
        params.push(q.locationId);
        where.push(`ss.location_id = $${params.length}::uuid`);
      }
      if (start) {
        params.push(start.toISOString());
        where.push(`ss.created_date >= $${params.length}`);
      }
      if (end) {
        params.push(end.toISOString());
        where.push(`ss.created_date <= $${params.length}`);
      }
      const assessmentIds = [...new Set(q.assessmentIds ?? [])];
      if (assessmentIds.length > 0) {
        params.push(assessmentIds);
        where.push(`ss.assessment_id = ANY($${params.length}::text[])`);
      }
      const provider = q.provider?.trim();
      if (provider) {
        params.push(likeTerm(provider));
        const p = `$${params.length}`;
        where.push(`(p.first_name ILIKE ${p} OR p.last_name ILIKE ${p} OR (p.first_name || ' ' || p.last_name) ILIKE ${p})`);
      }
    }
    const cond = where.join(" AND ");
    const rows = await ctx.db.query<ScanSessionRow>(
      `${SCAN_SESSION_SELECT} WHERE ${cond} ORDER BY ss.created_date DESC, ss.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    );
    const total =
      page.offset === 0 && rows.length < page.limit
        ? rows.length
        : Number(
            (await ctx.db.one<{ n: string | number }>(
              `SELECT count(*) AS n FROM scan_sessions ss LEFT JOIN practitioners p ON p.id = ss.practitioner_id WHERE ${cond}`,
              params,
            ))?.n ?? 0,
          );
    return paged(rows.map(toScanSession), total, page);
  },

  getScanSession: async (ctx) => toScanSession(await getVisibleScanSession(ctx.db, ctx.caller, ctx.params.id)),

  getScanPoseLogSignedUrl: async (ctx) => {
    const session = await getVisibleScanSession(ctx.db, ctx.caller, ctx.params.id);
    const key = scanLogKey(session.id, "pose-log");
    if (!(session.artifacts ?? []).includes("pose-log") || !(await ctx.files.exists(key))) throw notFound("This session has no pose log.");
    return ctx.signer.sign(key);
  },

  getScanHandsLogSignedUrl: async (ctx) => {
    const session = await getVisibleScanSession(ctx.db, ctx.caller, ctx.params.id);
    const key = scanLogKey(session.id, "hands-log");
    if (!(session.artifacts ?? []).includes("hands-log") || !(await ctx.files.exists(key))) throw notFound("This session has no hands log.");
    return ctx.signer.sign(key);
  },

  listAssessments: async (ctx) => {
    requireMember(ctx.caller);
    const rows = await ctx.db.query<AssessmentRow>(
      "SELECT id, name, thumbnail_url, subject_orientation, directives, result_definitions FROM assessments ORDER BY id",
    );
    return rows.map(toAssessment);
  },

  getScanClientModules: async (ctx) => scanClientModules(ctx.db, requireMember(ctx.caller)),

  listRiskFactorOutcomes: async (ctx) => {
    const m = requireMember(ctx.caller);
    const rows = await ctx.db.query<ScanOutcomeRow>("SELECT * FROM scan_outcomes WHERE organization_id = $1 ORDER BY assessment_id", [m.organizationId]);
    return rows.map(toScanOutcome);
  },

  renderPdf: async (ctx) => {
    const m = requireMember(ctx.caller);
    // The shared letterhead: the caller's organization, with its logo when it has one (the print logo's file).
    const [org] = await ctx.db.query<{ name: string }>("SELECT name FROM organizations WHERE id = $1", [m.organizationId]);
    const [logo] = await ctx.db.query<{ key: string }>("SELECT key FROM files WHERE key LIKE $1 ORDER BY created_at DESC LIMIT 1", [`org/${m.organizationId}/logo-%`]);
    const logoFile = logo ? await ctx.files.get(logo.key) : undefined;
    const pdf = await renderOutcomesPdf(ctx.body, { organizationName: org?.name ?? "", logo: logoFile ? new Uint8Array(logoFile.data) : null });
    const fileName = ctx.body.pdfName.replace(/[^\w .-]+/g, "_").trim() || "outcome";
    return ctx.reply
      .type("application/pdf")
      .header("Content-Disposition", `inline; filename="${fileName}.pdf"`)
      .header("Cache-Control", "private, no-store")
      .send(pdf);
  },
});
