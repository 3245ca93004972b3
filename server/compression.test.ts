import { get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";
import { preferGzip, shouldCompress } from "./app";

const after = (value: string | undefined) => {
  const req = { headers: { "accept-encoding": value } as Record<string, string | undefined> };
  preferGzip(req);
  return req.headers["accept-encoding"];
};

describe("preferGzip (pages and data are not Brotli-compressed)", () => {
  it("drops br, with or without a q-value, and keeps the rest in order", () => {
    expect(after("gzip, deflate, br, zstd")).toBe("gzip, deflate, zstd");
    expect(after("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(" gzip;q=0.8, *;q=0.1");
    expect(after("BR, gzip")).toBe(" gzip");
  });

  it("leaves a header without br alone, and a missing one missing", () => {
    expect(after("gzip")).toBe("gzip");
    expect(after(undefined)).toBeUndefined();
  });

  it("a client that takes only br gets an uncompressed answer (an empty list: identity)", () => {
    expect(after("br")).toBe("");
  });
});

describe("the replay's stream of frames is compressed as it streams (ADR 048)", () => {
  /** An app with the portal's compression rule answering `body` as React Router's adapter writes a Response's body. */
  async function serve(body: ReadableStream<Uint8Array>, type: string) {
    const app = express();
    app.use(compression({ filter: shouldCompress }));
    app.get("/log", (_req, res) => {
      res.setHeader("Content-Type", type);
      void writeReadableStreamToWritable(body, res).catch(() => {});
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/log` };
  }

  it("gzips application/x-ndjson (mime-db does not list it) and sends the first lines before the body ends", async () => {
    let finish = () => {};
    const more = new Promise<void>((r) => (finish = r));
    const header = `${JSON.stringify({ kind: "pose", frameCount: 2 })}\n`;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(header));
        await more; // the rest only once the client has read the first line
        controller.enqueue(new TextEncoder().encode(`${'{"frame":0}\n'.repeat(2)}`));
        controller.close();
      },
    });
    const { server, url } = await serve(body, "application/x-ndjson; charset=utf-8");
    try {
      const res = await new Promise<IncomingMessage>((resolve, reject) => get(url, { headers: { "Accept-Encoding": "gzip" } }, resolve).on("error", reject));
      expect(res.headers["content-encoding"]).toBe("gzip");
      const lines = res.pipe(createGunzip());
      let received = "";
      let arrived = () => {};
      const first = new Promise<void>((r) => (arrived = r));
      lines.on("data", (b: Buffer) => {
        received += b.toString();
        arrived();
      });
      const ended = new Promise((r) => lines.once("end", r));
      await first;
      expect(received, "the header line, while the body is still open").toBe(header);
      finish();
      await ended;
      expect(received).toBe(`${header}{"frame":0}\n{"frame":0}\n`);
    } finally {
      server.close();
    }
  });

  it("keeps the middleware's own rule for other types (JSON compressed, an image not)", () => {
    const res = (type: string) => ({ getHeader: (name: string) => (name === "Content-Type" ? type : undefined) }) as unknown as Parameters<typeof shouldCompress>[1];
    const req = {} as Parameters<typeof shouldCompress>[0];
    expect(shouldCompress(req, res("application/json; charset=utf-8"))).toBe(true);
    expect(shouldCompress(req, res("application/x-ndjson"))).toBe(true);
    expect(shouldCompress(req, res("image/png"))).toBe(false);
  });
});
