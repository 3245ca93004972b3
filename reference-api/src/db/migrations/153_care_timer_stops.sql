-- Timed means timed (issue 32, ADR 044): a stopped care timer leaves the server's record of its minutes, kept until
-- a care note takes it (create with timerId). A note is TIMED only from such a record, never from minutes a URL or
-- a client carries; a timer stopped on a day or month a note cannot go to keeps its minutes here.
CREATE TABLE care_timer_stops (
  id                uuid PRIMARY KEY,
  practitioner_id   uuid NOT NULL REFERENCES practitioners(id) ON DELETE CASCADE,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  started_at        timestamptz NOT NULL,
  stopped_at        timestamptz NOT NULL,
  minutes           integer NOT NULL CHECK (minutes BETWEEN 0 AND 1440),
  -- The care note that took the minutes (NULL: still waiting for one).
  interaction_id    uuid REFERENCES interactions(id) ON DELETE SET NULL,
  used_at           timestamptz
);
CREATE INDEX care_timer_stops_open ON care_timer_stops (practitioner_id, patient_record_id, stopped_at DESC) WHERE used_at IS NULL;
