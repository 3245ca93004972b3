import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { notSingleLine } from "../../../domain/single-line";
import { LOCATION_MESSAGES, locationFormSchema, type LocationFormOptions } from "./location";

const ADMIN = "7b1e2f9a-4c3d-4e5f-8a9b-0c1d2e3f4a5b";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
};
const parse = (entries: Record<string, string>, options: LocationFormOptions = {}) => parseWithZod(form(entries), { schema: locationFormSchema(options) });
const errors = (entries: Record<string, string>, options: LocationFormOptions = {}) => {
  const s = parse(entries, options);
  return s.status === "error" ? s.error : null;
};

describe("the location form (001 §5)", () => {
  it("requires a name and a timezone, with the spec's messages verbatim", () => {
    expect(errors({})).toEqual({ name: ["Name is required"], timezone: ["Timezone is required"] });
    expect(errors({ name: "   ", timezone: "" })).toEqual({ name: ["Name is required"], timezone: ["Timezone is required"] });
  });

  it("gives the API's body: trimmed, empty optional fields as null", () => {
    const s = parse({ name: " Denver Downtown ", timezone: "America/Denver", address1: "", city: " Denver ", stateCode: "co", zipCode: "80202", defaultProviderId: "" });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toEqual({
      name: "Denver Downtown",
      address1: null,
      address2: null,
      city: "Denver",
      stateCode: "CO",
      zipCode: "80202",
      defaultProviderId: null,
      timezone: "America/Denver",
    });
  });

  it("takes ZIP+4, and refuses other ZIP codes, states and zones with our messages", () => {
    expect(errors({ name: "A", timezone: "America/Chicago", zipCode: "60603-1234" })).toBeNull();
    expect(errors({ name: "A", timezone: "Europe/Paris", zipCode: "6060", stateCode: "XX" })).toEqual({
      timezone: [LOCATION_MESSAGES.timezoneInvalid],
      zipCode: [LOCATION_MESSAGES.zipInvalid],
      stateCode: [LOCATION_MESSAGES.stateInvalid],
    });
    expect(errors({ name: "A", timezone: "America/Chicago", zipCode: "606031234" })).toEqual({ zipCode: [LOCATION_MESSAGES.zipInvalid] });
  });

  it("offers only the given default providers ('None' is always allowed)", () => {
    expect(errors({ name: "A", timezone: "America/Denver", defaultProviderId: ADMIN }, { providerIds: [ADMIN] })).toBeNull();
    expect(errors({ name: "A", timezone: "America/Denver" }, { providerIds: [] })).toBeNull();
    expect(errors({ name: "A", timezone: "America/Denver", defaultProviderId: ADMIN }, { providerIds: [] })).toEqual({ defaultProviderId: [LOCATION_MESSAGES.providerInvalid] });
  });

  it("keeps to the contract's lengths", () => {
    expect(errors({ name: "x".repeat(201), timezone: "America/Denver", city: "y".repeat(101) })).toEqual({
      name: ["Use at most 200 characters."],
      city: ["Use at most 100 characters."],
    });
  });
});

describe("a location's name is one line (issue 30: 'a\\r\\nX: y' was accepted; ADR 036)", () => {
  it("a line break or a control character inside is refused at the field; the same name on one line is fine", () => {
    for (const name of ["a\r\nX: y", "Denver\tDowntown", "Denver\u0007", "Denver\u2028West"]) {
      expect(errors({ name, timezone: "America/Denver" })?.name, JSON.stringify(name)).toEqual([notSingleLine("Name")]);
    }
    expect(errors({ name: "  Denver Downtown — West (2)  ", timezone: "America/Denver" })).toBeNull();
  });
});
