/**
 * The props of a data table's wrapper (`<div {...tableWrap("Care notes")}>`): a table scrolls sideways where the
 * screen is narrower than its columns (`.table-wrap`, app/styles/app.css), and a region that scrolls must be
 * reachable from the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable), so every wrapper is a named region
 * in the tab order — named after its table (its caption's words, or the id of the heading or caption that names it).
 */
export function tableWrap(name: string | { labelledBy: string }) {
  return {
    className: "table-wrap",
    role: "region",
    tabIndex: 0,
    ...(typeof name === "string" ? { "aria-label": name } : { "aria-labelledby": name.labelledBy }),
  } as const;
}
