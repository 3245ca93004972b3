-- Programs area: the exercise library, its metrics, favorites, and program (HEP) versioning.
-- heps and hep_assignments are in 002_shared.sql (owner: programs); this adds their extra columns.

CREATE TABLE exercises (
  id                        text PRIMARY KEY,                 -- S-0001 …
  name                      text NOT NULL,
  simple_name               text NOT NULL,
  exercise_type             text NOT NULL,                    -- Stretching/Mobility, Active/Dynamic, Isometric
  body_targets              text[] NOT NULL DEFAULT '{}',
  equipment                 text[] NOT NULL DEFAULT '{}',
  sequence                  text NOT NULL,                    -- SINGLE, BILATERAL, ALTERNATING
  subject_orientation       text NOT NULL,                    -- FRONT, SIDE, BACK
  camera_orientation        text NOT NULL,                    -- PORTRAIT, LANDSCAPE
  with_anchor_point         boolean NOT NULL DEFAULT false,
  with_hold                 boolean NOT NULL DEFAULT false,
  position                  text NOT NULL,                    -- Standing, Prone, Side Lying, Supine, Seated, Quadruped, Kneeling
  action                    text NOT NULL,
  tags                      text[] NOT NULL DEFAULT '{}',
  -- Media paths relative to the API's public URL (e.g. /media/exercises/S-0001-thumb.svg); NULL when absent.
  animation_path            text,
  animation_thumbnail_frame integer,
  thumbnail_path            text,
  demo_path                 text,
  demo_audio_path           text,
  completeness              text NOT NULL DEFAULT 'COMPLETE'  -- COMPLETE, INCOMPLETE
);

-- Versioned metric definitions of an exercise; the current one has is_latest.
CREATE TABLE exercise_metrics (
  id               integer PRIMARY KEY,
  exercise_id      text NOT NULL REFERENCES exercises(id) ON DELETE CASCADE,
  metric           text NOT NULL,                             -- ROM, REPS, TIME
  version          integer NOT NULL DEFAULT 1,
  is_latest        boolean NOT NULL DEFAULT true,
  completeness     text NOT NULL DEFAULT 'COMPLETE',
  min_label        text,
  max_label        text,
  normal_range_min numeric,
  normal_range_max numeric,
  UNIQUE (exercise_id, metric, version)
);
CREATE INDEX exercise_metrics_exercise ON exercise_metrics (exercise_id);

-- A practitioner's favorite exercises (the Motion Library's favorites toggle).
CREATE TABLE favorite_exercises (
  practitioner_id uuid NOT NULL REFERENCES practitioners(id) ON DELETE CASCADE,
  exercise_id     text NOT NULL REFERENCES exercises(id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  seq             bigserial,
  PRIMARY KEY (practitioner_id, exercise_id)
);

-- A program built from a template keeps it; a replaced program points to its newer version.
ALTER TABLE heps ADD COLUMN template_id uuid REFERENCES heps(id);
ALTER TABLE heps ADD COLUMN replaced_by uuid REFERENCES heps(id);
CREATE INDEX heps_template ON heps (template_id) WHERE template_id IS NOT NULL;
CREATE INDEX heps_org_template_name ON heps (organization_id, lower(name)) WHERE is_template AND deleted_at IS NULL;
CREATE INDEX hep_assignments_active_hep ON hep_assignments (hep_id) WHERE retired_at IS NULL;
CREATE INDEX hep_assignments_patient_all ON hep_assignments (patient_record_id, assigned_at);
-- A patient holds a program at most once at a time.
CREATE UNIQUE INDEX hep_assignments_active_unique ON hep_assignments (patient_record_id, hep_id) WHERE retired_at IS NULL;
