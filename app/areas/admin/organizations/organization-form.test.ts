import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { KEYWORD_MESSAGES } from "../../../domain/location-keyword";
import { LOCATION_MESSAGES } from "../../organization/forms/location";
import { ADD_ORGANIZATION_MESSAGES as M, addOrganizationSchema, createErrorFields, toOrganizationCreate } from "./organization-form";
import { NOT_OFFERED } from "../../../forms/fields";

const form = (fields: Record<string, string | string[]>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
};

const valid = {
  orgName: " Mountain View Rehab ",
  orgTimezone: "America/Denver",
  products: ["HEALTH", "SCAN"],
  firstName: "Alex",
  lastName: "Moreno",
  email: "alex@mountainview.example",
  role: "PORTAL_PROVIDER_ADMIN",
  locationName: "Boulder Clinic",
  locationTimezone: "America/Denver",
  address1: "",
  address2: "",
  city: "",
  stateCode: "",
  countryCode: "",
  zipCode: "",
  keyword: "",
};

const parse = (fields: Record<string, string | string[]>) => parseWithZod(form(fields), { schema: addOrganizationSchema });

describe("add organization form (003 §5)", () => {
  it("gives every message of 003 §5 at its field for an empty form", () => {
    const s = parse({});
    expect(s.status).toBe("error");
    const errors = s.status === "error" ? s.error : {};
    expect(errors).toMatchObject({
      orgName: [M.orgNameRequired],
      orgTimezone: [M.orgTimezoneRequired],
      products: [M.productsRequired],
      firstName: [M.firstNameRequired],
      lastName: [M.lastNameRequired],
      email: [M.emailInvalid],
      role: [M.roleInvalid],
      locationName: [M.locationNameRequired],
      locationTimezone: [M.locationTimezoneRequired],
    });
    expect(M).toMatchObject({
      orgNameRequired: "Organization name is required",
      firstNameRequired: "First name is required",
      lastNameRequired: "Last name is required",
      emailInvalid: "Email must be valid",
      roleInvalid: "Role must be valid",
      orgTimezoneRequired: "Organization Timezone is required",
      locationNameRequired: "Name is required",
      locationTimezoneRequired: "Location Timezone is required",
    });
  });

  it("refuses a bad e-mail, an unknown role, product or zone, and blank names", () => {
    const s = parse({ ...valid, orgName: "   ", email: "not-an-email", role: "EXER_ADMIN", products: ["NOPE"], orgTimezone: "Europe/Paris", stateCode: "XX" });
    const errors = s.status === "error" ? s.error : {};
    expect(errors?.orgName).toEqual([M.orgNameRequired]);
    expect(errors?.email).toEqual([M.emailInvalid]);
    expect(errors?.role).toEqual([M.roleInvalid]);
    expect(errors?.orgTimezone).toEqual([M.orgTimezoneRequired]);
    expect(errors?.stateCode).toEqual([M.stateInvalid]);
    // At the products field itself (which the dialog shows), in words (issue 34: it was `products[0]`, shown nowhere).
    expect(errors?.products).toEqual([NOT_OFFERED]);
  });

  it("maps a valid form to the API's payload with empty optional values as null", () => {
    const s = parse(valid);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(toOrganizationCreate(s.value)).toEqual({
      orgName: "Mountain View Rehab",
      timezone: "America/Denver",
      products: ["HEALTH", "SCAN"],
      practitioner: { firstName: "Alex", lastName: "Moreno", email: "alex@mountainview.example", role: "PORTAL_PROVIDER_ADMIN" },
      location: { name: "Boulder Clinic", timezone: "America/Denver", address1: null, address2: null, city: null, stateCode: null, countryCode: null, zipCode: null, keyword: null },
    });
  });

  it("keeps filled optional values, trimmed, codes in capitals", () => {
    const s = parse({ ...valid, address1: " 1200 Pearl St ", city: "Boulder", stateCode: "co", countryCode: "us", zipCode: "80302", keyword: "BOULDER", role: "PORTAL_PRACTITIONER" });
    if (s.status !== "success") throw new Error("expected success");
    const body = toOrganizationCreate(s.value);
    expect(body.location).toMatchObject({ address1: "1200 Pearl St", address2: null, city: "Boulder", stateCode: "CO", countryCode: "US", zipCode: "80302", keyword: "BOULDER" });
    expect(body.practitioner.role).toBe("PORTAL_PRACTITIONER");
  });

  it("keeps the keyword a code (ADR 031): spaces, markup and emoji refused at the field; stored in capitals (issue 25)", () => {
    for (const keyword of ["TWO WORDS", "<b>KW</b>", "KW😀", "-KW", "K".repeat(33)]) {
      const s = parse({ ...valid, keyword });
      expect(s.status, keyword).toBe("error");
      expect(s.status === "error" ? s.error?.keyword : null, keyword).toEqual([keyword.length > 32 ? KEYWORD_MESSAGES.tooLong : KEYWORD_MESSAGES.characters]);
    }
    const s = parse({ ...valid, keyword: " boulder-2_a " });
    if (s.status !== "success") throw new Error("expected success");
    expect(toOrganizationCreate(s.value).location.keyword).toBe("BOULDER-2_A");
    // In use by another location (only the API knows): its 409 at the keyword field.
    expect(createErrorFields(`location.keyword: ${KEYWORD_MESSAGES.inUse}`)).toEqual({ fieldErrors: { keyword: [KEYWORD_MESSAGES.inUse] } });
  });

  it("keeps the ZIP code a code, as the organization's own location form does (issue 25)", () => {
    for (const zipCode of ["8030", "80302 ", "ABCDE", "80302-12"]) {
      const s = parse({ ...valid, zipCode: zipCode === "80302 " ? "80 302" : zipCode });
      expect(s.status === "error" ? s.error?.zipCode : null, zipCode).toEqual([LOCATION_MESSAGES.zipInvalid]);
    }
    const s = parse({ ...valid, zipCode: " 80302-1234 " });
    if (s.status !== "success") throw new Error("expected success");
    expect(toOrganizationCreate(s.value).location.zipCode).toBe("80302-1234");
  });

  it("puts the API's refusal at the field it names, anything else on the form", () => {
    expect(createErrorFields("practitioner.email: A provider with this email already exists")).toEqual({ fieldErrors: { email: ["A provider with this email already exists"] } });
    expect(createErrorFields("location.stateCode: State must be a two-letter code")).toEqual({ fieldErrors: { stateCode: ["State must be a two-letter code"] } });
    expect(createErrorFields("orgName: Organization name is required")).toEqual({ fieldErrors: { orgName: ["Organization name is required"] } });
    expect(createErrorFields("Support staff cannot make this change; ask a product admin.")).toEqual({ formErrors: ["Support staff cannot make this change; ask a product admin."] });
    expect(createErrorFields("other.field: x")).toEqual({ formErrors: ["other.field: x"] });
  });
});
