/** The replay's messages (002 §8, verbatim; browser-safe copies of app/api/scan.server.ts's). */
export { REPLAY_REFUSED } from "../domain/scan-display";
export const NO_POSE_LOGS = "No pose logs available";
