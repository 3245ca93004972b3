/**
 * The Health activity tab's history virtualized (@tanstack/react-virtual): all days in a scrolling region, only those
 * in view in the DOM. Loaded after the page (health-activity.tsx, use-after-load.ts: ADR 038); the paged list until then.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { SessionDay } from "../rules/health-activity";
import { DayGroup } from "./health-activity";

/** All days in a scrolling region; only the days in view (plus a few) are in the DOM. */
export function VirtualDays({ days }: { days: SessionDay[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: days.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => 96 + (days[i]?.sessions.reduce((n, s) => n + 110 + 36 * s.session.sets.length, 0) ?? 200),
    overscan: 2,
    getItemKey: (i) => days[i]?.day ?? i,
  });
  return (
    // A focusable region so that keyboard users can scroll it (axe: scrollable-region-focusable).
    <div ref={scroller} className="session-scroller" role="region" aria-label="Session history" tabIndex={0} data-testid="session-scroller">
      <div className="session-days session-days-virtual" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const day = days[item.index]!;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="virtual-row" style={{ transform: `translateY(${item.start}px)` }}>
              <DayGroup day={day} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
