/**
 * Structured logs: one JSON object per line on stdout (stderr for errors). Never log tokens, cookies,
 * request bodies, query strings, names, e-mails or other PHI: log ids, paths (with `redactPath`), statuses
 * and durations. In a cluster (server/cluster.ts) every line of a worker names it (`worker`: 1, 2 …), so the
 * interleaved lines of several processes can be told apart.
 */
import cluster from "node:cluster";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = (process.env.LOG_LEVEL as Level | undefined) && ORDER[process.env.LOG_LEVEL as Level] ? (process.env.LOG_LEVEL as Level) : "info";
let sink: (line: string, level: Level) => void = (line, level) => {
  (level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
};

export function setLogLevel(level: Level): void {
  threshold = level;
}

/** For tests: capture lines. Returns a function that restores the previous sink. */
export function setLogSink(fn: (line: string, level: Level) => void): () => void {
  const previous = sink;
  sink = fn;
  return () => {
    sink = previous;
  };
}

const workerId = cluster.isWorker ? cluster.worker?.id : undefined;

export type LogFields = Record<string, string | number | boolean | null | undefined>;

function write(level: Level, msg: string, fields?: LogFields): void {
  if (ORDER[level] < ORDER[threshold]) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  if (fields) for (const [k, v] of Object.entries(fields)) if (v !== undefined) entry[k] = v;
  if (workerId !== undefined) entry.worker = workerId;
  sink(JSON.stringify(entry), level);
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => write("error", msg, fields),
};

/** The name and message of an error, without its stack's data (safe to log). */
export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.name, errorMessage: err.message.slice(0, 300) };
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
