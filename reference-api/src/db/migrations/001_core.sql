-- Core tables shared by every area: organizations, locations, practitioners (every portal user,
-- including internal staff, is a practitioner row), patient records and their plans of care.
-- Area migrations (010_*, 020_* ...) add their own tables; they may reference these.

CREATE TABLE organizations (
  id            uuid PRIMARY KEY,
  name          text NOT NULL,
  timezone      text NOT NULL DEFAULT 'America/Denver',
  products      text[] NOT NULL DEFAULT '{}',           -- HEALTH, GAIT, PRO, SCAN
  disabled      boolean NOT NULL DEFAULT false,
  is_research   boolean NOT NULL DEFAULT false,
  is_internal   boolean NOT NULL DEFAULT false,          -- the product company's own staff organization
  supports_sso  boolean NOT NULL DEFAULT false,
  logo_url      text,
  web_logo_url  text,
  scan_modules  jsonb NOT NULL DEFAULT '[]'::jsonb,      -- ordered ScanModule list (admin area)
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE practitioners (
  id               uuid PRIMARY KEY,
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  user_id          text UNIQUE,                          -- identity-service username; NULL while only invited
  first_name       text NOT NULL,
  last_name        text NOT NULL,
  email            text NOT NULL,
  role             text NOT NULL,                        -- PORTAL_PRACTITIONER, PORTAL_PROVIDER_ADMIN, EXER_ADMIN, EXER_SUPPORT
  added_as_role    text NOT NULL,
  invite_code      text UNIQUE,
  invited_at       timestamptz,
  use_sso          boolean NOT NULL DEFAULT false,
  deleted_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX practitioners_email_live ON practitioners (lower(email)) WHERE deleted_at IS NULL;
CREATE INDEX practitioners_org ON practitioners (organization_id);

CREATE TABLE locations (
  id                  uuid PRIMARY KEY,
  organization_id     uuid NOT NULL REFERENCES organizations(id),
  name                text NOT NULL,
  address1            text,
  address2            text,
  city                text,
  state_code          text,
  country_code        text DEFAULT 'US',
  zip_code            text,
  timezone            text NOT NULL DEFAULT 'America/Denver',
  keyword             text,
  contact_list        text[] NOT NULL DEFAULT '{}',
  default_provider_id uuid REFERENCES practitioners(id),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX locations_org ON locations (organization_id);

CREATE TABLE practitioner_locations (
  practitioner_id uuid NOT NULL REFERENCES practitioners(id) ON DELETE CASCADE,
  location_id     uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  PRIMARY KEY (practitioner_id, location_id)
);
CREATE INDEX practitioner_locations_loc ON practitioner_locations (location_id);

CREATE TABLE patient_records (
  id                          uuid PRIMARY KEY,
  organization_id             uuid NOT NULL REFERENCES organizations(id),
  location_id                 uuid REFERENCES locations(id),
  practitioner_id             uuid REFERENCES practitioners(id),   -- primary provider
  first_name                  text NOT NULL,
  last_name                   text NOT NULL,
  email                       text,
  phone_number                text,                                -- +1 and 10 digits
  dob                         date,
  has_account                 boolean NOT NULL DEFAULT false,
  invite_sent_at              timestamptz,
  products                    text[] NOT NULL DEFAULT '{}',
  hidden                      boolean NOT NULL DEFAULT false,
  injured_side_of_body        text,                                -- LEFT, RIGHT, BOTH or NULL (not applicable)
  injured_body_part           text,
  gait_uid                    text,
  discharge_date              date,                                -- end of the current plan of care (NULL: open)
  most_recent_session         timestamptz,                         -- any product
  most_recent_activity        timestamptz,                         -- sessions and PRO answers
  health_most_recent_session  timestamptz,
  health_most_recent_activity timestamptz,
  gait_most_recent_session    timestamptz,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now()
);
-- The list queries filter by organization (and location) and sort by activity or name.
CREATE INDEX patient_records_org_activity ON patient_records (organization_id, most_recent_activity DESC NULLS LAST, id);
CREATE INDEX patient_records_org_name ON patient_records (organization_id, lower(last_name), lower(first_name), id);
CREATE INDEX patient_records_loc ON patient_records (location_id);
CREATE INDEX patient_records_practitioner ON patient_records (practitioner_id);
CREATE INDEX patient_records_org_discharge ON patient_records (organization_id, discharge_date);
CREATE INDEX patient_records_gait_uid ON patient_records (organization_id, lower(gait_uid));

CREATE TABLE plans_of_care (
  id                uuid PRIMARY KEY,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  start_date        date NOT NULL,
  end_date          date,
  products          text[] NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plans_of_care_patient ON plans_of_care (patient_record_id, start_date);

-- Key/value settings of the deployment (for example the scan-modules organization override).
CREATE TABLE settings (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

-- The file store (the stand-in for object storage): pose and hands logs, logos, generated PDFs.
-- Files are handed out by signed URL (GET /files/{token}); keys look like "scan/<sessionId>/pose-log.json".
CREATE TABLE files (
  key          text PRIMARY KEY,
  content_type text NOT NULL,
  data         bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
