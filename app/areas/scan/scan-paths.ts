/** The scan area's portal paths (browser-safe: links in components and redirects on the server). */
const seg = (id: string) => encodeURIComponent(id);

/** A session's pose log (`download` for the attachment; the replay viewer reads the plain one). */
export const poseLogPath = (sessionId: string, download = false) => `/scan/sessions/${seg(sessionId)}/pose-log.json${download ? "?download=1" : ""}`;
