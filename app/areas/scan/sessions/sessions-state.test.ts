import { describe, expect, it } from "vitest";
import { parseSessionsState, sessionsHref, sessionsQuery, showsTable, SESSIONS_PAGE_SIZE } from "./sessions-state";

const LOC = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";
const UUID = "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b";
const TODAY = "2026-11-20";
const parse = (q: string) => parseSessionsState(new URLSearchParams(q), TODAY);

describe("scan sessions state", () => {
  it("asks for a location first: no table without one", () => {
    expect(showsTable(parse(""))).toBe(false);
    expect(showsTable(parse(`location=${LOC}`))).toBe(true);
    expect(showsTable(parse("location=nope"))).toBe(false);
  });

  it("defaults to the last 30 days, page 1, in the organization's time zone", () => {
    const q = sessionsQuery(parse(`location=${LOC}`), "America/Denver");
    expect(q).toEqual({ page: 1, limit: SESSIONS_PAGE_SIZE, locationId: LOC, start: "2026-10-22T06:00:00.000Z", end: "2026-11-21T06:59:59.999Z" });
  });

  it("sends the filters and the page", () => {
    const q = sessionsQuery(parse(`location=${LOC}&range=7&provider=%20okafor%20&assessment=ast-0018&page=3`), "UTC");
    expect(q).toMatchObject({ page: 3, start: "2026-11-14T00:00:00.000Z", end: "2026-11-20T23:59:59.999Z", provider: "okafor", assessmentIds: ["AST-0018"] });
  });

  it("clamps a custom range to today; an unusable range is the default 30 days; the custom choice without dates the last 2", () => {
    expect(parse(`range=custom&from=2026-11-01&to=2026-12-31`).range).toMatchObject({ start: "2026-11-01", end: TODAY, preset: null });
    expect(parse(`range=12`).range).toMatchObject({ start: "2026-10-22", end: TODAY, preset: 30 });
    expect(parse(`range=custom`).range).toMatchObject({ start: "2026-11-19", end: TODAY, preset: null });
  });

  it("a UUID search sends only the sessionUUID (page 1) and ignores the other filters", () => {
    const q = sessionsQuery(parse(`location=${LOC}&range=7&provider=x&assessment=AST-0001&page=4&uuid=${UUID.toUpperCase()}`), "UTC");
    expect(q).toEqual({ page: 1, limit: SESSIONS_PAGE_SIZE, sessionUUID: UUID });
  });

  it("keeps a bad UUID as typed, without searching", () => {
    const s = parse(`location=${LOC}&uuid=abc`);
    expect(s.uuid).toBeNull();
    expect(s.uuidInput).toBe("abc");
    expect(sessionsQuery(s, "UTC")).not.toHaveProperty("sessionUUID");
  });

  it("builds links with the state (page 1 and the default range written as nothing)", () => {
    const s = parse(`location=${LOC}&range=90&page=2`);
    expect(sessionsHref(s)).toBe(`/scan/sessions/?location=${LOC}&range=90&page=2`);
    expect(sessionsHref({ ...s, page: 1 }, { analysis: UUID })).toBe(`/scan/sessions/?location=${LOC}&range=90&analysis=${UUID}`);
    expect(sessionsHref(parse(""))).toBe("/scan/sessions/");
  });
});
