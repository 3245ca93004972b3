/**
 * Issue 23 finding 9 (ADR 024 §9): a long URL answered 414 at once, oversized headers 431, a stalled request 408
 * within seconds — through the portal's own app (createApp) on a server made as index.ts makes it.
 *
 * The requests are written on raw sockets so that exactly these bytes are sent (a client library may refuse to
 * send them, or add its own limits), including the one curl 7.88's cookie engine sent in the probe: a request
 * line with a 6,000-character query, then an empty `Cookie:` header, and nothing more.
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginUrlFor } from "../app/auth/redirect";
import { setLogSink } from "../app/log.server";
import { testConfig } from "../app/testing/config";
import { createApp } from "./app";
import {
  CONNECTIONS_CHECKING_INTERVAL_MS,
  HEADERS_TIMEOUT_MS,
  HEADERS_TOO_LARGE_MESSAGE,
  httpServerOptions,
  MAX_HEADER_BYTES,
  MAX_REQUEST_TARGET_BYTES,
  ROUTE_DISCOVERY_URL_LIMIT,
  onClientError,
  DEFAULT_REQUEST_TIMEOUT_MS,
  requestTimeoutFrom,
  URI_TOO_LONG_MESSAGE,
} from "./request-limits";

/** Sends `raw` and resolves with what the server answered and how long it took (or what it had when it closed). */
function rawRequest(port: number, raw: string, waitMs = 10_000): Promise<{ status: number; text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, ms: Date.now() - started });
    }, waitMs);
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, ms: Date.now() - started });
    });
    socket.write(raw);
  });
}

const SESSION_COOKIE = `exer-session.0=v1.${"S".repeat(2800)}`; // a signed-in browser's cookie is ~2.7 KB
const longQuery = (n: number) => `/patients/?search=${"a".repeat(n)}`;

let server: Server;
let slowServer: Server;
let port: number;
let slowPort: number;
let handled = 0;

let restoreLog = () => {};
beforeAll(async () => {
  restoreLog = setLogSink(() => {});
  const config = testConfig();
  // The app's React Router handler is not what is tested: any request that reaches it is counted and answered 500.
  const app = createApp({
    build: () => {
      handled++;
      return Promise.reject(new Error("reached the app"));
    },
    mode: "production",
    config,
    root: process.cwd(),
    isShuttingDown: () => false,
  });
  server = createServer(httpServerOptions(), app);
  server.on("clientError", onClientError);
  // The same, with a short headers time-out, for the stalled request.
  slowServer = createServer(httpServerOptions({ headersTimeout: 1_000, connectionsCheckingInterval: 200 }), app);
  slowServer.on("clientError", onClientError);
  await Promise.all([new Promise<void>((r) => server.listen(0, "127.0.0.1", r)), new Promise<void>((r) => slowServer.listen(0, "127.0.0.1", r))]);
  port = (server.address() as AddressInfo).port;
  slowPort = (slowServer.address() as AddressInfo).port;
});

afterAll(async () => {
  restoreLog();
  server.closeAllConnections();
  slowServer.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => slowServer.close(r))]);
});

describe("a long request target", () => {
  it("is answered 414 at once, signed in or not, before the app sees it", async () => {
    for (const cookie of [SESSION_COOKIE, null]) {
      const before = handled;
      const res = await rawRequest(port, `GET ${longQuery(9000)} HTTP/1.1\r\nHost: localhost\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`);
      expect(res.status, cookie ? "signed in" : "signed out").toBe(414);
      expect(res.text).toContain(URI_TOO_LONG_MESSAGE);
      expect(res.text).toMatch(/\r\nConnection: close\r\n/i);
      expect(res.ms).toBeLessThan(2_000);
      expect(handled, "the app never ran").toBe(before);
    }
  });

  it("is 414 just over the limit and reaches the app at the limit", async () => {
    const at = `/x?q=${"b".repeat(MAX_REQUEST_TARGET_BYTES - 5)}`;
    expect(at).toHaveLength(MAX_REQUEST_TARGET_BYTES);
    const before = handled;
    expect((await rawRequest(port, `GET ${at} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)).status).toBe(500); // the stub app's answer
    expect(handled).toBeGreaterThan(before);
    expect((await rawRequest(port, `GET ${at}b HTTP/1.1\r\nHost: localhost\r\n\r\n`)).status).toBe(414);
  });

  it("lets React Router's longest route-discovery request through (its URL_LIMIT, origin included)", async () => {
    const target = `/__manifest?paths=${"%2Fpatients%2F".repeat(1000)}`.slice(0, ROUTE_DISCOVERY_URL_LIMIT - "https://portal.clinic.example".length);
    const before = handled;
    expect((await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)).status).toBe(500); // the stub app's answer
    expect(handled).toBeGreaterThan(before);
  });

  it("is 414 too when the target alone is over Node's header limit", async () => {
    const res = await rawRequest(port, `GET ${longQuery(MAX_HEADER_BYTES + 1000)} HTTP/1.1\r\nHost: localhost\r\nCookie: ${SESSION_COOKIE}\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(res.text).toContain(URI_TOO_LONG_MESSAGE);
  });
});

describe("oversized headers", () => {
  it("are answered 431 with a message, at once", async () => {
    const res = await rawRequest(port, `GET /patients/ HTTP/1.1\r\nHost: localhost\r\nCookie: a=${"c".repeat(MAX_HEADER_BYTES)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.text).toContain(HEADERS_TOO_LARGE_MESSAGE);
    expect(res.text).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(res.ms).toBeLessThan(2_000);
  });

  it("unparsable requests are 400, with no detail", async () => {
    const res = await rawRequest(port, "NOT AN HTTP REQUEST\r\n\r\n");
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/at .*\.ts|node:internal/);
  });
});

describe("a request whose headers never end (curl 7.88's request in the probe)", () => {
  it("is answered 408 after the headers time-out, checked often", async () => {
    // What curl 7.88.1 sent with a cookie jar holding the session: its cookie engine dropped the cookie for the
    // request's size, wrote `Cookie: ` and stopped (curl/curl#11331) — the server then waits for the headers' end.
    const res = await rawRequest(slowPort, `GET ${longQuery(9000)} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\nCookie: \r\n`, 5_000);
    expect(res.status).toBe(408);
    expect(res.ms).toBeLessThan(1_000 + 200 + 1_000);
  });

  it("a keep-alive connection idle for longer than the headers time-out is still served (the time-out counts from a request's first byte)", async () => {
    const idle = connect(slowPort, "127.0.0.1");
    let idleText = "";
    idle.on("data", (d) => (idleText += d.toString("latin1")));
    await new Promise((r) => idle.once("connect", r));
    idle.write("GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await new Promise((r) => setTimeout(r, 2_000)); // twice the (shortened) headers time-out, idle
    idle.write("GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    await new Promise((r) => idle.once("close", r));
    expect([...idleText.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]))).toEqual([200, 200]);
  });

  it("the public server's time-outs bound that wait to ~20 s (it was 66 s + up to 30 s: the ~85 s of the finding)", () => {
    const options = httpServerOptions();
    expect(options.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS + CONNECTIONS_CHECKING_INTERVAL_MS).toBeLessThanOrEqual(22_000);
    expect(options.maxHeaderSize).toBe(MAX_HEADER_BYTES);
    expect(options.keepAliveTimeout).toBeGreaterThan(60_000);
  });
});

describe("a request whose body never arrives (issue 30: a declared upload kept its connection open)", () => {
  it("is answered 408 after REQUEST_TIMEOUT_MS, checked often, on a route that reads its body", async () => {
    const reading = createServer(httpServerOptions({ requestTimeout: requestTimeoutFrom({ REQUEST_TIMEOUT_MS: "800" }), connectionsCheckingInterval: 200 }), (req, res) => {
      // What an action does: read the whole body, then answer.
      req.on("data", () => {});
      req.on("end", () => res.end("read"));
    });
    reading.on("clientError", onClientError);
    await new Promise<void>((r) => reading.listen(0, "127.0.0.1", r));
    try {
      const readingPort = (reading.address() as AddressInfo).port;
      for (const [type, length] of [["multipart/form-data; boundary=x", 30 * 1024 * 1024], ["application/x-www-form-urlencoded", 5000]] as const) {
        const res = await rawRequest(readingPort, `POST /organization/details/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n--x\r\n`, 5_000);
        expect(res.status, type).toBe(408);
        expect(res.text).toMatch(/\r\nConnection: close\r\n/i);
        expect(res.ms).toBeLessThan(800 + 200 + 1_000);
      }
    } finally {
      reading.closeAllConnections();
      await new Promise((r) => reading.close(r));
    }
  });

  it("REQUEST_TIMEOUT_MS is read and checked; five minutes without it", () => {
    expect(requestTimeoutFrom({})).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(requestTimeoutFrom({ REQUEST_TIMEOUT_MS: "60000" })).toBe(60_000);
    expect(() => requestTimeoutFrom({ REQUEST_TIMEOUT_MS: "soon" })).toThrow("REQUEST_TIMEOUT_MS");
    expect(httpServerOptions({ requestTimeout: 5_000 }).headersTimeout).toBe(5_000);
  });
});

describe("the login redirect", () => {
  it("never builds a login URL the server would refuse", () => {
    const long = new Request(`http://localhost/patients/?search=${"x".repeat(MAX_REQUEST_TARGET_BYTES - 40)}`);
    expect(loginUrlFor(long)).toBe("/user/login/?redirectTo=%2Fpatients%2F");
    const short = new Request("http://localhost/patients/?search=abc");
    expect(loginUrlFor(short)).toBe("/user/login/?redirectTo=%2Fpatients%2F%3Fsearch%3Dabc");
  });
});
