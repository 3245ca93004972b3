import type { Schema } from "../../core/contract.js";
import type { FileStore } from "../../core/files.js";
import type { Db } from "../../db/db.js";
import { demoAudioWav } from "./demo-audio.js";

type Exercise = Schema<"Exercise">;
type ExerciseMetric = Schema<"ExerciseMetric">;

export interface ExerciseRow {
  id: string;
  name: string;
  simple_name: string;
  exercise_type: string;
  body_targets: string[];
  equipment: string[];
  sequence: string;
  subject_orientation: string;
  camera_orientation: string;
  with_anchor_point: boolean;
  with_hold: boolean;
  position: string;
  action: string;
  tags: string[];
  animation_path: string | null;
  animation_thumbnail_frame: number | null;
  thumbnail_path: string | null;
  demo_path: string | null;
  demo_audio_path: string | null;
  completeness: string;
  special_goal: boolean;
  metrics: { id: number; metric: string }[] | null;
}

/** Where the exercise media are served (`getExerciseMedia`); stored paths start with it. */
export const MEDIA_PATH = "/media/exercises";
/** The demo audio file of an exercise: `<exerciseId>-audio.wav`. */
export const AUDIO_FILE = /^([A-Z]{1,4}-[0-9]{4})-audio\.wav$/;
export const audioFileOf = (exerciseId: string) => `${exerciseId}-audio.wav`;

/** Media paths are stored relative ('/media/exercises/…'); the API answers absolute URLs. */
const url = (publicUrl: string, path: string | null) => (path ? `${publicUrl}${path}` : null);

export function toExercise(r: ExerciseRow, publicUrl: string): Exercise {
  return {
    id: r.id,
    name: r.name,
    simpleName: r.simple_name,
    animationUrl: url(publicUrl, r.animation_path),
    animationThumbnailFrame: r.animation_thumbnail_frame,
    thumbnailUrl: url(publicUrl, r.thumbnail_path),
    demoUrl: url(publicUrl, r.demo_path),
    demoAudioUrl: url(publicUrl, r.demo_audio_path),
    exerciseMetrics: (r.metrics ?? []).map((m) => ({ id: m.id, metric: m.metric as "ROM" | "REPS" | "TIME" })),
    exerciseType: r.exercise_type as Exercise["exerciseType"],
    bodyTargets: r.body_targets as Exercise["bodyTargets"],
    equipment: r.equipment as Exercise["equipment"],
    sequence: r.sequence as Exercise["sequence"],
    subjectOrientation: r.subject_orientation as Exercise["subjectOrientation"],
    cameraOrientation: r.camera_orientation as Exercise["cameraOrientation"],
    withAnchorPoint: r.with_anchor_point,
    withHold: r.with_hold,
    position: r.position as Exercise["position"],
    action: r.action,
    tags: r.tags,
    completeness: r.completeness as Exercise["completeness"],
    specialGoal: r.special_goal,
  };
}

/**
 * A media file of the library: an SVG from the file store, or the generated demo audio of an exercise whose
 * `demo_audio_path` names the file. Undefined when there is no such file.
 */
export async function exerciseMediaFile(db: Db, files: FileStore, file: string): Promise<{ data: Buffer; contentType: string } | undefined> {
  const audio = AUDIO_FILE.exec(file);
  if (!audio) return files.get(`exercises/${file}`);
  const has = await db.one("SELECT 1 FROM exercises WHERE id = $1 AND demo_audio_path = $2", [audio[1], `${MEDIA_PATH}/${file}`]);
  return has ? { data: demoAudioWav(audio[1]!), contentType: "audio/wav" } : undefined;
}

/** Exercises with their current, complete metrics, ordered by id. */
export async function listExercises(db: Db, completeness: "COMPLETE" | "INCOMPLETE" | "ALL"): Promise<ExerciseRow[]> {
  return db.query<ExerciseRow>(
    `SELECT e.*,
            (SELECT json_agg(json_build_object('id', m.id, 'metric', m.metric) ORDER BY m.metric, m.id)
               FROM exercise_metrics m
              WHERE m.exercise_id = e.id AND m.is_latest AND m.completeness = 'COMPLETE') AS metrics
       FROM exercises e
      WHERE $1 = 'ALL' OR e.completeness = $1
      ORDER BY e.id`,
    [completeness],
  );
}

interface MetricRow {
  id: number;
  exercise_id: string;
  metric: string;
  version: number;
  is_latest: boolean;
  completeness: string;
  min_label: string | null;
  max_label: string | null;
  normal_range_min: string | number | null;
  normal_range_max: string | number | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

export async function listExerciseMetrics(db: Db, completeness: "COMPLETE" | "INCOMPLETE" | "ALL", versionState: "LATEST" | "ALL"): Promise<ExerciseMetric[]> {
  const rows = await db.query<MetricRow>(
    `SELECT * FROM exercise_metrics
      WHERE ($1 = 'ALL' OR completeness = $1) AND ($2 = 'ALL' OR is_latest)
      ORDER BY exercise_id, metric, version, id`,
    [completeness, versionState],
  );
  return rows.map((r) => ({
    id: r.id,
    exerciseId: r.exercise_id,
    metric: r.metric as ExerciseMetric["metric"],
    version: r.version,
    isLatest: r.is_latest,
    completeness: r.completeness as ExerciseMetric["completeness"],
    minLabel: r.min_label,
    maxLabel: r.max_label,
    normalRangeMin: num(r.normal_range_min),
    normalRangeMax: num(r.normal_range_max),
  }));
}

/** The exercises (by id) with their completeness and current metric kinds; used to validate blocks. */
export async function exerciseFacts(db: Db, ids: string[]): Promise<Map<string, { completeness: string; metrics: string[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; completeness: string; metrics: string[] | null }>(
    `SELECT e.id, e.completeness,
            (SELECT array_agg(DISTINCT m.metric) FROM exercise_metrics m
              WHERE m.exercise_id = e.id AND m.is_latest AND m.completeness = 'COMPLETE') AS metrics
       FROM exercises e WHERE e.id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { completeness: r.completeness, metrics: r.metrics ?? [] }]));
}
