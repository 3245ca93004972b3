import { describe, expect, it } from "vitest";
import { listHref, listQuery, parseListState, tabFromCookieHeader, type ListState } from "./patient-list";
import { columnsFor, nextSort, otherProduct, rowActions, emptyListMessage, splitProblems, uploadSuccessMessage, patientAddedMessage } from "./patient-rows";
import { todayIn } from "../../../domain/date-range";

const ID = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";
const base: ListState = { tab: "active", q: "", provider: null, location: null, sort: null, dir: null, page: 1 };

describe("URL state", () => {
  it("reads the list's state, dropping anything malformed", () => {
    expect(parseListState(new URLSearchParams(`tab=discharged&q=%20ana%20&provider=${ID}&location=nope&sort=name&dir=desc&page=3`))).toEqual({
      tab: "discharged",
      q: "ana",
      provider: ID,
      location: null,
      sort: "name",
      dir: "desc",
      page: 3,
    });
    expect(parseListState(new URLSearchParams("tab=x&sort=name&page=-2&location=all"), "discharged")).toEqual({ ...base, tab: "discharged", location: "all" });
    expect(parseListState(new URLSearchParams("sort=bogus&dir=asc&page=1.5"))).toEqual(base);
  });

  it("writes it back (round trip), defaults left out", () => {
    const state: ListState = { tab: "active", q: "ana r", provider: ID, location: "all", sort: "status", dir: "asc", page: 2 };
    const href = listHref(state);
    expect(href).toBe(`/patients/?tab=active&q=ana+r&provider=${ID}&location=all&sort=status&dir=asc&page=2`);
    expect(parseListState(new URL(href, "http://x").searchParams)).toEqual(state);
    expect(listHref(base, { add: "true" })).toBe("/patients/?tab=active&add=true");
  });

  it("remembers the tab in a cookie, Active by default", () => {
    expect(tabFromCookieHeader("a=b; exer-patients-tab=discharged")).toBe("discharged");
    expect(tabFromCookieHeader("exer-patients-tab=weird")).toBe("active");
    expect(tabFromCookieHeader(null)).toBe("active");
  });
});

describe("sorting (000 §4: none → ASC → DESC → none)", () => {
  it("cycles one column and starts another at ASC, back to page 1", () => {
    const a = nextSort({ ...base, page: 4 }, "name");
    expect(a).toMatchObject({ sort: "name", dir: "asc", page: 1 });
    const b = nextSort(a, "name");
    expect(b).toMatchObject({ sort: "name", dir: "desc" });
    expect(nextSort(b, "name")).toMatchObject({ sort: null, dir: null });
    expect(nextSort(b, "email")).toMatchObject({ sort: "email", dir: "asc" });
  });
});

describe("columns by product access (000 §2.6)", () => {
  it("Health, Gait, or mixed", () => {
    expect(columnsFor(["HEALTH", "PRO"])).toEqual(["action", "name", "email", "program", "lastActivity", "status"]);
    expect(columnsFor(["GAIT", "SCAN"])).toEqual(["action", "name", "location", "lastActivity"]);
    expect(columnsFor(["HEALTH", "GAIT", "PRO", "SCAN"])).toEqual(["action", "name", "product", "program", "lastActivity", "status"]);
  });
});

describe("the list call (000 §7)", () => {
  it("maps the state and applies the shell's filter", () => {
    expect(listQuery(base, { locationId: null, products: [] })).toEqual({ page: 1, limit: 10, status: "ACTIVE" });
    expect(listQuery({ ...base, tab: "discharged", q: "ana", sort: "lastActivity", dir: "asc", provider: ID, page: 2 }, { locationId: "L1", products: ["GAIT"] })).toEqual({
      page: 2,
      limit: 10,
      search: "ana",
      sortBy: "LAST_ACTIVITY",
      orderBy: "ASC",
      status: "DISCHARGED",
      primaryPractitionerId: ID,
      locationId: "L1",
      product: "GAIT",
    });
    // The list's own location wins; "all" lifts the shell's; several products do not narrow.
    expect(listQuery({ ...base, location: ID }, { locationId: "L1", products: ["HEALTH", "GAIT"] })).toMatchObject({ locationId: ID });
    expect(listQuery({ ...base, location: "all" }, { locationId: "L1", products: [] })).not.toHaveProperty("locationId");
    expect(listQuery(base, { locationId: null, products: ["HEALTH", "GAIT"] })).not.toHaveProperty("product");
  });
});

describe("row menu (000 §2.6)", () => {
  const record = (status: string | null, products: string[], dischargeDate: string | null = null) => ({
    id: "p1",
    products,
    discharged: false,
    dischargeDate,
    productData: { health: status ? { status } : null },
  });
  const kinds = (r: ReturnType<typeof record>, user = ["HEALTH", "GAIT"]) => rowActions(r, user).map((a) => a.label);

  it("shows each action under its condition", () => {
    expect(kinds(record("NO_ASSIGNED_HEP", ["HEALTH"]))).toEqual(["Assign Program", "Edit", "Add To Gait", "Discharge"]);
    expect(kinds(record("NO_ACCOUNT", ["HEALTH", "GAIT"]))).toEqual(["Send Invite", "Edit", "Discharge"]);
    expect(kinds(record("HAS_ACCOUNT", ["HEALTH"], "2030-01-01"))).toEqual(["Edit", "Add To Gait", "Schedule Discharge"]);
    expect(kinds(record(null, ["GAIT"]))).toEqual(["Edit", "Add To Health", "Discharge"]);
    expect(kinds(record(null, ["GAIT"]), ["GAIT"])).toEqual(["Edit", "Discharge"]);
  });

  it("a discharged patient is neither invited nor discharged again (issue 34)", () => {
    const discharged = { ...record("NO_ACCOUNT", ["HEALTH"], "2026-01-01"), discharged: true };
    expect(kinds(discharged)).toEqual(["Edit", "Add To Gait"]);
  });

  it("an empty list says what is empty (issue 34)", () => {
    const base = { tab: "active" as const, q: "", provider: null, location: null };
    expect(emptyListMessage(base, false)).toBe("No patients active in your organization");
    expect(emptyListMessage({ ...base, q: " zzzz " }, false)).toBe("No patients match 'zzzz'");
    expect(emptyListMessage({ ...base, tab: "discharged", q: "zzzz" }, false)).toBe("No discharged patients match 'zzzz'");
    expect(emptyListMessage({ ...base, provider: "p" }, false)).toBe("No patients match these filters");
    expect(emptyListMessage(base, true)).toBe("No patients match these filters");
    expect(emptyListMessage({ ...base, tab: "discharged" }, false)).toBe("No discharged patients in your organization");
  });

  it("the other product only when the organization holds it", () => {
    expect(otherProduct(["PRO"], ["HEALTH", "GAIT"])).toBeNull();
    expect(otherProduct(["GAIT", "PRO"], ["HEALTH", "GAIT", "PRO"])).toBe("HEALTH");
  });
});

describe("messages", () => {
  it("the spec's texts", () => {
    expect(patientAddedMessage(["GAIT"])).toBe("Patient added.");
    expect(patientAddedMessage(["HEALTH", "GAIT"])).toBe("Patient added to Provider Portal. Please assign Program as a next step.");
    expect(uploadSuccessMessage(1)).toBe("Upload was successful. 1 patient record(s) was updated.");
    expect(uploadSuccessMessage(24)).toBe("Upload was successful. 24 patient record(s) were updated.");
    expect(uploadSuccessMessage(null)).toBe("Upload was successful.");
  });

  it("splits the API's import problems into lines", () => {
    expect(splitProblems("Line 2: email: E-mail is required; Line 3: dob: Use YYYY-MM-DD; or MM/DD/YYYY; and 4 more")).toEqual([
      "Line 2: email: E-mail is required",
      "Line 3: dob: Use YYYY-MM-DD; or MM/DD/YYYY",
      "and 4 more",
    ]);
    expect(splitProblems("The file is empty")).toEqual(["The file is empty"]);
  });
});

describe("todayIn", () => {
  it("is the calendar day in the zone", () => {
    const now = new Date("2025-03-15T05:30:00Z");
    expect(todayIn("America/Denver", now)).toBe("2025-03-14");
    expect(todayIn("Europe/Berlin", now)).toBe("2025-03-15");
    expect(todayIn("Not/AZone", now)).toBe("2025-03-14");
  });
});
