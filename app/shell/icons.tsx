/**
 * The sidebar's and the header's icons: small SVGs (no icon font, no CDN), drawn with strokes in the current colour.
 * Decorative: the item's text is its accessible name.
 *
 * Each is an element of its own name's class; its drawing is in the shell's stylesheet (app/shell/shell.css, "Icons":
 * the SVG as a CSS mask filled with the current colour). The server renders an empty element for each, and the
 * browser's scripts carry only the names: as React elements the drawings were 5.2 KB of every signed-in page's
 * JavaScript and ~60 elements of every document to render (ADR 038, ninth pass).
 */
/** Every icon's name: each has its `.icon-<name>` rule in shell.css, and every sidebar item's icon is one (icons.test.ts). */
export const ICON_NAMES = ["home", "patients", "scan", "sessions", "reports", "gait", "billing", "library", "templates", "paths", "modules", "organization", "providers", "details", "support", "help", "chat", "settings", "account", "logout", "admin", "portal", "locations", "versions", "forms", "users", "insights", "menu", "close", "chevron", "collapse", "expand", "external"] as const satisfies readonly string[];

export type AnyIcon = (typeof ICON_NAMES)[number];

export function Icon({ name, className }: { name: AnyIcon; className?: string }) {
  return <span className={`icon icon-${name}${className ? ` ${className}` : ""}`} aria-hidden="true" />;
}
