import { describe, expect, it } from "vitest";
import { median, percentile, summarize } from "./stats.js";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100

  it("is the value at rank ceil(p/100 · n)", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
  });

  it("stays within the samples at the edges and is NaN without samples", () => {
    expect(percentile([7], 1)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones, whatever the order", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("summarize", () => {
  it("gives throughput over the elapsed time and percentiles of unsorted latencies", () => {
    const latencies = Array.from({ length: 200 }, (_, i) => 200 - i); // 200..1, unsorted
    expect(summarize(latencies, 4, 3)).toEqual({ requests: 200, errors: 3, rps: 50, p50: 100, p95: 190, p99: 198 });
  });

  it("reports nothing measurable without samples", () => {
    const s = summarize([], 0);
    expect(s.requests).toBe(0);
    expect(s.rps).toBeNaN();
    expect(s.p50).toBeNaN();
  });
});
