import { afterEach, describe, expect, it } from "vitest";
import { errorFields, log, redactPath, setLogSink } from "./log.server";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe("logs", () => {
  it("redacts ids, codes and query strings from paths", () => {
    expect(redactPath("/patients/3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11/health?x=secret")).toBe("/patients/:id/health");
    expect(redactPath("/user/create/DEMO-INVITE-0001")).toBe("/user/create/:code");
    expect(redactPath("/v2/sign-up/abc123")).toBe("/v2/sign-up/:code");
    expect(redactPath("/v2/health/heps/12345")).toBe("/v2/health/heps/:id");
    expect(redactPath("/home/")).toBe("/home/");
  });

  it("writes one JSON object per line with the given fields", () => {
    const lines: string[] = [];
    restore = setLogSink((l) => lines.push(l));
    log.info("request", { method: "GET", status: 200, skipped: undefined });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", msg: "request", method: "GET", status: 200 });
    expect(lines[0]).not.toContain("skipped");
  });

  it("censors fields named like PHI or secrets, whoever passes them, and sends errors to their own level", () => {
    const lines: Array<[string, string]> = [];
    restore = setLogSink((l, level) => lines.push([l, level]));
    log.error("oops", { email: "jane@example.com", lastName: "Doe", patientId: "p-1", status: 500 });
    expect(lines).toHaveLength(1);
    const [line, level] = lines[0]!;
    expect(level).toBe("error");
    expect(line).not.toMatch(/jane|Doe/);
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({ level: "error", msg: "oops", email: "[redacted]", lastName: "[redacted]", patientId: "p-1", status: 500 });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
  });

  it("drops lines below the level", () => {
    const lines: string[] = [];
    restore = setLogSink((l) => lines.push(l));
    log.debug("noise");
    expect(lines).toHaveLength(0);
  });
});

describe("errorFields (issue 23, finding 10)", () => {
  it("keeps an error's name and message without the values it quotes", () => {
    expect(errorFields(new TypeError('invalid input syntax for type uuid: "Okafor"'))).toEqual({ error: "TypeError", errorMessage: 'invalid input syntax for type uuid: "…"' });
    expect(errorFields(new Error("no patient named 'Maya Okafor' at `Denver`"))).toEqual({ error: "Error", errorMessage: 'no patient named "…" at "…"' });
    expect(errorFields(new Error("fetch failed"))).toEqual({ error: "Error", errorMessage: "fetch failed" });
    expect(errorFields("boom")).toEqual({ error: "string" });
  });
});
