-- Gait and scan (owner: the gait/scan area). The admin area reads these tables for its lists; the column
-- names are stable. Row → contract mappings live in areas/gait/mapping.ts and areas/scan/mapping.ts.

-- Gait speed assessments of patient records. The subject's names come from the patient record; gait_uid is
-- the unique gait ID the session was captured under (upper-cased), used by the report's exclusion list.
CREATE TABLE gait_sessions (
  id                 uuid PRIMARY KEY,
  organization_id    uuid NOT NULL REFERENCES organizations(id),
  patient_record_id  uuid NOT NULL REFERENCES patient_records(id) ON DELETE CASCADE,
  practitioner_id    uuid REFERENCES practitioners(id),
  session_uuid       uuid NOT NULL UNIQUE,
  session_schema     text NOT NULL,                        -- GAIT_SA_1, GAIT_SA_2
  captured_date      timestamptz NOT NULL,
  gait_uid           text,
  assistance_option  text NOT NULL DEFAULT 'NONE',         -- NONE, CANE, WALKER
  units_selected     text NOT NULL DEFAULT 'METRIC',       -- METRIC, IMPERIAL
  items              jsonb NOT NULL DEFAULT '[]'::jsonb,   -- GaitMeasureItem list
  avg_speed          numeric,                              -- the speed measure (m/s), for reports and sorting
  comment            text,                                 -- therapist comment
  comment_updated_at timestamptz,
  comment_updated_by uuid REFERENCES practitioners(id),
  artifacts          text[] NOT NULL DEFAULT '{}',         -- 'pose-log' when gait/<id>/pose-log.json exists
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gait_sessions_patient_date ON gait_sessions (patient_record_id, captured_date DESC, id);
CREATE INDEX gait_sessions_org_date ON gait_sessions (organization_id, captured_date, id);

-- The scan assessment library (global).
CREATE TABLE assessments (
  id                  text PRIMARY KEY,                    -- AST-0001 ...
  name                text NOT NULL,
  thumbnail_url       text,
  subject_orientation text,                                -- FRONT, SIDE or NULL
  directives          jsonb NOT NULL,                      -- AssessmentDirectives
  result_definitions  jsonb NOT NULL DEFAULT '[]'::jsonb   -- ResultDefinition list
);

-- Risk rules (scan outcomes): one per organization and assessment.
CREATE TABLE scan_outcomes (
  organization_id            uuid NOT NULL REFERENCES organizations(id),
  assessment_id              text NOT NULL REFERENCES assessments(id),
  type                       text NOT NULL,                -- FALL, TREMORS
  demographics_required      text[],                       -- AGE, SEX; NULL when none
  factors                    jsonb NOT NULL DEFAULT '[]'::jsonb,
  source                     text,
  title                      text NOT NULL,
  description                text,
  result_definition_id       text,
  left_result_definition_id  text,
  right_result_definition_id text,
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  updated_by                 uuid REFERENCES practitioners(id),
  PRIMARY KEY (organization_id, assessment_id)
);

-- Scan sessions recorded by the scan client. Logs are files "scan/<id>/pose-log.json" and
-- "scan/<id>/hands-log.json" in the file store, listed in artifacts.
CREATE TABLE scan_sessions (
  id                    uuid PRIMARY KEY,
  organization_id       uuid NOT NULL REFERENCES organizations(id),
  location_id           uuid REFERENCES locations(id),
  practitioner_id       uuid REFERENCES practitioners(id),
  session_uuid          uuid NOT NULL UNIQUE,
  assessment_id         text NOT NULL REFERENCES assessments(id),
  results               jsonb NOT NULL DEFAULT '[]'::jsonb,  -- ScanResult list
  results_insights      jsonb NOT NULL DEFAULT '[]'::jsonb,  -- ScanResultInsight list
  scan_version          text NOT NULL,                       -- X.Y.Z
  demographics          jsonb,                               -- {age, sex} or NULL
  participant_uid       text NOT NULL,
  participant_archived_date timestamptz,                     -- NULL unless the participant is archived
  artifacts             text[] NOT NULL DEFAULT '{}',        -- pose-log, hands-log
  created_date          timestamptz NOT NULL,
  updated_date          timestamptz NOT NULL
);
CREATE INDEX scan_sessions_org_created ON scan_sessions (organization_id, created_date DESC, id DESC);
CREATE INDEX scan_sessions_loc_created ON scan_sessions (location_id, created_date DESC, id DESC);
CREATE INDEX scan_sessions_assessment ON scan_sessions (organization_id, assessment_id);

-- The assessment library. AST-0024 has the built-in knee, hip and trunk range-of-motion result set; AST-0019
-- has no result definitions; the others carry the empty default (starting condition none, ending condition
-- a time of 300 s). AST-0031 is the hand tremor assessment of the hands-log sessions.
INSERT INTO assessments (id, name, subject_orientation, directives, result_definitions) VALUES
  ('AST-0001', 'Functional Reach', 'SIDE',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]'),
  ('AST-0009', 'Timed Up and Go', 'SIDE',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]'),
  ('AST-0010', 'Timed Up and Go - Cognitive', 'SIDE',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]'),
  ('AST-0011', 'Five Times Sit to Stand', 'SIDE',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]'),
  ('AST-0012', 'Five Times Sit to Stand - Arms Crossed', 'SIDE',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]'),
  ('AST-0018', 'Gait Speed', 'SIDE',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]'),
  ('AST-0019', '30 Second Chair Stand', 'SIDE',
   '{"startingConditions":[{"type":"POSE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":30,"units":"s"}],"gipConditions":[],"trackedFeatures":["leftHip","rightHip","leftKnee","rightKnee"]}', '[]'),
  ('AST-0020', 'Single Leg Stance', 'FRONT',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]'),
  ('AST-0024', 'Range of Motion - Knee, Hip and Trunk', 'SIDE',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":["leftKnee","rightKnee","leftHip","rightHip","neck","midHip"]}',
   '[{"id":"leftKneeFlexionRom","name":"Left Knee Flexion ROM","units":"deg"},{"id":"rightKneeFlexionRom","name":"Right Knee Flexion ROM","units":"deg"},{"id":"leftHipFlexionRom","name":"Left Hip Flexion ROM","units":"deg"},{"id":"rightHipFlexionRom","name":"Right Hip Flexion ROM","units":"deg"},{"id":"trunkFlexionRom","name":"Trunk Flexion ROM","units":"deg"},{"id":"trunkExtensionRom","name":"Trunk Extension ROM","units":"deg"}]'),
  ('AST-0031', 'Resting Hand Tremor', 'FRONT',
   '{"startingConditions":[{"type":"NONE","value":null,"units":null}],"endingConditions":[{"type":"TIME","value":300,"units":"s"}],"gipConditions":[],"trackedFeatures":[]}', '[]');
