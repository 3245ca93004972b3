/**
 * Programs (HEPs), program templates and assignments (001 §4, §7): GET/POST/DELETE v2/health/hep-templates,
 * GET/PUT/DELETE v2/health/hep-templates/{id}, POST v2/health/heps, GET v2/health/heps/{id},
 * POST v2/health/heps/{id}/replace, POST v2/health/heps/{id}/assignments, GET v2/health/patients/{id}/heps and
 * POST v2/health/patients/{id}/assignments. Failed calls resolve to `{ error }`; another organization's
 * template or program, and a patient out of the caller's reach, answer 404.
 */
import type { PortalLoadContext } from "../context";
import type { Schema } from "./schemas";
import { getApi } from "./user-api.server";

export type Program = Schema<"Program">;
export type ProgramCreate = Schema<"ProgramCreate">;
export type TemplateCreate = Schema<"TemplateCreate">;
export type BlockInput = Schema<"BlockInput">;
export type HepAssignment = Schema<"HepAssignment">;

const byId = (id: string) => ({ params: { path: { id } } });

/** The organization's templates, most recently updated first; `search` matches names case-insensitively. */
export const listTemplates = (request: Request, context: PortalLoadContext, query: { search?: string; page?: number; limit?: number } = {}) =>
  getApi(request, context).call((c, init) => c.GET("/v2/health/hep-templates", { ...init, params: { query } }));

export const getTemplate = (request: Request, context: PortalLoadContext, id: string) =>
  getApi(request, context).call((c, init) => c.GET("/v2/health/hep-templates/{id}", { ...init, ...byId(id) }));

/** Create (also duplicate, and save an assigned program as a template). */
export const createTemplate = (request: Request, context: PortalLoadContext, body: TemplateCreate) =>
  getApi(request, context).call((c, init) => c.POST("/v2/health/hep-templates", { ...init, body }));

export const updateTemplate = (request: Request, context: PortalLoadContext, id: string, body: TemplateCreate) =>
  getApi(request, context).call((c, init) => c.PUT("/v2/health/hep-templates/{id}", { ...init, ...byId(id), body }));

export const deleteTemplate = (request: Request, context: PortalLoadContext, id: string) =>
  getApi(request, context).call((c, init) => c.DELETE("/v2/health/hep-templates/{id}", { ...init, ...byId(id) }));

/** Bulk delete (all or nothing: one id out of reach → 404 and nothing deleted). 1 to 100 ids. */
export const deleteTemplates = (request: Request, context: PortalLoadContext, ids: readonly string[]) =>
  getApi(request, context).call((c, init) => c.DELETE("/v2/health/hep-templates", { ...init, params: { query: { ids: ids.join(",") } } }));

/** One program (or template) with its blocks. */
export const getProgram = (request: Request, context: PortalLoadContext, id: string) =>
  getApi(request, context).call((c, init) => c.GET("/v2/health/heps/{id}", { ...init, ...byId(id) }));

export const createProgram = (request: Request, context: PortalLoadContext, body: ProgramCreate) =>
  getApi(request, context).call((c, init) => c.POST("/v2/health/heps", { ...init, body }));

/** Saves an edited program as a new version assigned to the same patients (the replace flag of 001 §4). */
export const replaceProgram = (request: Request, context: PortalLoadContext, id: string, body: ProgramCreate) =>
  getApi(request, context).call((c, init) => c.POST("/v2/health/heps/{id}/replace", { ...init, ...byId(id), body }));

/** Assigns a program to patients; `isEdit`: it is the edited version of what they do (their others retire). */
export const assignProgram = (request: Request, context: PortalLoadContext, hepId: string, patientRecordIds: string[], isEdit: boolean) =>
  getApi(request, context).call((c, init) => c.POST("/v2/health/heps/{id}/assignments", { ...init, ...byId(hepId), body: { patientRecordIds, isEdit } }));

/** A patient's active programs, most recently assigned first. */
export const listPatientPrograms = (request: Request, context: PortalLoadContext, patientRecordId: string) =>
  getApi(request, context).call((c, init) => c.GET("/v2/health/patients/{id}/heps", { ...init, ...byId(patientRecordId) }));

/**
 * Assigns a program or a template to one patient (a template is first copied into a program of the patient's
 * own); answers the patient's active programs. `shouldRetireHeps`: the patient's other programs retire.
 */
export const assignProgramToPatient = (request: Request, context: PortalLoadContext, patientRecordId: string, hepId: string, shouldRetireHeps = false) =>
  getApi(request, context).call((c, init) => c.POST("/v2/health/patients/{id}/assignments", { ...init, ...byId(patientRecordId), body: { hepId, shouldRetireHeps } }));
