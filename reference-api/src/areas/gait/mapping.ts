import type { Schema } from "../../core/contract.js";

export type GaitSession = Schema<"GaitSession">;
export type GaitMeasureItem = Schema<"GaitMeasureItem">;

/** A `gait_sessions` row joined with its patient record and practitioner (see `GAIT_SESSION_SELECT`). */
export interface GaitSessionRow {
  id: string;
  organization_id: string;
  patient_record_id: string;
  practitioner_id: string | null;
  session_uuid: string;
  session_schema: string;
  captured_date: Date | string;
  gait_uid: string | null;
  assistance_option: string;
  units_selected: string;
  items: GaitMeasureItem[];
  avg_speed: string | number | null;
  comment: string | null;
  artifacts: string[];
  subject_first_name: string;
  subject_last_name: string;
  practitioner_first_name: string | null;
  practitioner_last_name: string | null;
}

/**
 * The select list and joins that `toGaitSession` maps: `gs` is gait_sessions, `pr` its patient record.
 * Append `WHERE …` (and ORDER BY) to it. The admin area may reuse it.
 */
export const GAIT_SESSION_SELECT = `
  SELECT gs.id, gs.organization_id, gs.patient_record_id, gs.practitioner_id, gs.session_uuid, gs.session_schema,
         gs.captured_date, gs.gait_uid, gs.assistance_option, gs.units_selected, gs.items, gs.avg_speed, gs.comment,
         gs.artifacts,
         pr.first_name AS subject_first_name, pr.last_name AS subject_last_name,
         p.first_name AS practitioner_first_name, p.last_name AS practitioner_last_name
    FROM gait_sessions gs
    JOIN patient_records pr ON pr.id = gs.patient_record_id
    LEFT JOIN practitioners p ON p.id = gs.practitioner_id`;

const iso = (v: Date | string) => new Date(v).toISOString();

/** Maps a joined gait session row to the contract's GaitSession. */
export function toGaitSession(row: GaitSessionRow): GaitSession {
  const captured = iso(row.captured_date);
  return {
    id: row.id,
    sessionUUID: row.session_uuid,
    sessionSchema: row.session_schema as GaitSession["sessionSchema"],
    capturedDate: captured,
    patientRecordId: row.patient_record_id,
    subject: { firstName: row.subject_first_name, lastName: row.subject_last_name, gaitUid: row.gait_uid },
    practitioner:
      row.practitioner_id && row.practitioner_first_name !== null
        ? { id: row.practitioner_id, firstName: row.practitioner_first_name, lastName: row.practitioner_last_name ?? "" }
        : null,
    session: {
      meta: {
        capturedDate: captured,
        comment: row.comment,
        assistanceOption: row.assistance_option as GaitSession["session"]["meta"]["assistanceOption"],
        unitsSelected: row.units_selected as GaitSession["session"]["meta"]["unitsSelected"],
      },
      data: { items: row.items ?? [] },
    },
  };
}

/** The speed measure of a session's items: `avgSpeed` (GAIT_SA_2) or `speed` (GAIT_SA_1), in m/s. */
export function speedOf(items: GaitMeasureItem[]): number | null {
  for (const item of items) {
    for (const m of item.measures) if (m.name === "avgSpeed" || m.name === "speed") return m.value;
  }
  return null;
}

/** Text length as the product counts it: a line break counts as two characters. */
export function productTextLength(text: string): number {
  return text.replace(/\r\n/g, "\n").length + (text.match(/\r\n|\n|\r/g)?.length ?? 0);
}
