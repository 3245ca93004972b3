/**
 * The replay viewer island (002 §2 "Replay viewer") with its server-rendered fallback. Without JavaScript (and
 * while the page hydrates) `ReplayStill` shows the frame of `?frame=n` as a server-rendered SVG image with GET
 * links (first, previous, next, last, phase marks, insight frames), 'Frame: n / total', the Phase label and the
 * Insights / Live Results tabs. Once hydrated, React.lazy loads replay-viewer.client.tsx: the 900 × 640 canvas
 * playing the log at 30 fps, its log fetched and parsed by a Web Worker off the main thread.
 */
import { Suspense, useEffect, type ReactNode } from "react";
import { preload } from "react-dom";
import { useHydrated } from "../components/use-hydrated";
import { requestLogEarly } from "../replay/early-log";
import { logStreamUrl } from "../replay/log-stream";
import { InsightsTable, LiveResultsTable, ReplayTabs } from "../replay/replay-tables";
import { replayHref, type ReplaySummary, type ReplayTab } from "../replay/summary";
import { CANVAS_HEIGHT, CANVAS_WIDTH } from "../replay/skeleton";
import { frameText } from "../replay/timeline";
import { lazyPart } from "../components/lazy-part";

const ReplayCanvas = lazyPart(() => import("./replay-viewer.client"));

export interface ReplayViewerProps {
  /** The log's URL (same origin: the portal's pose-log route or the demo's static sample). */
  src: string;
  /** The page's path: frame and tab links are `path?frame=n&tab=…`. */
  path: string;
  /** 0-based frame to open at (`?frame=`, 1-based). */
  initialFrame: number;
  tab: ReplayTab;
  /** The server-rendered view (ReplayStill, or a message while its data streams in). */
  fallback: ReactNode;
  /**
   * The page preloads the log's stream (a browser that runs scripts: the canvas will ask for it): the request starts
   * when the document's head arrives instead of at hydration. Low priority: the page's scripts go first.
   */
  preloadLog?: boolean;
}

export function ReplayViewer({ src, path, initialFrame, tab, fallback, preloadLog = false }: ReplayViewerProps) {
  if (preloadLog) preload(logStreamUrl(src), { as: "fetch", crossOrigin: "anonymous", fetchPriority: "low" });
  const hydrated = useHydrated();
  // The log is asked for at hydration, while the canvas island's script loads (replay/early-log.ts).
  useEffect(() => requestLogEarly(src), [src]);
  if (!hydrated) return <>{fallback}</>;
  return (
    <Suspense fallback={<p className="replay-loading">Loading replay…</p>}>
      <ReplayCanvas src={src} path={path} initialFrame={initialFrame} initialTab={tab} />
    </Suspense>
  );
}

/** The no-JavaScript replay: one frame as an image, links to move, the tabs. */
export function ReplayStill({ summary, path, imageSrc, tab }: { summary: ReplaySummary; path: string; imageSrc: (frame: number) => string; tab: ReplayTab }) {
  const { frame, total } = summary;
  const href = (f: number) => replayHref(path, f, tab);
  const last = total - 1;
  return (
    <section className="replay" aria-label="Replay">
      <div className="replay-stage">
        <img src={imageSrc(frame)} width={CANVAS_WIDTH} height={CANVAS_HEIGHT} alt={summary.description} />
      </div>
      <p className="replay-status">
        <span>{frameText(frame, total)}</span>
        <span>Phase: {summary.phase}</span>
      </p>
      <nav className="replay-controls" aria-label="Frames">
        <FrameLink href={href(0)} disabled={frame === 0}>First</FrameLink>
        <FrameLink href={href(Math.max(0, frame - 1))} disabled={frame === 0}>Previous</FrameLink>
        <FrameLink href={href(Math.min(last, frame + 1))} disabled={frame >= last}>Next</FrameLink>
        <FrameLink href={href(last)} disabled={frame >= last}>Last</FrameLink>
      </nav>
      {summary.marks.length ? (
        <nav aria-label="Phases">
          <ul className="replay-phase-list">
            {summary.marks.map((m) => (
              <li key={m.frame}>
                <a href={href(m.frame)}>
                  {m.label} (frame {m.frame + 1})
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ReplayTabs tab={tab} href={(t) => replayHref(path, frame, t)} />
      {tab === "insights" ? <InsightsTable insights={summary.insights} href={(f) => replayHref(path, f, "insights")} current={frame} /> : <LiveResultsTable results={summary.liveResults} />}
    </section>
  );
}

function FrameLink({ href, disabled, children }: { href: string; disabled: boolean; children: ReactNode }) {
  if (disabled)
    return (
      <span className="button" aria-disabled="true">
        {children}
      </span>
    );
  return (
    <a className="button" href={href}>
      {children}
    </a>
  );
}
