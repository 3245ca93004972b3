-- The account's security history (ADR 034): an authenticator set up or replaced is recorded too, where the portal
-- says so when it asks for the new recovery codes that follow it (createMfaRecoveryCodes' `reason`). The user reads
-- their own events (listMySecurityEvents), newest first.
ALTER TABLE account_security_log DROP CONSTRAINT account_security_log_event_check;
ALTER TABLE account_security_log ADD CONSTRAINT account_security_log_event_check
  CHECK (event IN ('mfa-reset', 'mfa-required', 'mfa-not-required', 'mfa-recovery-codes', 'mfa-recovered', 'mfa-enrolled', 'mfa-replaced'));
CREATE INDEX account_security_log_subject_user ON account_security_log (subject_user_id, id DESC);
