/**
 * Content folded away on small screens, so what the screen is for shows in the first screen (issue 34: Scan Sessions'
 * filters filled a phone's first screen; the patient page's facts pushed its data below it): a `<details>` whose
 * summary shows only below the breakpoint (`below`: sm 600 px or md 900 px, spec 000 §9); from there up the content
 * is always shown and the summary hidden (`::details-content`, app.css). Works without JavaScript (the browser opens
 * and closes it); `open` renders it open, for content that carries a message the user must see.
 */
import type { ReactNode } from "react";

export function Fold({ summary, below, open = false, className, children }: { summary: string; below: "sm" | "md"; open?: boolean; className?: string; children: ReactNode }) {
  return (
    <details className={["fold", `fold-${below}`, className].filter(Boolean).join(" ")} open={open || undefined}>
      <summary className="fold-summary">{summary}</summary>
      <div className="fold-body">{children}</div>
    </details>
  );
}

/** A list's filters: folded below md. */
export function FiltersPanel({ children, open = false }: { children: ReactNode; open?: boolean }) {
  return (
    <Fold summary="Filters" below="md" open={open} className="filters-panel">
      {children}
    </Fold>
  );
}
