import type { Schema } from "../../core/contract.js";

export type ScanSession = Schema<"ScanSession">;
export type ScanOutcome = Schema<"ScanOutcome">;
export type Assessment = Schema<"Assessment">;
export type ScanResult = Schema<"ScanResult">;

/** File-store keys of a scan session's logs. */
export const scanLogKey = (sessionId: string, artifact: "pose-log" | "hands-log") => `scan/${sessionId}/${artifact}.json`;
/** File-store key of a gait session's pose log. */
export const gaitPoseLogKey = (sessionId: string) => `gait/${sessionId}/pose-log.json`;

/** A `scan_sessions` row joined with location, practitioner and organization (see `SCAN_SESSION_SELECT`). */
export interface ScanSessionRow {
  id: string;
  organization_id: string;
  location_id: string | null;
  practitioner_id: string | null;
  session_uuid: string;
  assessment_id: string;
  results: ScanResult[];
  results_insights: ScanSession["resultsInsights"];
  scan_version: string;
  demographics: { age: number; sex: "MALE" | "FEMALE" } | null;
  participant_uid: string;
  participant_archived_date: Date | string | null;
  artifacts: string[];
  created_date: Date | string;
  updated_date: Date | string;
  location_name: string | null;
  practitioner_first_name: string | null;
  practitioner_last_name: string | null;
  organization_name: string;
  organization_logo_url: string | null;
}

/**
 * The select list and joins that `toScanSession` maps: `ss` is scan_sessions, `l` the location, `p` the
 * practitioner, `o` the organization. Append `WHERE …`. The admin area may reuse it.
 */
export const SCAN_SESSION_SELECT = `
  SELECT ss.id, ss.organization_id, ss.location_id, ss.practitioner_id, ss.session_uuid, ss.assessment_id, ss.results,
         ss.results_insights, ss.scan_version, ss.demographics, ss.participant_uid, ss.participant_archived_date,
         ss.artifacts, ss.created_date, ss.updated_date,
         l.name AS location_name, p.first_name AS practitioner_first_name, p.last_name AS practitioner_last_name,
         o.name AS organization_name, o.logo_url AS organization_logo_url
    FROM scan_sessions ss
    JOIN organizations o ON o.id = ss.organization_id
    LEFT JOIN locations l ON l.id = ss.location_id
    LEFT JOIN practitioners p ON p.id = ss.practitioner_id`;

const iso = (v: Date | string) => new Date(v).toISOString();

/** Maps a joined scan session row to the contract's ScanSession. */
export function toScanSession(row: ScanSessionRow): ScanSession {
  return {
    id: row.id,
    createdDate: iso(row.created_date),
    updatedDate: iso(row.updated_date),
    sessionUUID: row.session_uuid,
    session: {
      data: { assessmentId: row.assessment_id, results: row.results ?? [] },
      meta: { scanVersion: row.scan_version, demographics: row.demographics ?? null },
    },
    location: row.location_id && row.location_name !== null ? { id: row.location_id, name: row.location_name } : null,
    practitioner:
      row.practitioner_id && row.practitioner_first_name !== null
        ? { id: row.practitioner_id, firstName: row.practitioner_first_name, lastName: row.practitioner_last_name ?? "" }
        : null,
    organization: { id: row.organization_id, name: row.organization_name, logoUrl: row.organization_logo_url },
    artifacts: (row.artifacts ?? []).filter((a): a is "pose-log" | "hands-log" => a === "pose-log" || a === "hands-log"),
    participant: {
      uid: row.participant_uid,
      isArchived: row.participant_archived_date !== null,
      archivedDate: row.participant_archived_date === null ? null : iso(row.participant_archived_date),
    },
    resultsInsights: row.results_insights ?? [],
  };
}

/** A `scan_outcomes` row. */
export interface ScanOutcomeRow {
  organization_id: string;
  assessment_id: string;
  type: string;
  demographics_required: string[] | null;
  factors: ScanOutcome["factors"];
  source: string | null;
  title: string;
  description: string | null;
  result_definition_id: string | null;
  left_result_definition_id: string | null;
  right_result_definition_id: string | null;
}

export function toScanOutcome(row: ScanOutcomeRow): ScanOutcome {
  return {
    type: row.type as ScanOutcome["type"],
    assessmentId: row.assessment_id,
    demographicsRequired: (row.demographics_required as ScanOutcome["demographicsRequired"]) ?? null,
    factors: row.factors ?? [],
    source: row.source,
    title: row.title,
    description: row.description,
    resultDefinitionId: row.result_definition_id,
    leftResultDefinitionId: row.left_result_definition_id,
    rightResultDefinitionId: row.right_result_definition_id,
  };
}

/** Columns of `scan_outcomes` in the order `outcomeValues` answers them. */
export const SCAN_OUTCOME_COLUMNS = [
  "organization_id", "assessment_id", "type", "demographics_required", "factors", "source", "title", "description",
  "result_definition_id", "left_result_definition_id", "right_result_definition_id",
];

/** The row values of an outcome of an organization (for INSERT with SCAN_OUTCOME_COLUMNS). */
export function outcomeValues(organizationId: string, o: ScanOutcome): unknown[] {
  return [
    organizationId, o.assessmentId, o.type, o.demographicsRequired, JSON.stringify(o.factors), o.source, o.title, o.description,
    o.resultDefinitionId, o.leftResultDefinitionId, o.rightResultDefinitionId,
  ];
}

/**
 * Creates or replaces the outcome of an organization for its assessment (the admin area's save).
 * The assessment must exist in `assessments` (foreign key).
 */
export async function upsertScanOutcome(
  db: { query: (sql: string, params?: unknown[]) => Promise<unknown> },
  organizationId: string,
  outcome: ScanOutcome,
  updatedBy: string | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO scan_outcomes (${SCAN_OUTCOME_COLUMNS.join(", ")}, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, now())
     ON CONFLICT (organization_id, assessment_id) DO UPDATE SET
       type = EXCLUDED.type, demographics_required = EXCLUDED.demographics_required, factors = EXCLUDED.factors,
       source = EXCLUDED.source, title = EXCLUDED.title, description = EXCLUDED.description,
       result_definition_id = EXCLUDED.result_definition_id, left_result_definition_id = EXCLUDED.left_result_definition_id,
       right_result_definition_id = EXCLUDED.right_result_definition_id, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [...outcomeValues(organizationId, outcome), updatedBy],
  );
}

/** An `assessments` row. */
export interface AssessmentRow {
  id: string;
  name: string;
  thumbnail_url: string | null;
  subject_orientation: string | null;
  directives: Assessment["directives"];
  result_definitions: Assessment["resultDefinitions"];
}

export function toAssessment(row: AssessmentRow): Assessment {
  return {
    id: row.id,
    name: row.name,
    thumbnailUrl: row.thumbnail_url,
    subjectOrientation: row.subject_orientation,
    directives: row.directives,
    resultDefinitions: row.result_definitions ?? [],
  };
}
