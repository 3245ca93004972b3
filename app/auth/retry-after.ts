/**
 * A route's `headers` export for the throttled routes (ADR 022): React Router sends an action's or loader's own
 * headers only when the route passes them on, so without it a 429 went out without its `Retry-After`.
 */
import type { HeadersFunction } from "react-router";

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const value = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (value) headers.set("Retry-After", value);
  return headers;
};
