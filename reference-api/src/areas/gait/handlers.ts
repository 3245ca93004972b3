import { requireMember } from "../../core/auth.js";
import { patientScope, getVisiblePatient } from "../../core/access.js";
import { badRequest, notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import type { Db } from "../../db/db.js";
import type { Caller } from "../../core/auth.js";
import { GAIT_SESSION_SELECT, productTextLength, toGaitSession, type GaitSessionRow } from "./mapping.js";
import { listGaitPatients } from "./patients.js";

/** The report covers one day in the organization's timezone: allow 25 hours for a daylight-saving day. */
const MAX_REPORT_WINDOW_MS = 25 * 3_600_000;
/** Therapist comments: at most 1000 characters, a line break counting as two. */
export const MAX_COMMENT_LENGTH = 1000;

function parseInstant(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw badRequest(`${name} must be an ISO 8601 date-time`);
  return d;
}

function checkRange(start: Date | undefined, end: Date | undefined) {
  if (start && end && end.getTime() < start.getTime()) throw badRequest("end must not be before start");
}

/** Loads a gait session whose patient the caller can see (hidden patients included as not found), or 404. */
async function getVisibleGaitSession(db: Db, caller: Caller, id: string): Promise<GaitSessionRow> {
  const params: unknown[] = [id];
  const row = await db.one<GaitSessionRow>(
    `${GAIT_SESSION_SELECT} WHERE gs.id = $1 AND NOT pr.hidden AND ${patientScope(caller, params)}`,
    params,
  );
  if (!row) throw notFound("Gait session not found");
  return row;
}

/** Handlers of the gait area, keyed by operationId. */
export const handlers = defineHandlers({
  listGaitPatientRecords: async (ctx) => listGaitPatients(ctx.db, ctx.caller, ctx.query ?? {}),

  listGaitSessions: async (ctx) => {
    const { patientRecordId } = ctx.query;
    const start = parseInstant("start", ctx.query.start);
    const end = parseInstant("end", ctx.query.end);
    checkRange(start, end);
    const patient = await getVisiblePatient(ctx.db, ctx.caller, patientRecordId);
    const params: unknown[] = [patient.id];
    let where = "gs.patient_record_id = $1";
    if (start) {
      params.push(start.toISOString());
      where += ` AND gs.captured_date >= $${params.length}`;
    }
    if (end) {
      params.push(end.toISOString());
      where += ` AND gs.captured_date <= $${params.length}`;
    }
    const rows = await ctx.db.query<GaitSessionRow>(`${GAIT_SESSION_SELECT} WHERE ${where} ORDER BY gs.captured_date DESC, gs.id DESC`, params);
    return rows.map(toGaitSession);
  },

  getGaitReport: async (ctx) => {
    requireMember(ctx.caller);
    const start = parseInstant("start", ctx.query.start)!;
    const end = parseInstant("end", ctx.query.end)!;
    checkRange(start, end);
    if (end.getTime() - start.getTime() > MAX_REPORT_WINDOW_MS) throw badRequest("end must be at most one day (25 hours) after start: the report covers one day");
    if (start.getTime() > Date.now()) throw badRequest("start must not be in the future");
    const params: unknown[] = [start.toISOString(), end.toISOString(), ctx.config.gaitReportExcludedUids.map((u) => u.toUpperCase())];
    const scope = patientScope(ctx.caller, params);
    const rows = await ctx.db.query<GaitSessionRow>(
      `${GAIT_SESSION_SELECT}
        WHERE gs.captured_date >= $1 AND gs.captured_date <= $2
          AND NOT (upper(coalesce(gs.gait_uid, '')) = ANY($3::text[]))
          AND NOT pr.hidden AND ${scope}
        ORDER BY gs.captured_date ASC, gs.id ASC`,
      params,
    );
    return rows.map(toGaitSession);
  },

  setGaitSessionComment: async (ctx) => {
    const session = await getVisibleGaitSession(ctx.db, ctx.caller, ctx.params.id);
    let comment = ctx.body.comment;
    if (comment !== null) {
      comment = comment.trim();
      if (comment === "") throw badRequest("comment must not be blank (send null to delete the comment)");
      if (productTextLength(comment) > MAX_COMMENT_LENGTH) throw badRequest(`comment must be at most ${MAX_COMMENT_LENGTH} characters (a line break counts as two)`);
    }
    await ctx.db.query(
      "UPDATE gait_sessions SET comment = $2, comment_updated_at = now(), comment_updated_by = $3 WHERE id = $1",
      [session.id, comment, ctx.caller.practitionerId],
    );
    return toGaitSession({ ...session, comment });
  },
});
