/**
 * The build's precompressed assets through the portal's own app (createApp): Brotli when the browser takes it, else
 * gzip, else the file as it is; each with the original's type, the immutable caching and Vary: Accept-Encoding. Scripts
 * and stylesheets come from memory with a subresource's headers only, not a document's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setLogSink } from "../app/log.server";
import { testConfig } from "../app/testing/config";
import { createApp } from "./app";
import { acceptedCodings } from "./precompressed";
import { precompressDir } from "../scripts/bundle/precompress";

const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
let root: string;
let server: Server;
let base: string;
let restoreLog = () => {};

beforeAll(async () => {
  restoreLog = setLogSink(() => {});
  root = mkdtempSync(join(tmpdir(), "precompressed-"));
  const dir = join(root, "build", "client", "build");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "entry-abc.js"), SCRIPT);
  writeFileSync(join(dir, "plain-abc.css"), `.a { color: red; }\n`.repeat(200));
  await precompressDir(dir);
  rmSync(join(dir, "plain-abc.css.br"));
  rmSync(join(dir, "plain-abc.css.gz"));
  const app = createApp({ build: () => Promise.reject(new Error("no app here")), mode: "production", config: { ...testConfig(), trustProxy: "loopback" }, root, isShuttingDown: () => false });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  restoreLog();
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

/** fetch() would decode the body: node:http's raw answer instead. */
async function get(path: string, acceptEncoding?: string) {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed assets under /build/", () => {
  it("sends the Brotli copy to a browser that takes br, with the script's type and immutable caching", async () => {
    const res = await get("/build/entry-abc.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy when br is not taken (or refused with q=0)", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip"]) {
      const res = await get("/build/entry-abc.js", accept);
      expect(res.headers["content-encoding"], accept).toBe("gzip");
      expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
    }
  });

  it("sends the file itself to a client that takes no coding, and a HEAD with the same headers", async () => {
    const res = await get("/build/entry-abc.js", "identity");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
    const { request } = await import("node:http");
    const head = await new Promise<Record<string, string | string[] | undefined>>((resolve) =>
      request(`${base}/build/entry-abc.js`, { method: "HEAD", headers: { "accept-encoding": "br" } }, (r) => (r.resume(), resolve(r.headers))).end(),
    );
    expect(head["content-encoding"]).toBe("br");
  });

  it("falls back to what exists: the file itself when the build kept no copy in the coding taken", async () => {
    const css = await get("/build/plain-abc.css", "br");
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.body.toString()).toBe(`.a { color: red; }\n`.repeat(200));
  });

  it("sends a script or stylesheet with a subresource's headers only: no document policies, request id, ETag or date of change", async () => {
    for (const path of ["/build/entry-abc.js", "/build/plain-abc.css"]) {
      const { headers } = await get(path, "br");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
      for (const name of ["content-security-policy", "x-frame-options", "permissions-policy", "referrer-policy", "reporting-endpoints", "x-request-id", "etag", "last-modified", "strict-transport-security"]) {
        expect(headers[name], `${path}: ${name}`).toBeUndefined();
      }
    }
    // Over https (behind the TLS proxy the config trusts), HSTS as on every answer.
    const { request } = await import("node:http");
    const secure = await new Promise<Record<string, string | string[] | undefined>>((resolve) =>
      request(`${base}/build/entry-abc.js`, { headers: { "x-forwarded-proto": "https" } }, (r) => (r.resume(), resolve(r.headers))).end(),
    );
    expect(secure["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("answers anything else under /build/ through the usual chain, with the document's policies", async () => {
    const missing = await get("/build/missing-abc.js", "br");
    expect(missing.headers["content-security-policy"]).toBeDefined();
    const post = await new Promise<number>((resolve) => {
      void import("node:http").then(({ request }) => request(`${base}/build/entry-abc.js`, { method: "POST" }, (r) => (r.resume(), resolve(r.statusCode ?? 0))).end());
    });
    expect(post).not.toBe(200);
  });

  it("answers a file that is not there 404", async () => {
    expect((await get("/build/missing-abc.js", "br")).status).toBe(404);
  });
});

describe("acceptedCodings", () => {
  it("reads the codings with q > 0, case-insensitively", () => {
    expect([...acceptedCodings("gzip, deflate, BR;q=0.5")]).toEqual(["gzip", "deflate", "br"]);
    expect([...acceptedCodings("br;q=0, gzip;q=0.0, identity")]).toEqual(["identity"]);
    expect([...acceptedCodings(undefined)]).toEqual([]);
  });
});
