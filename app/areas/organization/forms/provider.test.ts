import { NPI_MESSAGES } from "../../../domain/rtm-claim";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { notSingleLine } from "../../../domain/single-line";
import { locationsRequired, providerFormSchema, selectableRoles, type ProviderFormOptions } from "./provider";

const A = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";
const B = "4a1d7e2f-9b5c-4c9f-8e72-3b8a1c2d0f22";
const ADMIN_ROLES = selectableRoles("PORTAL_PROVIDER_ADMIN");

const form = (entries: Record<string, string | string[]>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
};
const parse = (entries: Record<string, string | string[]>, options: Partial<ProviderFormOptions> = {}) =>
  parseWithZod(form(entries), { schema: providerFormSchema({ mode: "invite", roles: ADMIN_ROLES, ...options }) });
const errors = (entries: Record<string, string | string[]>, options: Partial<ProviderFormOptions> = {}) => {
  const s = parse(entries, options);
  return s.status === "error" ? s.error : null;
};
const valid = { firstName: "Jordan", lastName: "Ellis", email: "jordan@clinic.example", role: "PORTAL_PRACTITIONER", locationIds: A };

describe("selectable roles (001 §6, ADR 010)", () => {
  it("a provider admin chooses Provider or Admin (the API refuses them EXER_ADMIN); a product admin also EXER_ADMIN", () => {
    expect(selectableRoles("PORTAL_PROVIDER_ADMIN")).toEqual(["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN"]);
    expect(selectableRoles("EXER_SUPPORT")).toEqual(["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN"]);
    expect(selectableRoles("EXER_ADMIN")).toEqual(["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN", "EXER_ADMIN"]);
    expect(selectableRoles("PORTAL_PRACTITIONER")).toEqual([]);
    expect(selectableRoles(null)).toEqual([]);
  });
});

describe("Add Provider (001 §5)", () => {
  it("every required field's message, verbatim, all at once", () => {
    expect(errors({})).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      role: ["Role is required"],
    });
    expect(errors({ firstName: "  ", lastName: " ", email: " ", role: "PORTAL_PRACTITIONER" })).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      locationIds: ["Location(s) are required"],
    });
  });

  it("a valid e-mail", () => {
    expect(errors({ ...valid, email: "not-an-address" })).toEqual({ email: ["Email must be valid."] });
    expect(errors({ ...valid, email: `${"a".repeat(250)}@x.example` })).toEqual({ email: ["Email must be valid."] });
  });

  it("a practitioner needs at least one location; an admin none", () => {
    expect(errors({ ...valid, locationIds: [] })).toEqual({ locationIds: ["Location(s) are required"] });
    expect(errors({ ...valid, role: "PORTAL_PROVIDER_ADMIN", locationIds: [] })).toBeNull();
    expect(locationsRequired("PORTAL_PRACTITIONER", [])).toBe(true);
    expect(locationsRequired("PORTAL_PRACTITIONER", [A])).toBe(false);
    expect(locationsRequired("PORTAL_PROVIDER_ADMIN", [])).toBe(false);
    expect(errors({ ...valid, locationIds: ["not-a-location"] })).toEqual({ locationIds: ["Location(s) are required"] });
  });

  it("only the roles the user may give", () => {
    expect(errors({ ...valid, role: "EXER_ADMIN" })).toEqual({ role: ["Role is required"] });
    expect(errors({ ...valid, role: "EXER_ADMIN" }, { roles: selectableRoles("EXER_ADMIN") })).toBeNull();
    expect(errors({ ...valid, role: "EXER_SUPPORT" }, { roles: selectableRoles("EXER_ADMIN") })).toEqual({ role: ["Role is required"] });
  });

  it("the value: trimmed, unique locations, useSSO only where the organization supports SSO (unticked = false)", () => {
    const s = parse({ ...valid, firstName: " Jordan ", email: " jordan@clinic.example ", locationIds: [A, B, A.toUpperCase()] }, { supportsSSO: true });
    expect(s.status === "success" ? s.value : null).toEqual({
      firstName: "Jordan",
      lastName: "Ellis",
      email: "jordan@clinic.example",
      role: "PORTAL_PRACTITIONER",
      locationIds: [A, B],
      useSSO: false,
    });
    const on = parse({ ...valid, useSSO: "on" }, { supportsSSO: true });
    expect(on.status === "success" && on.value.useSSO).toBe(true);
    const noSso = parse({ ...valid, useSSO: "on" });
    expect(noSso.status === "success" && "useSSO" in noSso.value).toBe(false);
  });

  it("names of at most 100 characters", () => {
    expect(errors({ ...valid, firstName: "x".repeat(101) })).toEqual({ firstName: ["Use at most 100 characters."] });
  });
});

describe("Edit provider", () => {
  const edit = (entries: Record<string, string | string[]>, emailLocked: boolean) =>
    parseWithZod(form(entries), { schema: providerFormSchema({ mode: "edit", roles: ADMIN_ROLES, emailLocked }) });

  it("an invited user's e-mail is edited and checked; no names", () => {
    const s = edit({ email: "new@clinic.example", role: "PORTAL_PRACTITIONER", locationIds: B }, false);
    expect(s.status === "success" ? s.value : null).toEqual({ email: "new@clinic.example", role: "PORTAL_PRACTITIONER", locationIds: [B] });
    const bad = edit({ email: "", role: "PORTAL_PRACTITIONER", locationIds: B }, false);
    expect(bad.status === "error" ? bad.error : null).toEqual({ email: ["Email is required"] });
  });

  it("a current user's e-mail is ignored (it cannot change, 001 §5)", () => {
    const s = edit({ email: "changed@clinic.example", role: "PORTAL_PROVIDER_ADMIN" }, true);
    expect(s.status === "success" ? s.value : null).toEqual({ role: "PORTAL_PROVIDER_ADMIN", locationIds: [] });
  });

  it("the location rule holds for the edit too", () => {
    const s = edit({ role: "PORTAL_PRACTITIONER" }, true);
    expect(s.status === "error" ? s.error : null).toEqual({ locationIds: ["Location(s) are required"] });
  });
});

describe("names are one line (ADR 036)", () => {
  it("a line break or a control character in the invitee's name is refused at the field", () => {
    expect(errors({ ...valid, firstName: "Jor\r\ndan" })?.firstName).toEqual([notSingleLine("First name")]);
    expect(errors({ ...valid, lastName: "El\u001blis" })?.lastName).toEqual([notSingleLine("Last name")]);
    expect(errors(valid)).toBeNull();
  });
});

describe("the NPI and credential of the edit (issue 32)", () => {
  const edit = providerFormSchema({ mode: "edit", roles: ["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN"], emailLocked: true });
  const base = { role: "PORTAL_PRACTITIONER", locationIds: ["3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11"] };
  it("takes a valid NPI and a credential; blank clears them", () => {
    expect(edit.safeParse({ ...base, npi: " 1234567893 ", credential: "PTA" }).data).toMatchObject({ npi: "1234567893", credential: "PTA" });
    expect(edit.safeParse({ ...base, npi: "", credential: "" }).data).toMatchObject({ npi: null, credential: null });
  });
  it("refuses a wrong check digit or not ten digits at the NPI field, with the API's words", () => {
    const wrong = edit.safeParse({ ...base, npi: "1234567890" });
    expect(wrong.error?.issues).toEqual([expect.objectContaining({ path: ["npi"], message: NPI_MESSAGES.checkDigit })]);
    const short = edit.safeParse({ ...base, npi: "12345" });
    expect(short.error?.issues).toEqual([expect.objectContaining({ path: ["npi"], message: NPI_MESSAGES.format })]);
    expect(edit.safeParse({ ...base, credential: "MD" }).error?.issues[0]?.path).toEqual(["credential"]);
  });
});
