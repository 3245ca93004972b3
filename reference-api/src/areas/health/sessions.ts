import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";

export type HealthSession = Schema<"HealthSession">;
export type HealthSet = Schema<"HealthSet">;

/** `health_sessions.sets` holds the contract's HealthSet objects as they are (written by the seed / the app). */
export interface HealthSessionRow {
  id: string;
  date: Date | string;
  session_kind: string;
  is_self_reported: boolean;
  sets: HealthSet[] | null;
  hep_id: string | null;
  hep_name: string | null;
}

/** Session progress: sum of set completion ratios over the number of sets, as a percentage, capped at 100, rounded. */
export function sessionProgress(sets: HealthSet[]): number {
  if (sets.length === 0) return 0;
  const sum = sets.reduce((s, x) => s + (Number(x.setInfo?.completionRatio) || 0), 0);
  return Math.min(100, Math.round((sum / sets.length) * 100));
}

export function toHealthSession(r: HealthSessionRow): HealthSession {
  const sets = r.sets ?? [];
  return {
    id: r.id,
    date: new Date(r.date).toISOString(),
    sessionKind: r.session_kind === "SingleSession" ? "SingleSession" : "HEPSession",
    isSelfReported: r.is_self_reported,
    hep: r.hep_id ? { id: r.hep_id, name: r.hep_name ?? "" } : null,
    progressPercent: sessionProgress(sets),
    sets,
  };
}

export interface SessionFilter {
  start?: string;
  end?: string;
  includeSelfReported?: boolean;
}

/** A patient's sessions, newest first. No authorization: resolve the patient with getVisiblePatient first. */
export async function listSessions(db: Db, patientId: string, f: SessionFilter): Promise<HealthSession[]> {
  const params: unknown[] = [patientId];
  const where = ["hs.patient_record_id = $1"];
  if (f.start) {
    params.push(f.start);
    where.push(`hs.date >= $${params.length}::timestamptz`);
  }
  if (f.end) {
    params.push(f.end);
    where.push(`hs.date <= $${params.length}::timestamptz`);
  }
  if (f.includeSelfReported === false) where.push("NOT hs.is_self_reported");
  const rows = await db.query<HealthSessionRow>(
    `SELECT hs.id, hs.date, hs.session_kind, hs.is_self_reported, hs.sets, h.id AS hep_id, h.name AS hep_name
       FROM health_sessions hs LEFT JOIN heps h ON h.id = hs.hep_id
      WHERE ${where.join(" AND ")}
      ORDER BY hs.date DESC, hs.id`,
    params,
  );
  return rows.map(toHealthSession);
}
