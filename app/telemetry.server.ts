/**
 * The app's spans (ADR 030), made only when the server started the tracing SDK (server/tracing.ts): each function
 * here reads the process's registry (server/telemetry-registry.ts) once, and with traces off returns nothing, so
 * the request path is the one without tracing (no wrapper, no middleware, nothing of OpenTelemetry loaded).
 *
 * - React Router's instrumentations (exported by app/entry.server.tsx): the request's server span takes the matched
 *   route pattern as its name and `http.route`; every loader, action and middleware is a span (`loader <route id>`).
 * - The provider API client's middleware (app/api/client.server.ts): one span per operation, named by its
 *   operationId; the fetch under it carries `traceparent`, and the reference API continues the trace.
 * - The identity client's middleware (app/auth/identity.server.ts): one span per Cognito call.
 *
 * What a span may hold: ids of routes and operations, methods, statuses, error names. Never a URL's query, a
 * path's ids, a body, a header's value, an error's message (they can hold names, e-mails, search terms).
 */
import type { Attributes, Span } from "@opentelemetry/api";
import type { Middleware } from "openapi-fetch";
import type { ServerInstrumentation } from "react-router";
import { tracingRegistry, type TracingRegistry } from "../server/telemetry-registry";
import { operationIdOf } from "./api/operation-ids";

type Outcome = { status: "success"; error: undefined } | { status: "error"; error: unknown };

/** Marks a span by how a loader, action or call ended: thrown responses (redirects, 4xx) are answers, not errors. */
function recordOutcome(t: TracingRegistry, span: Span, result: Outcome): void {
  if (result.status === "success") return;
  const ERROR = t.api.SpanStatusCode.ERROR;
  const error = result.error;
  if (error instanceof Response) {
    span.setAttribute("http.response.status_code", error.status);
    if (error.status >= 500) span.setStatus({ code: ERROR });
    return;
  }
  span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
  span.setStatus({ code: ERROR });
}

function traced(t: TracingRegistry, name: string, attributes: Attributes, handle: () => Promise<Outcome>): Promise<void> {
  return t.tracer.startActiveSpan(name, { kind: t.api.SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      recordOutcome(t, span, await handle());
    } finally {
      span.end();
    }
  });
}

/** React Router's server instrumentations: none when traces are off. */
export function serverInstrumentations(): ServerInstrumentation[] {
  const t = tracingRegistry();
  if (!t) return [];
  return [
    {
      handler(handler) {
        handler.instrument({
          async request(handle) {
            const result = await handle();
            // React Router's pattern is relative ("patients/:patientRecordId"): the route is the absolute path.
            if (result.meta) t.setRoute(`/${result.meta.pattern.replace(/^\/+/, "")}`);
          },
        });
      },
      route(route) {
        const attributes = (type: string): Attributes => ({ "react_router.type": type, "react_router.route.id": route.id, ...(route.path !== undefined ? { "react_router.route.path": route.path } : {}) });
        route.instrument({
          loader: (handle) => traced(t, `loader ${route.id}`, attributes("loader"), handle),
          action: (handle) => traced(t, `action ${route.id}`, attributes("action"), handle),
          middleware: (handle) => traced(t, `middleware ${route.id}`, attributes("middleware"), handle),
        });
      },
    },
  ];
}

export interface ProviderApiTracing {
  middleware: Middleware;
  /** Runs the fetch of a request under its operation's span (so `traceparent` names that span). */
  within<T>(request: Request, fn: () => Promise<T>): Promise<T>;
  /** The request was answered from the session cache (no call left the process). */
  cacheHit(request: Request): void;
}

/** The provider API client's tracing: undefined when traces are off. */
export function providerApiTracing(): ProviderApiTracing | undefined {
  const t = tracingRegistry();
  if (!t) return undefined;
  const ERROR = t.api.SpanStatusCode.ERROR;
  const spans = new WeakMap<Request, Span>();
  const end = (request: Request, fn: (span: Span) => void) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    fn(span);
    span.end();
  };
  return {
    middleware: {
      onRequest({ request, schemaPath }) {
        const operationId = operationIdOf(request.method, schemaPath);
        const span = t.tracer.startSpan(operationId ?? `${request.method} ${schemaPath}`, {
          kind: t.api.SpanKind.INTERNAL,
          attributes: {
            "exer.provider_api.operation": operationId ?? "unknown",
            "http.request.method": request.method,
            "url.template": schemaPath,
          },
        });
        spans.set(request, span);
      },
      onResponse({ request, response }) {
        end(request, (span) => {
          span.setAttribute("http.response.status_code", response.status);
          if (response.status >= 500) span.setStatus({ code: ERROR });
        });
      },
      onError({ request, error }) {
        end(request, (span) => {
          span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
          span.setStatus({ code: ERROR });
        });
      },
    },
    within(request, fn) {
      const span = spans.get(request);
      return span ? t.api.context.with(t.api.trace.setSpan(t.api.context.active(), span), fn) : fn();
    },
    cacheHit(request) {
      spans.get(request)?.setAttribute("exer.session_cache.hit", true);
    },
  };
}

/** The identity client's middleware (the AWS SDK's initialize step): undefined when traces are off. */
export function identityTracingMiddleware() {
  const t = tracingRegistry();
  if (!t) return undefined;
  const ERROR = t.api.SpanStatusCode.ERROR;
  return <A, R>(next: (args: A) => Promise<R>, context: { commandName?: string }) =>
    (args: A): Promise<R> => {
      const method = (context.commandName ?? "Unknown").replace(/Command$/, "");
      return t.tracer.startActiveSpan(
        `CognitoIdentityProvider/${method}`,
        { kind: t.api.SpanKind.CLIENT, attributes: { "rpc.system": "aws-api", "rpc.service": "CognitoIdentityProvider", "rpc.method": method } },
        async (span) => {
          try {
            return await next(args);
          } catch (error) {
            span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
            span.setStatus({ code: ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    };
}
