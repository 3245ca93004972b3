-- Admin area (spec 003): scan client versions, Typeform forms and unprocessed responses, and the record of
-- the discharges made by disabling an organization (so enabling it restores them). The scan-modules
-- organization override lives in the core `settings` table (key 'scan_modules_organization_override');
-- an organization's scan modules in `organizations.scan_modules`.

-- Released scan client versions. The latest is the highest version number.
CREATE TABLE scan_client_versions (
  version_id             text PRIMARY KEY,                  -- X.Y.Z
  major                  integer NOT NULL,
  minor                  integer NOT NULL,
  patch                  integer NOT NULL,
  update_required        boolean NOT NULL DEFAULT false,
  updated_by             uuid REFERENCES practitioners(id),
  updated_by_first_name  text,                              -- snapshot of who last changed it
  updated_by_last_name   text,
  updated_at             timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (major, minor, patch)
);

-- Typeform forms registered for PROs.
CREATE TABLE typeform_forms (
  id                         text PRIMARY KEY,              -- the Typeform form id
  title                      text,
  has_exer_webhook_enabled   boolean NOT NULL DEFAULT false,
  created_at                 timestamptz NOT NULL DEFAULT now()
);

-- Typeform responses that could not be attached to a patient.
CREATE TABLE unprocessed_typeform_responses (
  id          uuid PRIMARY KEY,
  form_id     text NOT NULL,
  form_title  text NOT NULL,
  user_id     text,
  location    text,                                       -- the location keyword the response carried
  date_time   timestamptz NOT NULL,
  payload     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX unprocessed_typeform_responses_time ON unprocessed_typeform_responses (date_time DESC, id);

-- Patients discharged by disabling their organization, with what they had before (restored on enable).
-- A patient appears at most once: disabling a disabled organization discharges nobody again.
CREATE TABLE organization_disable_discharges (
  patient_record_id         uuid PRIMARY KEY REFERENCES patient_records(id) ON DELETE CASCADE,
  organization_id           uuid NOT NULL REFERENCES organizations(id),
  discharged_on             date NOT NULL,
  previous_discharge_date   date,
  plan_of_care_id           uuid REFERENCES plans_of_care(id) ON DELETE SET NULL,
  previous_plan_end_date    date
);
CREATE INDEX organization_disable_discharges_org ON organization_disable_discharges (organization_id);

-- The admin locations table searches and sorts across organizations.
CREATE INDEX locations_name ON locations (lower(name), id);
