import { randomUUID } from "node:crypto";
import type { MemberCaller } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import { badRequest, notFound } from "../../core/errors.js";
import type { Db } from "../../db/db.js";
import { openEpisode } from "../rtm/derive.js";
import { exerciseFacts } from "./exercises.js";
import { recordNotification } from "./notifications.js";

type Program = Schema<"Program">;
type Block = Schema<"Block">;
type BlockInput = Schema<"BlockInput">;
type ProgramCreate = Schema<"ProgramCreate">;
type HepAssignment = Schema<"HepAssignment">;

export const NAME_REQUIRED = "Name is required";
export const BLOCKS_REQUIRED = "You must add exercises in order to create the Template or Program.";
export const TIME_GOAL_MIN = "Please select at least 5 sec for the time goal.";
export const HEALTH_REQUIRED = "Adding patient to Exer Health will allow Programs to be assigned.";
/** Minimum seconds of a time goal. */
export const MIN_TIME_GOAL = 5;

export interface HepRow {
  id: string;
  organization_id: string;
  name: string;
  notes: string | null;
  daily_frequency: number;
  weekly_frequency: number;
  blocks: Block[];
  is_template: boolean;
  template_id: string | null;
  replaced_by: string | null;
  created_by: string | null;
  date_created: Date | string;
  date_updated: Date | string;
  deleted_at: Date | string | null;
  patient_count: number | string;
  assigned_at?: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function toProgram(r: HepRow): Program {
  const p: Program = {
    id: r.id,
    name: r.name,
    notes: r.notes,
    dailyFrequency: r.daily_frequency,
    weeklyFrequency: r.weekly_frequency,
    blocks: r.blocks,
    isTemplate: r.is_template,
    templateId: r.template_id,
    replacedById: r.replaced_by,
    patientCount: Number(r.patient_count),
    dateCreated: iso(r.date_created),
    dateUpdated: iso(r.date_updated),
  };
  if (r.assigned_at) p.assignedAt = iso(r.assigned_at);
  return p;
}

/**
 * Columns of a program row plus its patient count: active assignments of the program, or for a template,
 * of the programs built from it (distinct patients).
 */
export const HEP_COLUMNS = `h.*,
  CASE WHEN h.is_template THEN
    (SELECT count(DISTINCT a.patient_record_id) FROM heps p JOIN hep_assignments a ON a.hep_id = p.id AND a.retired_at IS NULL
      WHERE p.template_id = h.id)
  ELSE
    (SELECT count(DISTINCT a.patient_record_id) FROM hep_assignments a WHERE a.hep_id = h.id AND a.retired_at IS NULL)
  END AS patient_count`;

/** A live (not deleted) program or template of the organization, or undefined. */
export async function findHep(db: Db, organizationId: string, id: string): Promise<HepRow | undefined> {
  return db.one<HepRow>(`SELECT ${HEP_COLUMNS} FROM heps h WHERE h.id = $1 AND h.organization_id = $2 AND h.deleted_at IS NULL`, [id, organizationId]);
}

export async function getHepOr404(db: Db, organizationId: string, id: string, kind: "program" | "template" | "any"): Promise<HepRow> {
  const row = await findHep(db, organizationId, id);
  if (!row || (kind === "template" && !row.is_template) || (kind === "program" && row.is_template)) {
    throw notFound(kind === "template" ? "Template not found" : "Program not found");
  }
  return row;
}

export interface ProgramFields {
  name: string;
  notes: string | null;
  dailyFrequency: number;
  weeklyFrequency: number;
  blocks: Block[];
}

/**
 * Validates the builder's fields (beyond what the contract checks) and normalises them: trimmed name and
 * notes, frequencies defaulted, blocks with ids and uuids, goals checked against the exercise's metrics.
 */
export async function validateProgramFields(db: Db, body: Omit<ProgramCreate, "templateId">): Promise<ProgramFields> {
  const name = (body.name ?? "").trim();
  if (!name) throw badRequest(NAME_REQUIRED);
  const notes = body.notes?.trim() ? body.notes.trim() : null;
  const blocksIn: BlockInput[] = body.blocks ?? [];
  if (blocksIn.length === 0) throw badRequest(BLOCKS_REQUIRED);

  const facts = await exerciseFacts(db, [...new Set(blocksIn.map((b) => b.exerciseId))]);
  const usedIds = new Set<number>();
  const usedUuids = new Set<string>();
  for (const [i, b] of blocksIn.entries()) {
    const at = `blocks[${i}]`;
    const fact = facts.get(b.exerciseId);
    if (!fact) throw badRequest(`${at}.exerciseId: exercise ${b.exerciseId} does not exist`);
    if (fact.completeness !== "COMPLETE") throw badRequest(`${at}.exerciseId: exercise ${b.exerciseId} is not complete and cannot be used in a program`);
    const g = b.setGoal;
    const measuredBy = (m: string) => fact.metrics.includes(m);
    const supported = g.goalType === "REPS_OR_TIME" ? measuredBy("REPS") || measuredBy("TIME") : measuredBy(g.goalType);
    if (!supported) throw badRequest(`${at}.setGoal.goalType: exercise ${b.exerciseId} is not measured by ${g.goalType}`);
    if ((g.goalType === "REPS" || g.goalType === "REPS_OR_TIME") && (g.reps === undefined || g.reps === null)) {
      throw badRequest(`${at}.setGoal.reps is required for a ${g.goalType} goal`);
    }
    if ((g.goalType === "TIME" || g.goalType === "REPS_OR_TIME") && (g.time === undefined || g.time === null || g.time < MIN_TIME_GOAL)) {
      throw badRequest(TIME_GOAL_MIN);
    }
    if (b.id !== undefined) {
      if (usedIds.has(b.id)) throw badRequest(`${at}.id: block id ${b.id} is used twice`);
      usedIds.add(b.id);
    }
    if (b.uuid !== undefined) {
      if (usedUuids.has(b.uuid)) throw badRequest(`${at}.uuid: block uuid is used twice`);
      usedUuids.add(b.uuid);
    }
  }
  let nextId = Math.max(0, ...usedIds) + 1;
  const blocks: Block[] = blocksIn.map((b) => ({
    id: b.id ?? nextId++,
    uuid: b.uuid ?? randomUUID(),
    exerciseId: b.exerciseId,
    sideOfBody: b.sideOfBody ?? null,
    numSets: b.numSets,
    setGoal: { goalType: b.setGoal.goalType, reps: b.setGoal.reps ?? null, time: b.setGoal.time ?? null },
  }));
  return { name, notes, dailyFrequency: body.dailyFrequency ?? 3, weeklyFrequency: body.weeklyFrequency ?? 5, blocks };
}

/** Inserts a program or template and answers its row. */
export async function insertHep(
  db: Db,
  m: MemberCaller,
  f: ProgramFields,
  opts: { isTemplate: boolean; templateId?: string | null },
): Promise<HepRow> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO heps (id, organization_id, name, notes, daily_frequency, weekly_frequency, blocks, is_template, template_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
    [id, m.organizationId, f.name, f.notes, f.dailyFrequency, f.weeklyFrequency, JSON.stringify(f.blocks), opts.isTemplate, opts.templateId ?? null, m.practitionerId],
  );
  return (await findHep(db, m.organizationId, id))!;
}

/** A template of the caller's organization named by a program's `templateId` (400 when it is not one). */
export async function checkTemplateRef(db: Db, organizationId: string, templateId: string | null | undefined): Promise<string | null> {
  if (!templateId) return null;
  const row = await findHep(db, organizationId, templateId);
  if (!row || !row.is_template) throw badRequest("templateId: template not found");
  return row.id;
}

/** Copies a template into a new program of its own (used when a template is assigned directly). */
export async function programFromTemplate(db: Db, m: MemberCaller, template: HepRow): Promise<HepRow> {
  return insertHep(
    db,
    m,
    { name: template.name, notes: template.notes, dailyFrequency: template.daily_frequency, weeklyFrequency: template.weekly_frequency, blocks: template.blocks },
    { isTemplate: false, templateId: template.id },
  );
}

/**
 * Assigns `hepId` to a patient (already checked visible and holding HEALTH). With `retireOthers` the
 * patient's other active assignments are retired. An existing active assignment of the same program is kept.
 * Notifications (PatientNotification in the contract): the patient's first assignment ever sends the account
 * invite when the patient has no account and was not invited yet (records invite_sent_at and APP_INVITE);
 * any other assignment that changes the patient's active programs (a program added or others retired) —
 * including the first program of a patient who has an account or was invited already — records PROGRAM_UPDATED.
 * The first program also opens the patient's RTM episode of care (rtm/derive.ts openEpisode) when they have no
 * cycle yet.
 */
export async function assignToPatient(db: Db, m: MemberCaller, patient: { id: string; has_account: boolean; invite_sent_at: unknown }, hepId: string, retireOthers: boolean): Promise<void> {
  const first = !(await db.one("SELECT 1 FROM hep_assignments WHERE patient_record_id = $1 LIMIT 1", [patient.id]));
  const retired = retireOthers
    ? await db.query("UPDATE hep_assignments SET retired_at = now() WHERE patient_record_id = $1 AND retired_at IS NULL AND hep_id <> $2 RETURNING id", [patient.id, hepId])
    : [];
  const added = await db.query(
    `INSERT INTO hep_assignments (id, hep_id, patient_record_id, assigned_by)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (patient_record_id, hep_id) WHERE retired_at IS NULL DO NOTHING
     RETURNING id`,
    [randomUUID(), hepId, patient.id, m.practitionerId],
  );
  // The first program opens the patient's episode of care: its RTM cycles from today (rtm/derive.ts).
  if (first && added.length > 0) await openEpisode(db, patient.id, m.today);
  if (first && !patient.has_account && !patient.invite_sent_at) {
    const invited = await db.query("UPDATE patient_records SET invite_sent_at = now() WHERE id = $1 AND invite_sent_at IS NULL RETURNING id", [patient.id]);
    if (invited.length > 0) await recordNotification(db, patient.id, "APP_INVITE", hepId);
  } else if (added.length > 0 || retired.length > 0) {
    await recordNotification(db, patient.id, "PROGRAM_UPDATED", hepId);
  }
}

interface AssignmentRow {
  id: string;
  hep_id: string;
  patient_record_id: string;
  assigned_at: Date | string;
  retired_at: Date | string | null;
  p_id: string | null;
  p_first_name: string | null;
  p_last_name: string | null;
}

/** The active assignments of a program to the given patients. */
export async function activeAssignments(db: Db, hepId: string, patientIds: string[]): Promise<HepAssignment[]> {
  const rows = await db.query<AssignmentRow>(
    `SELECT a.id, a.hep_id, a.patient_record_id, a.assigned_at, a.retired_at,
            p.id AS p_id, p.first_name AS p_first_name, p.last_name AS p_last_name
       FROM hep_assignments a LEFT JOIN practitioners p ON p.id = a.assigned_by
      WHERE a.hep_id = $1 AND a.patient_record_id = ANY($2::uuid[]) AND a.retired_at IS NULL
      ORDER BY a.assigned_at, a.id`,
    [hepId, patientIds],
  );
  return rows.map((r) => ({
    id: r.id,
    hepId: r.hep_id,
    patientRecordId: r.patient_record_id,
    assignedBy: r.p_id ? { id: r.p_id, firstName: r.p_first_name!, lastName: r.p_last_name! } : null,
    assignedAt: iso(r.assigned_at),
    retiredAt: r.retired_at ? iso(r.retired_at) : null,
  }));
}

/** The patient's active programs, most recently assigned first. */
export async function patientPrograms(db: Db, patientId: string): Promise<Program[]> {
  const rows = await db.query<HepRow>(
    `SELECT ${HEP_COLUMNS}, a.assigned_at
       FROM hep_assignments a JOIN heps h ON h.id = a.hep_id
      WHERE a.patient_record_id = $1 AND a.retired_at IS NULL
      ORDER BY a.assigned_at DESC, h.id`,
    [patientId],
  );
  return rows.map(toProgram);
}
