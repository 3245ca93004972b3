/**
 * The global progress indicator (with JavaScript): a thin bar at the top of the window while a navigation, a
 * form submission or a fetcher is under way. It appears only after a short moment, so quick transitions do
 * not flicker. Downloads (app/shell/downloads.ts fetches files outside the router) show it too, at once: the user
 * clicked for a file and waits for it. Without JavaScript the browser's own indicator does the job.
 */
import { useFetchers, useNavigation } from "react-router";
import { useEffect, useState, useSyncExternalStore } from "react";
import { downloadsPending, subscribeDownloads } from "./downloads";

/** Transitions shorter than this show no bar. */
export const PROGRESS_DELAY_MS = 150;

export function ProgressIndicator() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting = navigation.state === "submitting" || fetchers.some((f) => f.state === "submitting");
  const downloading = useSyncExternalStore(subscribeDownloads, () => downloadsPending() > 0, () => false);
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible && !downloading) return null;
  const label = submitting ? "Saving" : busy ? "Loading" : "Downloading";
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuetext={`${label}…`}>
      <div className="progress-bar" />
    </div>
  );
}
