import { describe, expect, it } from "vitest";
import { providersFor } from "./provider-choices";

const NORTH = { id: "N" };
const SOUTH = { id: "S" };
const people = [
  { id: "north-prac", role: "PORTAL_PRACTITIONER", locations: [NORTH] },
  { id: "south-prac", role: "PORTAL_PRACTITIONER", locations: [SOUTH] },
  { id: "both-prac", role: "PORTAL_PRACTITIONER", locations: [SOUTH, NORTH] },
  { id: "admin", role: "PORTAL_PROVIDER_ADMIN", locations: [] },
  { id: "invited-no-location", role: "PORTAL_PRACTITIONER", locations: [] },
];
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe("providersFor (000 §6: a provider admin sees all providers; other users are matched to a location)", () => {
  it("a practitioner gets the providers of their own locations and the admins (eligible everywhere)", () => {
    expect(ids(providersFor("PORTAL_PRACTITIONER", [NORTH], people))).toEqual(["north-prac", "both-prac", "admin"]);
    expect(ids(providersFor("PORTAL_PRACTITIONER", [{ id: "s" }], people))).toEqual(["south-prac", "both-prac", "admin"]);
  });
  it("provider admins and product staff get every provider", () => {
    expect(ids(providersFor("PORTAL_PROVIDER_ADMIN", [NORTH], people))).toEqual(ids(people));
    expect(ids(providersFor("EXER_ADMIN", [], people))).toEqual(ids(people));
  });
});
