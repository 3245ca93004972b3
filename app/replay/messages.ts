/** The replay's messages (002 §8, verbatim; browser-safe copies of app/api/scan.server.ts's). */
export { REPLAY_REFUSED, NO_POSE_LOGS } from "../domain/scan-display";
