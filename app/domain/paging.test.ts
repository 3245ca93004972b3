import { describe, expect, it } from "vitest";
import { GAP, MAX_PAGE, pageNumbers, pageOfList, pageParam } from "./paging";

describe("the page a URL asks for (one rule for every list)", () => {
  it("a whole number from 1, at most the contract's largest; anything else is page 1", () => {
    expect(pageParam("3")).toBe(3);
    expect(pageParam("999")).toBe(999);
    expect(pageParam(String(MAX_PAGE + 5))).toBe(MAX_PAGE);
    expect(pageParam("99999999999999999999")).toBe(MAX_PAGE);
    for (const bad of [null, "", "0", "-2", "2.5", "1e3", " 3", "x", "0x10"]) expect(pageParam(bad)).toBe(1);
  });

  it("a page past the end of a list held whole has no rows (not the last page in disguise)", () => {
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOfList(rows, 2, 5)).toEqual({ items: [5, 6, 7, 8, 9], page: 2, metadata: { totalItems: 12, itemCount: 5, itemsForPage: 5, totalPages: 3 } });
    expect(pageOfList(rows, 9, 5)).toEqual({ items: [], page: 9, metadata: { totalItems: 12, itemCount: 0, itemsForPage: 5, totalPages: 3 } });
  });
});

describe("the pager's page numbers", () => {
  const show = (current: number, total: number) => pageNumbers(current, total).map((n) => (n === GAP ? "…" : String(n))).join(" ");

  it("all of them for a short list", () => {
    expect(show(1, 1)).toBe("1");
    expect(show(2, 3)).toBe("1 2 3");
    expect(show(4, 7)).toBe("1 2 3 4 5 6 7");
  });

  it("first, last and the current one with one either side, a gap for the rest: at most seven", () => {
    expect(show(1, 23)).toBe("1 2 3 4 5 … 23");
    expect(show(4, 23)).toBe("1 2 3 4 5 … 23");
    expect(show(5, 23)).toBe("1 … 4 5 6 … 23");
    expect(show(12, 23)).toBe("1 … 11 12 13 … 23");
    expect(show(20, 23)).toBe("1 … 19 20 21 22 23");
    expect(show(23, 23)).toBe("1 … 19 20 21 22 23");
    for (let total = 1; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const numbers = pageNumbers(current, total);
        expect(numbers.length).toBeLessThanOrEqual(7);
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
        // A gap stands for two pages or more (a single page is shown instead).
        numbers.forEach((n, i) => {
          if (n === GAP) expect((numbers[i + 1] as number) - (numbers[i - 1] as number)).toBeGreaterThan(2);
        });
      }
    }
  });
});
