import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, mintToken, type TestApi } from "../testing/harness.js";

let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());

describe("the server core", () => {
  it("answers the health check without a token", async () => {
    const res = await api.request("GET", "/healthcheck");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("refuses a secured call without a token, with a malformed one, a tampered one, another issuer's and an expired one", async () => {
    const good = await mintToken(fx.adminA);
    const [h, p, s] = good.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), "cognito:groups": ["EXER_ADMIN"] })).toString("base64url")}.${s}`;
    const otherIssuer = await mintToken(fx.adminA, { issuer: "http://evil.test/pool" });
    const expired = await mintToken(fx.adminA, { expiresIn: "-1m" });
    for (const token of [undefined, "not-a-jwt", tampered, otherIssuer, expired]) {
      const res = await api.request("GET", "/v2/users/current", { token, headers: token ? {} : {} });
      expect(res.status, String(token).slice(0, 20)).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String), status: 401 });
    }
  });

  it("answers the paths the contract writes with a trailing slash (as the spec does) with or without it", async () => {
    const staff = { userId: fx.support.userId, groups: fx.support.groups };
    const slash = await api.request("GET", "/v2/admin/scan/clients/", { as: staff });
    const bare = await api.request("GET", "/v2/admin/scan/clients", { as: staff });
    expect(slash.status).toBe(200);
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual(slash.body);
  });

  it("answers unknown routes with the error body", async () => {
    const res = await api.request("GET", "/v2/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String), status: 404 });
  });

  it("serves a signed file and refuses a tampered or expired signature", async () => {
    await api.services.files.put("test/hello.json", JSON.stringify({ frames: [] }), "application/pdf");
    const { url } = api.services.signer.sign("test/hello.json", 60);
    const path = url.replace(api.config.publicUrl, "");
    const ok = await api.request("GET", path);
    expect(ok.status).toBe(200);
    expect(ok.headers["cache-control"]).toBe("private, no-store");
    const tampered = path.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 1}`);
    expect((await api.request("GET", tampered)).status).toBe(403);
    const expired = api.services.signer.sign("test/hello.json", -10).url.replace(api.config.publicUrl, "");
    expect((await api.request("GET", expired)).status).toBe(403);
  });
});

describe("request validation and refusals", () => {
  it("answers an oversized query string (431) and a malformed request (400) with the error body, over a real socket", async () => {
    const address = await api.app.listen({ port: 0, host: "127.0.0.1" });
    const send = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(address).port), "127.0.0.1");
        let answer = "";
        socket.on("data", (d) => (answer += d.toString("utf8")));
        socket.on("close", () => resolve(answer));
        socket.on("error", reject);
        socket.write(raw);
      });
    const big = await send(`GET /v2/patients/pages?search=${"x".repeat(100_000)} HTTP/1.1\r\nHost: api.test\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(big.slice(big.indexOf("\r\n\r\n") + 4));
    expect(body).toEqual({ status: 431, message: expect.stringContaining("larger than the API accepts") });
    const bad = await send("NOT HTTP AT ALL\r\n\r\n");
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(bad.slice(bad.indexOf("\r\n\r\n") + 4))).toEqual({ status: 400, message: "The request is not valid HTTP." });
  });

  it("does not coerce JSON body types (a number sent as a string is refused)", async () => {
    // PATCH /v2/users/{id} takes strings only; send a number where a string is expected.
    const res = await api.request("PATCH", `/v2/users/${fx.adminA.userId}`, { as: fx.adminA, body: { userId: fx.adminA.userId, firstName: 12, lastName: "X" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining("firstName"), status: 400 });
  });

  it("answers a missing JSON body or another content type with 400, not 500", async () => {
    const url = `/v2/users/${fx.adminA.userId}`;
    const missing = await api.request("PATCH", url, { as: fx.adminA });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: expect.stringContaining("JSON"), status: 400 });
    const text = await api.request("PATCH", url, { as: fx.adminA, body: "firstName=x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    expect(text.body.status).toBe(400);
  });

  it("answers malformed JSON with 400 and the error body", async () => {
    const res = await api.request("PATCH", `/v2/users/${fx.adminA.userId}`, { as: fx.adminA, body: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), status: 400 });
  });

  it("refuses the users of a disabled organization with 403 and says why", async () => {
    await api.db.query("UPDATE organizations SET disabled = true WHERE id = $1", [fx.orgB.id]);
    try {
      const res = await api.request("GET", "/v2/users/current", { as: fx.adminB });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Your organization is disabled.");
    } finally {
      await api.db.query("UPDATE organizations SET disabled = false WHERE id = $1", [fx.orgB.id]);
    }
  });
});
