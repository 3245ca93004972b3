/**
 * The scan area's portal paths (browser-safe: links in components and redirects on the server). A session's
 * replay, frame image and pose log are addressed by its id; its analysis, analysis PDF and research export by its
 * UUID (what clinicians copy and search for; the UUID search of the list finds it).
 */
import type { ScanArtifact } from "../../domain/scan-display";

const seg = (id: string) => encodeURIComponent(id);

/** A session's pose log or hands log (`download` for the attachment; the replay viewer reads the plain one). */
export const logPath = (sessionId: string, artifact: ScanArtifact, download = false) => `/scan/sessions/${seg(sessionId)}/${artifact}.json${download ? "?download=1" : ""}`;
export const poseLogPath = (sessionId: string, download = false) => logPath(sessionId, "pose-log", download);

/** The replay page (by the session's id; `?frame=n` selects a frame). */
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

/** The session analysis dialog on the sessions page (by the session's UUID). */
export const analysisPath = (sessionUUID: string) => `/scan/sessions/?analysis=${seg(sessionUUID)}`;
