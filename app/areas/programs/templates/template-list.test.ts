import { describe, expect, it } from "vitest";
import {
  exerciseCount,
  indexAction,
  listDataChanged,
  MAX_BULK_DELETE,
  pageQuery,
  parseTemplateListDialog,
  parseTemplateListState,
  selectedIds,
  templateHref,
  templatesHref,
  TEMPLATES_PAGE_SIZE,
} from "./template-list";

const A = "0b6f3c2e-5d4a-4f1b-9c8e-7a6b5c4d3e2f";
const B = "4c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
const params = (s: string) => new URLSearchParams(s);

describe("the templates list's URL state", () => {
  it("reads the search, the page and Select Multiple; bad values fall back", () => {
    expect(parseTemplateListState(params("q=%20Knee%20&page=3&select=1"))).toEqual({ q: "Knee", page: 3, select: true });
    expect(parseTemplateListState(params("page=0&select=yes"))).toEqual({ q: "", page: 1, select: false });
    expect(parseTemplateListState(params("page=2.5")).page).toBe(1);
    expect(parseTemplateListState(params(`q=${"x".repeat(300)}`)).q).toHaveLength(200);
    // The next-page probe asks for page × size + 1: the page stays within the API's limit.
    expect(pageQuery(parseTemplateListState(params("page=999999"))).next.page).toBeLessThanOrEqual(100_000);
  });

  it("writes URLs without defaults, keeping the search and the page", () => {
    expect(templatesHref({})).toBe("/programs/templates/");
    expect(templatesHref({ q: "knee & hip", page: 2, select: true })).toBe("/programs/templates/?q=knee+%26+hip&page=2&select=1");
    expect(templatesHref({ q: "k", page: 1 }, { delete: A })).toBe(`/programs/templates/?q=k&delete=${A}`);
    expect(templatesHref({ select: true }, { ids: [A, B] })).toBe(`/programs/templates/?select=1&ids=${A}&ids=${B}`);
    expect(templateHref(A)).toBe(`/programs/templates/${A}`);
  });

  it("addresses the index route's action", () => {
    expect(indexAction("/programs/templates/")).toBe("/programs/templates/?index");
    expect(indexAction("/programs/templates/?q=a")).toBe("/programs/templates/?q=a&index");
  });
});

describe("the list's dialogs", () => {
  it("a card's Delete", () => {
    expect(parseTemplateListDialog(params(`delete=${A}`))).toEqual({ kind: "delete", id: A });
    expect(parseTemplateListDialog(params("delete=not-an-id"))).toBeNull();
  });

  it("the bulk delete: only in Select Multiple, the well-formed ids once each", () => {
    expect(parseTemplateListDialog(params(`select=1&confirm=1&ids=${A}&ids=${A.toUpperCase()}&ids=x&ids=${B}`))).toEqual({ kind: "delete-selected", ids: [A, B] });
    expect(parseTemplateListDialog(params(`confirm=1&ids=${A}`))).toBeNull();
    expect(parseTemplateListDialog(params("select=1&confirm=1"))).toEqual({ kind: "delete-selected", ids: [] });
  });

  it("at most the API's 100 ids", () => {
    const many = Array.from({ length: 120 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(selectedIds(many)).toHaveLength(MAX_BULK_DELETE);
  });

  it("opening or closing a dialog keeps the list's data; a search or another page reloads it", () => {
    const u = (s: string) => new URL(`http://x/programs/templates/${s}`);
    expect(listDataChanged(u("?q=a"), u(`?q=a&delete=${A}`))).toBe(false);
    expect(listDataChanged(u("?q=a&select=1"), u(`?q=a&select=1&confirm=1&ids=${A}`))).toBe(false);
    expect(listDataChanged(u("?q=a"), u("?q=b"))).toBe(true);
    expect(listDataChanged(u("?q=a"), u("?q=a&page=2"))).toBe(true);
    expect(listDataChanged(u(""), new URL(`http://x/programs/templates/${A}`))).toBe(true);
  });
});

describe("paging", () => {
  it("asks for one page and probes the first item after it", () => {
    expect(pageQuery({ q: "", page: 1, select: false })).toEqual({ page: { search: undefined, page: 1, limit: TEMPLATES_PAGE_SIZE }, next: { search: undefined, page: TEMPLATES_PAGE_SIZE + 1, limit: 1 } });
    expect(pageQuery({ q: "knee", page: 3, select: false }, 10)).toEqual({ page: { search: "knee", page: 3, limit: 10 }, next: { search: "knee", page: 31, limit: 1 } });
  });
});

it("counts exercises", () => {
  expect(exerciseCount(1)).toBe("1 exercise");
  expect(exerciseCount(0)).toBe("0 exercises");
  expect(exerciseCount(12)).toBe("12 exercises");
});
