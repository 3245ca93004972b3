import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setLogSink } from "../app/log.server";
import { LOGO_FORM_LIMITS } from "../app/media/logo-form.server";
import { RECONCILE_MAX_BYTES } from "../app/areas/gait/reconcile/reconcile";
import { MAX_UPLOAD_BYTES } from "../app/areas/patients/list/patient-list-forms.server";
import { outcomeJson, scanOutcomeSchema } from "../app/areas/admin/analysis/outcome-schema";
import { BODY_TOO_LARGE_MESSAGE, bodyLimit, bodyLimitFor, MULTIPART_BODY_LIMIT, NON_MULTIPART_BODY_LIMIT } from "./body-limit";

describe("the limits", () => {
  it("takes the multipart limit for multipart bodies and the other for the rest", () => {
    expect(bodyLimitFor("multipart/form-data; boundary=x")).toBe(MULTIPART_BODY_LIMIT);
    expect(bodyLimitFor("Multipart/Form-Data; boundary=x")).toBe(MULTIPART_BODY_LIMIT);
    expect(bodyLimitFor("application/x-www-form-urlencoded")).toBe(NON_MULTIPART_BODY_LIMIT);
    expect(bodyLimitFor("text/plain")).toBe(NON_MULTIPART_BODY_LIMIT);
    expect(bodyLimitFor(undefined)).toBe(NON_MULTIPART_BODY_LIMIT);
  });

  it("lets through every multipart body the app's own limits accept, with headroom", () => {
    // The logo forms, the gait reconcile upload (its file + 1 MiB), the patient list's bulk upload (its file + 64 KiB).
    for (const appLimit of [LOGO_FORM_LIMITS.maxBodyBytes, RECONCILE_MAX_BYTES + 1024 * 1024, MAX_UPLOAD_BYTES + 64 * 1024]) {
      expect(MULTIPART_BODY_LIMIT).toBeGreaterThanOrEqual(appLimit + 1024 * 1024);
    }
  });

  it("lets through the largest analysis rule the contract allows, as the editor posts it, in any script", () => {
    const text = (n: number, char: string) => char.repeat(n);
    for (const char of ["a", "経"]) {
      const condition = { comparator: "gte" as const, value: -Number.MAX_VALUE }; // the longest number: -1.7976931348623157e+308
      const criterion = { type: "DISTANCE" as const, units: text(20, char), conditions: Array.from({ length: 10 }, () => condition) };
      const factor = { category: "MODERATE" as const, description: text(2000, char), shortDescription: text(200, char), criteria: Array.from({ length: 20 }, () => criterion) };
      const rule = scanOutcomeSchema.parse({
        type: "TREMORS",
        assessmentId: "AST-0001",
        demographicsRequired: ["AGE", "SEX"],
        factors: Array.from({ length: 100 }, () => factor),
        source: text(1000, char),
        title: text(200, char),
        description: text(4000, char),
        resultDefinitionId: text(100, char),
        leftResultDefinitionId: text(100, char),
        rightResultDefinitionId: text(100, char),
      });
      // A textarea's lines are posted with CRLF.
      const body = new URLSearchParams({ formToken: "t".repeat(64), json: outcomeJson(rule).replace(/\n/g, "\r\n"), intent: "save" }).toString();
      expect(Buffer.byteLength(body)).toBeLessThan(NON_MULTIPART_BODY_LIMIT * 0.75);
    }
  });
});

describe("bodyLimit (a real server; the route reads the body the way React Router does)", () => {
  const LIMITS = { multipart: 2000, other: 1000 };
  let base = "";
  let close: () => Promise<void> = async () => {};
  let reached: { bytes?: number; error?: string }[] = [];
  let logs: string[] = [];
  let restoreLog = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit(LIMITS));
    app.all("/{*path}", async (req, res) => {
      const seen: { bytes?: number; error?: string } = {};
      reached.push(seen);
      if (req.method === "GET") return void res.send("ok");
      try {
        const body = new Request("http://portal.test/", { method: "POST", body: createReadableStreamFromReadable(req), duplex: "half" } as RequestInit);
        seen.bytes = (await body.arrayBuffer()).byteLength;
        res.type("text/plain").send(`read ${seen.bytes}`);
      } catch (err) {
        seen.error = err instanceof Error ? err.message : String(err);
        if (!res.headersSent) res.status(500).end();
      }
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
  });
  afterAll(() => close());
  beforeEach(() => {
    reached = [];
    logs = [];
    restoreLog = setLogSink((line) => logs.push(line));
  });
  afterEach(() => restoreLog());

  interface Sent {
    status?: number;
    headers?: IncomingHttpHeaders;
    text?: string;
    error?: string;
  }
  /** Sends `chunks` (with Content-Length when `declared`, else chunked) and waits for the answer or the connection's end. */
  function send(chunks: string[], headers: Record<string, string>, declared: number | null, method = "POST"): Promise<Sent> {
    return new Promise((resolve) => {
      const req = httpRequest(`${base}/action`, { method, headers: { ...headers, ...(declared === null ? {} : { "Content-Length": String(declared) }) } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on("error", (err) => resolve({ error: err.message }));
      });
      req.on("error", (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
      const write = (i: number) => {
        if (req.destroyed) return;
        if (i === chunks.length) return void req.end();
        req.write(chunks[i]!, () => setTimeout(() => write(i + 1), 2));
      };
      if (declared === null || declared <= chunks.join("").length) write(0);
      else req.write(chunks.join("")); // promises more than it sends: must be answered without being read
    });
  }
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const multipart = { "Content-Type": "multipart/form-data; boundary=x" };

  it("passes a body within its limit, declared or chunked, whole", async () => {
    expect(await send(["a=".padEnd(1000, "x")], form, 1000)).toMatchObject({ status: 200, text: "read 1000" });
    expect(await send(Array.from({ length: 10 }, () => "x".repeat(100)), form, null)).toMatchObject({ status: 200, text: "read 1000" });
    expect(await send(Array.from({ length: 20 }, () => "x".repeat(100)), multipart, null)).toMatchObject({ status: 200, text: "read 2000" });
    expect(logs).toEqual([]);
  });

  it("answers a declared Content-Length over the limit of its type with 413 before any route reads it", async () => {
    const refused = await send(["a=1"], form, 1001);
    expect(refused).toMatchObject({ status: 413, text: BODY_TOO_LARGE_MESSAGE });
    expect(refused.headers?.["cache-control"]).toBe("no-store");
    expect(refused.headers?.["content-type"]).toMatch(/^text\/plain/);
    expect(reached).toEqual([]);
    // The multipart limit is its own.
    expect(await send(["x".repeat(1500)], multipart, 1500)).toMatchObject({ status: 200, text: "read 1500" });
    expect(await send(["x"], multipart, 2001)).toMatchObject({ status: 413 });
    expect(logs.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ msg: "request body over its limit refused", method: "POST", limit: 1000, declared: 1001 }),
      expect.objectContaining({ msg: "request body over its limit refused", limit: 2000, declared: 2001 }),
    ]);
  });

  it("destroys a chunked body the moment it passes the limit: the reader gets an error, never a truncated body", async () => {
    const sent = await send(Array.from({ length: 30 }, () => "x".repeat(100)), form, null);
    expect(sent.status).toBeUndefined();
    expect(sent.error).toBeDefined();
    await expect.poll(() => reached[0]?.error).toBeDefined();
    expect(reached[0]?.bytes).toBeUndefined();
    expect(logs.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([expect.objectContaining({ limit: 1000, declared: null })]);
    // The multipart limit is its own: 1500 bytes chunked pass, 2500 do not.
    expect(await send(Array.from({ length: 15 }, () => "x".repeat(100)), multipart, null)).toMatchObject({ status: 200, text: "read 1500" });
    expect((await send(Array.from({ length: 25 }, () => "x".repeat(100)), multipart, null)).status).toBeUndefined();
  });

  it("leaves requests without a body alone", async () => {
    expect(await send([], {}, null, "GET")).toMatchObject({ status: 200, text: "ok" });
    expect(await send([], form, 0)).toMatchObject({ status: 200, text: "read 0" });
  });
});
