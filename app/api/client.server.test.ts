import { afterEach, describe, expect, it } from "vitest";
import { setLogSink } from "../log.server";
import { createApi, type TokenSource } from "./client.server";
import { ApiEndpoints } from "./endpoints.server";
import { KEY_REUSED_MESSAGE, withIdempotencyKey } from "../forms/idempotency-key.server";
import { createCareNote } from "./care-notes.server";
import { getCurrentUser, updateUserName } from "./users.server";

let restore: (() => void) | undefined;
afterEach(() => restore?.());
const quiet = () => {
  const lines: Record<string, unknown>[] = [];
  restore = setLogSink((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return lines;
};

type Handler = (req: Request) => Response | Promise<Response> | "down";

function harness(handler: Handler, opts: { failovers?: string[]; auth?: TokenSource | null; signal?: AbortSignal; timeoutMs?: number } = {}) {
  const seen: { method: string; url: string; auth: string | null; body: string }[] = [];
  const reports: unknown[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(input);
    seen.push({ method: req.method, url: req.url, auth: req.headers.get("authorization"), body: req.method === "GET" ? "" : await req.clone().text() });
    const answer = await handler(req);
    if (answer === "down") throw new TypeError("fetch failed");
    return answer;
  }) as typeof fetch;
  const endpoints = new ApiEndpoints({ primary: "http://api.a", failovers: opts.failovers ?? [], fetch: fetchImpl, sleep: async () => {} });
  const tokens = { access: "token-1", refreshes: 0 };
  const auth: TokenSource =
    opts.auth === null
      ? (undefined as unknown as TokenSource)
      : (opts.auth ?? {
          accessToken: async () => tokens.access,
          refresh: async () => {
            tokens.refreshes++;
            tokens.access = `token-${tokens.refreshes + 1}`;
            return tokens.access;
          },
        });
  const api = createApi({
    endpoints,
    timeoutMs: opts.timeoutMs ?? 1000,
    signal: opts.signal,
    auth: opts.auth === null ? undefined : auth,
    fetch: fetchImpl,
    report: (e) => reports.push(e),
    requestId: "req-1",
  });
  return { api, seen, reports, tokens, endpoints };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const USER = { userId: "u1", firstName: "Maya" };

describe("createApi: results", () => {
  it("answers {data} with the user's bearer token and the request id", async () => {
    const h = harness(() => json(200, USER));
    expect(await getCurrentUser(h.api)).toEqual({ data: USER });
    expect(h.seen).toEqual([{ method: "GET", url: "http://api.a/v2/users/current", auth: "Bearer token-1", body: "" }]);
  });

  it("maps the API's error body to {error: {message, status}} without throwing", async () => {
    const h = harness(() => json(404, { message: "We didn't find a provider account for this login.", status: 404 }));
    expect(await getCurrentUser(h.api)).toEqual({ error: { message: "We didn't find a provider account for this login.", status: 404 } });
    const odd = harness(() => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    quiet();
    expect(await getCurrentUser(odd.api)).toEqual({ error: { message: "Bad Gateway (502)", status: 502 } });
  });

  it("reports 5xx answers to the error-reporting hook (method, redacted path, status)", async () => {
    const h = harness(() => json(500, { message: "boom", status: 500 }));
    await updateUserName(h.api, "5b0a3f4e-1c2d-4e8f-9a01-000000000001", { firstName: "A", lastName: "B" });
    expect(h.reports).toEqual([{ method: "PATCH", path: "/v2/users/:id", status: 500, requestId: "req-1" }]);
    expect(JSON.parse(h.seen[0]!.body)).toEqual({ userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000001", firstName: "A", lastName: "B" });
  });

  it("a time-out and a cancelled request are status 0", async () => {
    quiet();
    const hang = (req: Request) =>
      new Promise<Response>((_, reject) => {
        if (req.signal.aborted) reject(req.signal.reason);
        req.signal.addEventListener("abort", () => reject(req.signal.reason));
      });
    const slow = harness(hang, { timeoutMs: 50, auth: null });
    expect(await getCurrentUser(slow.api)).toEqual({ error: { message: "The service did not answer in time.", status: 0 } });
    const controller = new AbortController();
    const cancelled = harness(hang, { signal: controller.signal });
    const pending = getCurrentUser(cancelled.api);
    controller.abort();
    expect(await pending).toEqual({ error: { message: "The request was cancelled.", status: 0 } });
  });
});

describe("createApi: token refresh", () => {
  it("refreshes once after a 401 and retries with the new token", async () => {
    const h = harness((req) => (req.headers.get("authorization") === "Bearer token-2" ? json(200, USER) : json(401, { message: "expired", status: 401 })));
    expect(await getCurrentUser(h.api)).toEqual({ data: USER });
    expect(h.seen.map((s) => s.auth)).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(h.tokens.refreshes).toBe(1);
  });

  it("gives up after one refresh (the 401 is the result)", async () => {
    let refreshes = 0;
    const auth: TokenSource = { accessToken: async () => "t", refresh: async () => (refreshes++ === 0 ? "t2" : "t3") };
    const h = harness(() => json(401, { message: "nope", status: 401 }), { auth });
    expect(await getCurrentUser(h.api)).toEqual({ error: { message: "nope", status: 401 } });
    expect(h.seen).toHaveLength(2);
  });

  it("replays a request body after a refresh", async () => {
    const h = harness((req) => (req.headers.get("authorization") === "Bearer token-2" ? json(200, USER) : json(401, { message: "expired", status: 401 })));
    await updateUserName(h.api, "u1", { firstName: "A", lastName: "B" });
    expect(h.seen.map((s) => s.body)).toEqual([h.seen[0]!.body, h.seen[0]!.body]);
    expect(JSON.parse(h.seen[1]!.body)).toMatchObject({ firstName: "A" });
  });
});

describe("createApi: network failover", () => {
  it("status 0 with a session: health check 3× then the failover server, and the GET is retried there", async () => {
    const lines = quiet();
    const h = harness((req) => (req.url.startsWith("http://api.a") ? "down" : json(200, USER)), { failovers: ["http://api.b"] });
    expect(await getCurrentUser(h.api)).toEqual({ data: USER });
    expect(h.seen.map((s) => s.url)).toEqual([
      "http://api.a/v2/users/current",
      "http://api.a/healthcheck",
      "http://api.a/healthcheck",
      "http://api.a/healthcheck",
      "http://api.b/v2/users/current",
    ]);
    expect(lines.filter((l) => l.event === "network-block")).toHaveLength(1);
    expect(h.endpoints.active()).toBe("http://api.b");
    // Later calls go to the failover server directly.
    await getCurrentUser(h.api);
    expect(h.seen.at(-1)!.url).toBe("http://api.b/v2/users/current");
  });

  it("does not retry a POST/PATCH on the failover server (it may have arrived)", async () => {
    quiet();
    const h = harness((req) => (req.url.startsWith("http://api.a") ? "down" : json(200, USER)), { failovers: ["http://api.b"] });
    expect(await updateUserName(h.api, "u1", { firstName: "A", lastName: "B" })).toEqual({ error: { message: "The service did not answer.", status: 0 } });
    expect(h.seen.map((s) => s.url)).toEqual(["http://api.a/v2/users/u1", "http://api.a/healthcheck", "http://api.a/healthcheck", "http://api.a/healthcheck"]);
    expect(h.endpoints.active()).toBe("http://api.b");
  });

  it("no check without a session; not blocked when the health check answers", async () => {
    quiet();
    const anon = harness(() => "down", { failovers: ["http://api.b"], auth: null });
    await getCurrentUser(anon.api);
    expect(anon.endpoints.active()).toBe("http://api.a");
    const flaky = harness((req) => (new URL(req.url).pathname === "/healthcheck" ? json(200, { status: "ok" }) : "down"), { failovers: ["http://api.b"] });
    expect((await getCurrentUser(flaky.api)).error?.status).toBe(0);
    expect(flaky.endpoints.active()).toBe("http://api.a");
  });
});

describe("createApi: Idempotency-Key", () => {
  const key = "6f1c2a4e-0b7d-4c1e-9a52-3d8e1f0b9c77";
  const note = { date: "2026-01-02", minutes: 5, notes: "n" };

  it("sends the form's key with the posts of its work only (not reads, not updates, not outside the work)", async () => {
    const seen: [string, string | null][] = [];
    const h = harness((req) => {
      seen.push([req.method, req.headers.get("idempotency-key")]);
      return req.method === "POST" ? json(201, { id: "n1" }) : json(200, USER);
    });
    await withIdempotencyKey(key, async () => {
      await getCurrentUser(h.api);
      await updateUserName(h.api, "u1", { firstName: "A", lastName: "B" });
      await createCareNote(h.api, "p1", note);
    });
    await createCareNote(h.api, "p1", note);
    expect(seen).toEqual([["GET", null], ["PATCH", null], ["POST", key], ["POST", null]]);
  });

  it("does not send a malformed key", async () => {
    const keys: (string | null)[] = [];
    const h = harness((req) => {
      keys.push(req.headers.get("idempotency-key"));
      return json(201, { id: "n1" });
    });
    await withIdempotencyKey("bad key", () => createCareNote(h.api, "p1", note));
    expect(keys).toEqual([null]);
  });

  it("explains a 422 for a reused key in the user's words", async () => {
    const h = harness(() => json(422, { message: "This Idempotency-Key was already used with a different request.", status: 422 }));
    const result = await withIdempotencyKey(key, () => createCareNote(h.api, "p1", note));
    expect(result).toEqual({ error: { message: KEY_REUSED_MESSAGE, status: 422 } });
  });
});
