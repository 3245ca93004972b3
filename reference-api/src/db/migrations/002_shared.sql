-- Tables read by more than one area. Each is OWNED (written, and its columns extended) by one area;
-- others only read it. An owner adds columns in its own migration (ALTER TABLE ... ADD COLUMN).

-- Programs (HEPs) and templates. Owner: programs.
CREATE TABLE heps (
  id               uuid PRIMARY KEY,
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  name             text NOT NULL,
  notes            text,
  daily_frequency  integer NOT NULL DEFAULT 3,
  weekly_frequency integer NOT NULL DEFAULT 5,
  blocks           jsonb NOT NULL DEFAULT '[]'::jsonb,   -- ordered Block list
  is_template      boolean NOT NULL DEFAULT false,
  created_by       uuid REFERENCES practitioners(id),
  date_created     timestamptz NOT NULL DEFAULT now(),
  date_updated     timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz
);
CREATE INDEX heps_org_template ON heps (organization_id, is_template, date_updated DESC);

-- A program assigned to a patient. The active assignment has retired_at NULL. Owner: programs.
CREATE TABLE hep_assignments (
  id                uuid PRIMARY KEY,
  hep_id            uuid NOT NULL REFERENCES heps(id),
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  assigned_by       uuid REFERENCES practitioners(id),
  assigned_at       timestamptz NOT NULL DEFAULT now(),
  retired_at        timestamptz
);
CREATE INDEX hep_assignments_patient ON hep_assignments (patient_record_id) WHERE retired_at IS NULL;
CREATE INDEX hep_assignments_hep ON hep_assignments (hep_id);

-- Health (HEP) sessions of a patient with their sets. Owner: health.
CREATE TABLE health_sessions (
  id                uuid PRIMARY KEY,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  hep_id            uuid REFERENCES heps(id),
  session_kind      text NOT NULL DEFAULT 'HEPSession',   -- HEPSession, SingleSession
  date              timestamptz NOT NULL,
  is_self_reported  boolean NOT NULL DEFAULT false,
  sets              jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX health_sessions_patient_date ON health_sessions (patient_record_id, date DESC);

-- Care notes (patient interactions, billable time logs). Owner: patients.
CREATE TABLE interactions (
  id                     uuid PRIMARY KEY,
  patient_record_id      uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  practitioner_id        uuid REFERENCES practitioners(id),
  date                   date NOT NULL,
  minutes                integer NOT NULL,
  notes                  text NOT NULL,
  interaction_type       text,                             -- PATIENT_INTERACTIVE_COMMUNICATION or NULL
  is_patient_interaction boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX interactions_patient_date ON interactions (patient_record_id, date DESC);

-- PRO (patient-reported outcome) questions sent to a patient and their answers. Owner: patients.
CREATE TABLE pro_questions (
  id                uuid PRIMARY KEY,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  question_id       text NOT NULL,                        -- e.g. LEVEL_OF_PAIN
  text              text NOT NULL,
  is_chartable      boolean NOT NULL DEFAULT true,
  min_value         numeric,
  max_value         numeric,
  pro_answer_type   text NOT NULL                         -- CHOICE, BOOLEAN, TEXT, UNKNOWN
);
CREATE INDEX pro_questions_patient ON pro_questions (patient_record_id);
CREATE TABLE pro_answers (
  id              uuid PRIMARY KEY,
  pro_question_id uuid NOT NULL REFERENCES pro_questions(id) ON DELETE CASCADE,
  date_time       timestamptz NOT NULL,
  value           text NOT NULL
);
CREATE INDEX pro_answers_question ON pro_answers (pro_question_id, date_time);

-- RTM billing cycles and monthly summaries. Owner: rtm (in the health area).
-- A care note whose date falls in a BILLED cycle of its patient is locked.
CREATE TABLE rtm_cycles (
  id                uuid PRIMARY KEY,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  code              text NOT NULL,        -- PATIENT_INTERACTION, ADDITIONAL_PATIENT_INTERACTION, DEVICE_AND_DATA_TRANSMISSION, PATIENT_SETUP
  status            text NOT NULL,        -- IN_PROGRESS, ACTIVE_DAYS_INCOMPLETE, READY_TO_BILL, BILLED
  start_date        date NOT NULL,
  end_date          date NOT NULL,
  num_required_days integer NOT NULL DEFAULT 16,
  pdf_key           text,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rtm_cycles_patient_dates ON rtm_cycles (patient_record_id, start_date, end_date);
CREATE INDEX rtm_cycles_status ON rtm_cycles (status, start_date);

CREATE TABLE rtm_monthly_summaries (
  id                uuid PRIMARY KEY,
  patient_record_id uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  year_month        text NOT NULL,        -- YYYY-MM
  status            text NOT NULL,
  pdf_key           text,
  UNIQUE (patient_record_id, year_month)
);
