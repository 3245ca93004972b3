/**
 * The replay canvas (browser only; loaded with React.lazy after hydration by replay-viewer.tsx).
 * - The log is fetched and parsed by a Web Worker built from a Blob of the parsers' source (replay/pack.ts,
 *   replay/log-stream.ts): the bytes, the JSON and the packing never touch the main thread. The log streams (ADR 048):
 *   the header (frame count, phases, results) comes first, then the frames in packed batches (transferred
 *   Float32Arrays) copied into the log's one buffer as they arrive, and playback starts with the first of them.
 * - What has arrived shows under the slider like a video's buffered range; a frame that has not arrived yet is waited
 *   for ('Waiting for frame n to arrive…'): seeking past the arrived part shows it when it comes, and playback at the
 *   edge of what has arrived holds like a video buffering (not the end) and goes on by itself.
 * - Playback at 30 fps: the frame comes from the time elapsed since play (replayFrameAt), read on each
 *   requestAnimationFrame — never from a count of callbacks, so a slow tab skips frames instead of slowing down.
 *   Past the last frame the phase is COMPLETE and playback stops; stepping, seeking and insight links pause.
 * - Keyboard: space plays/pauses, the arrow keys step (the slider keeps its own keys).
 * - `?bench=1` publishes timings on window.__replayStats for scripts/bench/replay.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { drawFrame } from "../replay/canvas";
import { arrivalText, canResume, hasArrived, streamedFrameAt, waitingText } from "../replay/arrival";
import { jointsOf, VALUES_PER_JOINT, type PackedLog } from "../replay/log-types";
import type { LogStreamHeader } from "../replay/log-stream";
import { LOG_UNREADABLE, parserWorkerSource } from "../replay/pack";
import { takeEarlyLog } from "../replay/early-log";
import { InsightsTable, LiveResultsTable, ReplayTabs } from "../replay/replay-tables";
import { CANVAS_HEIGHT, CANVAS_WIDTH } from "../replay/skeleton";
import { replayHref, type ReplayTab } from "../replay/summary";
import { frameText, insights as insightsOf, liveResultsAt, markers as markersOf, phaseAt, phaseMarkLeft, phaseMarks } from "../replay/timeline";
import { NO_POSE_LOGS } from "../replay/messages";

interface Props {
  src: string;
  path: string;
  initialFrame: number;
  initialTab: ReplayTab;
}

export interface ReplayStats {
  /** Epoch ms (performance.timeOrigin + now) of each step. */
  navigationStart: number;
  /** The worker started (the island's script loaded and ran). */
  workerStartedAt?: number;
  /** The first frames arrived on the page (parsed by the worker, copied into the log). */
  firstFramesAt?: number;
  /** The log's last byte arrived in the worker, and its last frame was parsed. */
  logArrivedAt?: number;
  logParsedAt?: number;
  firstFrameAt?: number;
  frameCount?: number;
  /** Playback: frames drawn and frames skipped (a frame whose time came and went without being drawn). */
  drawn: number;
  dropped: number;
  playing: boolean;
}

declare global {
  interface Window {
    __replayStats?: ReplayStats;
  }
}

const epoch = () => performance.timeOrigin + performance.now();

/** Updates the benchmark's stats when the page was opened with `?bench=1` (a no-op otherwise). */
function bench(update: (s: ReplayStats) => void): void {
  const s = window.__replayStats;
  if (s) update(s);
}

function startBench(): void {
  if (new URLSearchParams(window.location.search).get("bench") !== "1" || window.__replayStats) return;
  window.__replayStats = { navigationStart: performance.timeOrigin, drawn: 0, dropped: 0, playing: false };
}

/** `arrived` (≥ 1): frames 0 … arrived − 1 are in `log` (the rest of its buffer waits for them: confidence -1). */
type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; log: PackedLog; arrived: number };

type WorkerMessage =
  | { type: "header"; header: LogStreamHeader }
  | { type: "frames"; start: number; count: number; coords: Float32Array; sides: Uint8Array; at: number }
  | { type: "done"; arrivedAt: number; at: number }
  | { type: "error"; status: number; message: string };

/** A log of the header's size whose frames have not arrived yet. */
function emptyLog(h: LogStreamHeader): PackedLog {
  const jointCount = jointsOf(h.kind).length;
  return { ...h, jointCount, coords: new Float32Array(h.frameCount * jointCount * VALUES_PER_JOINT).fill(-1), sides: new Uint8Array(h.kind === "hands" ? h.frameCount : 0) };
}

function useStreamedLog(src: string): Load {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    startBench();
    const url = URL.createObjectURL(new Blob([parserWorkerSource()], { type: "text/javascript" }));
    const worker = new Worker(url);
    bench((s) => (s.workerStartedAt = epoch()));
    let log: PackedLog | null = null;
    const fail = (message: string) => {
      setLoad({ state: "error", message });
      worker.terminate();
    };
    worker.onmessage = (e: MessageEvent) => {
      const m = e.data as WorkerMessage;
      if (m.type === "header") {
        // The player shows with the first frames (a drawing at once, as when the whole log came in one piece).
        log = emptyLog(m.header);
        bench((s) => (s.frameCount = m.header.frameCount));
      } else if (m.type === "frames") {
        if (!log) return fail(LOG_UNREADABLE);
        // Frames arrive in order: copied into the log's buffer, the arrived count moves on.
        log.coords.set(m.coords, m.start * log.jointCount * VALUES_PER_JOINT);
        if (log.kind === "hands") log.sides.set(m.sides, m.start);
        const ready = log;
        bench((s) => (s.firstFramesAt ??= epoch()));
        setLoad({ state: "ready", log: ready, arrived: m.start + m.count });
      } else if (m.type === "done") {
        bench((s) => {
          s.logArrivedAt = m.arrivedAt;
          s.logParsedAt = m.at;
        });
        worker.terminate();
      } else {
        fail(m.status === 404 ? NO_POSE_LOGS : m.message);
      }
    };
    worker.onerror = () => fail(LOG_UNREADABLE);
    const logUrl = new URL(src, window.location.href).href;
    // The request the page started at hydration (replay/early-log.ts): its body goes to the worker as a transferred
    // stream. Where that cannot be (a browser without transferable streams, a failed request) the worker asks itself.
    const early = takeEarlyLog(src);
    let ended = false;
    if (!early) worker.postMessage({ url: logUrl });
    else
      early.response.then(
        (res) => {
          if (ended) return;
          try {
            if (!res.body) throw new TypeError("no body");
            worker.postMessage({ url: logUrl, stream: res.body, status: res.status, contentType: res.headers.get("Content-Type") ?? "" }, [res.body]);
          } catch {
            early.abort();
            worker.postMessage({ url: logUrl });
          }
        },
        () => ended || worker.postMessage({ url: logUrl }),
      );
    return () => {
      ended = true;
      early?.abort();
      worker.terminate();
      URL.revokeObjectURL(url);
    };
  }, [src]);
  return load;
}

export default function ReplayCanvas({ src, path, initialFrame, initialTab }: Props) {
  const load = useStreamedLog(src);
  if (load.state === "loading") return <p className="replay-loading" role="status">Loading replay…</p>;
  if (load.state === "error")
    return (
      <p className="notice notice-error" role="alert">
        {load.message}
      </p>
    );
  return <Player log={load.log} arrived={load.arrived} path={path} initialFrame={initialFrame} initialTab={initialTab} />;
}

function Player({ log, arrived, path, initialFrame, initialTab }: { log: PackedLog; arrived: number; path: string; initialFrame: number; initialTab: ReplayTab }) {
  const total = log.frameCount;
  const last = Math.max(0, total - 1);
  /** 0 … total; `total` = past the last frame (COMPLETE). */
  const [pos, setPos] = useState(Math.min(initialFrame, last));
  const [playing, setPlaying] = useState(false);
  /** Playing, but held at a frame that has not arrived yet (buffering); goes on by itself when it has. */
  const [held, setHeld] = useState(false);
  const liveRef = useRef(false);
  const [tab, setTab] = useState<ReplayTab>(initialTab);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawnRef = useRef(-1);
  const shown = Math.min(pos, last);
  // What the animation callback reads without restarting playback: the arrived count, the frame shown, the markers.
  const arrivedRef = useRef(arrived);
  const shownRef = useRef(shown);
  // The lap and stride markers' x comes from their frames: laid out again while frames arrive (a handful of lookups).
  const allMarkers = useMemo(() => markersOf(log), [log, arrived]); // eslint-disable-line react-hooks/exhaustive-deps -- `arrived`: the log's buffer filled further
  const markersRef = useRef(allMarkers);
  useEffect(() => {
    arrivedRef.current = arrived;
    shownRef.current = shown;
    markersRef.current = allMarkers;
  }, [arrived, shown, allMarkers]);
  const marks = useMemo(() => phaseMarks(log), [log]);
  const insights = useMemo(() => insightsOf(log), [log]);

  const draw = useCallback(
    (f: number) => {
      const ctx = canvasRef.current?.getContext("2d");
      if (!ctx) return;
      drawFrame(ctx, log, f, markersRef.current);
      drawnRef.current = f;
      bench((s) => (s.firstFrameAt ??= epoch()));
    },
    [log],
  );

  // Paused: draw the frame the controls chose, once it has arrived.
  useEffect(() => {
    if (drawnRef.current !== shown && hasArrived(shown, arrived)) draw(shown);
  }, [shown, arrived, draw]);

  // Held at the edge of what has arrived: go on when the frame waited for is there.
  useEffect(() => {
    if (held && canResume(shown, drawnRef.current === shown, arrived)) setHeld(false);
  }, [held, shown, arrived]);

  // Playing: the frame from the elapsed time, drawn in the animation callback itself. `liveRef` stops it at once
  // when the user pauses or seeks: the effect's cleanup runs only after React's next commit, and an animation
  // callback already scheduled would draw one frame more after the pause. At a frame that has not arrived, playback
  // holds (`held`) and starts again from there — its clock too, so the wait counts no frame as dropped.
  useEffect(() => {
    if (!playing || held) return;
    const start = performance.now();
    const startFrame = Math.max(0, shownRef.current);
    let previous = drawnRef.current === startFrame ? startFrame : startFrame - 1;
    let raf = 0;
    liveRef.current = true;
    const tick = (now: number) => {
      if (!liveRef.current) return;
      const { frame, done, waiting } = streamedFrameAt(now - start, startFrame, total, arrivedRef.current);
      if (frame !== drawnRef.current && hasArrived(frame, arrivedRef.current)) {
        const skipped = Math.max(0, frame - previous - 1);
        bench((s) => {
          s.dropped += skipped;
          s.drawn++;
        });
        draw(frame);
        setPos(frame);
        previous = frame;
      }
      if (done) {
        setPos(total);
        setPlaying(false);
        return;
      }
      if (waiting) {
        setPos(frame);
        setHeld(true);
        return;
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    bench((s) => (s.playing = true));
    return () => {
      liveRef.current = false;
      cancelAnimationFrame(raf);
      bench((s) => (s.playing = false));
    };
  }, [playing, held, total, draw]);

  const stopPlaying = useCallback(() => {
    liveRef.current = false;
    setPlaying(false);
    setHeld(false);
  }, []);
  const seek = useCallback(
    (f: number) => {
      stopPlaying();
      setPos(Math.max(0, Math.min(f, total)));
    },
    [total, stopPlaying],
  );
  const togglePlay = useCallback(() => {
    if (playing) {
      stopPlaying();
      return;
    }
    if (pos >= last) {
      // At the end (or COMPLETE): play again from the start.
      drawnRef.current = -1;
      shownRef.current = 0;
      setPos(0);
    }
    setPlaying(true);
  }, [playing, pos, last, stopPlaying]);
  const step = useCallback((d: number) => seek(Math.min(pos, total) + d), [pos, seek, total]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const tag = t?.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || t?.isContentEditable || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === " ") {
        if (tag === "BUTTON" || tag === "A") return; // the focused control's own activation
        e.preventDefault();
        togglePlay();
      } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        step(e.key === "ArrowRight" ? 1 : -1);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [togglePlay, step]);

  const phase = phaseAt(log, pos);
  // The frame waited for: the one shown when it has not arrived (a seek past the arrived part), else the next one
  // while playback is held at the edge of what has arrived.
  const awaited = !hasArrived(shown, arrived) ? shown : playing && held ? shown + 1 : null;
  // Memoized tables (playback re-renders 30 times a second): the insight row current only when one is at this frame,
  // the live results recomputed only when another result frame is reached.
  const currentInsight = insights.some((i) => i.frame === shown) ? shown : -1;
  const reached = log.resultFrames.filter((r) => r.frame <= pos).length;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `reached` stands for `pos` here
  const liveResults = useMemo(() => liveResultsAt(log, pos), [log, reached]);
  const insightHref = useCallback((f: number) => replayHref(path, f, "insights"), [path]);
  const jump = useCallback(
    (f: number, e: MouseEvent) => {
      e.preventDefault();
      seek(f);
    },
    [seek],
  );
  const pick = (t: ReplayTab, e: MouseEvent) => {
    e.preventDefault();
    setTab(t);
  };

  return (
    <section className="replay" aria-label="Replay" data-replay-ready="true" data-frame={shown + 1} data-total={total} data-arrived={arrived} data-playing={playing ? "true" : "false"}>
      <div className="replay-stage">
        <canvas ref={canvasRef} width={CANVAS_WIDTH} height={CANVAS_HEIGHT} role="img" aria-label={`${log.kind === "hands" ? "Hand joints" : "Skeleton"} replay`} />
      </div>
      <p className="replay-status">
        <span>{frameText(pos, total)}</span>
        <span>Phase: {phase}</span>
        <span className="replay-waiting" role="status">
          {awaited !== null ? waitingText(awaited) : null}
        </span>
      </p>
      <div className="replay-controls" role="group" aria-label="Playback">
        <button type="button" className="button" onClick={() => step(-1)} disabled={pos === 0}>
          Previous frame
        </button>
        <button type="button" className="button primary" onClick={togglePlay}>
          {playing ? "Pause" : "Play"}
        </button>
        <button type="button" className="button" onClick={() => step(1)} disabled={pos >= total}>
          Next frame
        </button>
      </div>
      <div className="replay-slider">
        <input
          type="range"
          min={1}
          max={total}
          step={1}
          value={shown + 1}
          aria-label="Frame"
          aria-valuetext={`${frameText(pos, total)}, phase ${phase}`}
          list="replay-phase-marks"
          onChange={(e) => seek(Number(e.currentTarget.value) - 1)}
        />
        {/* What has arrived, like a video's buffered range: under the slider's track, from its first to its last position. */}
        <progress className="replay-arrived" max={total} value={arrived} aria-label="Frames arrived" title={arrivalText(arrived, total) ?? `All ${total} frames arrived`} />
        <datalist id="replay-phase-marks">
          {marks.map((m) => (
            <option key={m.frame} value={m.frame + 1} label={m.label} />
          ))}
        </datalist>
        <ul className="replay-marks" aria-label="Phases">
          {marks.map((m) => (
            <li key={m.frame} style={{ left: phaseMarkLeft(m.frame, last) }} className={m.frame > last / 2 ? "replay-mark-end" : undefined}>
              <button type="button" onClick={() => seek(m.frame)} aria-label={`${m.label}: frame ${m.frame + 1}`}>
                {m.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <ReplayTabs tab={tab} href={(t) => replayHref(path, shown, t)} onSelect={pick} />
      {tab === "insights" ? (
        <InsightsTable insights={insights} href={insightHref} onJump={jump} current={currentInsight} />
      ) : (
        <LiveResultsTable results={liveResults} />
      )}
      <p className="muted">Keyboard: space plays or pauses, the arrow keys step one frame.</p>
    </section>
  );
}
