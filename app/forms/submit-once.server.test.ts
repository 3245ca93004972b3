import { afterEach, describe, expect, it } from "vitest";
import { forgetSubmissions, formToken, submitOnce } from "./submit-once.server";

afterEach(forgetSubmissions);

describe("submitOnce", () => {
  it("runs the work once per token; a concurrent repeat gets the first outcome", async () => {
    let runs = 0;
    const token = formToken();
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return { keep: true, value: `saved ${runs}` };
    };
    const [a, b] = await Promise.all([submitOnce("u1:add", token, work), submitOnce("u1:add", token, work)]);
    expect([a, b]).toEqual(["saved 1", "saved 1"]);
    expect(await submitOnce("u1:add", token, work)).toBe("saved 1");
    expect(runs).toBe(1);
  });

  it("forgets outcomes that saved nothing, and keeps scopes apart", async () => {
    const token = formToken();
    let runs = 0;
    await submitOnce("u1:add", token, async () => ({ keep: false, value: ++runs }));
    expect(await submitOnce("u1:add", token, async () => ({ keep: true, value: ++runs }))).toBe(2);
    expect(await submitOnce("u2:add", token, async () => ({ keep: true, value: ++runs }))).toBe(3);
  });

  it("runs without a well-formed token", async () => {
    let runs = 0;
    await submitOnce("s", "nope", async () => ({ keep: true, value: ++runs }));
    await submitOnce("s", null, async () => ({ keep: true, value: ++runs }));
    expect(runs).toBe(2);
  });
});

describe("formToken", () => {
  it("is a random UUID v4, different every time", () => {
    const tokens = new Set(Array.from({ length: 1000 }, formToken));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
