-- Messages a patient was sent (answered by listPatientNotifications). The reference API sends no e-mail or
-- push; it records what the real service would send (what counts as which: PatientNotification in the
-- contract, areas/programs/notifications.ts):
--   APP_INVITE       the app invite, with the first program (hep_id) or resent (hep_id NULL);
--   PROGRAM_UPDATED  the patient's programs changed after their first program (hep_id: the program now assigned).
CREATE TABLE patient_notifications (
  id                uuid PRIMARY KEY,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('APP_INVITE', 'PROGRAM_UPDATED')),
  hep_id            uuid REFERENCES heps(id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- Insertion order: the tie-breaker of "newest first" (several rows of one transaction share now()).
  seq               bigserial
);
CREATE INDEX patient_notifications_patient ON patient_notifications (patient_record_id, created_at DESC, seq DESC);
