import { describe, expect, it } from "vitest";
import { byDisplayName, displayName, fullName, optionLabels } from "./names";

describe("name display rules (000 §3)", () => {
  it("shows 'Last, First'", () => {
    expect(displayName({ firstName: "Ana", lastName: "Rivera" })).toBe("Rivera, Ana");
    expect(displayName({ firstName: " Ana ", lastName: " Rivera" })).toBe("Rivera, Ana");
  });

  it("marks missing parts", () => {
    expect(displayName({ firstName: "Ana", lastName: "" })).toBe("(Missing Last Name), Ana");
    expect(displayName({ firstName: null, lastName: "Rivera" })).toBe("Rivera, (Missing First Name)");
    expect(displayName({ firstName: " ", lastName: undefined })).toBe("(Missing Name)");
    expect(fullName({ firstName: "Ana", lastName: "Rivera" })).toBe("Ana Rivera");
    expect(fullName({ firstName: "", lastName: "Rivera" })).toBe("Rivera");
    expect(fullName({})).toBe("(Missing Name)");
  });

  it("appends the id to duplicate names only", () => {
    const people = [
      { id: "a1", firstName: "Ana", lastName: "Rivera" },
      { id: "b2", firstName: "Ben", lastName: "Cole" },
      { id: "c3", firstName: "ana", lastName: "RIVERA" },
    ];
    expect(optionLabels(people)).toEqual([
      { id: "a1", label: "Rivera, Ana (a1)" },
      { id: "b2", label: "Cole, Ben" },
      { id: "c3", label: "RIVERA, ana (c3)" },
    ]);
  });

  it("sorts by the displayed name", () => {
    const list = [
      { id: "2", firstName: "Zoe", lastName: "Álvarez" },
      { id: "1", firstName: "Amy", lastName: "Brown" },
      { id: "0", firstName: "Adam", lastName: "alvarez" },
    ].sort(byDisplayName);
    expect(list.map((p) => p.id)).toEqual(["0", "2", "1"]);
  });
});
