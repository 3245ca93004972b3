/** The Scan Sessions page's messages that the browser needs too (002 §8, verbatim; the server's copies in api/scan.server.ts). */
export const NO_POSE_LOGS_TEXT = "No pose logs available";
export const COPIED_UUID = "Copied UUID.";
export const COPY_FAILED = "Something went wrong copying the data.";
export const SELECT_LOCATION = "Select Location";
export const UUID_INVALID = "Enter a session UUID (36 characters, e.g. 1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b).";
export const NO_SESSIONS = "No scan sessions match these filters.";
export const NO_SESSION_FOR_UUID = "No scan session with this UUID.";
export const scanSessionsLoadFailedText = (message: string) => `Could not load scan sessions. ${message}`;
