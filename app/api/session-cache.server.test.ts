import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Cluster, Worker } from "node:cluster";
import { relaySessionCacheDrops } from "../../server/session-cache-relay";
import { setConfigForTesting } from "../config.server";
import { createTestContext } from "../context";
import { setLogLevel, setLogSink } from "../log.server";
import { getSession } from "../auth/session.server";
import { endSession, startSession } from "../auth/user.server";
import { useTestConfig } from "../testing/config";
import { createApi, type Api } from "./client.server";
import { ApiEndpoints } from "./endpoints.server";
import { createLocation, listLocations, updateLocation } from "./locations.server";
import { deletePractitioner, invitePractitioner, listPractitioners, updatePractitioner } from "./practitioners.server";
import { deleteOrganizationLogo, updateOrganization } from "./organization.server";
import { SESSION_CACHE_MESSAGE, SessionCache, sessionCache, sessionCacheKey, type SessionCacheDrop } from "./session-cache.server";
import { getCurrentUser, updateUserName } from "./users.server";

const TTL = 60_000;
const ORG_A = "org-a";
const ORG_B = "org-b";

let restoreLog: (() => void) | undefined;
const logLines: Record<string, unknown>[] = [];
beforeAll(() => {
  restoreLog = setLogSink((line) => logLines.push(JSON.parse(line) as Record<string, unknown>));
  setLogLevel("debug");
});
afterAll(() => {
  setLogLevel("info");
  restoreLog?.();
});
afterEach(() => {
  logLines.length = 0;
});

/**
 * A fake provider API: users by token (their profile and role can change "elsewhere"), locations and providers
 * per organization, writes answered 2xx (or the status given). Counts the calls it receives.
 */
function fakeApi() {
  const users: Record<string, { userId: string; role: string; organization: { id: string; name: string } }> = {
    "token-ann": { userId: "ann", role: "PORTAL_PROVIDER_ADMIN", organization: { id: ORG_A, name: "Front Range" } },
    "token-bob": { userId: "bob", role: "PORTAL_PRACTITIONER", organization: { id: ORG_A, name: "Front Range" } },
    "token-cy": { userId: "cy", role: "PORTAL_PRACTITIONER", organization: { id: ORG_B, name: "Lakeside" } },
  };
  const locations: Record<string, { id: string; name: string }[]> = { [ORG_A]: [{ id: "l1", name: "Main" }], [ORG_B]: [{ id: "l9", name: "Lake" }] };
  const calls: string[] = [];
  let writeStatus = 200;
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(input);
    const url = new URL(req.url);
    const token = (req.headers.get("authorization") ?? "").replace("Bearer ", "");
    const user = users[token];
    calls.push(`${token.replace("token-", "")} ${req.method} ${url.pathname}${url.search}`);
    if (!user) return Response.json({ message: "Unauthorized", status: 401 }, { status: 401 });
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    if (req.method !== "GET") return writeStatus === 204 ? new Response(null, { status: 204 }) : json({}, writeStatus);
    if (url.pathname === "/v2/users/current") return json(user);
    if (url.pathname === "/v2/locations") return json(locations[user.organization.id]);
    if (url.pathname === "/v2/practitioners") return json([{ id: `p-${user.organization.id}` }]);
    return json({ items: [], metadata: {} });
  }) as typeof fetch;
  return {
    users,
    locations,
    calls,
    setWriteStatus: (s: number) => void (writeStatus = s),
    fetch: fetchImpl,
    /** Calls that reached the API, then forgets them. */
    take() {
      const seen = [...calls];
      calls.length = 0;
      return seen;
    },
  };
}

type Fake = ReturnType<typeof fakeApi>;

/** A request's client for `who`'s session `sid` (the portal builds one per request, the cache is the process's). */
function apiFor(fake: Fake, store: SessionCache, who: string, sid: string): Api {
  const endpoints = new ApiEndpoints({ primary: "http://api.test", failovers: [], fetch: fake.fetch, sleep: async () => {} });
  return createApi({
    endpoints,
    timeoutMs: 1000,
    fetch: fake.fetch,
    requestId: `req-${who}`,
    auth: { accessToken: async () => `token-${who}`, refresh: async () => undefined },
    cache: { store, key: () => sessionCacheKey({ username: who, sid }) },
  });
}

/** A whole "page" of the shell: the profile, the locations, the providers. */
async function page(api: Api) {
  const [user, locations, providers] = await Promise.all([getCurrentUser(api), listLocations(api), listPractitioners(api)]);
  return { user: user.data, locations: locations.data, providers: providers.data };
}

function setup(opts: { ttlMs?: number; maxBytes?: number; broadcast?: (d: SessionCacheDrop) => void } = {}) {
  let now = 1_000_000;
  const store = new SessionCache({ ttlMs: opts.ttlMs ?? TTL, maxBytes: opts.maxBytes ?? 1024 * 1024, now: () => now, broadcast: opts.broadcast });
  const fake = fakeApi();
  return { store, fake, advance: (ms: number) => void (now += ms) };
}

describe("the session cache: fewer calls per page", () => {
  it("a second page of the same session makes none of the three calls; the first made each once", async () => {
    const { store, fake } = setup();
    const first = await page(apiFor(fake, store, "ann", "s1"));
    expect(first.user?.userId).toBe("ann");
    expect(fake.take().sort()).toEqual(["ann GET /v2/locations", "ann GET /v2/practitioners", "ann GET /v2/users/current"]);
    const second = await page(apiFor(fake, store, "ann", "s1"));
    expect(second).toEqual(first);
    expect(fake.take()).toEqual([]);
    // Logged apart from the calls that reached the API.
    expect(logLines.filter((l) => l.msg === "provider API call answered from the session cache")).toHaveLength(3);
  });

  it("keeps each answer for the stated time only (TTL): after it, the API is asked again", async () => {
    const { store, fake, advance } = setup();
    await page(apiFor(fake, store, "ann", "s1"));
    fake.take();
    advance(TTL - 1);
    await page(apiFor(fake, store, "ann", "s1"));
    expect(fake.take()).toEqual([]);
    advance(1);
    await page(apiFor(fake, store, "ann", "s1"));
    expect(fake.take()).toHaveLength(3);
  });

  it("TTL 0 (SESSION_CACHE_SECONDS=0) turns it off", async () => {
    const { store, fake } = setup({ ttlMs: 0 });
    await page(apiFor(fake, store, "ann", "s1"));
    await page(apiFor(fake, store, "ann", "s1"));
    expect(fake.take()).toHaveLength(6);
  });

  it("other reads, and reads with a query, are never cached", async () => {
    const { store, fake } = setup();
    const api = apiFor(fake, store, "ann", "s1");
    for (let i = 0; i < 2; i++) {
      await api.call((c, init) => c.GET("/v2/patients/pages", { ...init, params: { query: { page: 1, limit: 10 } } }));
    }
    expect(fake.take()).toEqual(["ann GET /v2/patients/pages?page=1&limit=10", "ann GET /v2/patients/pages?page=1&limit=10"]);
  });

  it("`fresh` reads the API (the pages where the data is managed) and leaves the cache as it was", async () => {
    const { store, fake } = setup();
    await listLocations(apiFor(fake, store, "ann", "s1"));
    fake.locations[ORG_A] = [{ id: "l1", name: "Renamed elsewhere" }];
    expect((await listLocations(apiFor(fake, store, "ann", "s1"), { fresh: true })).data?.[0]?.name).toBe("Renamed elsewhere");
    expect((await listLocations(apiFor(fake, store, "ann", "s1"))).data?.[0]?.name).toBe("Main");
    expect(fake.take()).toEqual(["ann GET /v2/locations", "ann GET /v2/locations"]);
  });

  it("failed reads are not kept", async () => {
    const { store, fake } = setup();
    const api = apiFor(fake, store, "nobody", "s1");
    await getCurrentUser(api);
    await getCurrentUser(api);
    expect(fake.take()).toHaveLength(2);
  });
});

describe("per-user, per-sign-in isolation", () => {
  it("one user's cached answers are never served to another user, even with the same session id", async () => {
    const { store, fake } = setup();
    await page(apiFor(fake, store, "ann", "same"));
    fake.take();
    const bob = await page(apiFor(fake, store, "bob", "same"));
    expect(bob.user?.userId).toBe("bob");
    expect(fake.take()).toHaveLength(3);
    const cy = await page(apiFor(fake, store, "cy", "other"));
    expect(cy.user?.userId).toBe("cy");
    expect(cy.locations).toEqual([{ id: "l9", name: "Lake" }]);
  });

  it("a new sign-in of the same user starts empty (the key has the session id minted at sign-in)", async () => {
    const { store, fake } = setup();
    await page(apiFor(fake, store, "ann", "s1"));
    fake.take();
    await page(apiFor(fake, store, "ann", "s2"));
    expect(fake.take()).toHaveLength(3);
  });

  it("sessions without a session id (cookies older than the cache) are not cached", async () => {
    expect(sessionCacheKey({ username: "ann", sid: undefined })).toBeUndefined();
    expect(sessionCacheKey(undefined)).toBeUndefined();
    expect(sessionCacheKey({ username: "ann", sid: "x" })).not.toBe(sessionCacheKey({ username: "bob", sid: "x" }));
  });

  it("startSession mints a new random session id at every sign-in; the cookie holds only that id", () => {
    useTestConfig();
    try {
      const ctx = createTestContext();
      const s = getSession(new Request("http://localhost/"), ctx);
      const token = (sub: string) => `x.${Buffer.from(JSON.stringify({ username: sub, "cognito:groups": ["PORTAL_PRACTITIONER"], exp: 9_999_999_999 })).toString("base64url")}.y`;
      const tokens = { accessToken: token("ann"), refreshToken: "r", idToken: "i" };
      expect(startSession(s, tokens)).toBe(true);
      const first = s.get("auth")?.sid;
      expect(startSession(s, tokens)).toBe(true);
      const second = s.get("auth")?.sid;
      expect(first).toMatch(/^[0-9a-f-]{36}$/);
      expect(second).toMatch(/^[0-9a-f-]{36}$/);
      expect(second).not.toBe(first);
    } finally {
      setConfigForTesting(undefined);
    }
  });
});

describe("dropped at once by the changes this portal makes", () => {
  const changes: [string, (api: Api) => Promise<unknown>][] = [
    ["profile edit (PATCH v2/users/{id})", (api) => updateUserName(api, "ann", { firstName: "A", lastName: "B" })],
    ["location add (POST v2/locations)", (api) => createLocation(api, { name: "New", timezone: "America/Denver" })],
    ["location edit (PATCH v2/locations/{id})", (api) => updateLocation(api, "l1", { name: "Renamed" })],
    ["provider invite (POST v2/practitioners)", (api) => invitePractitioner(api, { firstName: "N", lastName: "P", email: "n@p.example", role: "PORTAL_PRACTITIONER" })],
    ["provider edit (PATCH v2/practitioners/{id})", (api) => updatePractitioner(api, "p1", { role: "PORTAL_PRACTITIONER" })],
    ["provider delete (DELETE v2/practitioners/{id})", (api) => deletePractitioner(api, "p1")],
    ["organization rename (PATCH v2/organizations/{id})", (api) => updateOrganization(api, ORG_A, "Renamed")],
    ["organization logo (DELETE v2/organizations/{id}/logo)", (api) => deleteOrganizationLogo(api, ORG_A)],
  ];

  for (const [name, change] of changes) {
    it(`${name}: every session of the organization reads again; another organization's is kept`, async () => {
      const { store, fake } = setup();
      await page(apiFor(fake, store, "ann", "s1"));
      await page(apiFor(fake, store, "bob", "s2"));
      await page(apiFor(fake, store, "cy", "s3"));
      fake.take();
      await change(apiFor(fake, store, "ann", "s1"));
      fake.take();
      await page(apiFor(fake, store, "ann", "s1"));
      await page(apiFor(fake, store, "bob", "s2"));
      await page(apiFor(fake, store, "cy", "s3"));
      const calls = fake.take();
      expect(calls.filter((c) => c.startsWith("ann "))).toHaveLength(3);
      expect(calls.filter((c) => c.startsWith("bob "))).toHaveLength(3);
      expect(calls.filter((c) => c.startsWith("cy "))).toEqual([]);
    });
  }

  it("the admin area's changes (v2/admin/…) drop every organization's sessions", async () => {
    const { store, fake } = setup();
    await page(apiFor(fake, store, "ann", "s1"));
    await page(apiFor(fake, store, "cy", "s3"));
    store.afterCall(sessionCacheKey({ username: "ann", sid: "s1" }), "PATCH", "/v2/admin/organizations/x", 200);
    fake.take();
    await page(apiFor(fake, store, "cy", "s3"));
    expect(fake.take()).toHaveLength(3);
  });

  it("a refused change (4xx/5xx) keeps the cache", async () => {
    const { store, fake } = setup();
    await page(apiFor(fake, store, "ann", "s1"));
    fake.setWriteStatus(500);
    await updateLocation(apiFor(fake, store, "ann", "s1"), "l1", { name: "Renamed" });
    fake.take();
    await page(apiFor(fake, store, "ann", "s1"));
    expect(fake.take()).toEqual([]);
  });

  it("a location renamed through the portal shows on the next page, not after the TTL", async () => {
    const { store, fake } = setup();
    expect((await page(apiFor(fake, store, "bob", "s2"))).locations?.[0]?.name).toBe("Main");
    fake.locations[ORG_A] = [{ id: "l1", name: "Main, renamed" }];
    await updateLocation(apiFor(fake, store, "ann", "s1"), "l1", { name: "Main, renamed" });
    expect((await page(apiFor(fake, store, "bob", "s2"))).locations?.[0]?.name).toBe("Main, renamed");
  });

  it("a read in flight when something is dropped is not kept (it may predate the change)", () => {
    const { store } = setup();
    const key = sessionCacheKey({ username: "ann", sid: "s1" })!;
    const begun = store.begin();
    store.drop({ organizationId: ORG_A });
    store.store(key, "/v2/locations", "[]", begun);
    expect(store.read(key, "/v2/locations")).toBeUndefined();
    store.store(key, "/v2/locations", "[]", store.begin());
    expect(store.read(key, "/v2/locations")).toBe("[]");
  });

  it("a 401 or 403 answer drops the session's entries (a removed provider, a disabled organization)", async () => {
    const { store, fake } = setup();
    const key = sessionCacheKey({ username: "ann", sid: "s1" })!;
    await page(apiFor(fake, store, "ann", "s1"));
    store.afterCall(key, "GET", "/v2/patients/pages", 403);
    fake.take();
    await page(apiFor(fake, store, "ann", "s1"));
    expect(fake.take()).toHaveLength(3);
  });
});

describe("the role the portal acts with (ADR 010/011)", () => {
  it("a demotion through this portal is seen at the demoted admin's next request; one made elsewhere within the TTL at most", async () => {
    const { store, fake, advance } = setup();
    const role = async () => (await getCurrentUser(apiFor(fake, store, "ann", "s1"))).data?.role;
    expect(await role()).toBe("PORTAL_PROVIDER_ADMIN");

    // Elsewhere (the API directly, another deployment): the cached profile holds the old role for up to the TTL.
    fake.users["token-ann"]!.role = "PORTAL_PRACTITIONER";
    advance(TTL - 1);
    expect(await role()).toBe("PORTAL_PROVIDER_ADMIN");
    advance(1);
    expect(await role()).toBe("PORTAL_PRACTITIONER");

    // Through this portal (another admin edits Ann's role): at once.
    fake.users["token-ann"]!.role = "PORTAL_PROVIDER_ADMIN";
    advance(TTL);
    expect(await role()).toBe("PORTAL_PROVIDER_ADMIN");
    fake.users["token-ann"]!.role = "PORTAL_PRACTITIONER";
    await updatePractitioner(apiFor(fake, store, "bob", "s2"), "p-ann", { role: "PORTAL_PRACTITIONER" });
    expect(await role()).toBe("PORTAL_PRACTITIONER");
  });
});

describe("sign-out", () => {
  beforeAll(() => void useTestConfig({ SESSION_CACHE_SECONDS: "60" }));
  afterAll(() => setConfigForTesting(undefined));

  it("endSession drops the session's entries from the process's cache", async () => {
    const store = sessionCache();
    const ctx = createTestContext();
    const s = getSession(new Request("http://localhost/"), ctx);
    const auth = { accessToken: "a", refreshToken: "r", username: "ann", groups: [], accessExpiresAt: 0, signedInAt: 0, lastActivityAt: Date.now(), sid: "s-out" };
    s.set("auth", auth);
    const key = sessionCacheKey(auth)!;
    store.store(key, "/v2/locations", "[]", store.begin());
    expect(store.read(key, "/v2/locations")).toBe("[]");
    // Revocation is best effort (no identity service here): it is skipped after its time-out at the latest.
    await endSession(s, ctx);
    expect(store.read(key, "/v2/locations")).toBeUndefined();
  }, 10_000);
});

describe("memory and other processes", () => {
  it("stays within its byte budget, dropping the least recently used sessions first", () => {
    const { store } = setup({ maxBytes: 3 * (2 * 100 + 2 * "/v2/locations".length) });
    const body = "x".repeat(100);
    for (const sid of ["a", "b", "c"]) store.store(`u\u0000${sid}`, "/v2/locations", body, store.begin());
    expect(store.read("u\u0000a", "/v2/locations")).toBe(body); // a is now the most recent
    store.store("u\u0000d", "/v2/locations", body, store.begin());
    expect(store.size().sessions).toBe(3);
    expect(store.read("u\u0000b", "/v2/locations")).toBeUndefined();
    expect(store.read("u\u0000a", "/v2/locations")).toBe(body);
    expect(store.size().bytes).toBeLessThanOrEqual(3 * (2 * 100 + 2 * "/v2/locations".length));
  });

  it("a drop is sent to the other processes, and one received from them is applied here only", async () => {
    const sent: SessionCacheDrop[] = [];
    const { store, fake } = setup({ broadcast: (d) => sent.push(d) });
    await page(apiFor(fake, store, "ann", "s1"));
    await page(apiFor(fake, store, "cy", "s3"));
    await updateLocation(apiFor(fake, store, "ann", "s1"), "l1", { name: "Renamed" });
    expect(sent).toEqual([{ type: SESSION_CACHE_MESSAGE, organizationId: ORG_A }]);
    store.apply({ organizationId: ORG_B });
    expect(sent).toHaveLength(1);
    fake.take();
    await page(apiFor(fake, store, "cy", "s3"));
    expect(fake.take()).toHaveLength(3);
  });

  it("the cluster primary relays a worker's drop to every other connected worker", () => {
    let onMessage: ((from: Worker, message: unknown) => void) | undefined;
    const received: Record<number, unknown[]> = { 1: [], 2: [], 3: [] };
    const worker = (id: number, connected = true) => ({ id, isConnected: () => connected, send: (m: unknown) => received[id]!.push(m) }) as unknown as Worker;
    const workers = { 1: worker(1), 2: worker(2), 3: worker(3, false) };
    const cluster = { workers, on: (event: string, fn: typeof onMessage) => ((onMessage = fn), cluster) } as unknown as Cluster;
    relaySessionCacheDrops(cluster);
    const drop = { type: SESSION_CACHE_MESSAGE, organizationId: ORG_A };
    onMessage!(workers[1], drop);
    onMessage!(workers[1], { type: "something else" });
    expect(received).toEqual({ 1: [], 2: [drop], 3: [] });
  });
});
