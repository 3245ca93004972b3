/**
 * The replay canvas (browser only; loaded with React.lazy after hydration by replay-viewer.tsx).
 * - The log is fetched and parsed by a Web Worker built from a Blob of the packing function's source
 *   (replay/pack.ts): the bytes, JSON.parse and packing never touch the main thread; the packed
 *   coordinates arrive as one transferred Float32Array.
 * - Playback at 30 fps: the frame comes from the time elapsed since play (replayFrameAt), read on each
 *   requestAnimationFrame — never from a count of callbacks, so a slow tab skips frames instead of slowing down.
 *   Past the last frame the phase is COMPLETE and playback stops; stepping, seeking and insight links pause.
 * - Keyboard: space plays/pauses, the arrow keys step (the slider keeps its own keys).
 * - `?bench=1` publishes timings on window.__replayStats for scripts/bench/replay.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { replayFrameAt } from "../domain/scan-display";
import { drawFrame } from "../replay/canvas";
import type { PackedLog } from "../replay/log-types";
import { parserWorkerSource } from "../replay/pack";
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

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; log: PackedLog };

function useParsedLog(src: string): Load {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    startBench();
    const url = URL.createObjectURL(new Blob([parserWorkerSource()], { type: "text/javascript" }));
    const worker = new Worker(url);
    worker.onmessage = (e: MessageEvent) => {
      const m = e.data as { type: "arrived"; at: number } | { type: "parsed"; at: number; log: PackedLog } | { type: "error"; status: number; message: string };
      if (m.type === "arrived") {
        bench((s) => (s.logArrivedAt = m.at));
      } else if (m.type === "parsed") {
        bench((s) => {
          s.logParsedAt = m.at;
          s.frameCount = m.log.frameCount;
        });
        setLoad({ state: "ready", log: m.log });
        worker.terminate();
      } else {
        setLoad({ state: "error", message: m.status === 404 ? NO_POSE_LOGS : m.message });
        worker.terminate();
      }
    };
    worker.onerror = () => setLoad({ state: "error", message: "The log could not be read." });
    worker.postMessage({ url: new URL(src, window.location.href).href });
    return () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
  }, [src]);
  return load;
}

export default function ReplayCanvas({ src, path, initialFrame, initialTab }: Props) {
  const load = useParsedLog(src);
  if (load.state === "loading") return <p className="replay-loading" role="status">Loading replay…</p>;
  if (load.state === "error")
    return (
      <p className="notice notice-error" role="alert">
        {load.message}
      </p>
    );
  return <Player log={load.log} path={path} initialFrame={initialFrame} initialTab={initialTab} />;
}

function Player({ log, path, initialFrame, initialTab }: { log: PackedLog; path: string; initialFrame: number; initialTab: ReplayTab }) {
  const total = log.frameCount;
  const last = Math.max(0, total - 1);
  /** 0 … total; `total` = past the last frame (COMPLETE). */
  const [pos, setPos] = useState(Math.min(initialFrame, last));
  const [playing, setPlaying] = useState(false);
  const liveRef = useRef(false);
  const [tab, setTab] = useState<ReplayTab>(initialTab);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawnRef = useRef(-1);
  const allMarkers = useMemo(() => markersOf(log), [log]);
  const marks = useMemo(() => phaseMarks(log), [log]);
  const insights = useMemo(() => insightsOf(log), [log]);
  const shown = Math.min(pos, last);

  const draw = useCallback(
    (f: number) => {
      const ctx = canvasRef.current?.getContext("2d");
      if (!ctx) return;
      drawFrame(ctx, log, f, allMarkers);
      drawnRef.current = f;
      bench((s) => (s.firstFrameAt ??= epoch()));
    },
    [log, allMarkers],
  );

  // Paused: draw the frame the controls chose.
  useEffect(() => {
    if (drawnRef.current !== shown) draw(shown);
  }, [shown, draw]);

  // Playing: the frame from the elapsed time, drawn in the animation callback itself. `liveRef` stops it at once
  // when the user pauses or seeks: the effect's cleanup runs only after React's next commit, and an animation
  // callback already scheduled would draw one frame more after the pause.
  useEffect(() => {
    if (!playing) return;
    const start = performance.now();
    const startFrame = drawnRef.current < 0 ? 0 : drawnRef.current;
    let raf = 0;
    liveRef.current = true;
    const tick = (now: number) => {
      if (!liveRef.current) return;
      const { frame, done } = replayFrameAt(now - start, startFrame, total);
      if (frame !== drawnRef.current) {
        const skipped = Math.max(0, frame - drawnRef.current - 1);
        bench((s) => {
          s.dropped += skipped;
          s.drawn++;
        });
        draw(frame);
        setPos(frame);
      }
      if (done) {
        setPos(total);
        setPlaying(false);
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
  }, [playing, total, draw]);

  const stopPlaying = useCallback(() => {
    liveRef.current = false;
    setPlaying(false);
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
    <section className="replay" aria-label="Replay" data-replay-ready="true" data-frame={shown + 1} data-total={total} data-playing={playing ? "true" : "false"}>
      <div className="replay-stage">
        <canvas ref={canvasRef} width={CANVAS_WIDTH} height={CANVAS_HEIGHT} role="img" aria-label={`${log.kind === "hands" ? "Hand joints" : "Skeleton"} replay`} />
      </div>
      <p className="replay-status">
        <span>{frameText(pos, total)}</span>
        <span>Phase: {phase}</span>
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
