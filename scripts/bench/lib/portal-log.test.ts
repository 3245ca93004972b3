import { describe, expect, it } from "vitest";
import { apiCallsOf } from "./portal-log.js";

describe("apiCallsOf", () => {
  it("finds the provider API calls of one request, in the order they ended, and skips other lines", () => {
    const log = [
      "> exer-portal@1.0.0 start",
      '{"time":"2026-11-22T12:00:00.250Z","level":"debug","msg":"provider API call","requestId":"r1","method":"GET","path":"/v2/patients/:id","status":200,"durationMs":12}',
      '{"time":"2026-11-22T12:00:00.100Z","level":"debug","msg":"provider API call","requestId":"r1","method":"GET","path":"/v2/users/current","status":200,"durationMs":8}',
      '{"time":"2026-11-22T12:00:00.120Z","level":"debug","msg":"provider API call","requestId":"r2","method":"GET","path":"/v2/users/current","status":200,"durationMs":9}',
      '{"time":"2026-11-22T12:00:02.300Z","level":"info","msg":"request","requestId":"r1","method":"GET","path":"/patients/:id/health/activity/","status":200,"durationMs":2300}',
      "{not json",
    ].join("\n");
    expect(apiCallsOf(log, "r1")).toEqual([
      { method: "GET", path: "/v2/users/current", status: 200, durationMs: 8, endedAt: Date.parse("2026-11-22T12:00:00.100Z") },
      { method: "GET", path: "/v2/patients/:id", status: 200, durationMs: 12, endedAt: Date.parse("2026-11-22T12:00:00.250Z") },
    ]);
    expect(apiCallsOf(log, "r3")).toEqual([]);
  });
});
