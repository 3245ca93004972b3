/** The Scan Sessions page's links to a session's other URLs (browser-safe). */
const seg = (id: string) => encodeURIComponent(id);

/** The replay page (H2's `/scan/sessions/{id}/replay`, the session's id). */
export const replayPath = (sessionId: string) => `/scan/sessions/${seg(sessionId)}/replay`;

/** The research organization's session export (JSON attachment), by the session's UUID. */
export const exportPath = (sessionUUID: string) => `/scan/sessions/${seg(sessionUUID)}/export.json`;

/** The analysis PDF of the session (by its UUID) with the dialog's org, age and sex. */
export function analysisPdfPath(sessionUUID: string, params: URLSearchParams): string {
  const q = new URLSearchParams();
  for (const k of ["org", "age", "sex"]) {
    const v = params.get(k);
    if (v) q.set(k, v);
  }
  const s = q.toString();
  return `/scan/sessions/${seg(sessionUUID)}/analysis.pdf${s ? `?${s}` : ""}`;
}
