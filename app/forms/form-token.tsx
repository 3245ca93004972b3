/**
 * The one-time token of a form that saves something (see submit-once.server.ts): a hidden field minted when
 * the form is first rendered — on the server for the page a browser without JavaScript gets, in the browser
 * when a dialog opens on the client. Each opening of a form gets a new token; a double submit of the same
 * form sends the same one, which the action runs once.
 *
 * The server and the hydrating browser mint different tokens for a server-rendered form: the field keeps the
 * server's (an uncontrolled default, no hydration warning). Either is unique to this opening of the form.
 */
import { useState } from "react";

export const FORM_TOKEN_FIELD = "formToken";

/** A random UUID v4 (crypto.getRandomValues: also where randomUUID is missing, e.g. plain http). */
export function newFormToken(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function FormToken() {
  const [token] = useState(newFormToken);
  return <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={token} suppressHydrationWarning />;
}
