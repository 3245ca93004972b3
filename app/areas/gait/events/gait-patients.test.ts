import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { gaitPatientFormSchema } from "./gait-patient-form";
import {
  GAIT_LOCATION_REQUIRED,
  gaitPatientRow,
  gaitPatientsHref,
  NO_ACTIVITY,
  parseLocation,
} from "./gait-patients";

const LOC = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";

const errorsOf = (s: { status?: string; error?: unknown }) => (s.status === "success" ? {} : (s.error as Record<string, string[]> | undefined) ?? {});

function form(entries: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
}

describe("gait patients page", () => {
  it("reads the location from the URL only when it is a UUID", () => {
    expect(parseLocation(new URLSearchParams(`location=${LOC.toUpperCase()}`))).toBe(LOC);
    expect(parseLocation(new URLSearchParams("location=denver"))).toBeNull();
    expect(parseLocation(new URLSearchParams())).toBeNull();
    expect(gaitPatientsHref(LOC)).toBe(`/gait/events/patients/?location=${LOC}`);
    expect(gaitPatientsHref(null)).toBe("/gait/events/patients/");
  });

  it("maps a record to its row: name, location, upper-cased gait ID, LL/dd/yyyy in the zone, the gait tab", () => {
    const row = gaitPatientRow(
      { id: "p1", patient: { firstName: "Ana", lastName: "Rivera" }, location: { id: LOC, name: "Denver" }, mostRecentActivity: "2024-06-04T03:00:00.000Z", productData: { gait: { uid: "fr-0042" } } },
      "America/Denver",
    );
    expect(row).toEqual({ id: "p1", href: "/patients/p1/gait/activity/", name: "Rivera, Ana", location: "Denver", gaitUid: "FR-0042", lastActivity: "06/03/2024" });
  });

  it("shows a dash without activity, empty cells without location or gait ID", () => {
    const row = gaitPatientRow({ id: "p2", patient: { firstName: "Bo", lastName: "Li" }, location: null, mostRecentActivity: null, productData: { gait: null } }, "America/Denver");
    expect(row.lastActivity).toBe(NO_ACTIVITY);
    expect(row.location).toBe("");
    expect(row.gaitUid).toBe("");
  });
});

describe("gait patient form", () => {
  it("requires a location and both names (the spec's messages), the gait ID optional", () => {
    const s = parseWithZod(form({ locationId: "", firstName: " ", lastName: "", gaitUid: "" }), { schema: gaitPatientFormSchema });
    expect(s.status).toBe("error");
    expect(errorsOf(s)).toMatchObject({ locationId: [GAIT_LOCATION_REQUIRED], firstName: ["First name is required"], lastName: ["Last name is required"] });
    const missing = parseWithZod(form({}), { schema: gaitPatientFormSchema });
    expect(errorsOf(missing).locationId).toEqual([GAIT_LOCATION_REQUIRED]);
  });

  it("trims, and sends an empty gait ID as null", () => {
    const s = parseWithZod(form({ locationId: LOC, firstName: " Ana ", lastName: "Rivera", gaitUid: "  " }), { schema: gaitPatientFormSchema });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ locationId: LOC, firstName: "Ana", lastName: "Rivera", gaitUid: null });
    const withId = parseWithZod(form({ locationId: LOC, firstName: "Ana", lastName: "Rivera", gaitUid: " FR-9 " }), { schema: gaitPatientFormSchema });
    expect(withId.status === "success" && withId.value.gaitUid).toBe("FR-9");
  });

  it("refuses a gait ID over 64 characters", () => {
    const s = parseWithZod(form({ locationId: LOC, firstName: "A", lastName: "B", gaitUid: "x".repeat(65) }), { schema: gaitPatientFormSchema });
    expect(errorsOf(s).gaitUid).toEqual(["Use at most 64 characters."]);
  });
});
