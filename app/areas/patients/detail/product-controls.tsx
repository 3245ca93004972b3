/**
 * What the product view shows of its dialogs before one is opened (the dialogs themselves, product-dialogs.tsx, load
 * on first use: ADR 038): whether the report has data and its title, and the zoom control of the Patient View
 * (`?dialog=patient-view&zoom=…`).
 */
import { useLocation } from "react-router";
import { Link } from "../../../components/link";
import { withParams } from "../../../shell/dialog-url";

export const REPORT_TITLE = "Download Patient Report";

export const hasReportData = (record: { mostRecentActivity: string | null; mostRecentSession: string | null }) => Boolean(record.mostRecentActivity || record.mostRecentSession);

/** Patient View zoom (000 §9): starts at 110 %, steps of 10, reset to 100 %. */
export const ZOOM = { start: 110, step: 10, reset: 100, min: 50, max: 200 } as const;

export function zoomOf(search: string): number {
  const raw = new URLSearchParams(search).get("zoom");
  const n = raw === null ? ZOOM.start : Number(raw);
  if (!Number.isFinite(n)) return ZOOM.start;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(n / ZOOM.step) * ZOOM.step));
}

export function ZoomControl({ zoom }: { zoom: number }) {
  const location = useLocation();
  const to = (z: number) => withParams(location, { zoom: String(z) });
  return (
    <div className="zoom-control" role="group" aria-label="Zoom">
      {zoom > ZOOM.min ? (
        <Link className="button" to={to(zoom - ZOOM.step)} replace preventScrollReset aria-label="Zoom out">
          −
        </Link>
      ) : (
        <button type="button" className="button" disabled aria-label="Zoom out">
          −
        </button>
      )}
      <output aria-live="polite">{zoom}%</output>
      {zoom < ZOOM.max ? (
        <Link className="button" to={to(zoom + ZOOM.step)} replace preventScrollReset aria-label="Zoom in">
          +
        </Link>
      ) : (
        <button type="button" className="button" disabled aria-label="Zoom in">
          +
        </button>
      )}
      <Link className="button" to={to(ZOOM.reset)} replace preventScrollReset>
        Reset
      </Link>
    </div>
  );
}
