import { describe, expect, it } from "vitest";
import {
  CANNOT_EDIT_SELF,
  CANNOT_EDIT_STAFF,
  dialogOf,
  inviteErrorFields,
  locationNames,
  manageRefusal,
  NOT_AN_ADMIN,
  providersHref,
  roleLabel,
  roleOptions,
  splitByTab,
  tabLabel,
  tabOf,
  toList,
  toRow,
  type ProviderSource,
  type Viewer,
} from "./provider-list";

const ME = "00000000-0000-4000-8000-000000000001";
const ID = "7b1e2f9a-4c3d-4e5f-8a9b-0c1d2e3f4a5b";
const admin: Viewer = { role: "PORTAL_PROVIDER_ADMIN", practitionerId: ME, canManage: true };
const practitioner: Viewer = { role: "PORTAL_PRACTITIONER", practitionerId: ME, canManage: false };

const provider = (over: Partial<ProviderSource> = {}): ProviderSource => ({
  id: ID,
  userId: "user-1",
  firstName: "Maya",
  lastName: "Okafor",
  email: "maya@clinic.example",
  role: "PORTAL_PRACTITIONER",
  locations: [
    { id: "l1", name: "Denver Downtown" },
    { id: "l2", name: "Boulder" },
  ],
  invitedAt: null,
  ...over,
});

const params = (s: string) => new URLSearchParams(s);

describe("URL state", () => {
  it("the tab: invited by ?tab=invited, current otherwise", () => {
    expect(tabOf(params("tab=invited"))).toBe("invited");
    expect(tabOf(params(""))).toBe("current");
    expect(tabOf(params("tab=other"))).toBe("current");
  });

  it("the dialog: invite, edit and delete with a provider id; anything else none", () => {
    expect(dialogOf(params("dialog=invite"))).toEqual({ kind: "invite" });
    expect(dialogOf(params(`dialog=edit&provider=${ID.toUpperCase()}`))).toEqual({ kind: "edit", id: ID });
    expect(dialogOf(params(`dialog=delete&provider=${ID}`))).toEqual({ kind: "delete", id: ID });
    expect(dialogOf(params("dialog=edit&provider=nope"))).toBeNull();
    expect(dialogOf(params("dialog=edit"))).toBeNull();
    expect(dialogOf(params("dialog=other"))).toBeNull();
  });

  it("hrefs keep the tab and name the dialog", () => {
    expect(providersHref({ tab: "current" })).toBe("/organization/providers/");
    expect(providersHref({ tab: "invited" })).toBe("/organization/providers/?tab=invited");
    expect(providersHref({ tab: "invited", dialog: { kind: "invite" } })).toBe("/organization/providers/?tab=invited&dialog=invite");
    expect(providersHref({ tab: "current", dialog: { kind: "edit", id: ID } })).toBe(`/organization/providers/?dialog=edit&provider=${ID}`);
  });
});

describe("tabs (001 §2.8, §4)", () => {
  it("invited = no userId, current = a userId; the order kept; the counts in the labels", () => {
    const rows = [
      toRow(admin, provider({ id: "a", lastName: "Adams" })),
      toRow(admin, provider({ id: "b", lastName: "Baker", userId: null })),
      toRow(admin, provider({ id: "c", lastName: "Cole" })),
    ];
    const split = splitByTab(rows);
    expect(split.current.map((r) => r.id)).toEqual(["a", "c"]);
    expect(split.invited.map((r) => r.id)).toEqual(["b"]);
    expect(split.counts).toEqual({ current: 2, invited: 1 });
    expect(tabLabel("current", 2)).toBe("Current Users (2)");
    expect(tabLabel("invited", 0)).toBe("Invited Users (0)");
    expect(splitByTab([]).counts).toEqual({ current: 0, invited: 0 });
  });
});

describe("roles (001 §9)", () => {
  it("labels Provider and Admin; the staff roles by their names", () => {
    expect(roleLabel("PORTAL_PRACTITIONER")).toBe("Provider");
    expect(roleLabel("PORTAL_PROVIDER_ADMIN")).toBe("Admin");
    expect(roleLabel("EXER_ADMIN")).toBe("Product admin");
    expect(roleOptions(["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN"])).toEqual([
      { value: "PORTAL_PRACTITIONER", label: "Provider" },
      { value: "PORTAL_PROVIDER_ADMIN", label: "Admin" },
    ]);
  });
});

describe("who may be edited, removed, re-invited (001 §4, §6)", () => {
  it("an admin: others yes, oneself no, staff accounts only for product admins", () => {
    expect(manageRefusal(admin, provider())).toBeNull();
    expect(manageRefusal(admin, provider({ id: ME.toUpperCase() }))).toBe(CANNOT_EDIT_SELF);
    expect(manageRefusal(admin, provider({ role: "EXER_ADMIN" }))).toBe(CANNOT_EDIT_STAFF);
    expect(manageRefusal({ ...admin, role: "EXER_ADMIN" }, provider({ role: "EXER_ADMIN" }))).toBeNull();
  });

  it("the row: the actions the viewer may take", () => {
    const current = toRow(admin, provider());
    expect(current).toMatchObject({ name: "Okafor, Maya", fullName: "Maya Okafor", roleLabel: "Provider", invited: false, self: false, canEdit: true, canRemove: true, canResend: false });
    const invited = toRow(admin, provider({ userId: null, invitedAt: "2026-01-02T03:04:05.000Z" }));
    expect(invited).toMatchObject({ invited: true, canEdit: true, canRemove: true, canResend: true });
    const me = toRow(admin, provider({ id: ME }));
    expect(me).toMatchObject({ self: true, canEdit: false, canRemove: false, canResend: false });
    // A support account: a product admin may remove it, but the form cannot give its role (no Edit).
    expect(toRow({ ...admin, role: "EXER_ADMIN" }, provider({ role: "EXER_SUPPORT" }))).toMatchObject({ canEdit: false, canRemove: true });
  });

  it("a practitioner: read-only", () => {
    expect(manageRefusal(practitioner, provider())).toBe(NOT_AN_ADMIN);
    expect(toRow(practitioner, provider({ userId: null }))).toMatchObject({ canEdit: false, canRemove: false, canResend: false });
  });

  it("the Location column lists the location names", () => {
    expect(locationNames(provider().locations)).toBe("Denver Downtown, Boulder");
    expect(locationNames([])).toBe("");
  });
});

describe("the list and failures (001 §8, ADR 005)", () => {
  it("a failed list call is 'Could not get providers.'; a good one the tabs with counts", () => {
    expect(toList({ error: { message: "boom", status: 500 } }, admin)).toEqual({ error: "Could not get providers.", current: null, invited: null, counts: null });
    const list = toList({ data: [provider(), provider({ id: "x", userId: null })] }, admin);
    expect(list.error).toBeNull();
    expect(list.counts).toEqual({ current: 1, invited: 1 });
  });

  it("a refused invite: a used e-mail at the e-mail field, a message naming a field at it, anything else on the form", () => {
    expect(inviteErrorFields({ message: "A provider with this email already exists.", status: 409 })).toEqual({ fieldErrors: { email: ["A provider with this email already exists."] } });
    expect(inviteErrorFields({ message: "useSSO: your organization does not support single sign-on", status: 400 })).toEqual({
      fieldErrors: { useSSO: ["your organization does not support single sign-on"] },
    });
    // Another organization's location (an audit finding: the API's field name reached the user): at the field, in words.
    expect(inviteErrorFields({ message: "locationIds: Choose locations of your organization.", status: 400 })).toEqual({ fieldErrors: { locationIds: ["Choose locations of your organization."] } });
    expect(inviteErrorFields({ message: "Locations is not valid.", status: 400, field: "locationIds" })).toEqual({ fieldErrors: { locationIds: ["Locations is not valid."] } });
    expect(inviteErrorFields({ message: "Something else.", status: 400 })).toEqual({ formErrors: ["Something else."] });
  });
});
