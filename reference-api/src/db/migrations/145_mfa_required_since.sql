-- ADR 036: when an organization last started requiring two-step verification. The provider API lets a session that
-- began before it run to its end (ADR 027) and refuses a token of a later sign-in without a second factor. Null when
-- the organization does not require it. Organizations that already require it: from now.
ALTER TABLE organizations ADD COLUMN mfa_required_since timestamptz;
UPDATE organizations SET mfa_required_since = now() WHERE mfa_required;
