import { describe, expect, it, vi } from "vitest";
import { compareExact, compareId, compareKeys, compareNumeric, compareText, compareTextNumeric } from "./collate";

describe("collate", () => {
  it("gives the same order as localeCompare with the same options", () => {
    const words = ["Ana", "ana", "Aña", "Zoë", "zoe", "Clinic 10", "Clinic 2", "clinic 2", "Éva", "Eva", "b", "B", "a1", "a10", "a9"];
    for (const a of words)
      for (const b of words) {
        expect(Math.sign(compareText(a, b))).toBe(Math.sign(a.localeCompare(b, "en", { sensitivity: "base" })));
        expect(Math.sign(compareTextNumeric(a, b))).toBe(Math.sign(a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
        expect(Math.sign(compareNumeric(a, b))).toBe(Math.sign(a.localeCompare(b, "en", { numeric: true })));
        expect(Math.sign(compareExact(a, b))).toBe(Math.sign(a.localeCompare(b, "en")));
      }
  });
});

describe("identifier columns (issue 34)", () => {
  it("UUIDs as text (digit runs are no numbers), typed IDs with their numbers in order", () => {
    const uuids = ["9f3c0000-0000-4000-8000-000000000000", "10aa0000-0000-4000-8000-000000000000", "A0000000-0000-4000-8000-000000000000"];
    expect([...uuids].sort(compareId)).toEqual([uuids[1], uuids[0], uuids[2]]);
    expect(["P10", "P2", "p1"].sort(compareId)).toEqual(["p1", "P2", "P10"]);
  });
});

describe("collators", () => {
  it("none is made when the module loads; each one once, at its first use", async () => {
    // Every page's scripts import this module; the first collator loads ICU's collation data (a page load's cost).
    const Real = Intl.Collator;
    let made = 0;
    Intl.Collator = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Intl.Collator;
    try {
      vi.resetModules();
      const fresh = await import("./collate");
      expect(made).toBe(0);
      fresh.compareText("a", "b");
      fresh.compareText("b", "c");
      expect(made).toBe(1);
      fresh.compareTextNumeric("a", "b");
      expect(made).toBe(2);
    } finally {
      Intl.Collator = Real;
    }
  });
});

describe("machine keys", () => {
  it("ISO dates and times, UUIDs and codes keep localeCompare's order, code unit by code unit", () => {
    const keys = [
      ["2026-11-30", "2026-02-01", "2025-12-31"],
      ["2026-11-30T08:05:00Z", "2026-11-30T08:04:59Z", "2026-11-29T23:59:59Z"],
      ["9f3c1a2e-0000-4000-8000-000000000000", "10aa0000-0000-4000-8000-000000000000", "0b1c0000-0000-4000-8000-000000000000"],
      ["98985", "98977", "98980", "98986"],
    ];
    for (const list of keys) expect([...list].sort(compareKeys)).toEqual([...list].sort((a, b) => a.localeCompare(b)));
    // Not the language's order: a capital is a code unit before every small letter ('Z' before 'a').
    expect(["a", "Z"].sort(compareKeys)).toEqual(["Z", "a"]);
  });
});
