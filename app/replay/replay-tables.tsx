/**
 * The replay's tabs and their tables, shared by the server-rendered view and the island: Insights (each gait
 * cycle frame a link to that frame) and Live Results (name, value — 0 decimals for degrees, else 2 — and units). The tabs and frame links
 * are plain GET links (`?frame=n&tab=…`); the island intercepts them to move without a request.
 */
import { memo, type MouseEvent } from "react";
import type { ReplayTab } from "./summary";
import type { Insight, LiveResult } from "./timeline";

export function ReplayTabs({ tab, href, onSelect }: { tab: ReplayTab; href: (tab: ReplayTab) => string; onSelect?: (tab: ReplayTab, e: MouseEvent) => void }) {
  const tabs: [ReplayTab, string][] = [["insights", "Insights"], ["results", "Live Results"]];
  return (
    <nav className="tabs" aria-label="Replay details">
      {tabs.map(([value, label]) => (
        <a key={value} className="tab" href={href(value)} aria-current={tab === value ? "page" : undefined} onClick={onSelect ? (e) => onSelect(value, e) : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}

export const InsightsTable = memo(function InsightsTable({ insights, href, onJump, current }: { insights: Insight[]; href: (frame: number) => string; onJump?: (frame: number, e: MouseEvent) => void; current: number }) {
  if (insights.length === 0) return <p className="muted">No gait cycle insights in this log.</p>;
  return (
    <table className="data-table replay-insights">
      <caption className="visually-hidden">Insights: gait cycle frames</caption>
      <thead>
        <tr>
          <th scope="col">Side</th>
          <th scope="col">Event</th>
          <th scope="col">Frame</th>
        </tr>
      </thead>
      <tbody>
        {insights.map((i) => (
          <tr key={`${i.side}-${i.label}`}>
            <th scope="row">{i.side}</th>
            <td>{i.label}</td>
            <td>
              <a href={href(i.frame)} aria-label={`${i.side} ${i.label.toLowerCase()}: frame ${i.frame + 1}`} aria-current={current === i.frame ? "true" : undefined} onClick={onJump ? (e) => onJump(i.frame, e) : undefined}>
                Frame {i.frame + 1}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

export const LiveResultsTable = memo(function LiveResultsTable({ results }: { results: LiveResult[] }) {
  if (results.length === 0) return <p className="muted">No results computed yet at this frame.</p>;
  return (
    <table className="data-table replay-results">
      <caption className="visually-hidden">Live results at this frame</caption>
      <thead>
        <tr>
          <th scope="col">Result</th>
          <th scope="col">Value</th>
          <th scope="col">Units</th>
        </tr>
      </thead>
      <tbody>
        {results.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.name}</th>
            <td>{r.value}</td>
            <td>{r.units}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
