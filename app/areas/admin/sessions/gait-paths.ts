/** The admin Gait Sessions' addresses (003 §2): the list, a session's replay, its pose log (or its download) and frames. */
export const GAIT_SESSIONS_PATH = "/admin/gait/sessions";
const seg = (id: string) => encodeURIComponent(id);
export const gaitReplayPath = (id: string) => `${GAIT_SESSIONS_PATH}/${seg(id)}/replay`;
export const gaitLogPath = (id: string, download = false) => `${GAIT_SESSIONS_PATH}/${seg(id)}/pose-log.json${download ? "?download=1" : ""}`;
export const gaitFramePath = (id: string, frame: number) => `${GAIT_SESSIONS_PATH}/${seg(id)}/frame.svg?frame=${frame + 1}`;
