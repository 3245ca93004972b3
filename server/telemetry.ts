/**
 * The OpenTelemetry tracing SDK (ADR 030), started by the portal (server/tracing.ts) and the reference API
 * (reference-api/src/telemetry.ts) before either loads the code it instruments — and loaded only when an OTLP
 * endpoint is configured (server/otel-env.ts): with traces off this module is never imported.
 *
 * Spans leave in batches over OTLP/HTTP (JSON) to `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (as given) or
 * `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`; `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_EXPORTER_OTLP_TIMEOUT` and
 * the resource's `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES` as the specification says; the sampler by
 * `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` (default: parent-based, a tenth of the traces that start here). Context travels as W3C
 * `traceparent` only (no baggage: nothing of a request leaves the process but the trace's ids).
 *
 * No URL leaves in a span as the request had it: paths lose their ids and queries their values (search terms are
 * patients' names) — `scrubbedUrlAttributes` below, applied by the HTTP instrumentations' start hooks.
 * Relative imports of this module carry `.js`: the reference API's TypeScript program (NodeNext) checks it too.
 */
import { register } from "node:module";
import * as api from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { getRPCMetadata, RPCType, W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations, type Instrumentation } from "@opentelemetry/instrumentation";
import { createAddHookMessageChannel } from "import-in-the-middle";
import { defaultResource, detectResources, resourceAttributesEnvDetector, resourceFromAttributes, serviceNameEnvDetector } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace";
import { setTracingRegistry, tracingRegistry, type TracingRegistry } from "./telemetry-registry.js";
import { redactQuery, redactUrlPath } from "./url-redaction.js";

export { redactQuery, redactUrlPath };

export interface TracingOptions {
  /** `service.name` unless OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) says otherwise. */
  serviceName: string;
  /** The instrumentations (constructed here, before the modules they patch are loaded). */
  instrumentations: () => Instrumentation[];
  env?: NodeJS.ProcessEnv;
  /** Tests: where spans go instead of the OTLP exporter. */
  spanProcessors?: SpanProcessor[];
}

export interface TracingHandle extends TracingRegistry {
  provider: TracerProvider;
  shutdown(): Promise<void>;
}

let esmHookRegistered = false;

/** Starts the SDK once per process (a second call returns the first's handle). */
export async function startTracing(options: TracingOptions): Promise<TracingHandle> {
  const existing = tracingRegistry();
  if (existing && "provider" in existing) return existing as TracingHandle;
  const env = options.env ?? process.env;

  // ESM: express, pg … are patched as they are imported, by import-in-the-middle's loader hook; it must be in
  // place before they load (hence the dynamic imports after this in server/index.ts and the reference API's main).
  // The hook wraps only the modules an instrumentation asks for (the message channel tells the loader which, as the
  // instrumentations register below): without that list it wraps every module the process imports — React Router,
  // React DOM's server, every package — in a proxy namespace, a cost on every request whether it is sampled or not.
  let hooksAcknowledged: (() => Promise<void>) | undefined;
  if (!esmHookRegistered) {
    esmHookRegistered = true;
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    register("@opentelemetry/instrumentation/hook.mjs", import.meta.url, registerOptions);
    hooksAcknowledged = waitForAllMessagesAcknowledged;
  }

  const contextManager = new AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contextManager);
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": options.serviceName }))
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector, serviceNameEnvDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerFromEnv(env),
    spanProcessors: options.spanProcessors ?? [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  api.trace.setGlobalTracerProvider(provider);
  registerInstrumentations({ tracerProvider: provider, instrumentations: options.instrumentations() });
  // The loader knows every instrumented module before anything of them is imported.
  await hooksAcknowledged?.();

  const handle: TracingHandle = {
    api,
    provider,
    tracer: provider.getTracer(options.serviceName),
    setRoute(pattern) {
      const rpc = getRPCMetadata(api.context.active());
      if (rpc?.type !== RPCType.HTTP) return;
      rpc.route = pattern;
      rpc.span.setAttribute("url.path", pattern);
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
    },
  };
  setTracingRegistry(handle);
  return handle;
}

/**
 * The share of traces kept where they start here when nothing says otherwise (ADR 030): a tenth — every request
 * traced cost ~10 ms CPU (issue 33), a tenth of them keeps tracing under 2 ms per request on average.
 */
export const DEFAULT_TRACE_RATIO = 0.1;

/**
 * The sampler OTEL_TRACES_SAMPLER names. Unset (or unknown): `parentbased_traceidratio` — a request that arrives
 * with a sampled `traceparent` is traced, a trace that starts here is kept with the probability
 * OTEL_TRACES_SAMPLER_ARG — and the ratio, when OTEL_TRACES_SAMPLER_ARG is unset or not in [0, 1], is
 * DEFAULT_TRACE_RATIO (the specification's defaults are parent-based always on and 1.0: every request, which costs
 * too much CPU to be a default). `always_on` or `parentbased_always_on` traces every request.
 */
export function samplerFromEnv(env: NodeJS.ProcessEnv): Sampler {
  const arg = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = arg ? Number(arg) : NaN;
  const ratioSampler = () => new TraceIdRatioBasedSampler(Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : DEFAULT_TRACE_RATIO);
  switch (env.OTEL_TRACES_SAMPLER?.trim().toLowerCase()) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return ratioSampler();
    case "parentbased_always_on":
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    default:
      return new ParentBasedSampler({ root: ratioSampler() });
  }
}

/**
 * The URL attributes of an HTTP span, scrubbed (they override what the instrumentation took from the request):
 * `url.path` without ids, `url.query` without values, and for client spans `url.full` without either.
 */
export function scrubbedUrlAttributes(url: URL, kind: "server" | "client"): api.Attributes {
  const attributes: api.Attributes = { "url.path": redactUrlPath(url.pathname) };
  if (url.search) attributes["url.query"] = redactQuery(url.search);
  if (kind === "client") attributes["url.full"] = `${url.origin}${attributes["url.path"]}${url.search ? `?${attributes["url.query"]}` : ""}`;
  return attributes;
}
