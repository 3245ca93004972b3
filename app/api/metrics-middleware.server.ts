/**
 * The provider-API client's metrics (ADR 029): an openapi-fetch middleware that times every call sent to the API
 * and counts it in `portal_provider_api_request_duration_seconds` by operationId (never the URL: ids and search
 * terms stay out of the labels) and status (`error` when no response came: time-out, network, cancelled).
 * Answers from the per-session cache (ADR 021) are not calls: the client marks them (`answeredFromCache`) and they
 * are counted as cache hits instead.
 */
import type { Middleware } from "openapi-fetch";
import { portalMetrics } from "../metrics.server";
import { operationIdOf } from "./operation-ids";

const fromCache = new WeakSet<Response>();

/** Marks a response made from the session cache (not counted as a provider-API call). */
export function answeredFromCache(response: Response): Response {
  fromCache.add(response);
  return response;
}

/** The label of a call: the contract's operationId, else `METHOD /schema/path` (a path the contract does not have). */
export function operationOf(method: string, schemaPath: string): string {
  return operationIdOf(method, schemaPath) ?? `${method.toUpperCase()} ${schemaPath}`;
}

export function providerApiMetrics(now: () => number = () => performance.now()): Middleware {
  const started = new Map<string, number>();
  const observe = (id: string, method: string, schemaPath: string, status: string) => {
    const t0 = started.get(id);
    started.delete(id);
    if (t0 === undefined) return;
    portalMetrics().apiDuration.observe({ operation: operationOf(method, schemaPath), status }, (now() - t0) / 1000);
  };
  return {
    onRequest({ id }) {
      started.set(id, now());
    },
    onResponse({ id, request, schemaPath, response }) {
      if (fromCache.has(response)) started.delete(id);
      else observe(id, request.method, schemaPath, String(response.status));
    },
    onError({ id, request, schemaPath }) {
      observe(id, request.method, schemaPath, "error");
    },
  };
}
