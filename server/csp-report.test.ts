import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setLogSink } from "../app/log.server";
import { blockedOrigin, CSP_REPORT_MAX_BYTES, CSP_REPORT_PATH, cspReportEndpoint, documentPathOf, violationsOf } from "./csp-report";

const PHI = ["Zebulon", "Quixote", "zebulon.quixote@example.com", "secret-token"];

/** A Reporting API body (application/reports+json) as Chromium sends it. */
const reportsJson = (over: Record<string, unknown> = {}) => [
  {
    type: "csp-violation",
    age: 10,
    url: "https://portal.example/patients/?search=Zebulon%20Quixote",
    user_agent: "Mozilla/5.0",
    body: {
      documentURL: "https://portal.example/patients/?search=Zebulon%20Quixote#row",
      referrer: "https://portal.example/patients/?email=zebulon.quixote@example.com",
      blockedURL: "https://cdn.example/lib/x.js?token=secret-token",
      effectiveDirective: "script-src-elem",
      originalPolicy: "default-src 'self'",
      sourceFile: "https://portal.example/build/x.js",
      sample: "Zebulon Quixote",
      disposition: "enforce",
      statusCode: 200,
      lineNumber: 1,
      columnNumber: 2,
      ...over,
    },
  },
];

/** The older format (application/csp-report). */
const cspReport = {
  "csp-report": {
    "document-uri": "https://portal.example/patients/123/health/activity/?q=Quixote",
    referrer: "",
    "violated-directive": "style-src-attr",
    "effective-directive": "style-src-attr",
    "original-policy": "style-src 'self'",
    "blocked-uri": "inline",
    "script-sample": "color: red /* Zebulon */",
    disposition: "report",
  },
};

describe("what a report is reduced to", () => {
  it("the blocked resource: an origin, a scheme or the keyword; never a path or query", () => {
    expect(blockedOrigin("https://cdn.example/lib/x.js?token=secret")).toBe("https://cdn.example");
    expect(blockedOrigin("inline")).toBe("inline");
    expect(blockedOrigin("eval")).toBe("eval");
    expect(blockedOrigin("data:text/html,<b>Zebulon</b>")).toBe("data");
    expect(blockedOrigin("blob:https://portal.example/1234")).toBe("blob");
    expect(blockedOrigin("data")).toBe("data");
    expect(blockedOrigin("")).toBe("none");
    expect(blockedOrigin(42)).toBe("none");
    expect(blockedOrigin("Zebulon Quixote")).toBe("other");
  });

  it("the document: its path only", () => {
    expect(documentPathOf("https://portal.example/patients/?search=Zebulon#x")).toBe("/patients/");
    expect(documentPathOf("https://portal.example/user/create/INVITE-CODE-1/")).toBe("/user/create/:code/");
    expect(documentPathOf("not a url")).toBe("unknown");
  });

  it("both formats; other report types and malformed entries are skipped", () => {
    expect(violationsOf(reportsJson())).toEqual([{ directive: "script-src-elem", blocked: "https://cdn.example", documentPath: "/patients/", disposition: "enforce" }]);
    expect(violationsOf(cspReport)).toEqual([{ directive: "style-src-attr", blocked: "inline", documentPath: "/patients/:id/health/activity/", disposition: "report" }]);
    expect(violationsOf([{ type: "deprecation", body: {} }, null, "x", { type: "csp-violation" }])).toEqual([]);
    expect(violationsOf({ nothing: true })).toEqual([]);
    expect(violationsOf(reportsJson({ effectiveDirective: "<script>alert(1)</script>" }))[0]!.directive).toBe("unknown");
  });
});

describe("POST /csp-report", () => {
  let base: string;
  let close: () => void;
  let lines: string[];
  let restoreSink: () => void;
  let clock = 0;

  beforeEach(async () => {
    lines = [];
    restoreSink = setLogSink((line) => void lines.push(line));
    clock = 1_000_000;
    const app = express();
    app.post(CSP_REPORT_PATH, ...cspReportEndpoint({ perAddress: 3, perProcess: 5, windowMs: 60_000, now: () => clock }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterEach(() => {
    restoreSink();
    close();
  });

  const post = (body: string, type: string) => fetch(`${base}${CSP_REPORT_PATH}`, { method: "POST", headers: { "Content-Type": type }, body });

  it("logs each violation of either format without PHI and answers 204", async () => {
    const a = await post(JSON.stringify(reportsJson()), "application/reports+json");
    expect(a.status).toBe(204);
    const b = await post(JSON.stringify(cspReport), "application/csp-report");
    expect(b.status).toBe(204);
    const logged = lines.filter((l) => l.includes("csp violation")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ event: "csp-violation", directive: "script-src-elem", blocked: "https://cdn.example", documentPath: "/patients/", disposition: "enforce" });
    expect(logged[1]).toMatchObject({ directive: "style-src-attr", blocked: "inline", documentPath: "/patients/:id/health/activity/" });
    for (const text of PHI) expect(lines.join("\n")).not.toContain(text);
  });

  it("refuses other types (415), bodies over the limit (413), and drops malformed JSON (204, nothing logged)", async () => {
    expect((await post(JSON.stringify(cspReport), "text/plain")).status).toBe(415);
    const big = JSON.stringify([...Array(400)].map(() => reportsJson()[0]));
    expect(big.length).toBeGreaterThan(CSP_REPORT_MAX_BYTES);
    expect((await post(big, "application/reports+json")).status).toBe(413);
    expect((await post("{not json", "application/csp-report")).status).toBe(204);
    expect(lines.filter((l) => l.includes("csp violation"))).toHaveLength(0);
  });

  it("rate-limits per client address with Retry-After, and starts again in the next window", async () => {
    for (let i = 0; i < 3; i++) expect((await post(JSON.stringify(cspReport), "application/csp-report")).status).toBe(204);
    const limited = await post(JSON.stringify(cspReport), "application/csp-report");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(lines.filter((l) => l.includes("csp violation"))).toHaveLength(3);
    clock += 60_000;
    expect((await post(JSON.stringify(cspReport), "application/csp-report")).status).toBe(204);
    expect(lines.some((l) => l.includes("csp reports dropped by the rate limit") && l.includes('"dropped":1'))).toBe(true);
  });
});
