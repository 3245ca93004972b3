/**
 * The authentication middleware (ADR 037) in React Router's own request handling (its static handler, as the
 * server build runs it): one load of the user per request whatever the number of loaders, data requests that ask
 * for a child's loader only, actions, a resource route's own middleware, and the refusals.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createStaticHandler, isRouteErrorResponse, type MiddlewareFunction, type RouteObject, type RouterContextProvider, type StaticHandlerContext } from "react-router";
import type { ApiResult } from "../api/result";
import type { UserProfile } from "../api/schemas";
import { setConfigForTesting } from "../config.server";
import { createTestContext, type PortalLoadContext } from "../context";
import { useTestConfig } from "../testing/config";
import { authenticate, currentUser, requirePatientsUser, requireProduct, requireRole, requireSignedIn, sessionAuth } from "./current-user.server";
import { refuseReadOnlyChanges } from "./read-only.server";
import { isAdminType } from "./roles";
import { getSession } from "./session.server";

/** GET v2/users/current, answered by the test (each call counted). */
const userCalls = vi.hoisted(() => ({ count: 0, answer: undefined as unknown }));
vi.mock("../api/users.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/users.server")>()),
  getCurrentUser: async () => {
    userCalls.count++;
    return userCalls.answer;
  },
}));

function profile(role: string, products: string[]): UserProfile {
  return {
    userId: "u1",
    firstName: "Ann",
    lastName: "Lee",
    email: "ann@example.test",
    role,
    groups: [role],
    locations: [],
    organization: { id: "org-a", name: "Front Range", products, timezone: "America/Denver" },
  } as unknown as UserProfile;
}

const answer = (result: ApiResult<unknown>) => (userCalls.answer = result);

beforeAll(() => void useTestConfig());
afterAll(() => setConfigForTesting(undefined));
beforeEach(() => {
  userCalls.count = 0;
  answer({ data: profile("PORTAL_PROVIDER_ADMIN", ["HEALTH", "GAIT", "SCAN"]) });
});

/** A context whose session is signed in (or not). */
function contextFor(request: Request, signedIn = true): RouterContextProvider {
  const context = createTestContext();
  if (signedIn) {
    const now = Date.now();
    getSession(request, context).set("auth", { accessToken: "a", refreshToken: "r", username: "u1", groups: ["PORTAL_PROVIDER_ADMIN"], accessExpiresAt: now + 3_600_000, signedInAt: now, lastActivityAt: now, sid: "s1" });
  }
  return context;
}

/** What each loader saw: the user id it read (or the error it threw). */
const seen: string[] = [];
const reads = (id: string, read: (context: PortalLoadContext) => { userId: string }) => ({ context }: { context: PortalLoadContext }) => {
  seen.push(id);
  return read(context).userId;
};

/** The server handler runs middleware typed for Responses; the router's route objects type it loosely. */
const mw = (...fns: MiddlewareFunction<Response>[]) => fns as unknown as MiddlewareFunction[];

const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: () => "root",
    children: [
      {
        id: "app",
        middleware: mw(authenticate, refuseReadOnlyChanges),
        loader: reads("app", currentUser),
        children: [
          { id: "patients", path: "patients", loader: reads("patients", requirePatientsUser), action: reads("patients-action", currentUser) },
          { id: "scan", path: "scan", loader: reads("scan", (c) => requireProduct(c, "SCAN")) },
          { id: "gait", path: "gait", loader: reads("gait", (c) => requireProduct(c, "GAIT")) },
        ],
      },
      { id: "admin", path: "admin", middleware: mw(authenticate), loader: reads("admin", (c) => requireRole(c, isAdminType)) },
      // A resource route outside the layouts, with its own middleware (a PDF, a CSV, …).
      { id: "file", path: "file.pdf", middleware: mw(authenticate), loader: ({ context }: { context: PortalLoadContext }) => new Response(`pdf of ${currentUser(context).userId}`) },
      { id: "keep-alive", path: "keep-alive", middleware: mw(requireSignedIn), action: ({ context }: { context: PortalLoadContext }) => sessionAuth(context).username },
      // A route someone forgot to put under the middleware.
      { id: "forgotten", path: "forgotten", loader: reads("forgotten", currentUser) },
    ],
  },
];

type Answer = Response | StaticHandlerContext;

/** A document or data request through the static handler with middleware (what the server build does). */
async function query(path: string, opts: { method?: string; signedIn?: boolean; only?: string[] } = {}): Promise<Answer> {
  seen.length = 0;
  const request = new Request(`http://localhost${path}`, { method: opts.method ?? "GET", ...(opts.method === "POST" ? { body: new URLSearchParams() } : {}) });
  const context = contextFor(request, opts.signedIn ?? true);
  const handler = createStaticHandler(routes);
  let result: Answer | undefined;
  const response = await handler.query(request, {
    requestContext: context,
    // A client navigation's data request asks for some loaders only (`?_routes=`).
    ...(opts.only ? { filterMatchesToLoad: (m: { route: { id: string } }) => opts.only!.includes(m.route.id) } : {}),
    generateMiddlewareResponse: async (q) => {
      const r = await q(request);
      result = r;
      return r instanceof Response ? r : new Response(null, { status: r.statusCode });
    },
  });
  return result ?? response;
}

/** The error the request ended in (React Router puts it at the nearest boundary: here the root's). */
const errorOf = (a: Answer) => (a instanceof Response ? undefined : Object.values(a.errors ?? {})[0]);

describe("authenticate: one load of the user per request (ADR 037)", () => {
  it("a document request: the layout's and the page's loaders read the one user, loaded once", async () => {
    const a = await query("/patients/");
    expect(a).not.toBeInstanceOf(Response);
    expect((a as StaticHandlerContext).loaderData).toEqual({ root: "root", app: "u1", patients: "u1" });
    expect(userCalls.count).toBe(1);
  });

  it("a client navigation's data request for the child's loader only: the layout's middleware still runs, once", async () => {
    const a = await query("/patients/", { only: ["patients"] });
    expect((a as StaticHandlerContext).loaderData).toEqual({ patients: "u1" });
    expect(seen).toEqual(["patients"]);
    expect(userCalls.count).toBe(1);
  });

  it("an action: the middleware runs before it, and the read-only check reads the same user", async () => {
    const a = await query("/patients/", { method: "POST" });
    expect((a as StaticHandlerContext).actionData).toEqual({ patients: "u1" });
    expect(userCalls.count).toBe(1);
  });

  it("a resource route's own middleware runs before its loader", async () => {
    const request = new Request("http://localhost/file.pdf");
    const context = contextFor(request);
    const res = await createStaticHandler(routes).queryRoute(request, { requestContext: context, generateMiddlewareResponse: (q) => q(request) });
    expect(await (res as Response).text()).toBe("pdf of u1");
    expect(userCalls.count).toBe(1);
  });

  it("a route outside every middleware cannot read a user (a 500 that names the missing middleware)", async () => {
    const a = await query("/forgotten/");
    expect(String(errorOf(a))).toMatch(/must export `middleware = \[authenticate\]`/);
    expect(userCalls.count).toBe(0);
  });
});

describe("authenticate: refusals", () => {
  it("signed out: the login page with the way back, and no call to the API", async () => {
    const a = await query("/patients/?q=ann", { signedIn: false });
    expect(a).toBeInstanceOf(Response);
    expect((a as Response).status).toBe(302);
    expect((a as Response).headers.get("Location")).toBe(`/user/login/?${new URLSearchParams({ redirectTo: "/patients/?q=ann" })}`);
    expect(seen).toEqual([]);
    expect(userCalls.count).toBe(0);
  });

  it("signed out, on a resource route and on the session-only step alike", async () => {
    for (const path of ["/file.pdf", "/keep-alive"]) {
      const request = new Request(`http://localhost${path}`, path === "/keep-alive" ? { method: "POST", body: new URLSearchParams() } : {});
      const res = (await createStaticHandler(routes).queryRoute(request, { requestContext: contextFor(request, false), generateMiddlewareResponse: (q) => q(request) })) as Response;
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/user\/login\//);
    }
  });

  it("the session-only step: no user load", async () => {
    const request = new Request("http://localhost/keep-alive", { method: "POST", body: new URLSearchParams() });
    const res = (await createStaticHandler(routes).queryRoute(request, { requestContext: contextFor(request), generateMiddlewareResponse: (q) => q(request) })) as Response;
    expect(await res.text()).toBe("u1");
    expect(userCalls.count).toBe(0);
  });

  it("a role the area is not for: redirected to the root", async () => {
    answer({ data: profile("PORTAL_PRACTITIONER", ["HEALTH"]) });
    const a = await query("/admin/");
    expect((a as Response).status).toBe(302);
    expect((a as Response).headers.get("Location")).toBe("/");
  });

  it("a product the organization lacks: 404; a scan-only organization's patient area: 404", async () => {
    answer({ data: profile("PORTAL_PROVIDER_ADMIN", ["SCAN"]) });
    const gait = errorOf(await query("/gait/"));
    expect(isRouteErrorResponse(gait) && gait.status).toBe(404);
    const patients = errorOf(await query("/patients/"));
    expect(isRouteErrorResponse(patients) && patients.status).toBe(404);
    expect((await query("/scan/")) as StaticHandlerContext).toMatchObject({ loaderData: { scan: "u1" } });
  });

  it("unknown groups: the provider-not-found page; no groups: signed out", async () => {
    answer({ data: { ...profile("PORTAL_PRACTITIONER", ["HEALTH"]), groups: ["SOMETHING_ELSE"] } });
    expect(((await query("/patients/")) as Response).headers.get("Location")).toBe("/user/not-found/");
    answer({ data: { ...profile("PORTAL_PRACTITIONER", ["HEALTH"]), groups: [] } });
    expect(((await query("/patients/")) as Response).headers.get("Location")).toBe("/user/login/");
  });

  it("the API refuses the session (401): signed out, the login page with the way back", async () => {
    answer({ error: { message: "expired", status: 401 } });
    const a = (await query("/patients/")) as Response;
    expect(a.headers.get("Location")).toBe(`/user/login/?${new URLSearchParams({ redirectTo: "/patients/" })}`);
  });

  it("the user cannot be loaded (503): thrown by the loaders that read it, in their own frame", async () => {
    answer({ error: { message: "down", status: 500 } });
    const a = await query("/patients/");
    const error = errorOf(a);
    expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([503, { message: "down" }]);
    expect(userCalls.count).toBe(1);
  });
});
