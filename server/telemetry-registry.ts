/**
 * What a started tracing SDK (server/telemetry.ts) leaves on the process for the code that makes spans: the app's
 * loaders and API client (app/telemetry.server.ts), the logs' trace ids, the reference API's route hook. Nothing
 * there imports OpenTelemetry: it reads this registry, and when it is absent (traces off) does nothing at all.
 * The key is the process's (Symbol.for): the express server and the app's build are separate bundles (ADR 023).
 */
import type * as Api from "@opentelemetry/api";

export interface TracingRegistry {
  /** The OpenTelemetry API the SDK was registered with. */
  api: typeof Api;
  /** The tracer of the process's own spans (loaders, provider-API operations, identity calls). */
  tracer: Api.Tracer;
  /**
   * Names the current incoming request's server span by its route pattern (`GET /patients/:id/health`): its
   * `http.route`, its name and its `url.path` (the pattern replaces the path, which may hold ids).
   */
  setRoute(pattern: string): void;
  /** Exports what is buffered (at shutdown). */
  flush(): Promise<void>;
}

const KEY = Symbol.for("exer.telemetry");
const holder = globalThis as typeof globalThis & { [KEY]?: TracingRegistry };

/** The started SDK's registry, or undefined when traces are off. */
export function tracingRegistry(): TracingRegistry | undefined {
  return holder[KEY];
}

export function setTracingRegistry(registry: TracingRegistry | undefined): void {
  holder[KEY] = registry;
}

/**
 * Trace and span ids for a log line (`trace_id`, `span_id`, as OpenTelemetry's log data model names them): pino's
 * `mixin`. A new object every time: pino merges the line's fields into it.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const registry = holder[KEY];
  if (!registry) return {};
  const span = registry.api.trace.getActiveSpan();
  if (!span) return {};
  const ids = span.spanContext();
  if (!registry.api.isSpanContextValid(ids)) return {};
  return { trace_id: ids.traceId, span_id: ids.spanId };
}
