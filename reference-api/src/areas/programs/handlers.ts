import { randomUUID } from "node:crypto";
import { getVisiblePatient, type PatientRow } from "../../core/access.js";
import { requireMember, type MemberCaller } from "../../core/auth.js";
import { badRequest, notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import type { Db } from "../../db/db.js";
import { exerciseMediaFile, listExerciseMetrics, listExercises, toExercise } from "./exercises.js";
import { recordAccessInTransaction } from "../audit/record.js";
import { patientNotifications, recordNotification } from "./notifications.js";
import {
  HEALTH_REQUIRED,
  HEP_COLUMNS,
  activeAssignments,
  assignToPatient,
  checkTemplateRef,
  getHepOr404,
  insertHep,
  patientPrograms,
  programFromTemplate,
  toProgram,
  validateProgramFields,
  type HepRow,
} from "./programs.js";

/** A patient the caller can see (404 otherwise) who holds the Health product (400 otherwise). */
async function healthPatient(db: Db, m: MemberCaller, id: string): Promise<PatientRow> {
  const p = await getVisiblePatient(db, m, id);
  if (!p.products.includes("HEALTH")) throw badRequest(HEALTH_REQUIRED);
  return p;
}

/** The program to assign: a program as is, a template copied into a new program of its own. */
async function assignable(db: Db, m: MemberCaller, hep: HepRow): Promise<HepRow> {
  return hep.is_template ? programFromTemplate(db, m, hep) : hep;
}

async function favoriteIds(db: Db, practitionerId: string): Promise<string[]> {
  const rows = await db.query<{ exercise_id: string }>("SELECT exercise_id FROM favorite_exercises WHERE practitioner_id = $1 ORDER BY seq", [practitionerId]);
  return rows.map((r) => r.exercise_id);
}

/** Handlers of the programs area, keyed by operationId. */
export const handlers = defineHandlers({
  // ---- programs ---------------------------------------------------------------------------------------
  async createProgram(ctx) {
    const m = requireMember(ctx.caller);
    const row = await ctx.db.tx(async (tx) => {
      const fields = await validateProgramFields(tx, ctx.body);
      const templateId = await checkTemplateRef(tx, m.organizationId, ctx.body.templateId);
      return insertHep(tx, m, fields, { isTemplate: false, templateId });
    });
    ctx.reply.code(201);
    return toProgram(row);
  },

  async getProgram(ctx) {
    const m = requireMember(ctx.caller);
    return toProgram(await getHepOr404(ctx.db, m.organizationId, ctx.params.id, "any"));
  },

  async replaceProgram(ctx) {
    const m = requireMember(ctx.caller);
    const row = await ctx.db.tx(async (tx) => {
      const old = await getHepOr404(tx, m.organizationId, ctx.params.id, "any");
      if (old.is_template) throw badRequest("A template cannot be replaced; update the template instead.");
      // Lock the old program so two concurrent replaces cannot both win.
      const locked = await tx.one<{ replaced_by: string | null }>("SELECT replaced_by FROM heps WHERE id = $1 FOR UPDATE", [old.id]);
      if (locked?.replaced_by) throw badRequest("This program has already been replaced by a newer version.");
      const fields = await validateProgramFields(tx, ctx.body);
      const templateId = ctx.body.templateId === undefined ? old.template_id : await checkTemplateRef(tx, m.organizationId, ctx.body.templateId);
      const created = await insertHep(tx, m, fields, { isTemplate: false, templateId });
      await tx.query("UPDATE heps SET replaced_by = $2, date_updated = now() WHERE id = $1", [old.id, created.id]);
      const retired = await tx.query<{ patient_record_id: string }>(
        "UPDATE hep_assignments SET retired_at = now() WHERE hep_id = $1 AND retired_at IS NULL RETURNING patient_record_id",
        [old.id],
      );
      for (const { patient_record_id } of retired) {
        await tx.query(
          `INSERT INTO hep_assignments (id, hep_id, patient_record_id, assigned_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (patient_record_id, hep_id) WHERE retired_at IS NULL DO NOTHING`,
          [randomUUID(), created.id, patient_record_id, m.practitionerId],
        );
        // The patient's program changed: they are told about the new version.
        await recordNotification(tx, patient_record_id, "PROGRAM_UPDATED", created.id);
      }
      // Those patients' programs changed: the access history records each of them (ADR 018).
      await recordAccessInTransaction(tx, ctx.req, m, retired.map((r) => r.patient_record_id), 201);
      return (await tx.one<HepRow>(`SELECT ${HEP_COLUMNS} FROM heps h WHERE h.id = $1`, [created.id]))!;
    });
    ctx.reply.code(201);
    return toProgram(row);
  },

  async assignProgramToPatients(ctx) {
    const m = requireMember(ctx.caller);
    const ids = [...new Set(ctx.body.patientRecordIds)];
    return ctx.db.tx(async (tx) => {
      const hep = await getHepOr404(tx, m.organizationId, ctx.params.id, "any");
      if (hep.replaced_by) throw badRequest("This program has been replaced by a newer version; assign the newer version.");
      // Check every patient first: nothing is written unless all of them can be assigned.
      const patients: PatientRow[] = [];
      for (const id of ids) patients.push(await healthPatient(tx, m, id));
      const out = [];
      for (const p of patients) {
        const program = await assignable(tx, m, hep);
        await assignToPatient(tx, m, p, program.id, ctx.body.isEdit ?? false);
        out.push(...(await activeAssignments(tx, program.id, [p.id])));
      }
      return out;
    });
  },

  // ---- a patient's programs ---------------------------------------------------------------------------
  async listPatientPrograms(ctx) {
    const m = requireMember(ctx.caller);
    const p = await getVisiblePatient(ctx.db, m, ctx.params.id);
    return patientPrograms(ctx.db, p.id);
  },

  async listPatientNotifications(ctx) {
    const m = requireMember(ctx.caller);
    const p = await getVisiblePatient(ctx.db, m, ctx.params.id);
    return patientNotifications(ctx.db, p.id);
  },

  async assignProgramToPatient(ctx) {
    const m = requireMember(ctx.caller);
    return ctx.db.tx(async (tx) => {
      const p = await healthPatient(tx, m, ctx.params.id);
      const hep = await getHepOr404(tx, m.organizationId, ctx.body.hepId, "any");
      if (hep.replaced_by) throw badRequest("hepId: this program has been replaced by a newer version; assign the newer version.");
      const program = await assignable(tx, m, hep);
      await assignToPatient(tx, m, p, program.id, ctx.body.shouldRetireHeps ?? false);
      return patientPrograms(tx, p.id);
    });
  },

  async unassignProgram(ctx) {
    const m = requireMember(ctx.caller);
    const p = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const done = await ctx.db.query(
      "UPDATE hep_assignments SET retired_at = now() WHERE patient_record_id = $1 AND hep_id = $2 AND retired_at IS NULL RETURNING id",
      [p.id, ctx.params.hepId],
    );
    if (done.length === 0) throw notFound("The Program is not assigned to this patient.");
    ctx.reply.code(204);
    return undefined;
  },

  // ---- templates --------------------------------------------------------------------------------------
  async listTemplates(ctx) {
    const m = requireMember(ctx.caller);
    const params: unknown[] = [m.organizationId];
    let where = "h.organization_id = $1 AND h.is_template AND h.deleted_at IS NULL";
    const search = ctx.query.search?.trim();
    if (search) {
      params.push(search.toLowerCase());
      where += ` AND strpos(lower(h.name), $${params.length}) > 0`;
    }
    let paging = "";
    if (ctx.query.limit !== undefined) {
      const page = ctx.query.page ?? 1;
      params.push(ctx.query.limit, (page - 1) * ctx.query.limit);
      paging = ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    const rows = await ctx.db.query<HepRow>(`SELECT ${HEP_COLUMNS} FROM heps h WHERE ${where} ORDER BY h.date_updated DESC, h.id${paging}`, params);
    return rows.map(toProgram);
  },

  async createTemplate(ctx) {
    const m = requireMember(ctx.caller);
    const row = await ctx.db.tx(async (tx) => insertHep(tx, m, await validateProgramFields(tx, ctx.body), { isTemplate: true }));
    ctx.reply.code(201);
    return toProgram(row);
  },

  async getTemplate(ctx) {
    const m = requireMember(ctx.caller);
    return toProgram(await getHepOr404(ctx.db, m.organizationId, ctx.params.id, "template"));
  },

  async updateTemplate(ctx) {
    const m = requireMember(ctx.caller);
    const row = await ctx.db.tx(async (tx) => {
      const t = await getHepOr404(tx, m.organizationId, ctx.params.id, "template");
      const f = await validateProgramFields(tx, ctx.body);
      await tx.query(
        `UPDATE heps SET name = $2, notes = $3, daily_frequency = $4, weekly_frequency = $5, blocks = $6::jsonb, date_updated = now()
          WHERE id = $1`,
        [t.id, f.name, f.notes, f.dailyFrequency, f.weeklyFrequency, JSON.stringify(f.blocks)],
      );
      return getHepOr404(tx, m.organizationId, t.id, "template");
    });
    return toProgram(row);
  },

  async deleteTemplate(ctx) {
    const m = requireMember(ctx.caller);
    const done = await ctx.db.query(
      "UPDATE heps SET deleted_at = now() WHERE id = $1 AND organization_id = $2 AND is_template AND deleted_at IS NULL RETURNING id",
      [ctx.params.id, m.organizationId],
    );
    if (done.length === 0) throw notFound("Template not found");
    ctx.reply.code(204);
    return undefined;
  },

  async deleteTemplates(ctx) {
    const m = requireMember(ctx.caller);
    const ids = [...new Set(ctx.query.ids.split(",").map((s) => s.toLowerCase()))];
    await ctx.db.tx(async (tx) => {
      const done = await tx.query(
        "UPDATE heps SET deleted_at = now() WHERE id = ANY($1::uuid[]) AND organization_id = $2 AND is_template AND deleted_at IS NULL RETURNING id",
        [ids, m.organizationId],
      );
      // All or nothing: throwing rolls the deletions back.
      if (done.length !== ids.length) throw notFound("Template not found");
    });
    ctx.reply.code(204);
    return undefined;
  },

  // ---- exercise library -------------------------------------------------------------------------------
  async listExercises(ctx) {
    requireMember(ctx.caller);
    const rows = await listExercises(ctx.db, ctx.query.completeness ?? "COMPLETE");
    return rows.map((r) => toExercise(r, ctx.config.publicUrl));
  },

  async listExerciseMetrics(ctx) {
    requireMember(ctx.caller);
    return listExerciseMetrics(ctx.db, ctx.query.completeness ?? "COMPLETE", ctx.query.versionState ?? "LATEST");
  },

  async getExerciseMedia(ctx) {
    const file = await exerciseMediaFile(ctx.db, ctx.files, ctx.params.file);
    if (!file) throw notFound("Media not found");
    return ctx.reply
      .header("cache-control", "public, max-age=86400")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .type(file.contentType)
      .send(file.data);
  },

  // ---- favorites --------------------------------------------------------------------------------------
  async listFavoriteExercises(ctx) {
    const m = requireMember(ctx.caller);
    return favoriteIds(ctx.db, m.practitionerId);
  },

  async addFavoriteExercise(ctx) {
    const m = requireMember(ctx.caller);
    const exists = await ctx.db.one("SELECT 1 FROM exercises WHERE id = $1", [ctx.body.id]);
    if (!exists) throw badRequest(`id: exercise ${ctx.body.id} does not exist`);
    await ctx.db.query(
      "INSERT INTO favorite_exercises (practitioner_id, exercise_id) VALUES ($1, $2) ON CONFLICT (practitioner_id, exercise_id) DO NOTHING",
      [m.practitionerId, ctx.body.id],
    );
    return favoriteIds(ctx.db, m.practitionerId);
  },

  async removeFavoriteExercise(ctx) {
    const m = requireMember(ctx.caller);
    const exists = await ctx.db.one("SELECT 1 FROM exercises WHERE id = $1", [ctx.params.id]);
    if (!exists) throw notFound("Exercise not found");
    await ctx.db.query("DELETE FROM favorite_exercises WHERE practitioner_id = $1 AND exercise_id = $2", [m.practitionerId, ctx.params.id]);
    ctx.reply.code(204);
    return undefined;
  },
});
