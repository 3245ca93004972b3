/**
 * A list's filters, folded away below md (900 px) so the list's first rows show in the first screen (issue 34: Scan
 * Sessions' filters filled a phone's first screen): a `<details>` whose summary ("Filters") shows only below md; from
 * md up the panel is always open and the summary hidden (`::details-content`, app.css). Works without JavaScript
 * (the browser opens and closes it); `open` renders it open, for filters that carry a message the user must see.
 */
import type { ReactNode } from "react";

export function FiltersPanel({ children, open = false, label = "Filters" }: { children: ReactNode; open?: boolean; label?: string }) {
  return (
    <details className="filters-panel" open={open || undefined}>
      <summary className="filters-panel-summary">{label}</summary>
      <div className="filters-panel-body">{children}</div>
    </details>
  );
}
