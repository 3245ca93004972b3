/**
 * The provider-API client, built per request (never shared: one user's token must never serve another).
 *
 *   const api = getApi(request, context);                       // the signed-in user's client (memoized per request)
 *   const result = await api.call((c, init) => c.GET("/v2/users/current", init));
 *   if (result.error) … result.error.message / .status          // failed calls never throw
 *
 * `call` gives each call the request's abort signal combined with a per-call time-out, an access token
 * refreshed once when expired (or when the API answers 401), the spec's network failover for status 0, and
 * reports 5xx answers to the error-reporting hook. Resource modules (users.server.ts, …) wrap it in domain
 * verbs; routes call those.
 */
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "../../openapi/provider-api";
import { portalRequest, type PortalLoadContext } from "../context";
import { getConfig } from "../config.server";
import { currentIdempotencyKey, IDEMPOTENCY_HEADER, KEY_REUSED_MESSAGE } from "../forms/idempotency-key.server";
import { errorFields, log, redactPath } from "../log.server";
import { ApiEndpoints } from "./endpoints.server";
import { reportServerError, type ServerErrorReport } from "./error-reporting.server";
import { portalMetrics } from "../metrics.server";
import { answeredFromCache, providerApiMetrics } from "./metrics-middleware.server";
import { errorFromResponse, errorFromThrown, type ApiResult } from "./result";
import { providerApiTracing } from "../telemetry.server";
import { CACHED_READS, type SessionCache } from "./session-cache.server";

export type ProviderApiClient = Client<paths>;

/** Supplies the user's access token; `undefined` = no session (public calls). */
export interface TokenSource {
  /** A usable access token (refreshed first when it has expired), or undefined when signed out. */
  accessToken(): Promise<string | undefined>;
  /** Refreshes the tokens (at most once per request); the new access token, or undefined if that failed. */
  refresh(): Promise<string | undefined>;
}

export type CallInit = {
  signal: AbortSignal;
  fetch: (input: Request) => Promise<Response>;
};

type AnyFetchResult = { data?: unknown; error?: unknown; response: Response };
type DataOf<R extends AnyFetchResult> = Exclude<R["data"], undefined>;

export interface CallOptions {
  timeoutMs?: number;
  /** Skip the session cache for this read (neither read nor stored): the pages where the data is managed. */
  fresh?: boolean;
}

export interface Api {
  call<R extends AnyFetchResult>(op: (client: ProviderApiClient, init: CallInit) => Promise<R>, options?: CallOptions): Promise<ApiResult<DataOf<R>>>;
}

export interface ApiOptions {
  endpoints: ApiEndpoints;
  timeoutMs: number;
  /** The incoming request's signal: an aborted navigation cancels its calls. */
  signal?: AbortSignal;
  auth?: TokenSource;
  requestId?: string;
  fetch?: typeof fetch;
  report?: (event: ServerErrorReport) => void;
  /**
   * The session cache (ADR 021): the session's key (read at each call: a sign-in during the request changes it;
   * undefined = not cached). Reads of CACHED_READS are answered from it while fresh; writes drop what they change.
   */
  cache?: { store: SessionCache; key: () => string | undefined };
}

const PLACEHOLDER = "http://provider-api.invalid";
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);

export function createApi(options: ApiOptions): Api {
  const fetchImpl = options.fetch ?? ((input: Request) => fetch(input));
  const report = options.report ?? reportServerError;
  const client = createClient<paths>({ baseUrl: PLACEHOLDER });
  // Traces (ADR 030): a span per operation, named by its operationId; none of this when traces are off.
  const tracing = providerApiTracing();
  if (tracing) client.use(tracing.middleware);
  client.use(providerApiMetrics()); // duration by operationId and status (ADR 029)

  async function send(req: Request, base: string, body: ArrayBuffer | undefined, token: string | undefined): Promise<Response> {
    const headers = new Headers(req.headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (options.requestId) headers.set("X-Request-Id", options.requestId);
    // A form's one-time token (submitOnce) keys its creates: the API replays a repeat instead of saving twice.
    const key = req.method === "POST" || req.method === "DELETE" ? currentIdempotencyKey() : undefined;
    if (key) headers.set(IDEMPOTENCY_HEADER, key);
    return fetchImpl(new Request(base + req.url.slice(PLACEHOLDER.length), { method: req.method, headers, body, signal: req.signal }));
  }

  return {
    async call(op, callOptions) {
      const timeout = AbortSignal.timeout(callOptions?.timeoutMs ?? options.timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let method = "GET";
      let path = "";
      let fromCache = false;
      let base = options.endpoints.active();
      const cache = options.cache?.store.enabled ? options.cache : undefined;

      const init: CallInit = {
        signal,
        fetch: async (req: Request) => {
          method = req.method;
          const url = new URL(req.url);
          path = url.pathname;
          const key = cache?.key();
          const cacheable = key !== undefined && method === "GET" && url.search === "" && CACHED_READS.has(path);
          if (cache && cacheable && !callOptions?.fresh) {
            const cached = cache.store.read(key, path);
            if (cached !== undefined) {
              fromCache = true;
              tracing?.cacheHit(req);
              portalMetrics().sessionCacheHits.inc({ read: path });
              return answeredFromCache(new Response(cached, { status: 200, headers: { "content-type": "application/json" } }));
            }
            portalMetrics().sessionCacheMisses.inc({ read: path });
          }
          const begun = cache?.store.begin() ?? 0;
          const body = IDEMPOTENT.has(req.method) ? undefined : await req.arrayBuffer();
          const token = options.auth ? await options.auth.accessToken() : undefined;
          let res = await send(req, base, body, token);
          if (res.status === 401 && options.auth && token) {
            const fresh = await options.auth.refresh();
            if (fresh && fresh !== token) {
              await res.body?.cancel().catch(() => {});
              res = await send(req, base, body, fresh);
            }
          }
          if (cache) {
            if (cacheable && !callOptions?.fresh && res.status === 200) cache.store.store(key, path, await res.clone().text(), begun);
            cache.store.afterCall(key, method, path, res.status);
          }
          return res;
        },
      };
      if (tracing) {
        // The fetch runs under its operation's span: `traceparent` names it, the provider API continues from it.
        const untraced = init.fetch;
        init.fetch = (req: Request) => tracing.within(req, () => untraced(req));
      }

      const attempt = async (): Promise<ApiResult<DataOf<Awaited<ReturnType<typeof op>>>>> => {
        const started = Date.now();
        try {
          const result = await op(client, init);
          const res = result.response;
          log.debug(fromCache ? "provider API call answered from the session cache" : "provider API call", {
            requestId: options.requestId,
            method,
            path: redactPath(path),
            status: res.status,
            durationMs: Date.now() - started,
          });
          if (res.ok) return { data: result.data as DataOf<Awaited<ReturnType<typeof op>>> };
          const error = errorFromResponse(res.status, result.error, res.statusText);
          // 422 for a keyed post: the form's token was already used for other values (ADR 017).
          if (res.status === 422 && (method === "POST" || method === "DELETE") && currentIdempotencyKey()) error.message = KEY_REUSED_MESSAGE;
          if (res.status >= 500) report({ method, path: redactPath(path), status: res.status, requestId: options.requestId });
          return { error };
        } catch (err) {
          const cancelled = options.signal?.aborted ?? false;
          if (!cancelled) log.warn("provider API call failed without a response", { method, path: redactPath(path), requestId: options.requestId, ...errorFields(err) });
          return { error: errorFromThrown(err, cancelled) };
        }
      };

      const first = await attempt();
      if (!first.error || first.error.status !== 0 || options.signal?.aborted) return first;
      // No response: the spec's network check, only with a valid session.
      if (!options.auth || !(await options.auth.accessToken())) return first;
      const check = await options.endpoints.checkNetwork(base);
      if (check !== "switched" || !IDEMPOTENT.has(method)) return first;
      base = options.endpoints.active();
      return attempt();
    },
  };
}

let endpointsCache: { key: string; endpoints: ApiEndpoints } | undefined;

/** The process's endpoints (failover state is shared by all requests). */
export function apiEndpoints(): ApiEndpoints {
  const { api } = getConfig();
  const key = [api.url, ...api.failoverUrls].join(" ");
  if (endpointsCache?.key !== key) endpointsCache = { key, endpoints: new ApiEndpoints({ primary: api.url, failovers: api.failoverUrls }) };
  return endpointsCache.endpoints;
}

/** An API client without a user (public calls: health check, sign-up lookup). */
export function publicApi(request: Request, context: PortalLoadContext): Api {
  return createApi({ endpoints: apiEndpoints(), timeoutMs: getConfig().api.timeoutMs, signal: request.signal, requestId: portalRequest(context).requestId });
}
