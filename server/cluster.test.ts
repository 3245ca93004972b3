import { describe, expect, it } from "vitest";
import { workerCount } from "./cluster";

describe("workerCount", () => {
  it("is one per core in production and 1 in development by default", () => {
    expect(workerCount({ NODE_ENV: "production" }, 4)).toBe(4);
    expect(workerCount({ NODE_ENV: "production", WEB_CONCURRENCY: "" }, 2)).toBe(2);
    expect(workerCount({ NODE_ENV: "development" }, 8)).toBe(1);
    expect(workerCount({}, 8)).toBe(1);
  });
  it("takes WEB_CONCURRENCY (1 = no cluster)", () => {
    expect(workerCount({ NODE_ENV: "production", WEB_CONCURRENCY: "1" }, 8)).toBe(1);
    expect(workerCount({ NODE_ENV: "production", WEB_CONCURRENCY: " 3 " }, 8)).toBe(3);
    expect(workerCount({ NODE_ENV: "development", WEB_CONCURRENCY: "2" }, 8)).toBe(2);
  });
  it("refuses anything but a whole number from 1 to 64", () => {
    for (const bad of ["0", "-1", "1.5", "two", "65"]) expect(workerCount({ WEB_CONCURRENCY: bad }, 2)).toEqual({ error: expect.stringContaining("WEB_CONCURRENCY") });
  });
});
