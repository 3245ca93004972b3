import { describe, expect, it } from "vitest";
import { CookieJar } from "./http.js";

describe("CookieJar", () => {
  it("keeps cookies by name, replaces them, and drops expired ones", () => {
    const jar = new CookieJar();
    jar.store(["exer-session=abc; Path=/; HttpOnly; SameSite=Lax", "exer-session.1=def; Path=/"]);
    expect(jar.header()).toBe("exer-session=abc; exer-session.1=def");
    jar.store(["exer-session=xyz; Path=/", "exer-session.1=; Path=/; Max-Age=0"]);
    expect(jar.header()).toBe("exer-session=xyz");
  });

  it("adds extra cookies to the header without keeping them", () => {
    const jar = new CookieJar();
    jar.store(["a=1"]);
    expect(jar.header({ "exer-js": "1" })).toBe("a=1; exer-js=1");
    expect(jar.has("exer-js")).toBe(false);
  });

  it("lists its cookies as name/value pairs", () => {
    const jar = new CookieJar();
    jar.store(["a=1; Path=/", "b=x=y; HttpOnly"]);
    expect(jar.entries()).toEqual([
      { name: "a", value: "1" },
      { name: "b", value: "x=y" },
    ]);
  });
});
