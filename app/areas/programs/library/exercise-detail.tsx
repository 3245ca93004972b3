/**
 * The exercise detail drawer (001 §2.1), at its own URL (`?exercise=S-0003`, the page's other parameters kept):
 * a right-hand dialog labelled by the exercise's name with its tags, the demo video (or the animation), the
 * demo audio with Play, Pause and Restart, and the position and action descriptions. Escape and Close go
 * back to the URL without `exercise`. An unknown id says so (the page stays).
 */
import { Await, useLocation } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Suspense, useRef, useState } from "react";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { withoutParams } from "../../../shell/dialog-url";
import { useHydrated } from "../../../components/use-hydrated";
import type { Exercise } from "../../../api/exercises.server";
import { cameraLabel, metricLabels, subjectOrientationLabel } from "../rules/exercise-filters";
import { EXERCISE_NOT_FOUND } from "./library-messages";
import type { LibraryDetail } from "./library-route.server";
import { FactList } from "../../../components/fact-list";

const SEQUENCE_LABELS: Record<Exercise["sequence"], string> = { SINGLE: "Single", BILATERAL: "Bilateral", ALTERNATING: "Alternating" };

export function ExerciseDrawer({ detail }: { detail: Promise<SerializeFrom<LibraryDetail>> }) {
  const location = useLocation();
  const closeHref = withoutParams(location, ["exercise"]);
  const loading = (
    <Dialog title="Exercise" closeHref={closeHref} placement="right">
      <p role="status">Loading the exercise…</p>
    </Dialog>
  );
  return (
    <Suspense fallback={loading}>
      <Await resolve={detail} errorElement={<NotFound closeHref={closeHref} message={null} />}>
        {(d) => (d.found ? <ExerciseDetail exercise={d.exercise} closeHref={closeHref} /> : <NotFound closeHref={closeHref} message={d.error} />)}
      </Await>
    </Suspense>
  );
}

function NotFound({ closeHref, message }: { closeHref: string; message: string | null }) {
  return <MessageDialog title="Exercise not found" closeHref={closeHref} message={message ?? EXERCISE_NOT_FOUND} placement="right" />;
}

function ExerciseDetail({ exercise: e, closeHref }: { exercise: SerializeFrom<Exercise>; closeHref: string }) {
  const facts: [string, string][] = [
    ["Body Target", e.bodyTargets.join(", ") || "—"],
    ["Exercise Type", e.exerciseType],
    ["Equipment", e.equipment.join(", ") || "None"],
    ["Subject Position", e.position],
    ["Camera Orientation", cameraLabel(e.cameraOrientation)],
    ["Subject Orientation", subjectOrientationLabel(e.subjectOrientation)],
    ["Sequence", SEQUENCE_LABELS[e.sequence]],
    ["Metrics Supported", metricLabels(e.exerciseMetrics).join(", ") || "—"],
  ];
  const animation = e.animationUrl ?? e.thumbnailUrl;
  return (
    <Dialog title={e.name} closeHref={closeHref} placement="right" description={e.simpleName}>
      <div className="exercise-detail">
        {e.tags.length ? (
          <ul className="exercise-tags" aria-label="Tags">
            {e.tags.map((t) => (
              <li key={t} className="exercise-tag">
                {t}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="exercise-detail-media">
          {e.demoUrl ? (
            // The demo's spoken instructions are the separate audio below; the video has no captions of its own.
            // eslint-disable-next-line jsx-a11y-x/media-has-caption -- see above
            <video src={e.demoUrl} controls preload="metadata" poster={e.thumbnailUrl ?? undefined} aria-label={`Demo of ${e.name}`} />
          ) : animation ? (
            <img src={animation} alt={`Animation of ${e.name}`} width={e.cameraOrientation === "LANDSCAPE" ? 240 : 180} height={e.cameraOrientation === "LANDSCAPE" ? 180 : 240} />
          ) : null}
        </div>
        {e.demoAudioUrl ? <DemoAudio src={e.demoAudioUrl} name={e.name} /> : null}
        <div>
          <h3>Position</h3>
          <p>{e.position}</p>
        </div>
        <div>
          <h3>Action</h3>
          <p>{e.action}</p>
        </div>
        <FactList facts={facts} className="exercise-facts" />
      </div>
      <div className="modal-actions">
        <Link to={closeHref} className="button" preventScrollReset>
          Close
        </Link>
      </div>
    </Dialog>
  );
}

/** The demo audio: the browser's own controls without JavaScript; with it Play, Pause and Restart. */
function DemoAudio({ src, name }: { src: string; name: string }) {
  const hydrated = useHydrated();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const play = () => void audio.current?.play().catch(() => setPlaying(false));
  const pause = () => audio.current?.pause();
  const restart = () => {
    if (!audio.current) return;
    audio.current.currentTime = 0;
    play();
  };
  return (
    <section className="demo-audio" aria-label="Demo audio">
      <h3>Demo audio</h3>
      {/* Spoken instructions: the same words as the action described below. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- see above */}
      <audio
        ref={audio}
        src={src}
        controls={!hydrated}
        preload="none"
        aria-label={`Demo audio of ${name}`}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      {hydrated ? (
        <div className="audio-controls">
          <button type="button" className="button" onClick={play}>
            Play
          </button>
          <button type="button" className="button" onClick={pause}>
            Pause
          </button>
          <button type="button" className="button" onClick={restart}>
            Restart
          </button>
          <span className="visually-hidden" role="status">
            {playing ? "Playing" : "Paused"}
          </span>
        </div>
      ) : null}
    </section>
  );
}
