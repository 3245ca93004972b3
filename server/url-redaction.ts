/**
 * URLs without what identifies a person or a record: the span attributes of server/telemetry.ts, and the E2E
 * accessibility guard's screen of a URL (tests/e2e/helpers/a11y.ts). No dependencies: importing it loads nothing else.
 * Relative imports of this module carry `.js` (the reference API's NodeNext program checks it through telemetry.ts).
 */

/**
 * A path without what identifies a person or a record: every segment that is not a plain word (ASCII letters,
 * `-`, `_`, `.`, at most 40 characters, no digit but a version's `v2`) becomes `:id` — UUIDs, numbers, codes
 * (`AST-0001`), signed-file tokens, invite codes. The route pattern replaces it once the route is known.
 */
export function redactUrlPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => {
      if (segment === "") return segment;
      if (/^v\d{1,2}$/.test(segment)) return segment;
      if (segment.length > 40 || /\d/.test(segment) || !/^[A-Za-z][A-Za-z_.-]*$/.test(segment)) return ":id";
      return segment;
    })
    .join("/");
}

/** A query string with every value replaced (the parameters' names stay: `search=REDACTED&page=REDACTED`). */
export function redactQuery(search: string): string {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  return [...new Set(params.keys())].map((name) => `${encodeURIComponent(name)}=REDACTED`).join("&");
}
