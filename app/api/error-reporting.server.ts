/**
 * The error-reporting hook (spec: failed calls with status 500–599 are reported). By default a log line;
 * with ERROR_REPORTING_ENABLED and ERROR_REPORTING_URL, also a JSON POST to that collector (best effort,
 * 2 s time-out). Reports carry the method, the redacted path and the status — never bodies or tokens.
 */
import { getConfig } from "../config.server";
import { log } from "../log.server";
import { postToCollector } from "./collector.server";

export interface ServerErrorReport {
  method: string;
  /** Redacted (ids and codes replaced, no query). */
  path: string;
  status: number;
  requestId?: string;
}

export function reportServerError(event: ServerErrorReport): void {
  log.error("provider API answered a server error", { event: "api-5xx", method: event.method, path: event.path, status: event.status, requestId: event.requestId });
  let target: { url: string; environment: string } | undefined;
  try {
    target = getConfig().errorReporting;
  } catch {
    target = undefined;
  }
  if (!target) return;
  postToCollector(target.url, { ...event, environment: target.environment, time: new Date().toISOString(), source: "portal" }, "error-reporting");
}
