/**
 * An exercise card (001 §2.1): the thumbnail (or, without one, the animation), the name, the camera
 * orientation (Portrait/Landscape), the subject orientation (Front/Side/Back facing) and the metric labels.
 * The name is a link that opens the detail (the whole card is its click target); `action` is a slot for a
 * control of the screen (the library's favorite toggle, the builder's Add button), above the link.
 *
 * The picture box has a fixed aspect ratio and the image its width and height, so nothing shifts while the
 * lazily loaded images arrive.
 */
import { Link } from "../../../components/link";
import type { ReactNode } from "react";
import type { Schema } from "../../../api/schemas";
import { cameraLabel, metricLabels, subjectOrientationLabel } from "../rules/exercise-filters";

export type CardExercise = Pick<Schema<"Exercise">, "id" | "name" | "thumbnailUrl" | "animationUrl" | "cameraOrientation" | "subjectOrientation" | "exerciseMetrics">;

/** Only what a card shows (the library and the builder's step 2 send no more to the browser). */
export const cardExercise = (e: CardExercise): CardExercise => ({
  id: e.id,
  name: e.name,
  thumbnailUrl: e.thumbnailUrl,
  animationUrl: e.animationUrl,
  cameraOrientation: e.cameraOrientation,
  subjectOrientation: e.subjectOrientation,
  exerciseMetrics: e.exerciseMetrics,
});

export interface ExerciseCardProps {
  exercise: CardExercise;
  /** The detail's URL (the library: `?exercise={id}` with the page's other parameters); without it the name is plain text (the builder). */
  href?: string;
  /** A control shown on the card (a favorite toggle, an Add button). */
  action?: ReactNode;
  /** Heading level of the name (default 3: the grid is under the page's h2). */
  headingLevel?: 2 | 3 | 4;
  /** Show the animation rather than the still (default: the still when there is one). */
  animated?: boolean;
  /** Marks the card (e.g. 'Added' in the builder). */
  badge?: ReactNode;
}

/** The media sizes of the library (the API's SVGs are 180×240 portrait, 240×180 landscape). */
export const mediaSize = (camera: CardExercise["cameraOrientation"]) => (camera === "LANDSCAPE" ? { width: 240, height: 180 } : { width: 180, height: 240 });

export function ExerciseCard({ exercise, href, action, headingLevel = 3, animated = false, badge }: ExerciseCardProps) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  const src = animated ? (exercise.animationUrl ?? exercise.thumbnailUrl) : (exercise.thumbnailUrl ?? exercise.animationUrl);
  const size = mediaSize(exercise.cameraOrientation);
  const metrics = metricLabels(exercise.exerciseMetrics);
  return (
    <article className="exercise-card">
      <div className="exercise-media">
        {/* `loading` before `src`: React 18 sets the attributes of an image it creates in this order, and an
            image whose src comes first starts loading before it learns that it is lazy. */}
        {src ? <img loading="lazy" decoding="async" width={size.width} height={size.height} alt="" src={src} /> : <span className="exercise-media-none">No preview</span>}
      </div>
      <div className="exercise-card-body">
        <Heading className="exercise-card-title">
          {href ? (
            <Link to={href} className="exercise-card-link" preventScrollReset>
              {exercise.name}
            </Link>
          ) : (
            exercise.name
          )}
        </Heading>
        <p className="exercise-card-meta">
          <span>{cameraLabel(exercise.cameraOrientation)}</span>
          <span aria-hidden="true"> · </span>
          <span>{subjectOrientationLabel(exercise.subjectOrientation)}</span>
        </p>
        {metrics.length ? (
          <ul className="metric-labels" aria-label="Metrics">
            {metrics.map((m) => (
              <li key={m} className="metric-label">
                {m}
              </li>
            ))}
          </ul>
        ) : null}
        {badge ? <div className="exercise-card-badge">{badge}</div> : null}
      </div>
      {action ? <div className="exercise-card-action">{action}</div> : null}
    </article>
  );
}
