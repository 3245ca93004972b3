-- The care timer (ADR 033, issue 26): one per practitioner and patient, kept by the API so it survives reloads,
-- tabs and devices. paused_at is set while paused; paused_seconds sums the pauses that ended. Stopping deletes
-- the row (the care note then saved carries the minutes, with source TIMED).
CREATE TABLE care_timers (
  practitioner_id   uuid NOT NULL REFERENCES practitioners(id) ON DELETE CASCADE,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  started_at        timestamptz NOT NULL,
  paused_at         timestamptz,
  paused_seconds    integer NOT NULL DEFAULT 0 CHECK (paused_seconds >= 0),
  PRIMARY KEY (practitioner_id, patient_record_id),
  CHECK (paused_at IS NULL OR paused_at >= started_at)
);
CREATE INDEX care_timers_patient ON care_timers (patient_record_id);

-- Whether a care note's minutes were the timer's (TIMED) or entered by hand (TYPED).
ALTER TABLE interactions ADD COLUMN source text NOT NULL DEFAULT 'TYPED' CHECK (source IN ('TIMED', 'TYPED'));
