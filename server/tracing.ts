/**
 * The portal's traces (ADR 030): started by server/index.ts before it loads the app, and only when an OTLP endpoint
 * is configured — otherwise this returns at once and nothing of OpenTelemetry is loaded.
 *
 * Instrumented: incoming HTTP (one server span per request, named by the route pattern once React Router matched
 * it: app/telemetry.server.ts), express's route handlers (not every middleware), outgoing fetch (undici: the
 * provider API, which continues the trace from `traceparent`), outgoing node:http (the identity service through the
 * AWS SDK) and pg (the sign-in throttle's PostgreSQL). The app adds its loaders, actions, provider-API operations
 * and identity calls. Health probes and the fingerprinted static files make no spans.
 */
import type { IncomingMessage } from "node:http";
import type { SpanProcessor } from "@opentelemetry/sdk-trace";
import { tracingConfigured } from "./otel-env";
import type { TracingHandle } from "./telemetry";

const UNTRACED = /^\/(?:healthz|readyz|favicon\.svg)$|^\/build\//;

/** Starts the SDK when configured (or when a test passes its span processors); undefined when traces are off. */
export async function startPortalTracing(options: { env?: NodeJS.ProcessEnv; spanProcessors?: SpanProcessor[] } = {}): Promise<TracingHandle | undefined> {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !tracingConfigured(env)) return undefined;
  const [{ startTracing, scrubbedUrlAttributes }, { HttpInstrumentation }, { ExpressInstrumentation, ExpressLayerType }, { UndiciInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import("./telemetry"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-express"),
    import("@opentelemetry/instrumentation-undici"),
    import("@opentelemetry/instrumentation-pg"),
  ]);
  const requestUrl = (req: IncomingMessage) => new URL(req.url ?? "/", "http://portal.invalid");
  return startTracing({
    serviceName: "exer-portal",
    env,
    spanProcessors: options.spanProcessors,
    instrumentations: () => [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(requestUrl(req).pathname),
        startIncomingSpanHook: (req) => scrubbedUrlAttributes(requestUrl(req), "server"),
        startOutgoingSpanHook: (options) => {
          const origin = `${options.protocol ?? "http:"}//${options.hostname ?? options.host ?? "localhost"}${options.port ? `:${options.port}` : ""}`;
          return scrubbedUrlAttributes(new URL(options.path ?? "/", origin), "client");
        },
      }),
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      new UndiciInstrumentation({ startSpanHook: (request) => scrubbedUrlAttributes(new URL(request.path, request.origin), "client") }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
}
