import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForTesting } from "../config.server";
import { createTestContext, portalRequest } from "../context";
import { useTestConfig } from "../testing/config";
import { CHUNK_SIZE } from "./session-crypto.server";
import { cookieIsSecure, getSession, sessionCookieName } from "./session.server";

beforeAll(() => {
  useTestConfig();
});
afterAll(() => setConfigForTesting(undefined));

/** The Cookie header a browser would send back after these Set-Cookie values. */
function browserCookies(setCookies: Iterable<string>, jar = new Map<string, string>()): Map<string, string> {
  for (const header of setCookies) {
    const [pair, ...attrs] = header.split("; ");
    const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
    if (attrs.includes("Max-Age=0")) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

const request = (jar: Map<string, string>, url = "http://localhost:3000/home/") =>
  new Request(url, { headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });

describe("the session cookie", () => {
  it("is written on change and read back by the next request", () => {
    const ctx = createTestContext();
    const session = getSession(request(new Map()), ctx);
    expect(getSession(request(new Map()), ctx)).toBe(session); // one per request
    expect(portalRequest(ctx).responseCookies.size).toBe(0);
    session.set("filter", { locationId: "l1" });
    const [header] = [...portalRequest(ctx).responseCookies.values()];
    expect(header).toMatch(/^exer-session\.0=v1\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const jar = browserCookies(portalRequest(ctx).responseCookies.values());
    expect(getSession(request(jar), createTestContext()).get("filter")).toEqual({ locationId: "l1" });
  });

  it("is chunked when large, and stale chunks are expired when it shrinks", () => {
    const ctx = createTestContext();
    const big = "t".repeat(CHUNK_SIZE * 2);
    getSession(request(new Map()), ctx).set("filter", big);
    const jar = browserCookies(portalRequest(ctx).responseCookies.values());
    expect([...jar.keys()].sort()).toEqual(["exer-session.0", "exer-session.1", "exer-session.2"]);
    const next = createTestContext();
    const session = getSession(request(jar), next);
    expect(session.get("filter")).toBe(big);
    session.set("filter", "small");
    const after = browserCookies(portalRequest(next).responseCookies.values(), new Map(jar));
    expect([...after.keys()]).toEqual(["exer-session.0"]);
    expect(getSession(request(after), createTestContext()).get("filter")).toBe("small");
  });

  it("is refused and expired when forged", () => {
    const ctx = createTestContext();
    getSession(request(new Map()), ctx).set("filter", "mine");
    const jar = browserCookies(portalRequest(ctx).responseCookies.values());
    const value = jar.get("exer-session.0")!;
    jar.set("exer-session.0", `${value.slice(0, -3)}${value.endsWith("AAA") ? "BBB" : "AAA"}`);
    const next = createTestContext();
    expect(getSession(request(jar), next).get("filter")).toBeUndefined();
    expect([...portalRequest(next).responseCookies.values()]).toEqual(["exer-session.0=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT"]);
  });

  it("survives a secret rotation and is refused once the old secret is retired", () => {
    useTestConfig({ SESSION_SECRETS: "old-secret-old-secret-old-secret-0001" });
    const ctx = createTestContext();
    getSession(request(new Map()), ctx).set("filter", "before rotation");
    const jar = browserCookies(portalRequest(ctx).responseCookies.values());
    useTestConfig({ SESSION_SECRETS: "new-secret-new-secret-new-secret-0002,old-secret-old-secret-old-secret-0001" });
    expect(getSession(request(jar), createTestContext()).get("filter")).toBe("before rotation");
    useTestConfig({ SESSION_SECRETS: "new-secret-new-secret-new-secret-0002" });
    expect(getSession(request(jar), createTestContext()).get("filter")).toBeUndefined();
    useTestConfig();
  });

  it("flash values are read once; destroy clears everything", () => {
    const ctx = createTestContext();
    const s = getSession(request(new Map()), ctx);
    s.set("filter", "x");
    s.flash("toast", { type: "success", message: "Done." });
    const jar = browserCookies(portalRequest(ctx).responseCookies.values());
    const ctx2 = createTestContext();
    const s2 = getSession(request(jar), ctx2);
    expect(s2.takeFlash("toast")).toEqual({ type: "success", message: "Done." });
    expect(s2.takeFlash("toast")).toBeUndefined();
    s2.destroy();
    expect(browserCookies(portalRequest(ctx2).responseCookies.values(), new Map(jar)).size).toBe(0);
  });

  it("a redirect keeps the flash values its request read for the page it leads to; newer ones win", () => {
    const ctx = createTestContext();
    getSession(request(new Map()), ctx).flash("toast", { type: "success", message: "Patient added." });
    const jar = browserCookies(portalRequest(ctx).responseCookies.values());

    // The root loader reads the toast while a child loader redirects (/patients/{id}/ → its default section).
    const ctx2 = createTestContext();
    expect(getSession(request(jar), ctx2).takeFlash("toast")?.message).toBe("Patient added.");
    portalRequest(ctx2).onRedirect?.();
    const jar2 = browserCookies(portalRequest(ctx2).responseCookies.values(), new Map(jar));
    // The page it leads to shows it, once.
    const ctx3 = createTestContext();
    const s3 = getSession(request(jar2), ctx3);
    expect(s3.takeFlash("toast")?.message).toBe("Patient added.");
    const jar3 = browserCookies(portalRequest(ctx3).responseCookies.values(), new Map(jar2));
    expect(getSession(request(jar3), createTestContext()).takeFlash("toast")).toBeUndefined();

    // A redirect that flashes a toast of its own shows that one.
    const ctx4 = createTestContext();
    const s4 = getSession(request(jar2), ctx4);
    s4.takeFlash("toast");
    s4.flash("toast", { type: "error", message: "Newer." });
    portalRequest(ctx4).onRedirect?.();
    expect(getSession(request(browserCookies(portalRequest(ctx4).responseCookies.values(), new Map(jar2))), createTestContext()).takeFlash("toast")?.message).toBe("Newer.");
  });

  it("is Secure (with the __Host- prefix) everywhere but plain http on this machine", () => {
    expect(cookieIsSecure(new URL("http://localhost:3000/"))).toBe(false);
    expect(cookieIsSecure(new URL("http://127.0.0.1:3000/"))).toBe(false);
    expect(cookieIsSecure(new URL("https://localhost/"))).toBe(true);
    expect(cookieIsSecure(new URL("http://portal.example.com/"))).toBe(true);
    expect(sessionCookieName(true)).toBe("__Host-exer-session");
    const ctx = createTestContext();
    getSession(request(new Map(), "https://portal.example.com/"), ctx).set("filter", 1);
    expect([...portalRequest(ctx).responseCookies.values()][0]).toMatch(/^__Host-exer-session\.0=v1\.[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
  });
});
