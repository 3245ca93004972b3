import { randomUUID } from "node:crypto";
import type { Schema } from "../../core/contract.js";
import type { Db } from "../../db/db.js";

type PatientNotification = Schema<"PatientNotification">;
export type NotificationKind = PatientNotification["kind"];

/**
 * Records a message sent to a patient. The reference API sends nothing: it records what the real service
 * sends, so the portal (and tests) can show and check it. When each kind is recorded is defined by the
 * contract's PatientNotification:
 * - APP_INVITE: the app invite, with the patient's first program (assignToPatient) or resent (resendPatientInvite);
 * - PROGRAM_UPDATED: a later change of the patient's active programs (assignToPatient, replaceProgram).
 */
export async function recordNotification(db: Db, patientId: string, kind: NotificationKind, hepId: string | null): Promise<void> {
  await db.query("INSERT INTO patient_notifications (id, patient_record_id, kind, hep_id) VALUES ($1, $2, $3, $4)", [randomUUID(), patientId, kind, hepId]);
}

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  hep_id: string | null;
  created_at: Date | string;
}

/** The patient's notifications, newest first. */
export async function patientNotifications(db: Db, patientId: string): Promise<PatientNotification[]> {
  const rows = await db.query<NotificationRow>(
    "SELECT id, kind, hep_id, created_at FROM patient_notifications WHERE patient_record_id = $1 ORDER BY created_at DESC, seq DESC",
    [patientId],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, hepId: r.hep_id, createdAt: new Date(r.created_at).toISOString() }));
}
