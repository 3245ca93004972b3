/**
 * Request bodies held to limits before they are parsed, and bodies that never arrive (ADR 036, issue 30 finding 7):
 * JSON nested deeper than MAX_JSON_DEPTH or larger than the body limit is a 400 with the API's error body (8,000
 * levels answered 500, unauthenticated); a declared body that never comes is answered 408 after REQUEST_TIMEOUT_MS
 * (it kept its connection open).
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, mintToken, type TestApi } from "../testing/harness.js";
import { JSON_TOO_DEEP_MESSAGE, jsonDeeperThan, MAX_JSON_DEPTH } from "./json-limits.js";

let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi({ requestTimeoutMs: 600 });
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());

const nested = (levels: number, inner = "1") => `${'{"a":'.repeat(levels)}${inner}${"}".repeat(levels)}`;

describe("the depth scan", () => {
  it("counts objects and arrays, not brackets in strings (escapes followed)", () => {
    expect(jsonDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDeeperThan(`${"[".repeat(3)}${"]".repeat(3)}`, 2)).toBe(true);
    expect(jsonDeeperThan(JSON.stringify({ a: "[[[[[[{{{{{{", b: '\\"[[[[[[', c: [1, [2]] }), 3)).toBe(false);
    expect(jsonDeeperThan(`["\\\\", [[1]]]`, 2)).toBe(true);
  });
});

describe("JSON bodies", () => {
  it("8,000 levels deep: 400 with a clear message, unauthenticated (the recovery code's use) and signed in", async () => {
    const deep = nested(8000, '"x"');
    const open = await api.request("POST", "/v2/mfa-recovery", { body: deep, headers: { "content-type": "application/json" } });
    expect(open.status).toBe(400);
    expect(open.body).toEqual({ message: JSON_TOO_DEEP_MESSAGE, status: 400 });
    const arrays = await api.request("PATCH", `/v2/users/${fx.adminA.userId}`, { as: fx.adminA, body: "[".repeat(8000) + "]".repeat(8000), headers: { "content-type": "application/json; charset=utf-8" } });
    expect(arrays.status).toBe(400);
    expect(arrays.body).toEqual({ message: JSON_TOO_DEEP_MESSAGE, status: 400 });
  });

  it("a body as deep as the limit is parsed as before (and refused by its schema, not the scan)", async () => {
    const res = await api.request("POST", "/v2/mfa-recovery", { body: nested(MAX_JSON_DEPTH), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).not.toBe(JSON_TOO_DEEP_MESSAGE);
  });

  it("over the size limit: 400 before it is read; prototype poisoning still refused", async () => {
    const big = await api.request("POST", "/v2/mfa-recovery", { body: `{"userId":"${"x".repeat(11 * 1024 * 1024)}"}`, headers: { "content-type": "application/json" } });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ message: "The request body is too large.", status: 400 });
    const poisoned = await api.request("POST", "/v2/mfa-recovery", { body: '{"__proto__":{"x":1},"userId":"u","recoveryCode":"AAAA-AAAA-AAAA-AAAA"}', headers: { "content-type": "application/json" } });
    expect(poisoned.status).toBe(400);
  });
});

describe("bodies that never arrive", () => {
  /** Sends `head` and nothing more; the answer and how long it took. */
  async function stall(port: number, head: string): Promise<{ answer: string; ms: number }> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (d) => (answer += d.toString("utf8")));
      socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
      socket.on("error", reject);
      socket.setTimeout(15_000, () => socket.destroy());
      socket.write(head);
    });
  }

  it("a declared 60 MB upload and a declared JSON body that never come are answered 408 with the error body", async () => {
    const address = await api.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(address).port);
    const token = await mintToken(fx.adminA);
    const upload = await stall(
      port,
      `POST /v2/organizations/${fx.orgA.id}/logo HTTP/1.1\r\nHost: api.test\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n`,
    );
    expect(upload.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(upload.answer.slice(upload.answer.indexOf("\r\n\r\n") + 4))).toEqual({ status: 408, message: "The request took too long to arrive." });
    const json = await stall(port, `POST /v2/mfa-recovery HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"userId":`);
    expect(json.answer).toMatch(/^HTTP\/1\.1 408 /);
    console.log(`408 after ${upload.ms} ms (upload) and ${json.ms} ms (JSON), REQUEST_TIMEOUT_MS=600`);
  });
});

describe("names and titles (the contract's SingleLineText)", () => {
  it("a line break or a control character in a name answers 400 naming the field (the finding: PATCH /v2/locations/{id} was 200)", async () => {
    const url = `/v2/locations/${fx.orgA.locations[0]}`;
    for (const name of ["a\r\nX: y", "tab\tname", "bell\u0007", "c1\u0085", "ls\u2028"]) {
      const res = await api.request("PATCH", url, { as: fx.adminA, body: { name } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toEqual({ message: "The field name contains a line break or another control character, which no name or title may contain.", status: 400 });
    }
    const nested = await api.request("POST", "/v2/admin/organizations", {
      as: fx.productAdmin,
      body: { orgName: "Fine", timezone: "America/Denver", products: ["HEALTH"], practitioner: { firstName: "A\nB", lastName: "C", email: "a@b.example", role: "PORTAL_PROVIDER_ADMIN" }, location: { name: "HQ", timezone: "America/Denver" } },
    });
    expect(nested.status).toBe(400);
    expect((nested.body as { message: string }).message).toMatch(/^The field practitioner\.firstName contains a line break/);
    const fine = await api.request("PATCH", url, { as: fx.adminA, body: { name: "José's Clinic — Denver (2)" } });
    expect(fine.status).toBe(200);
  });
});
