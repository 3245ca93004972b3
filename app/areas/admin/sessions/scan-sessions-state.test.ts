import { describe, expect, it } from "vitest";
import { adminAnalysisPdfPath, adminSessionsHref, adminSessionsQuery, parseAdminSessionsState, ADMIN_SESSIONS_PAGE_SIZE } from "./scan-sessions-state";

const LOC_A = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";
const LOC_B = "4a1d7e2f-9b5c-4c9f-8e72-3b8a1c2d0f22";
const UUID = "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b";
const TODAY = "2026-11-20";
const parse = (q: string) => parseAdminSessionsState(new URLSearchParams(q), TODAY);

describe("admin scan sessions state", () => {
  it("defaults to the last 30 days, page 1, 15 a page, no filters", () => {
    expect(adminSessionsQuery(parse(""), "UTC")).toEqual({ page: 1, limit: ADMIN_SESSIONS_PAGE_SIZE, start: "2026-10-22T00:00:00.000Z", end: "2026-11-20T23:59:59.999Z" });
    expect(ADMIN_SESSIONS_PAGE_SIZE).toBe(15);
  });

  it("sends several assessments and locations, the provider text and the page", () => {
    const q = adminSessionsQuery(parse(`assessment=ast-0018&assessment=AST-0020&assessment=bad&location=${LOC_A}&location=${LOC_B.toUpperCase()}&location=x&provider=%20Okafor%20&range=7&page=2`), "UTC");
    expect(q).toEqual({
      page: 2,
      limit: 15,
      assessmentIds: ["AST-0018", "AST-0020"],
      locationIds: [LOC_A, LOC_B],
      provider: "Okafor",
      start: "2026-11-14T00:00:00.000Z",
      end: "2026-11-20T23:59:59.999Z",
    });
  });

  it("a UUID search sends only the sessionUUID (page 1), whatever else the URL holds", () => {
    expect(adminSessionsQuery(parse(`uuid=${UUID.toUpperCase()}&provider=x&assessment=AST-0018&location=${LOC_A}&page=4`), "UTC")).toEqual({ page: 1, limit: 15, sessionUUID: UUID });
    // Not a UUID: kept in the box, the filters apply.
    const bad = parse("uuid=abc&provider=x");
    expect(bad.uuid).toBeNull();
    expect(bad.uuidInput).toBe("abc");
    expect(adminSessionsQuery(bad, "UTC")).toMatchObject({ provider: "x" });
  });

  it("a custom range never goes past today", () => {
    expect(parse("range=custom&from=2026-11-01&to=2027-01-01").range).toMatchObject({ start: "2026-11-01", end: TODAY, preset: null });
  });

  it("links keep the filters, drop defaults, and set or drop extra params", () => {
    const s = parse(`provider=ann&assessment=AST-0018&location=${LOC_A}&range=90&page=3`);
    expect(adminSessionsHref(s)).toBe(`/admin/scan/sessions/?provider=ann&assessment=AST-0018&location=${LOC_A}&range=90&page=3`);
    expect(adminSessionsHref(s, { page: null, details: UUID })).toBe(`/admin/scan/sessions/?provider=ann&assessment=AST-0018&location=${LOC_A}&range=90&details=${UUID}`);
    expect(adminSessionsHref(parse(""))).toBe("/admin/scan/sessions/");
  });

  it("the analysis PDF keeps only the dialog's org, age and sex", () => {
    expect(adminAnalysisPdfPath(UUID, new URLSearchParams(`analysis=${UUID}&org=o1&age=70&provider=x`))).toBe(`/admin/scan/sessions/${UUID}/analysis.pdf?org=o1&age=70`);
  });
});
