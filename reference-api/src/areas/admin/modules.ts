import { randomUUID } from "node:crypto";
import type { Schema } from "../../core/contract.js";
import { badRequest } from "../../core/errors.js";
import type { Db } from "../../db/db.js";
import type { AssessmentRow } from "../scan/mapping.js";
import { optionalText } from "./organizations.js";

type ScanModule = Schema<"ScanModule">;
type ScanModuleInput = Schema<"ScanModuleInput">;

/**
 * Validates the modules sent by the modules editor and turns them into the stored (answered) form. Fails with
 * 400 naming the field: blank name ('Module Name is required') or subtitle ('Subtitle is required'), a module
 * id used twice, an unknown assessment, or an assessment placed twice in one module.
 */
export async function validateScanModules(db: Db, input: ScanModuleInput[]): Promise<ScanModule[]> {
  const ids = [...new Set(input.flatMap((m) => (m.assessments ?? []).map((a) => a.id)))];
  const library = new Map(
    (ids.length ? await db.query<AssessmentRow>("SELECT * FROM assessments WHERE id = ANY($1::text[])", [ids]) : []).map((a) => [a.id, a]),
  );
  const moduleIds = new Set<string>();
  return input.map((m, i) => {
    const at = `scanModules[${i}]`;
    const name = m.name?.trim();
    if (!name) throw badRequest(`${at}.name: Module Name is required`);
    const subtitle = m.subtitle?.trim();
    if (!subtitle) throw badRequest(`${at}.subtitle: Subtitle is required`);
    if (typeof m.isLocked !== "boolean") throw badRequest(`${at}.isLocked: Locked status is required`);
    const id = m.id ?? randomUUID();
    if (moduleIds.has(id)) throw badRequest(`${at}.id: module id ${id} is used by another module`);
    moduleIds.add(id);
    const seen = new Set<string>();
    const assessments = (m.assessments ?? []).map((a, j) => {
      const field = `${at}.assessments[${j}]`;
      const lib = library.get(a.id);
      if (!lib) throw badRequest(`${field}.id: unknown assessment ${a.id}`);
      if (seen.has(a.id)) throw badRequest(`${field}.id: assessment ${a.id} is already in this module`);
      seen.add(a.id);
      return {
        id: a.id,
        name: a.name?.trim() || lib.name,
        thumbnailUrl: a.thumbnailUrl !== undefined ? a.thumbnailUrl : lib.thumbnail_url,
        subjectOrientation: a.subjectOrientation !== undefined ? a.subjectOrientation : lib.subject_orientation,
        directives: a.directives !== undefined ? a.directives : lib.directives,
        nameOverride: optionalText(a.nameOverride),
      };
    });
    return {
      id,
      name,
      subtitle,
      imageName: m.imageName ?? "Assessment",
      isLocked: m.isLocked,
      imageUrl: m.imageUrl ?? null,
      assessments,
    };
  });
}
