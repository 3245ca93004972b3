-- Who saw which patient (HIPAA access audit, ADR 018). One row per patient per API call that read or changed
-- that patient's data: identifiers and the outcome only — never a name, a note, a query string or a body.
-- No foreign key to patient_records: the history outlives a deleted patient record.
CREATE TABLE patient_access_log (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at                timestamptz NOT NULL DEFAULT now(),
  patient_record_id uuid NOT NULL,
  user_id           text NOT NULL CHECK (length(user_id) BETWEEN 1 AND 128),
  practitioner_id   uuid,
  role              text CHECK (role IN ('EXER_ADMIN', 'EXER_SUPPORT', 'PORTAL_PROVIDER_ADMIN', 'PORTAL_PRACTITIONER')),
  organization_id   uuid,
  operation_id      text NOT NULL CHECK (operation_id ~ '^[A-Za-z0-9]{1,80}$'),
  method            text NOT NULL CHECK (method IN ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
  status            smallint NOT NULL CHECK (status BETWEEN 100 AND 599),
  request_id        text CHECK (request_id ~ '^[A-Za-z0-9_.-]{1,64}$')
);
-- A patient's history and a user's history, newest first (the identity increases with time).
CREATE INDEX patient_access_log_patient ON patient_access_log (patient_record_id, id DESC);
CREATE INDEX patient_access_log_user ON patient_access_log (user_id, id DESC);

-- Append-only: no UPDATE, DELETE or TRUNCATE, whoever asks (the API has no such operation either).
CREATE FUNCTION patient_access_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'patient_access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER patient_access_log_no_update_delete BEFORE UPDATE OR DELETE ON patient_access_log
  FOR EACH ROW EXECUTE FUNCTION patient_access_log_refuse_change();
CREATE TRIGGER patient_access_log_no_truncate BEFORE TRUNCATE ON patient_access_log
  FOR EACH STATEMENT EXECUTE FUNCTION patient_access_log_refuse_change();
