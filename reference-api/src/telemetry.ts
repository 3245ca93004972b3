/**
 * The reference API's traces (ADR 030): the same SDK as the portal's (server/telemetry.ts), started by main.ts
 * before it loads the server, and only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; service name `exer-provider-api` unless OTEL_SERVICE_NAME says otherwise).
 *
 * Each request's server span continues the caller's trace (the portal sends `traceparent`), is named by the
 * contract's path (`GET /v2/patients/{id}/`) and carries the operationId; PostgreSQL queries (DATABASE_URL) are
 * spans under it. URLs are scrubbed as the portal's are: no query values, no ids in paths.
 */
import type { IncomingMessage } from "node:http";
import type { SpanProcessor } from "@opentelemetry/sdk-trace";
import type { FastifyInstance } from "fastify";
import { tracingConfigured } from "../../server/otel-env.js";
import { tracingRegistry } from "../../server/telemetry-registry.js";
import type { TracingHandle } from "../../server/telemetry.js";

/** Starts the SDK when configured (or when a test passes its span processors); undefined when traces are off. */
export async function startApiTracing(options: { env?: NodeJS.ProcessEnv; spanProcessors?: SpanProcessor[] } = {}): Promise<TracingHandle | undefined> {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !tracingConfigured(env)) return undefined;
  const [{ startTracing, scrubbedUrlAttributes }, { HttpInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import("../../server/telemetry.js"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
  ]);
  const requestUrl = (req: IncomingMessage) => new URL(req.url ?? "/", "http://api.invalid");
  return startTracing({
    serviceName: "exer-provider-api",
    env,
    spanProcessors: options.spanProcessors,
    instrumentations: () => [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => requestUrl(req).pathname === "/healthcheck",
        startIncomingSpanHook: (req) => scrubbedUrlAttributes(requestUrl(req), "server"),
        startOutgoingSpanHook: (o) => scrubbedUrlAttributes(new URL(o.path ?? "/", `${o.protocol ?? "http:"}//${o.hostname ?? o.host ?? "localhost"}${o.port ? `:${o.port}` : ""}`), "client"),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
}

/** Names each request's server span by the contract's path and operation (nothing when traces are off). */
export function registerTraceRoute(app: FastifyInstance): void {
  const t = tracingRegistry();
  if (!t) return;
  app.addHook("onRequest", async (req) => {
    const { openapiPath, operationId } = req.routeOptions.config;
    if (openapiPath) t.setRoute(openapiPath);
    if (operationId) t.api.trace.getActiveSpan()?.setAttribute("exer.provider_api.operation", operationId);
  });
}
