import { afterEach, describe, expect, it } from "vitest";
import { callOnce, forgetSubmissions, formToken, submitOnce } from "./submit-once.server";

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

describe("callOnce", () => {
  it("keeps a successful call's result for the token; a failed call can be sent again", async () => {
    let calls = 0;
    const token = formToken();
    const failing = async () => ({ error: { message: "refused", status: 409 }, n: ++calls });
    expect(await callOnce("u1:x", token, failing)).toMatchObject({ n: 1 });
    const ok = async (): Promise<{ data: string; n: number; error?: undefined }> => ({ data: "saved", n: ++calls });
    const [a, b] = await Promise.all([callOnce("u1:x", token, ok), callOnce("u1:x", token, ok)]);
    expect([a, b]).toEqual([{ data: "saved", n: 2 }, { data: "saved", n: 2 }]);
    expect(calls).toBe(2);
  });
});

describe("submitOnce and the API's Idempotency-Key", () => {
  it("runs the work with the form's token as the key of its API posts", async () => {
    const { currentIdempotencyKey } = await import("./idempotency-key.server");
    const token = "0b6a3f5e-2f7c-4d2a-8c1e-5a9b7d3e1f20";
    const seen = await submitOnce("u1:test-key", token, async () => ({ keep: true, value: currentIdempotencyKey() }));
    expect(seen).toBe(token);
    expect(currentIdempotencyKey()).toBeUndefined();
  });
});
