import { randomUUID } from "node:crypto";
import type { Db } from "../../db/db.js";
import { getVisiblePatient, patientScope, type PatientRow } from "../../core/access.js";
import { requireMember, requireProviderAdmin, type MemberCaller } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import { badRequest, conflict, forbidden, notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import { requireProducts } from "../../core/products.js";
import { recordAccessInTransaction } from "../audit/record.js";
import { careNotesChanged, lockPatientCycles, openReadmission } from "../rtm/derive.js";
import { getCareNote, InteractionError, listCareNotesOf, noteInteractionOf, noteLength, resolveInteraction, sameInteraction, type NoteInteraction } from "./care-notes.js";
import { importPatients, readCsvUpload, reconcileGaitPatients } from "./import.js";
import { listPatientRecordPage, splitIds } from "./list.js";
import { takeStoppedTimer } from "./care-timer.js";
import { listProsOf } from "./pros.js";
import { addDays, loadPatientRecord, loadPatientRecords } from "./record.js";
import { recordDayProblem } from "../../../../app/domain/date-bounds.js";
import {
  blankToNull,
  checkLocation,
  checkPractitioner,
  checkUnique,
  isEligiblePractitioner,
  normalizePhone,
  patientProblems,
  PHONE_MESSAGE,
  throwFirst,
  type FieldProblem,
  type PatientFields,
} from "./validation.js";

const PRODUCT_ORDER = ["HEALTH", "GAIT", "PRO", "SCAN"];
const unionProducts = (a: string[], b: string[] = []) => PRODUCT_ORDER.filter((p) => a.includes(p) || b.includes(p));

function phoneOrThrow(raw: string | null | undefined): string | null {
  const phone = normalizePhone(raw);
  if (phone === undefined) throw badRequest(`phoneNumber: ${PHONE_MESSAGE}`);
  return phone;
}

async function throwIf(p: Promise<FieldProblem | null>): Promise<void> {
  const problem = await p;
  if (problem) throwFirst([problem]);
}

function checkDateRange(start?: string, end?: string): void {
  if (start && end && end < start) throw badRequest("end: The end date must not be before the start date");
}

/** A date column as YYYY-MM-DD (PGlite hands `date` columns back as Date objects at UTC midnight). */
const dateText = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

type PatientChanges = Partial<Schema<"PatientUpdate">>;

export const BILLING_PRACTITIONER_FORBIDDEN = "Only organization admins, the primary provider and the billing practitioner can change who the patient's RTM codes are billed under.";
export const BILLING_PRACTITIONER_PTA = "rtmBillingPractitionerId: A physical therapist assistant cannot be the billing practitioner; choose the supervising physical therapist.";
export const BILLING_PRACTITIONER_NOT_FOUND = "rtmBillingPractitionerId: Provider not found";

/**
 * The patient's RTM billing (rendering) practitioner (issue 32, ADR 044): provider admins, the primary provider
 * and the current billing practitioner change it; a current provider of the organization who is not a PTA (a PTA
 * furnishes services under a PT, who bills them with CQ). Null: the primary provider.
 */
async function billingPractitionerChange(db: Db, m: MemberCaller, row: PatientRow, id: string | null): Promise<string | null> {
  const current = row.rtm_billing_practitioner_id ?? null;
  if (id === current) return current;
  const mayChange = m.role !== "PORTAL_PRACTITIONER" || m.practitionerId === row.practitioner_id || m.practitionerId === (current ?? row.practitioner_id);
  if (!mayChange) throw forbidden(BILLING_PRACTITIONER_FORBIDDEN);
  if (id === null) return null;
  const p = await db.one<{ credential: string | null }>(
    "SELECT credential FROM practitioners WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL AND user_id IS NOT NULL",
    [id, m.organizationId],
  );
  if (!p) throw badRequest(BILLING_PRACTITIONER_NOT_FOUND);
  if (p.credential === "PTA") throw badRequest(BILLING_PRACTITIONER_PTA);
  return id;
}

/**
 * Applies changes to one visible patient (edit, add product, bulk update): merges, checks the product rules,
 * the location and primary provider, uniqueness; writes the row and keeps the current plan's products in step.
 */
async function applyPatientChanges(db: Db, m: MemberCaller, row: PatientRow, b: PatientChanges, today: string): Promise<void> {
  // A product added to the patient must be one the organization holds (ADR 020).
  requireProducts(m, (b.products ?? []).filter((p) => !row.products.includes(p)));
  const products = unionProducts(row.products, b.products);
  const addsHealth = products.includes("HEALTH") && !row.products.includes("HEALTH");
  if (b.email !== undefined && row.has_account && (b.email ?? "").toLowerCase() !== (row.email ?? "").toLowerCase()) {
    throw badRequest("email: The e-mail cannot be changed once the patient has an account");
  }
  const f: PatientFields = {
    firstName: b.firstName !== undefined ? b.firstName.trim() : row.first_name,
    lastName: b.lastName !== undefined ? b.lastName.trim() : row.last_name,
    email: b.email !== undefined ? blankToNull(b.email) : row.email,
    phoneNumber: b.phoneNumber !== undefined ? phoneOrThrow(b.phoneNumber) : row.phone_number,
    injuredSideOfBody: b.injuredSideOfBody !== undefined ? b.injuredSideOfBody : row.injured_side_of_body,
    injuredBodyPart: b.injuredBodyPart !== undefined ? b.injuredBodyPart : row.injured_body_part,
    dob: b.dob !== undefined ? b.dob : dateText(row.dob),
    locationId: b.locationId ?? row.location_id,
    products,
    gaitUid: b.gaitUid !== undefined ? blankToNull(b.gaitUid) : row.gait_uid,
  };
  const sideGiven = !addsHealth || b.injuredSideOfBody !== undefined || row.injured_side_of_body !== null;
  throwFirst(patientProblems(f, today, { sideGiven, healthMessage: "edit" }));
  const locationChanged = b.locationId !== undefined && b.locationId !== row.location_id;
  if (locationChanged) await throwIf(checkLocation(db, m, b.locationId!));
  const practitionerId = b.primaryPractitionerId !== undefined ? b.primaryPractitionerId : row.practitioner_id;
  if (practitionerId && (locationChanged || practitionerId !== row.practitioner_id)) {
    await throwIf(checkPractitioner(db, m.organizationId, practitionerId, f.locationId));
  }
  const billing = b.rtmBillingPractitionerId !== undefined ? await billingPractitionerChange(db, m, row, b.rtmBillingPractitionerId) : (row.rtm_billing_practitioner_id ?? null);
  const emailChanged = (f.email ?? "").toLowerCase() !== (row.email ?? "").toLowerCase();
  const uidChanged = (f.gaitUid ?? "").toLowerCase() !== (row.gait_uid ?? "").toLowerCase();
  await checkUnique(db, m.organizationId, { email: emailChanged ? f.email : null, gaitUid: uidChanged ? f.gaitUid : null }, row.id);
  await db.query(
    `UPDATE patient_records SET first_name = $2, last_name = $3, email = $4, phone_number = $5, injured_side_of_body = $6,
       injured_body_part = $7, dob = $8, location_id = $9, products = $10, gait_uid = $11, practitioner_id = $12,
       rtm_billing_practitioner_id = $13, updated_at = now()
     WHERE id = $1`,
    [row.id, f.firstName, f.lastName, f.email, f.phoneNumber, f.injuredSideOfBody, f.injuredBodyPart, f.dob, f.locationId, f.products, f.gaitUid, practitionerId, billing],
  );
  if (products.length !== row.products.length) {
    await db.query(
      `UPDATE plans_of_care SET products = (SELECT array_agg(DISTINCT x) FROM unnest(products || $2::text[]) x)
        WHERE id = (SELECT id FROM plans_of_care WHERE patient_record_id = $1 ORDER BY start_date DESC, created_at DESC, id LIMIT 1)`,
      [row.id, products],
    );
  }
}

interface PlanRow {
  id: string;
  start_date: string;
  end_date: string | null;
}
const currentPlan = (db: Db, patientId: string) =>
  db.one<PlanRow>(
    "SELECT id, start_date::text AS start_date, end_date::text AS end_date FROM plans_of_care WHERE patient_record_id = $1 ORDER BY start_date DESC, created_at DESC, id LIMIT 1",
    [patientId],
  );

/**
 * Deletes a patient record. Rows of other areas that reference it without ON DELETE CASCADE are removed
 * first (found in the catalogue), so the delete never fails on a foreign key.
 */
async function deletePatient(db: Db, id: string): Promise<void> {
  await db.tx(async (tx) => {
    const refs = await tx.query<{ tbl: string; col: string }>(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(t.relname) AS tbl, quote_ident(a.attname) AS col
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'patient_records'::regclass AND c.confdeltype IN ('a', 'r') AND array_length(c.conkey, 1) = 1`,
    );
    for (const r of refs) await tx.query(`DELETE FROM ${r.tbl} WHERE ${r.col} = $1`, [id]);
    await tx.query("DELETE FROM patient_records WHERE id = $1", [id]);
  });
}

type CareNoteInput = Partial<Schema<"CareNoteCreate">>;
/** The interaction the body records (care-notes.ts resolveInteraction); a contradiction is a 400 at its field. */
function interactionOf(b: CareNoteInput, minutes: number, current?: NoteInteraction): NoteInteraction {
  try {
    return resolveInteraction(b, current, minutes);
  } catch (e) {
    if (e instanceof InteractionError) throw badRequest(e.message);
    throw e;
  }
}

function checkCareNoteFields(b: CareNoteInput, today: string): void {
  if (b.date !== undefined && b.date > today) throw badRequest("date: Date cannot be in the future");
  const early = b.date !== undefined ? recordDayProblem(b.date, "Date") : null;
  if (early) throw badRequest(`date: ${early}`);
  if (b.notes !== undefined) {
    if (b.notes.trim() === "") throw badRequest("notes: Notes are required");
    if (noteLength(b.notes) > 500) throw badRequest("notes: Max Character Limit is 500");
  }
}

/** Handlers of the patients area, keyed by operationId. */
export const handlers = defineHandlers({
  async listPatientRecords(ctx) {
    return listPatientRecordPage(ctx.db, ctx.caller, ctx.query ?? {});
  },

  async createPatientRecord(ctx) {
    const m = requireMember(ctx.caller);
    requireProducts(m, ctx.body.products ?? []);
    const b = ctx.body;
    const today = m.today;
    const f: PatientFields = {
      firstName: b.firstName.trim(),
      lastName: b.lastName.trim(),
      email: blankToNull(b.email),
      phoneNumber: phoneOrThrow(b.phoneNumber),
      injuredSideOfBody: b.injuredSideOfBody ?? null,
      injuredBodyPart: b.injuredBodyPart ?? null,
      dob: b.dob ?? null,
      locationId: b.locationId,
      products: unionProducts(b.products),
      gaitUid: blankToNull(b.gaitUid),
    };
    throwFirst(patientProblems(f, today, { sideGiven: b.injuredSideOfBody !== undefined }));
    await throwIf(checkLocation(ctx.db, m, b.locationId));
    let practitionerId: string | null;
    if (b.primaryPractitionerId !== undefined) {
      practitionerId = b.primaryPractitionerId;
      if (practitionerId) await throwIf(checkPractitioner(ctx.db, m.organizationId, practitionerId, b.locationId));
    } else {
      practitionerId = (await isEligiblePractitioner(ctx.db, m.organizationId, m.practitionerId, b.locationId)) ? m.practitionerId : null;
    }
    await checkUnique(ctx.db, m.organizationId, f, null);
    const id = randomUUID();
    await ctx.db.tx(async (tx) => {
      await tx.query(
        `INSERT INTO patient_records (id, organization_id, location_id, practitioner_id, first_name, last_name, email, phone_number, dob,
           products, injured_side_of_body, injured_body_part, gait_uid)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [id, m.organizationId, f.locationId, practitionerId, f.firstName, f.lastName, f.email, f.phoneNumber, f.dob, f.products, f.injuredSideOfBody, f.injuredBodyPart, f.gaitUid],
      );
      await tx.query("INSERT INTO plans_of_care (id, patient_record_id, start_date, products) VALUES ($1, $2, $3, $4)", [randomUUID(), id, today, f.products]);
    });
    ctx.reply.code(201);
    return loadPatientRecord(ctx.db, id);
  },

  async bulkUpdatePatientRecords(ctx) {
    const m = requireMember(ctx.caller);
    const ids = splitIds(ctx.query.patientRecordIds, "patientRecordIds")!;
    if (ids.length > 100) throw badRequest("patientRecordIds: at most 100 ids");
    const params: unknown[] = [ids];
    const rows = await ctx.db.query<PatientRow>(`SELECT pr.* FROM patient_records pr WHERE pr.id = ANY($1::uuid[]) AND NOT pr.hidden AND ${patientScope(m, params)}`, params);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw notFound(`Patient not found: ${missing}`);
    const today = m.today;
    await ctx.db.tx(async (tx) => {
      for (const id of ids) {
        try {
          await applyPatientChanges(tx, m, byId.get(id)!, ctx.body, today);
        } catch (e) {
          if (e instanceof Error && "status" in e) (e as { message: string }).message = `Patient ${id}: ${e.message}`;
          throw e;
        }
      }
    });
    return loadPatientRecords(ctx.db, ids);
  },

  async getPatientRecord(ctx) {
    await getVisiblePatient(ctx.db, ctx.caller, ctx.params.id);
    return loadPatientRecord(ctx.db, ctx.params.id);
  },

  async updatePatientRecord(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const today = m.today;
    await ctx.db.tx((tx) => applyPatientChanges(tx, m, row, ctx.body, today));
    return loadPatientRecord(ctx.db, row.id);
  },

  async deletePatientRecord(ctx) {
    const m = requireProviderAdmin(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    await deletePatient(ctx.db, row.id);
    ctx.reply.code(204);
    return undefined;
  },

  async startPlanOfCare(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const b = ctx.body;
    const today = m.today;
    requireProducts(m, (b.products ?? []).filter((p) => !row.products.includes(p)));
    const plan = await currentPlan(ctx.db, row.id);
    if (b.start > today) throw badRequest("start: The start date cannot be in the future");
    const early = recordDayProblem(b.start, "Start date");
    if (early) throw badRequest(`start: ${early}`);
    if (plan && plan.end_date === null) throw badRequest("start: The current plan of care has no end date; discharge the patient before starting a new plan");
    if (plan && b.start <= plan.end_date!) throw badRequest(`start: The start date must be after the last plan's end date (${plan.end_date})`);
    const products = unionProducts(row.products, b.products);
    const health = products.includes("HEALTH");
    if (health && !b.injuredBodyPart) throw badRequest("injuredBodyPart: Involved body part is required");
    if (health && b.injuredSideOfBody === undefined && !row.products.includes("HEALTH")) throw badRequest("injuredSideOfBody: Involved side of body is required");
    await throwIf(checkLocation(ctx.db, m, b.locationId));
    const practitionerId = b.primaryPractitionerId !== undefined ? b.primaryPractitionerId : row.practitioner_id;
    if (practitionerId) await throwIf(checkPractitioner(ctx.db, m.organizationId, practitionerId, b.locationId));
    const side = health ? (b.injuredSideOfBody !== undefined ? b.injuredSideOfBody : row.injured_side_of_body) : row.injured_side_of_body;
    const part = health ? b.injuredBodyPart! : row.injured_body_part;
    await ctx.db.tx(async (tx) => {
      await tx.query("INSERT INTO plans_of_care (id, patient_record_id, start_date, products) VALUES ($1, $2, $3, $4)", [randomUUID(), row.id, b.start, products]);
      await tx.query(
        `UPDATE patient_records SET discharge_date = NULL, products = $2, location_id = $3, practitioner_id = $4,
           injured_side_of_body = $5, injured_body_part = $6, updated_at = now() WHERE id = $1`,
        [row.id, products, b.locationId, practitionerId, side, part],
      );
      // A new plan of care after a discharge starts a new RTM episode of care from its start (ADR 049): a new
      // 98975, device intervals and months — for a patient who had one (the first program opens the first).
      if (plan && health) await openReadmission(tx, row.id, b.start);
    });
    ctx.reply.code(201);
    return loadPatientRecord(ctx.db, row.id);
  },

  async setPlanOfCareEnd(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const today = m.today;
    const plan = await currentPlan(ctx.db, row.id);
    if (!plan) throw badRequest("end: The patient has no plan of care");
    const end = ctx.body.end;
    if (end === null) {
      if (plan.end_date !== null && plan.end_date < today) throw badRequest("end: The patient is already discharged; start a new plan of care to reactivate");
    } else {
      const min = [plan.start_date, addDays(today, -28)].sort().at(-1)!;
      const max = addDays(today, 28);
      if (end < min || end > max) throw badRequest(`end: The end date must be between ${min} and ${max}`);
    }
    await ctx.db.tx(async (tx) => {
      await tx.query("UPDATE plans_of_care SET end_date = $2 WHERE id = $1", [plan.id, end]);
      await tx.query("UPDATE patient_records SET discharge_date = $2, updated_at = now() WHERE id = $1", [row.id, end]);
    });
    return loadPatientRecord(ctx.db, row.id);
  },

  async listPatientPros(ctx) {
    const row = await getVisiblePatient(ctx.db, ctx.caller, ctx.params.id);
    const q = ctx.query ?? {};
    checkDateRange(q.start, q.end);
    return listProsOf(ctx.db, row.id, q.start, q.end);
  },

  async listCareNotes(ctx) {
    const row = await getVisiblePatient(ctx.db, ctx.caller, ctx.params.id);
    const q = ctx.query ?? {};
    checkDateRange(q.start, q.end);
    return listCareNotesOf(ctx.db, row.id, q.start, q.end);
  },

  async createCareNote(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const b = ctx.body;
    const today = m.today;
    checkCareNoteFields(b, today);
    const flags = interactionOf(b, b.minutes);
    const id = randomUUID();
    // One transaction: the lock check, the note and the statuses of the cycles holding its date (rtm/derive.ts).
    await ctx.db.tx(async (tx) => {
      // Billing never blocks documentation (ADR 043): a note dated in a billed period is added; it is time after the bill.
      await lockPatientCycles(tx, row.id);
      await tx.query(
        `INSERT INTO interactions (id, patient_record_id, practitioner_id, date, minutes, notes, interaction_type, is_patient_interaction, live_method, live_two_way, unsuccessful_attempt, source)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [id, row.id, m.practitionerId, b.date, b.minutes, b.notes, flags.type, flags.flag, flags.live?.method ?? null, flags.live?.twoWay ?? null, flags.attempt, "TYPED"],
      );
      // Timed means timed (issue 32, ADR 044): TIMED only from the caller's stopped timer with its minutes unchanged;
      // a `source` the client sends is not taken.
      if (b.timerId !== undefined && (await takeStoppedTimer(tx, m.practitionerId, row.id, b.timerId, b.minutes, id)) === "TIMED") {
        await tx.query("UPDATE interactions SET source = 'TIMED' WHERE id = $1", [id]);
      }
      await careNotesChanged(tx, row.id, [b.date]);
    });
    ctx.reply.code(201);
    return (await getCareNote(ctx.db, row.id, id))!;
  },

  async updateCareNote(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const b = ctx.body;
    const today = m.today;
    const noteId = await ctx.db.tx(async (tx) => {
      await lockPatientCycles(tx, row.id);
      const note = await getCareNote(tx, row.id, ctx.params.interactionId);
      if (!note) throw notFound("Care note not found");
      checkCareNoteFields(b, today);
      const date = b.date ?? note.date;
      const minutes = b.minutes ?? note.minutes;
      const flags = interactionOf(b, minutes, noteInteractionOf(note));
      const locked = date !== note.date || minutes !== note.minutes || !sameInteraction(flags, noteInteractionOf(note));
      // Only the evidence of a billed code is frozen (ADR 043); any other note may move, also into a billed period.
      if (locked && note.rtmCycleStatus === "BILLED") throw conflict("This care note is in a billed cycle; only its notes can be changed.");
      await tx.query(
        `UPDATE interactions SET date = $3, minutes = $4, notes = $5, interaction_type = $6, is_patient_interaction = $7,
                live_method = $8, live_two_way = $9, unsuccessful_attempt = $10, source = $11, updated_at = now()
          WHERE id = $1 AND patient_record_id = $2`,
        // Minutes changed by hand are typed (unless the caller says they are the timer's).
        [note.id, row.id, date, minutes, b.notes ?? note.notes, flags.type, flags.flag, flags.live?.method ?? null, flags.live?.twoWay ?? null, flags.attempt, minutes !== note.minutes || b.source === "TYPED" ? "TYPED" : note.source],
      );
      // What billing counts changed (not only the text): the cycles holding the old and the new date follow.
      if (locked) await careNotesChanged(tx, row.id, [note.date, date]);
      return note.id;
    });
    return (await getCareNote(ctx.db, row.id, noteId))!;
  },

  async deleteCareNote(ctx) {
    const row = await getVisiblePatient(ctx.db, ctx.caller, ctx.params.id);
    await ctx.db.tx(async (tx) => {
      await lockPatientCycles(tx, row.id);
      const note = await getCareNote(tx, row.id, ctx.params.interactionId);
      if (!note) throw notFound("Care note not found");
      if (note.rtmCycleStatus === "BILLED") throw conflict("This care note is in a billed cycle and cannot be deleted.");
      await tx.query("DELETE FROM interactions WHERE id = $1 AND patient_record_id = $2", [note.id, row.id]);
      await careNotesChanged(tx, row.id, [note.date]);
    });
    ctx.reply.code(204);
    return undefined;
  },

  async importPatientsCsv(ctx) {
    const m = requireMember(ctx.caller);
    const { text, fields } = await readCsvUpload(ctx.req, ["product"]);
    const product = (fields.product ?? "").trim().toUpperCase();
    if (!product) throw badRequest("product: product is required (HEALTH or GAIT)");
    if (product !== "HEALTH" && product !== "GAIT") throw badRequest("product: must be HEALTH or GAIT");
    requireProducts(m, [product]);
    const today = m.today;
    const importedCount = await importPatients(ctx.db, m, product, text, today, (tx, ids) => recordAccessInTransaction(tx, ctx.req, m, ids, 201));
    ctx.reply.code(201);
    return { importedCount };
  },

  async reconcileGaitPatientsCsv(ctx) {
    const m = requireMember(ctx.caller);
    const { text } = await readCsvUpload(ctx.req, []);
    return { reconciledCount: await reconcileGaitPatients(ctx.db, m, text, (tx, ids) => recordAccessInTransaction(tx, ctx.req, m, ids, 200)) };
  },
});
