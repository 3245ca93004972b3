import { describe, expect, it } from "vitest";
import { compareExact, compareNumeric, compareText, compareTextNumeric } from "./collate";

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
