/**
 * The graceful shutdown's order (server/shutdown.ts, ADR 029) on a real HTTP server in this process: readiness
 * fails at the signal while requests are still served through the drain, then the listener closes, a streamed
 * response begun before the signal runs to its end, and the shutdown is over before drain + time-out. The same
 * through SIGTERM to the built portal, as one process and as a cluster: tests/e2e/shutdown.spec.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { setLogSink } from "../app/log.server";
import { gracefulShutdown, type Shutdown } from "./shutdown";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server | undefined;
let restoreLog = () => {};
afterEach(() => {
  restoreLog();
  server?.closeAllConnections();
  server?.close();
});

/** A server with /readyz, a quick page and a page streamed in `chunks` parts `gapMs` apart (the last one never, when `endless`). */
async function start(drainMs: number, timeoutMs: number, stream = { chunks: 5, gapMs: 200, endless: false }) {
  let shutdown: Shutdown | undefined;
  const exits: number[] = [];
  server = createServer((req, res) => {
    if (shutdown?.draining) res.setHeader("Connection", "close");
    if (req.url === "/readyz") return void res.writeHead(shutdown?.draining ? 503 : 200).end();
    if (req.url === "/slow") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      let i = 0;
      const tick = () => {
        res.write(`part ${i}\n`);
        if (++i < stream.chunks || stream.endless) setTimeout(tick, stream.gapMs);
        else res.end("end\n");
      };
      return tick();
    }
    res.end("ok");
  });
  shutdown = gracefulShutdown({ server, drainMs, timeoutMs, exit: (code) => exits.push(code) });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, shutdown, exits };
}

describe("graceful shutdown", () => {
  it("fails readiness first, serves through the drain, closes the listener, finishes a stream, exits 0", async () => {
    restoreLog = setLogSink(() => {});
    const { url, shutdown, exits } = await start(600, 5_000, { chunks: 8, gapMs: 150, endless: false }); // the stream: ~1.2 s
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const slow = fetch(`${url}/slow`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await sleep(100);
    const t0 = Date.now();
    shutdown.begin("SIGTERM");
    expect(shutdown.draining).toBe(true);
    expect((await fetch(`${url}/readyz`)).status, "readiness fails at once").toBe(503);

    // The drain: new connections are still served (the load balancer has not noticed yet).
    const during = await fetch(`${url}/page`, { headers: { connection: "close" } });
    expect(during.status).toBe(200);
    expect(await during.text()).toBe("ok");

    // After the drain, the listener is closed: new connections are refused.
    await sleep(700 - (Date.now() - t0));
    await expect(fetch(`${url}/page`)).rejects.toThrow();

    // The stream begun before the signal ends whole, after the listener closed.
    const done = await slow;
    expect(done.status).toBe(200);
    expect(done.body).toContain("part 7\nend\n");
    expect(await shutdown.done).toBe(0);
    expect(exits).toEqual([0]);
    expect(Date.now() - t0).toBeLessThan(600 + 5_000);
  });

  it("cuts what still runs at the time-out after the drain, and exits", async () => {
    restoreLog = setLogSink(() => {});
    const { url, shutdown, exits } = await start(200, 800, { chunks: 1, gapMs: 100, endless: true });
    const slow = fetch(`${url}/slow`).then(
      async (r) => r.text().then(() => "ended", () => "cut"),
      () => "cut",
    );
    await sleep(100);
    const t0 = Date.now();
    shutdown.begin("SIGTERM");
    expect(await shutdown.done).toBe(0);
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(200 + 800 - 50);
    expect(took).toBeLessThan(200 + 800 + 1_000);
    expect(await slow).toBe("cut");
    expect(exits).toEqual([0]);
  });

  it("a second signal changes nothing; SIGINT skips the drain", async () => {
    restoreLog = setLogSink(() => {});
    const { url, shutdown } = await start(10_000, 1_000);
    shutdown.begin("SIGINT");
    shutdown.begin("SIGTERM");
    const t0 = Date.now();
    expect(await shutdown.done).toBe(0);
    expect(Date.now() - t0).toBeLessThan(1_000);
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
  });
});
