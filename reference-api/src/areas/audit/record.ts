/**
 * Who saw which patient (HIPAA access audit, ADR 018). One Fastify hook, keyed by operationId: the table below
 * says which operations touch which patients (a path parameter, ids of the request, or ids in the answer for
 * lists), and every such call writes one row per patient to `patient_access_log` — who, when, which operation,
 * the outcome and the caller's request id. Nothing else of the patient: no names, notes, query strings or bodies.
 *
 * The rows are written after the handler's answer is final (status and body known, `onSend`) and before it
 * leaves, in one INSERT (unnest of the page's ids), so no patient data leaves the API without its record; if
 * the record cannot be written the answer becomes a 500 (fail closed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../../core/auth.js";
import type { Db } from "../../db/db.js";
import { errorLogFields } from "../../core/odd-input.js";

/** What a patient source may read: the validated request, the handler's answer (objects only) and the database. */
export interface AuditInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The answer's body as the handler returned it (undefined for non-JSON answers). */
  answer: unknown;
  status: number;
  db: Db;
}
export type PatientSource = (input: AuditInput) => unknown[] | Promise<unknown[]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The request id's shape (the portal's `server/app.ts` accepts the same); anything else is stored as null. */
export const REQUEST_ID = /^[A-Za-z0-9_.-]{1,64}$/;

const ok = (s: number) => s >= 200 && s < 300;
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const idOf = (v: unknown): unknown => asRecord(v).id;

/** The patient named by the path parameter `id` (attempts that were refused are recorded too). */
const pathId: PatientSource = ({ params }) => [String(params.id ?? "")];
/** Ids picked from a successful answer. */
const fromAnswer = (pick: (answer: unknown) => unknown[]): PatientSource => ({ answer, status }) => (ok(status) ? pick(answer) : []);
/** The patient of a row of another table (a session, a cycle) named by the path parameter `id`. */
const rowOf = (table: "gait_sessions" | "rtm_cycles" | "rtm_monthly_summaries"): PatientSource => async ({ params, db }) => {
  const id = String(params.id ?? "");
  if (!UUID.test(id)) return [];
  const row = await db.one<{ p: string }>(`SELECT patient_record_id::text AS p FROM ${table} WHERE id = $1`, [id]);
  return row ? [row.p] : [];
};
/**
 * Written by the handler itself, in the transaction of its change (`recordAccessInTransaction`): the answer
 * names no patient (a count, a program, 204) and the ids are known only inside the change.
 */
const inTransaction: PatientSource = () => [];
const itemsIds = fromAnswer((a) => asArray(asRecord(a).items).map(idOf));
const rtmItemsPatients = fromAnswer((a) => asArray(asRecord(a).items).map((i) => idOf(asRecord(i).patientRecord)));
const gaitSessionsPatients = fromAnswer((a) => asArray(a).map((s) => asRecord(s).patientRecordId));

/**
 * Which operations touch which patients. An operation not listed reads no patient's data (programs, templates,
 * exercises, the organization, users) or is not tied to a patient record (scan sessions: their participant is a
 * scan-client UID, not a patient record). `downloadSignedFile` has no caller: the signed URL's issue is recorded.
 */
export const PATIENT_OPERATIONS: Record<string, PatientSource> = {
  // a patient record and what hangs off it: the path parameter `id` is the patient record
  getPatientRecord: pathId,
  updatePatientRecord: pathId,
  deletePatientRecord: pathId,
  startPlanOfCare: pathId,
  setPlanOfCareEnd: pathId,
  listPatientPros: pathId,
  listCareNotes: pathId,
  createCareNote: pathId,
  updateCareNote: pathId,
  deleteCareNote: pathId,
  // The care timer (ADR 033): its changes are care given to the patient; reading it (times only, on every
  // Health page view, next to the recorded getPatientRecord) is not recorded.
  setCareTimer: pathId,
  stopCareTimer: pathId,
  listPatientPrograms: pathId,
  unassignProgram: pathId,
  listPatientHealthSessions: pathId,
  resendPatientInvite: pathId,
  listPatientNotifications: pathId,
  assignProgramToPatient: pathId,
  getPatientActivityReport: pathId,
  getPatientAccessHistory: pathId,
  // creations and bulk changes: the ids of the request or of the answer
  createPatientRecord: fromAnswer((a) => [idOf(a)]),
  bulkUpdatePatientRecords: ({ query }) => String(query.patientRecordIds ?? "").split(","),
  assignProgramToPatients: ({ body }) => asArray(asRecord(body).patientRecordIds),
  // changes whose answer names no patient: the handler records the patients it created or changed, in the
  // change's own transaction (a change never commits without its records)
  importPatientsCsv: inTransaction, // every patient created
  reconcileGaitPatientsCsv: inTransaction, // every patient renamed
  replaceProgram: inTransaction, // every patient moved to the new version (assignment and notification)
  deletePractitioner: inTransaction, // every patient who lost the provider as primary provider
  adminDisableOrganization: inTransaction, // every patient discharged by the disable
  adminEnableOrganization: inTransaction, // every patient whose discharge the enable undid
  // lists that name patients: every patient on the page
  listPatientRecords: itemsIds,
  listHealthPatientRecords: itemsIds,
  listGaitPatientRecords: itemsIds,
  getDashboardActions: fromAnswer((a) => ["NO_ACCOUNT", "NO_HEP", "NO_RECENT_SESSION", "READY_TO_BILL"].flatMap((k) => asArray(asRecord(a)[k]).map(idOf))),
  // RTM billing cycles and monthly summaries of patients
  listRtmCycles: rtmItemsPatients,
  listRtmCyclesByMonth: fromAnswer((a) =>
    asArray(asRecord(a).items).flatMap((i) => [idOf(asRecord(i).patientRecord), ...asArray(asRecord(i).cycles).map((c) => idOf(asRecord(c).patientRecord))]),
  ),
  advanceRtmCycle: rowOf("rtm_cycles"),
  revertRtmCycle: rowOf("rtm_cycles"),
  getRtmCyclePdfUrl: rowOf("rtm_cycles"),
  getRtmMonthlySummaryPdfUrl: rowOf("rtm_monthly_summaries"),
  // gait sessions (each belongs to a patient record) and their pose logs
  listGaitSessions: gaitSessionsPatients,
  getGaitReport: gaitSessionsPatients,
  setGaitSessionComment: rowOf("gait_sessions"),
  adminListGaitSessions: async ({ answer, status, db }) => {
    if (!ok(status)) return [];
    const ids = asArray(answer).map(idOf).filter((x): x is string => typeof x === "string" && UUID.test(x));
    if (ids.length === 0) return [];
    const rows = await db.query<{ p: string }>("SELECT patient_record_id::text AS p FROM gait_sessions WHERE id = ANY($1::uuid[])", [ids]);
    return rows.map((r) => r.p);
  },
  adminGetGaitSessionPoseLogSignedUrl: rowOf("gait_sessions"),
  // the access history itself (the admin search): every patient on the page
  searchAccessHistory: ({ answer, status, query }) =>
    ok(status) ? [String(query.patientRecordId ?? ""), ...asArray(asRecord(answer).items).map((i) => asRecord(i).patientRecordId)] : [],
};

export interface AccessRecord {
  patientRecordIds: string[];
  caller: Caller;
  operationId: string;
  method: string;
  status: number;
  requestId: string | null;
}

/** Writes one row per distinct patient, in one statement (a page of 999 patients is one INSERT). */
export async function writeAccessRecords(db: Db, r: AccessRecord): Promise<void> {
  const ids = [...new Set(r.patientRecordIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return;
  await db.query(
    `INSERT INTO patient_access_log (patient_record_id, user_id, practitioner_id, role, organization_id, operation_id, method, status, request_id)
     SELECT p, $2, $3, $4, $5, $6, $7, $8, $9 FROM unnest($1::uuid[]) AS p`,
    [ids, r.caller.userId.slice(0, 128), r.caller.practitionerId, r.caller.role, r.caller.organizationId, r.operationId, r.method, r.status, r.requestId],
  );
}

/** What this hook reads and keeps on a request (spelled out here so the module stands alone: the portal's tests import it). */
type AuditedRequest = FastifyRequest & { caller?: Caller; auditAnswer?: unknown };
const operationOf = (req: FastifyRequest): string => (req.routeOptions.config as { operationId?: string } | undefined)?.operationId ?? "";

/** The request id the caller sent, when it has the agreed shape. */
export function requestIdOf(req: FastifyRequest): string | null {
  const v = req.headers["x-request-id"];
  return typeof v === "string" && REQUEST_ID.test(v) ? v : null;
}

/** Given by a handler to the code of its change: records, with the change's transaction, the patients it created or changed. */
export type RecordPatients = (tx: Db, patientRecordIds: string[]) => Promise<void>;

/**
 * For the operations marked `inTransaction` above: writes the rows of the patients a handler created or changed,
 * with `tx` (the change's transaction), as the hook would (the caller, the operation, the request id). `status`
 * is the success the handler is about to answer; a refused call changed nothing and names no patient.
 */
export async function recordAccessInTransaction(tx: Db, req: FastifyRequest, caller: Caller, patientRecordIds: readonly string[], status: number): Promise<void> {
  const operationId = operationOf(req);
  if (PATIENT_OPERATIONS[operationId] !== inTransaction) throw new Error(`${operationId || "this operation"} is not marked inTransaction in PATIENT_OPERATIONS`);
  await writeAccessRecords(tx, { patientRecordIds: [...patientRecordIds], caller, operationId, method: req.method, status, requestId: requestIdOf(req) });
}

/**
 * Registers the audit hooks. Call after the response validator's hook, so the answer seen here is the final one.
 * Only calls with a verified caller are recorded (anonymous calls are refused before any patient data is read).
 */
export function registerAccessAudit(app: FastifyInstance, db: Db, table: Record<string, PatientSource> = PATIENT_OPERATIONS): void {
  app.addHook("preSerialization", async (req: AuditedRequest, _reply: FastifyReply, payload: unknown) => {
    if (table[operationOf(req)]) req.auditAnswer = payload;
    return payload;
  });
  app.addHook("onSend", async (req: AuditedRequest, reply: FastifyReply, payload: unknown) => {
    const operationId = operationOf(req);
    const source = table[operationId];
    const caller = req.caller;
    if (!source || !caller) return payload;
    try {
      const ids = await source({
        params: asRecord(req.params),
        query: asRecord(req.query),
        body: req.body,
        answer: req.auditAnswer,
        status: reply.statusCode,
        db,
      });
      await writeAccessRecords(db, {
        patientRecordIds: ids.filter((x): x is string => typeof x === "string"),
        caller,
        operationId,
        method: req.method,
        status: reply.statusCode,
        requestId: requestIdOf(req),
      });
      return payload;
    } catch (err) {
      // Fail closed: patient data never leaves without its access record. No PHI in the log line.
      req.log.error({ operationId, err: errorLogFields(err) }, "access audit write failed");
      reply.code(500).type("application/json");
      return JSON.stringify({ message: "Internal server error", status: 500 });
    }
  });
}
