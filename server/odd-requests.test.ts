import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsBody, DEFAULT_RETRY_AFTER_SECONDS, formBodiesOnly, NOT_A_FORM_MESSAGE, retryAfterOn429 } from "./odd-requests";

describe("acceptsBody (only forms reach the actions)", () => {
  it("takes urlencoded forms and multipart forms with a boundary, whatever the case and parameters", () => {
    expect(acceptsBody("POST", "/patients/", "application/x-www-form-urlencoded")).toBe(true);
    expect(acceptsBody("POST", "/patients/", "Application/X-WWW-Form-Urlencoded; charset=UTF-8")).toBe(true);
    expect(acceptsBody("POST", "/patients/", "multipart/form-data; boundary=----WebKitFormBoundaryAbc")).toBe(true);
    expect(acceptsBody("PUT", "/patients/", 'multipart/form-data; boundary="a b"')).toBe(true);
  });

  it("refuses every other type, no type, and multipart without a boundary", () => {
    for (const type of [undefined, "", "text/plain", "application/json", "application/xml", "text/html", "application/octet-stream", "multipart/form-data", "multipart/form-data; boundary=", "multipart/mixed; boundary=x", "application/x-www-form-urlencodedx"]) {
      expect(acceptsBody("POST", "/patients/", type), String(type)).toBe(false);
    }
    expect(acceptsBody("DELETE", "/patients/", undefined)).toBe(false);
  });

  it("lets reads through whatever they say", () => {
    expect(acceptsBody("GET", "/patients/", "application/json")).toBe(true);
    expect(acceptsBody("HEAD", "/patients/", undefined)).toBe(true);
  });
});

describe("the middleware in an express app", () => {
  let base = "";
  let server: import("node:http").Server;
  beforeAll(async () => {
    const app = express();
    app.use(formBodiesOnly(), retryAfterOn429());
    app.post("/form", (_req, res) => void res.status(200).send("read"));
    app.get("/limited", (_req, res) => void res.status(429).send("slow down"));
    app.get("/limited-own", (_req, res) => void res.status(429).set("Retry-After", "7").send("slow down"));
    app.get("/limited-stream", (_req, res) => {
      res.statusCode = 429;
      res.flushHeaders();
      res.end("slow down");
    });
    app.get("/ok", (_req, res) => void res.send("fine"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("answers a JSON, plain-text or untyped post 415 with a message and Accept-Post, and passes forms on", async () => {
    for (const [type, body] of [["application/json", "{}"], ["text/plain", "a=b"], [undefined, new Uint8Array()], ["multipart/form-data", "x"]] as const) {
      // A string body without a type would be sent as text/plain by fetch: the untyped post sends bytes.
      const res = await fetch(`${base}/form`, { method: "POST", headers: type ? { "content-type": type } : {}, body });
      expect(res.status, String(type)).toBe(415);
      expect(await res.text()).toBe(NOT_A_FORM_MESSAGE);
      expect(res.headers.get("accept-post")).toBe("application/x-www-form-urlencoded, multipart/form-data");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const form = await fetch(`${base}/form`, { method: "POST", body: new URLSearchParams({ a: "b" }) });
    expect(form.status).toBe(200);
    const multipart = new FormData();
    multipart.set("a", "b");
    expect((await fetch(`${base}/form`, { method: "POST", body: multipart })).status).toBe(200);
  });

  it("gives every 429 a Retry-After, keeping one the route set", async () => {
    const plain = await fetch(`${base}/limited`);
    expect(plain.status).toBe(429);
    expect(plain.headers.get("retry-after")).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect((await fetch(`${base}/limited-stream`)).headers.get("retry-after")).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect((await fetch(`${base}/limited-own`)).headers.get("retry-after")).toBe("7");
    expect((await fetch(`${base}/ok`)).headers.get("retry-after")).toBeNull();
  });
});
