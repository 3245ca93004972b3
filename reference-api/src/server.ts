import { handleClientError } from "./core/client-errors.js";
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import openapiGlue from "fastify-openapi-glue";
import { areaHandlers } from "./areas/index.js";
import { registerAccessAudit } from "./areas/audit/record.js";
import type { ApiConfig } from "./config.js";
import { checkSupportChange, createTokenVerifier, resolveCaller, type Caller, type TokenVerifier } from "./core/auth.js";
import { checkOperationProduct } from "./core/products.js";
import { createAjv, loadContract, ResponseValidator, type OpenApiDoc } from "./core/contract-validator.js";
import { ApiError, unauthorized } from "./core/errors.js";
import { createFileStore } from "./core/files.js";
import { createIdentityAdmin, type IdentityAdmin } from "./core/identity-admin.js";
import { registerIdempotency } from "./core/idempotency.js";
import type { HandlerContext, HandlerMap, Services } from "./core/handlers.js";
import { bearerToken, registerRateLimit, verifyOnce } from "./core/rate-limit.js";
import { createSigner } from "./core/signing.js";
import { createSecondFactorCheck, withSecondFactorForgetting } from "./core/second-factor.js";
import { registerJsonLimits } from "./core/json-limits.js";
import { errorLogFields, registerOddInput } from "./core/odd-input.js";
import type { Db } from "./db/db.js";
import { registerTraceRoute } from "./telemetry.js";
import { traceLogFields } from "../../server/telemetry-registry.js";

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    operationId?: string;
    openapiPath?: string;
    /** The operation takes a JSON body (every JSON body in the contract is required). */
    jsonBody?: boolean;
  }
}

export interface BuildOptions {
  config: ApiConfig;
  db: Db;
  /** Overrides token verification (tests of the server itself); defaults to the identity service's JWKS. */
  verifier?: TokenVerifier;
  contract?: OpenApiDoc;
  /** Overrides the identity admin (tests); defaults to the configured user pool, or none. */
  identity?: IdentityAdmin | null;
  /** Where the log goes (tests read it); default stdout. */
  logStream?: { write(line: string): void };
}

/**
 * The message for a name or title with a line break or another control character (the contract's SingleLineText
 * pattern), naming the field as the NUL refusal does; null for any other validation error.
 */
export function singleLineRefusal(errors: readonly { keyword?: string; instancePath?: string; params?: Record<string, unknown> }[], pattern: string | undefined): string | null {
  const hit = pattern ? errors.find((e) => e.keyword === "pattern" && e.params?.pattern === pattern) : undefined;
  if (!hit) return null;
  const field = (hit.instancePath ?? "").replace(/^\//, "").replace(/\/(\d+)(?=\/|$)/g, "[$1]").replace(/\//g, ".") || "body";
  return `The field ${field} contains a line break or another control character, which no name or title may contain.`;
}

/** The largest request body (JSON; uploads have their own, smaller limit). */
const JSON_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** Merges the areas' handler maps; an operationId defined twice is a programming error. */
function allHandlers(): HandlerMap {
  const merged: Record<string, unknown> = {};
  for (const [area, map] of Object.entries(areaHandlers)) {
    for (const [op, fn] of Object.entries(map)) {
      if (merged[op]) throw new Error(`operation ${op} is defined twice (again in area ${area})`);
      merged[op] = fn;
    }
  }
  return merged as HandlerMap;
}

export async function buildServer(opts: BuildOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, db } = opts;
  const contract = opts.contract ?? loadContract();
  const identity = opts.identity !== undefined ? opts.identity : config.identityPool ? createIdentityAdmin(config.identityPool) : null;
  // ADR 036: the second factor checked on every token of a user who must have one; the API's own resets forget it.
  const secondFactor = createSecondFactorCheck(identity, { ttlMs: config.secondFactorCacheSeconds * 1000 });
  const services: Services = {
    db,
    config,
    files: createFileStore(db),
    signer: createSigner(config.signingSecret, config.publicUrl, config.signedUrlTtlSeconds),
    identity: identity ? withSecondFactorForgetting(identity, secondFactor) : null,
  };
  const verifier = opts.verifier ?? createTokenVerifier({ jwksUrl: config.jwksUrl, issuer: config.issuer });
  const responses = config.validateResponses ? new ResponseValidator(contract) : null;
  const handlers = allHandlers();
  // Names and titles (the contract's SingleLineText, ADR 036): a refusal names the field in words, not the pattern.
  const singleLinePattern = ((contract.components?.schemas as Record<string, { pattern?: string }> | undefined)?.SingleLineText)?.pattern;

  const app = Fastify({
    // With traces on (ADR 030), every line within a request carries its trace_id and span_id.
    logger: { level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"], mixin: traceLogFields, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // Never log request URLs' query strings at info: they can hold search terms (PHI). Fastify logs the URL;
    // we log our own line without it below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Signed-file tokens are up to 512 characters (the contract's pattern); Fastify's default is 100. The contract
    // writes some paths with a trailing slash, as the spec does (`v2/patients/{id}/`); both spellings are answered.
    routerOptions: { maxParamLength: 600, ignoreTrailingSlash: true },
    ajv: { customOptions: { strict: false } },
    clientErrorHandler: handleClientError,
    // A request whose headers or body do not arrive in time is answered 408 by handleClientError (ADR 036). Fastify's
    // default is no limit: a declared body that never came kept its connection open. Node checks every
    // `connectionsCheckingInterval` (30 s by default): at most 2 s here, so the answer comes near the limit.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(2_000, config.requestTimeoutMs),
    },
  });

  // JSON bodies: size and nesting depth checked before they are parsed (ADR 036).
  registerJsonLimits(app, { maxBytes: JSON_BODY_LIMIT_BYTES });

  // Requests are validated with JSON Schema 2020-12 (the contract is OpenAPI 3.1), formats on; query
  // strings are coerced from text. Unknown properties are rejected where the contract says so.
  // Only text parts (query, path, headers) are coerced; JSON bodies must carry the right types.
  const textAjv = createAjv({ coerceTypes: "array", useDefaults: true });
  const bodyAjv = createAjv({ coerceTypes: false, useDefaults: true });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === "body" ? bodyAjv : textAjv).compile(schema));

  // The contract, not Fastify's serializer, decides response shapes: drop response schemas (the serializer
  // would silently strip unknown fields) and validate in preSerialization instead. Multipart bodies are read
  // by their handlers, which validate each part and answer 400 naming the field.
  app.addHook("onRoute", (route) => {
    const schema = route.schema as { response?: unknown; body?: { content?: Record<string, unknown> } } | undefined;
    if (!schema) return;
    const jsonBody = !!schema.body?.content?.["application/json"];
    // Node lowercases request header names; Fastify lowercases a header schema only with its own validator
    // compiler, and we bring ours: lowercase the contract's header parameters (Idempotency-Key) here.
    const headers = (schema as { headers?: { properties?: Record<string, unknown>; required?: string[] } }).headers;
    if (headers?.properties) {
      headers.properties = Object.fromEntries(Object.entries(headers.properties).map(([name, s]) => [name.toLowerCase(), s]));
      if (headers.required) headers.required = headers.required.map((name) => name.toLowerCase());
    }
    delete schema.response;
    if (schema.body?.content?.["multipart/form-data"]) delete schema.body;
    route.config = { ...(route.config as object), operationId: (route.schema as { operationId?: string }).operationId, openapiPath: route.url.replace(/:(\w+)/g, "{$1}"), jsonBody };
  });

  // Traces (ADR 030): the request's span named by the contract's path, with the operationId.
  registerTraceRoute(app);

  // Fastify validates bodies per content type: a request without one would skip validation altogether.
  app.addHook("preValidation", async (req) => {
    if (!req.routeOptions.config.jsonBody) return;
    const type = String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") throw new ApiError(400, type ? `Unsupported content type ${type}: send application/json.` : "A JSON request body is required (Content-Type: application/json).");
    if (req.body === undefined || req.body === null) throw new ApiError(400, "A JSON request body is required.");
  });

  // Text with a NUL refused 400; answers no-store unless they say otherwise (core/odd-input.ts).
  registerOddInput(app);

  // Rate limits per caller, answered before any other work (core/rate-limit.ts; ADR 019).
  registerRateLimit(app, { ...config.rateLimit, verifier });

  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });

  // Artificial per-operation delays for benchmarks (API_DELAYS=operationId=ms,...).
  if (Object.keys(config.delays).length > 0) {
    app.addHook("preHandler", async (req) => {
      const ms = config.delays[req.routeOptions.config.operationId ?? ""];
      if (ms) await new Promise((r) => setTimeout(r, ms));
    });
  }

  if (responses) {
    app.addHook("preSerialization", async (req, reply, payload) => {
      const { openapiPath } = req.routeOptions.config;
      if (!openapiPath) return payload;
      const problem = responses.check(openapiPath, req.method, reply.statusCode, String(reply.getHeader("content-type") ?? "application/json"), payload);
      if (problem) {
        req.log.error({ operationId: req.routeOptions.config.operationId, problem }, "contract violation in response");
        reply.code(500);
        return { message: `Contract violation: ${problem}`, status: 500 };
      }
      return payload;
    });
  }

  // Who saw which patient (ADR 018): after the response validator, so the answer it sees is final.
  registerAccessAudit(app, db);

  app.setErrorHandler((caught: FastifyError | ApiError, req, reply) => {
    // openapi-glue wraps security-handler failures; the first underlying ApiError carries the real answer
    // (401 for a bad token, 403 for a disabled organization).
    const inner = (caught as { errors?: unknown[] }).errors?.find((e): e is ApiError => e instanceof ApiError);
    const err = inner ?? caught;
    let status = err instanceof ApiError ? err.status : (err as FastifyError).statusCode ?? 500;
    let message = err.message;
    if ((err as FastifyError).validation) {
      status = 400;
      message = singleLineRefusal((err as FastifyError).validation!, singleLinePattern) ?? err.message;
    } else if ((err as FastifyError).code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError) {
      status = 400;
      message = "The request body is not valid JSON.";
    } else if ((err as FastifyError).code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      status = 400;
      message = "The request body is empty but JSON was declared.";
    } else if (status === 415) {
      status = 400;
      message = `Unsupported content type: ${req.headers["content-type"] ?? "none"}`;
    } else if (status === 413) {
      status = 400;
      message = "The request body is too large.";
    }
    if (status >= 500) {
      // Never the error itself: a database error carries its query's parameters (search terms, names).
      req.log.error({ err: errorLogFields(err), operationId: req.routeOptions?.config?.operationId }, "request failed");
      message = "Internal server error";
    }
    const extra = err instanceof ApiError && status < 500 ? err.body : {};
    reply.code(status).type("application/json").send({ message, status, ...extra });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `No operation ${req.method} ${req.url.split("?")[0]}`, status: 404 });
  });

  // One log line per request: operation, status, time. No URLs with queries, no bodies, no tokens (no PHI).
  app.addHook("onResponse", async (req, reply) => {
    req.log.info({ op: req.routeOptions.config?.operationId, method: req.method, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, "request");
  });

  // The create operations' Idempotency-Key (the contract's header parameter): stored with the first answer,
  // replayed for a repeat from the same caller. Hooks onRoute, so it comes before the routes.
  registerIdempotency(app, db, (req) => {
    if (!req.caller) throw unauthorized();
    return req.caller.userId;
  });

  await app.register(openapiGlue, {
    specification: contract,
    securityHandlers: {
      async bearerAuth(req: FastifyRequest) {
        const bearer = bearerToken(req);
        if (!bearer) throw unauthorized("A bearer access token is required.");
        // Verified once per request: the rate limiter already started it to find the caller.
        const token = await verifyOnce(req, verifier, bearer);
        if (!token) throw unauthorized("The access token is missing, invalid or expired.");
        req.caller = await resolveCaller(db, token);
        await secondFactor.check(req.routeOptions.config.operationId, req.caller, token.authTime);
      },
    },
    operationResolver(operationId: string) {
      const handler = (handlers as Record<string, ((ctx: HandlerContext<never>) => Promise<unknown>) | undefined>)[operationId];
      return async (req: FastifyRequest, reply: import("fastify").FastifyReply) => {
        if (!handler) throw new ApiError(501, `Operation ${operationId} is not implemented by the reference API yet.`);
        checkSupportChange(operationId, req.method, req.caller); // ADR 026: support reads only
        checkOperationProduct(operationId, req.caller);
        const ctx = {
          ...services,
          req,
          reply,
          get caller() {
            if (!req.caller) throw unauthorized();
            return req.caller;
          },
          params: req.params,
          query: req.query,
          body: req.body,
        } as unknown as HandlerContext<never>;
        return handler(ctx);
      };
    },
  });

  return { app, services };
}
