import { randomBytes } from "node:crypto";
import { ROOT_CONTEXT, SpanKind, trace, TraceFlags, type Context } from "@opentelemetry/api";
import { SamplingDecision } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { identityTracingMiddleware, providerApiTracing, serverInstrumentations } from "../app/telemetry.server";
import { tracingConfigured } from "./otel-env";
import { redactQuery, redactUrlPath, samplerFromEnv, scrubbedUrlAttributes } from "./telemetry";
import { traceLogFields, tracingRegistry } from "./telemetry-registry";
import { startPortalTracing } from "./tracing";

describe("whether traces are on", () => {
  it("only with an OTLP endpoint, and not when the SDK or the trace exporter is turned off", () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_SERVICE_NAME: "portal" })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });

  it("off: nothing is started and the app's hooks are absent (no instrumentation, no middleware, no log fields)", async () => {
    expect(await startPortalTracing({ env: {} })).toBeUndefined();
    expect(tracingRegistry()).toBeUndefined();
    expect(serverInstrumentations()).toEqual([]);
    expect(providerApiTracing()).toBeUndefined();
    expect(identityTracingMiddleware()).toBeUndefined();
    expect(traceLogFields()).toEqual({});
  });
});

describe("URLs in spans", () => {
  it("paths keep their words and lose ids, codes and tokens", () => {
    expect(redactUrlPath("/patients/3f2a3c1e-8a47-4f7e-9f55-0a1b2c3d4e5f/health/activity.data")).toBe("/patients/:id/health/activity.data");
    expect(redactUrlPath("/v2/patients/pages")).toBe("/v2/patients/pages");
    expect(redactUrlPath("/v2/sign-up/a1b2c3")).toBe("/v2/sign-up/:id");
    expect(redactUrlPath("/admin/analysis/AST-0001/")).toBe("/admin/analysis/:id/");
    expect(redactUrlPath("/files/eyJhbGciOiJIUzI1NiJ9.eyJwIjoiL3gifQ.c2ln")).toBe("/files/:id");
    expect(redactUrlPath("/patients/search/Zoë")).toBe("/patients/search/:id");
  });

  it("queries keep their parameters' names only", () => {
    expect(redactQuery("?q=Quintanilla&tab=active&q=again")).toBe("q=REDACTED&tab=REDACTED");
    expect(scrubbedUrlAttributes(new URL("http://api:4010/v2/patients/pages?search=Zebulon%20Quintanilla&page=2"), "client")).toEqual({
      "url.path": "/v2/patients/pages",
      "url.query": "search=REDACTED&page=REDACTED",
      "url.full": "http://api:4010/v2/patients/pages?search=REDACTED&page=REDACTED",
    });
    expect(scrubbedUrlAttributes(new URL("http://portal/patients/123/"), "server")).toEqual({ "url.path": "/patients/:id/" });
  });
});

describe("the sampler", () => {
  it("is parent-based with a tenth of new traces kept unless OTEL_TRACES_SAMPLER names another", () => {
    expect(samplerFromEnv({}).toString()).toBe("ParentBased{root=TraceIdRatioBased{0.1}, remoteParentSampled=AlwaysOnSampler, remoteParentNotSampled=AlwaysOffSampler, localParentSampled=AlwaysOnSampler, localParentNotSampled=AlwaysOffSampler}");
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER_ARG: "0.02" }).toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.02\}/);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.25" }).toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.25\}/);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio" }).toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.1\}/);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "2" }).toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.1\}/);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "parentbased_always_on" }).toString()).toMatch(/^ParentBased\{root=AlwaysOnSampler/);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_on" }).toString()).toBe("AlwaysOnSampler");
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_off" }).toString()).toBe("AlwaysOffSampler");
  });

  it("keeps a trace that arrives sampled and starts a tenth of the others", () => {
    const sampler = samplerFromEnv({});
    const parentContext = (sampled: boolean) =>
      trace.setSpanContext(ROOT_CONTEXT, { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331", traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true });
    const decide = (context: Context, traceId: string) => sampler.shouldSample(context, traceId, "GET /patients/", SpanKind.SERVER, {}, []).decision;
    expect(decide(parentContext(true), "0af7651916cd43dd8448eb211c80319c")).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(parentContext(false), "0af7651916cd43dd8448eb211c80319c")).toBe(SamplingDecision.NOT_RECORD);
    let kept = 0;
    for (let i = 0; i < 10_000; i++) if (decide(ROOT_CONTEXT, randomBytes(16).toString("hex")) === SamplingDecision.RECORD_AND_SAMPLED) kept++;
    expect(kept).toBeGreaterThan(800);
    expect(kept).toBeLessThan(1200);
  });
});

describe("log lines with traces off", () => {
  it("are written with their fields (the mixin's object is pino's to merge into)", async () => {
    const { log, setLogSink } = await import("../app/log.server");
    const lines: string[] = [];
    const restore = setLogSink((line) => void lines.push(line));
    try {
      log.info("request", { requestId: "r1", status: 200 });
      log.info("request", { requestId: "r2", status: 201 });
    } finally {
      restore();
    }
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { msg: "request", requestId: "r1", status: 200 },
      { msg: "request", requestId: "r2", status: 201 },
    ]);
    expect(lines[0]).not.toContain("trace_id");
  });
});
