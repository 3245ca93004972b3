import { describe, expect, it } from "vitest";
import { isPastEnd, pastEndMessage } from "../../../components/pager";
import { ariaSort, gaitSortSearch, nextGaitSort, pageOf, parseGaitSort, parsePage, sortGaitRows } from "./gait-sort";

const rows = [
  { id: "b", capturedDate: "2026-11-02T10:00:00.000Z", patientName: "ruth Delgado", sessionUUID: "3" },
  { id: "c", capturedDate: "2026-11-01T10:00:00.000Z", patientName: "Ann Lee", sessionUUID: "1" },
  { id: "a", capturedDate: "2026-11-03T10:00:00.000Z", patientName: "Zed Moss", sessionUUID: "2" },
];
const ids = (r: typeof rows) => r.map((x) => x.id).join("");

describe("admin gait sessions sort", () => {
  it("ID descending is the API's order, newest first, whatever the UUIDs' text (issue 25)", () => {
    // The API answers newest first; shortened UUIDs compared as text (numbers inside) put them in random order.
    const api = [
      { id: "9f3c0e1a-0000-4000-8000-000000000001", capturedDate: "2026-11-03T10:00:00.000Z", patientName: "A", sessionUUID: "x" },
      { id: "10aa0e1a-0000-4000-8000-000000000002", capturedDate: "2026-11-02T10:00:00.000Z", patientName: "B", sessionUUID: "y" },
      { id: "2b000000-0000-4000-8000-000000000003", capturedDate: "2026-11-01T10:00:00.000Z", patientName: "C", sessionUUID: "z" },
    ];
    const names = (r: typeof api) => r.map((x) => x.patientName).join("");
    expect(names(sortGaitRows(api, null))).toBe("ABC");
    expect(names(sortGaitRows(api, { column: "id", dir: "desc" }))).toBe("ABC");
    expect(names(sortGaitRows(api, { column: "id", dir: "asc" }))).toBe("CBA");
    // Ties of another column keep the newest first.
    const same = api.map((r) => ({ ...r, patientName: "Same", sessionUUID: r.patientName }));
    expect(sortGaitRows(same, { column: "patientName", dir: "asc" }).map((r) => r.sessionUUID).join("")).toBe("ABC");
  });


  it("defaults to ID descending", () => {
    // rows are in the API's order (newest first): the default keeps it.
    expect(ids(sortGaitRows(rows, null))).toBe("bca");
    expect(ariaSort(null, "id")).toBe("descending");
    expect(ariaSort(null, "patientName")).toBe("none");
  });

  it("cycles a header none → ASC → DESC → none", () => {
    const s1 = nextGaitSort(null, "patientName");
    expect(s1).toEqual({ column: "patientName", dir: "asc" });
    const s2 = nextGaitSort(s1, "patientName");
    expect(s2).toEqual({ column: "patientName", dir: "desc" });
    expect(nextGaitSort(s2, "patientName")).toBeNull();
    // Another column starts its own cycle.
    expect(nextGaitSort(s2, "id")).toEqual({ column: "id", dir: "asc" });
  });

  it("sorts by each column, names case-insensitively and dates as instants", () => {
    expect(ids(sortGaitRows(rows, { column: "patientName", dir: "asc" }))).toBe("cba");
    expect(ids(sortGaitRows(rows, { column: "patientName", dir: "desc" }))).toBe("abc");
    expect(ids(sortGaitRows(rows, { column: "capturedDate", dir: "asc" }))).toBe("cba");
    expect(ids(sortGaitRows(rows, { column: "sessionUUID", dir: "desc" }))).toBe("bac");
    expect(ids(sortGaitRows(rows, { column: "id", dir: "asc" }))).toBe("acb");
  });

  it("sorts session UUIDs as text, digit runs included (not as numbers)", () => {
    const uuids = ["9f3c0e1a-0000-4000-8000-000000000001", "10aa0e1a-0000-4000-8000-000000000002", "2B000000-0000-4000-8000-000000000003"];
    const r = uuids.map((sessionUUID, i) => ({ id: String(i), capturedDate: "2026-11-01T10:00:00.000Z", patientName: "A", sessionUUID }));
    expect(sortGaitRows(r, { column: "sessionUUID", dir: "asc" }).map((x) => x.sessionUUID)).toEqual([uuids[1], uuids[2], uuids[0]]);
    expect(sortGaitRows(r, { column: "sessionUUID", dir: "desc" }).map((x) => x.sessionUUID)).toEqual([uuids[0], uuids[2], uuids[1]]);
  });

  it("reads only known columns and directions from the URL", () => {
    expect(parseGaitSort(new URLSearchParams("sort=id&dir=asc"))).toEqual({ column: "id", dir: "asc" });
    expect(parseGaitSort(new URLSearchParams("sort=secret&dir=asc"))).toBeNull();
    expect(parseGaitSort(new URLSearchParams("sort=id&dir=up"))).toBeNull();
    expect(gaitSortSearch({ column: "capturedDate", dir: "desc" })).toBe("?sort=capturedDate&dir=desc");
    expect(gaitSortSearch(null)).toBe("");
  });

  it("pages the sorted rows; a page past the end has no rows and says so (not the last page in disguise)", () => {
    const many = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(many, 1).items).toHaveLength(50);
    expect(pageOf(many, 3)).toMatchObject({ page: 3, metadata: { totalItems: 120, itemCount: 20, itemsForPage: 50, totalPages: 3 } });
    const past = pageOf(many, 999);
    expect(past).toMatchObject({ page: 999, items: [], metadata: { totalItems: 120, itemCount: 0, totalPages: 3 } });
    expect(isPastEnd(past.page, past.metadata)).toBe(true);
    expect(pastEndMessage(past.page, past.metadata, ["session", "sessions"])).toBe("There is no page 999: the list has 120 sessions on 3 pages.");
    expect(pageOf([], 1)).toMatchObject({ page: 1, items: [], metadata: { totalPages: 1 } });
    expect(parsePage(new URLSearchParams("page=2"))).toBe(2);
    expect(parsePage(new URLSearchParams("page=-1"))).toBe(1);
  });
});
