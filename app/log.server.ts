/**
 * Structured logs through pino: one JSON object per line on stdout (stderr for errors), `time` ISO 8601 and
 * `level` as its name. Never log tokens, cookies, request bodies, query strings, names, e-mails or other PHI:
 * log ids, paths (with `redactPath`), statuses and durations. As a second line of defence, fields named like
 * PHI or secrets are censored by pino's redaction (`REDACTED_FIELDS`) whoever passes them. In a cluster
 * (server/cluster.ts) every line of a worker names it (`worker`: 1, 2 …), so the interleaved lines of several
 * processes can be told apart. With traces on (ADR 030) every line written within a span carries its `trace_id`
 * and `span_id`.
 */
import cluster from "node:cluster";
import { pino, stdTimeFunctions } from "pino";
import { traceLogFields } from "../server/telemetry-registry";

type Level = "debug" | "info" | "warn" | "error";
const LEVELS: readonly Level[] = ["debug", "info", "warn", "error"];

/** Field names censored wherever they appear at the top level or one level down. */
export const REDACTED_FIELDS = [
  "firstName", "lastName", "name", "fullName", "email", "phone", "phoneNumber", "dateOfBirth", "dob", "address", "address1", "address2",
  "comment", "note", "notes", "password", "token", "accessToken", "idToken", "refreshToken", "authorization", "cookie", "code", "inviteCode",
];
const REDACT_PATHS = REDACTED_FIELDS.flatMap((f) => [f, `*.${f}`]);

let sink: (line: string, level: Level) => void = (line, level) => {
  (level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
};
/** The level of the line being written (pino writes synchronously to this stream). */
let writing: Level = "info";

const logger = pino(
  {
    level: LEVELS.includes(process.env.LOG_LEVEL as Level) ? (process.env.LOG_LEVEL as Level) : "info",
    base: cluster.isWorker && cluster.worker ? { worker: cluster.worker.id } : undefined,
    messageKey: "msg",
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    mixin: traceLogFields,
  },
  { write: (line: string) => sink(line.endsWith("\n") ? line.slice(0, -1) : line, writing) },
);

export function setLogLevel(level: Level): void {
  logger.level = level;
}

/** For tests: capture lines. Returns a function that restores the previous sink. */
export function setLogSink(fn: (line: string, level: Level) => void): () => void {
  const previous = sink;
  sink = fn;
  return () => {
    sink = previous;
  };
}

export type LogFields = Record<string, string | number | boolean | null | undefined>;

function write(level: Level, msg: string, fields?: LogFields): void {
  if (!logger.isLevelEnabled(level)) return;
  writing = level;
  const defined: Record<string, unknown> = {};
  if (fields) for (const [k, v] of Object.entries(fields)) if (v !== undefined) defined[k] = v;
  logger[level](defined, msg);
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => write("error", msg, fields),
};

/**
 * The name and message of an error, without its stack's data (safe to log). Quoted parts of the message are
 * blanked: a message can quote what the request sent (a search term, an e-mail, a name; issue 23, finding 10).
 */
export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.name, errorMessage: err.message.replace(/"[^"]*"|'[^']*'|`[^`]*`|“[^”]*”/g, '"…"').slice(0, 300) };
  return { error: typeof err };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path fit for logs: no query string, ids and codes replaced by placeholders (`/user/create/:code`,
 * `/patients/:id`), so that neither secrets (invite codes, signed-file tokens) nor identifiers end up in logs.
 */
export function redactPath(pathname: string): string {
  const path = pathname.split("?")[0] ?? "";
  if (/^\/user\/create\/[^/]+/.test(path)) return path.replace(/^\/user\/create\/[^/]+/, "/user/create/:code");
  if (/^\/files\/[^/]+/.test(path)) return "/files/:token";
  if (/^\/v2\/sign-up\/[^/]+/.test(path)) return "/v2/sign-up/:code";
  return path
    .split("/")
    .map((segment) => (UUID.test(segment) || /^\d+$/.test(segment) || /^[A-Z]{1,4}-\d{4}$/.test(segment) ? ":id" : segment))
    .join("/");
}
