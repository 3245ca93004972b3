-- Two-step verification (ADR 027). An organization may require it of its providers (the portal enforces it at
-- sign-in); a provider admin may reset a provider's authenticator, which is recorded below.
ALTER TABLE organizations ADD COLUMN mfa_required boolean NOT NULL DEFAULT false;

-- Changes to who may sign in how (an authenticator's reset; the organization's requirement): identifiers and the
-- outcome only, like patient_access_log (ADR 018), and append-only the same way.
CREATE TABLE account_security_log (
  id                      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at                      timestamptz NOT NULL DEFAULT now(),
  event                   text NOT NULL CHECK (event IN ('mfa-reset', 'mfa-required', 'mfa-not-required', 'mfa-recovery-codes', 'mfa-recovered')),
  subject_practitioner_id uuid,
  subject_user_id         text CHECK (length(subject_user_id) BETWEEN 1 AND 128),
  user_id                 text NOT NULL CHECK (length(user_id) BETWEEN 1 AND 128),
  practitioner_id         uuid,
  role                    text CHECK (role IN ('EXER_ADMIN', 'EXER_SUPPORT', 'PORTAL_PROVIDER_ADMIN', 'PORTAL_PRACTITIONER')),
  organization_id         uuid,
  operation_id            text NOT NULL CHECK (operation_id ~ '^[A-Za-z0-9]{1,80}$'),
  status                  smallint NOT NULL CHECK (status BETWEEN 100 AND 599),
  request_id              text CHECK (request_id ~ '^[A-Za-z0-9_.-]{1,64}$')
);
CREATE INDEX account_security_log_subject ON account_security_log (subject_practitioner_id, id DESC);
CREATE INDEX account_security_log_organization ON account_security_log (organization_id, id DESC);

CREATE FUNCTION account_security_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'account_security_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER account_security_log_no_update_delete BEFORE UPDATE OR DELETE ON account_security_log
  FOR EACH ROW EXECUTE FUNCTION account_security_log_refuse_change();
CREATE TRIGGER account_security_log_no_truncate BEFORE TRUNCATE ON account_security_log
  FOR EACH STATEMENT EXECUTE FUNCTION account_security_log_refuse_change();

-- Recovery codes (ADR 027): the identity service has none. 80 random bits each, stored as their SHA-256 only; a
-- used code keeps its row (used_at) so that it cannot be used twice. A new set replaces the user's earlier one.
CREATE TABLE mfa_recovery_codes (
  user_id    text NOT NULL CHECK (length(user_id) BETWEEN 1 AND 128),
  code_hash  bytea NOT NULL CHECK (length(code_hash) = 32),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
