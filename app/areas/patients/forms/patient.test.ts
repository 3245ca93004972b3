import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SIDE_OPTIONS, hasDetailsFor, patientFormDefaults, patientFormSchema, patientFormSourceOf, patientProfile, productChoiceSchema, type PatientFormOptions } from "./patient";

const TODAY = "2025-03-14";
const LOCATION = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";

const form = (entries: Record<string, string | string[]>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
};
const parse = (entries: Record<string, string | string[]>, options: Partial<PatientFormOptions> = {}) =>
  parseWithZod(form(entries), { schema: patientFormSchema({ mode: "add", today: TODAY, ...options }) });
const errors = (entries: Record<string, string | string[]>, options: Partial<PatientFormOptions> = {}) => {
  const s = parse(entries, options);
  return s.status === "error" ? s.error : null;
};

describe("profiles (000 §5)", () => {
  it("chooses Health first, then Gait, then PRO", () => {
    expect(patientProfile(["GAIT", "HEALTH"])).toBe("health");
    expect(patientProfile(["PRO", "GAIT"])).toBe("gait");
    expect(patientProfile(["PRO"])).toBe("pro");
    expect(patientProfile(["SCAN"])).toBeNull();
  });
});

describe("Add patient", () => {
  it("Health (or both): every message verbatim, all at once", () => {
    expect(errors({ products: ["HEALTH", "GAIT"] })).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      phoneNumber: ["Phone number is required"],
      locationId: ["Location is required"],
      injuredSideOfBody: ["Side of body is required"],
      injuredBodyPart: ["Involved body part is required"],
    });
    expect(errors({ products: "HEALTH", firstName: "Ana", lastName: "Rivera", email: "nope", phoneNumber: "555-0142", locationId: LOCATION, injuredSideOfBody: "NA", injuredBodyPart: "KNEE" })).toEqual({
      email: ["Email must be valid"],
      phoneNumber: ["Phone number must be 10 digits"],
    });
  });

  it("Health: values come out ready for the API", () => {
    const s = parse({ products: "HEALTH", firstName: " Ana ", lastName: "Rivera", email: "ana@example.com", phoneNumber: "(303) 555-0142", locationId: LOCATION, injuredSideOfBody: "NA", injuredBodyPart: "KNEE", dob: "1961-04-18", gaitUid: "" });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({
      profile: "health",
      products: ["HEALTH"],
      firstName: "Ana",
      lastName: "Rivera",
      email: "ana@example.com",
      phoneNumber: "+13035550142",
      dob: "1961-04-18",
      locationId: LOCATION,
      primaryPractitionerId: null,
      injuredSideOfBody: null,
      injuredBodyPart: "KNEE",
      gaitUid: null,
      language: null,
    });
  });

  it("Gait only: names and location; e-mail and phone only checked when present; injury optional", () => {
    expect(errors({ products: "GAIT" })).toEqual({ firstName: ["First name is required"], lastName: ["Last name is required"], locationId: ["Location is required"] });
    expect(errors({ products: "GAIT", firstName: "A", lastName: "B", locationId: LOCATION, email: "x@", phoneNumber: "12" })).toEqual({
      email: ["Email must be valid"],
      phoneNumber: ["Phone number must be 10 digits"],
    });
    const s = parse({ products: "GAIT", firstName: "A", lastName: "B", locationId: LOCATION, gaitUid: " fr-9 " });
    expect(s.status === "success" && s.value).toMatchObject({ profile: "gait", phoneNumber: null, email: null, gaitUid: "fr-9", injuredSideOfBody: null, injuredBodyPart: null });
  });

  it("date of birth: a real date, not in the future", () => {
    const base = { products: "GAIT", firstName: "A", lastName: "B", locationId: LOCATION };
    expect(errors({ ...base, dob: "2025-03-15" })).toEqual({ dob: ["Date of birth cannot be in the future."] });
    expect(errors({ ...base, dob: "2025-02-30" })).toEqual({ dob: ["Date of birth must be a valid date."] });
    expect(errors({ ...base, dob: "1800-05-01" })).toEqual({ dob: ["Date of birth must be on or after 01/01/1900."] });
    expect(errors({ ...base, dob: TODAY })).toBeNull();
  });

  it("requires a product", () => {
    expect(errors({ firstName: "A", lastName: "B", locationId: LOCATION })).toEqual({ products: ["You must select at least one product."] });
    expect(errors({ products: "SCAN", firstName: "A", lastName: "B", locationId: LOCATION })).toEqual({ products: ["You must select at least one product."] });
  });

  it("product step", () => {
    const r = (entries: Record<string, string | string[]>) => {
      const s = parseWithZod(form(entries), { schema: productChoiceSchema });
      return s.status === "success" ? s.value : s.error;
    };
    expect(r({})).toEqual({ products: ["You must select at least one product."] });
    expect(r({ products: "GAIT" })).toEqual({ products: ["GAIT"] });
    expect(r({ products: ["HEALTH", "GAIT"] })).toEqual({ products: ["HEALTH", "GAIT"] });
  });
});

describe("Edit patient", () => {
  const edit = (entries: Record<string, string | string[]>, products: string[], extra: Partial<PatientFormOptions> = {}) => errors(entries, { mode: "edit", products, ...extra });

  it("Health: e-mail required, 'Email must be valid.', side and body part together; phone optional", () => {
    expect(edit({ firstName: "", lastName: "", locationId: "" }, ["HEALTH"])).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      locationId: ["Location is required"],
      injuredSideOfBody: ["You must set Side of Body and Involved Body Part for Health patients."],
      injuredBodyPart: ["You must set Side of Body and Involved Body Part for Health patients."],
    });
    expect(edit({ firstName: "A", lastName: "B", locationId: LOCATION, email: "bad", injuredSideOfBody: "LEFT", injuredBodyPart: "HIP" }, ["HEALTH", "PRO"])).toEqual({ email: ["Email must be valid."] });
  });

  it("the patient's products win over the form's; a locked e-mail is not checked", () => {
    expect(edit({ products: "HEALTH", firstName: "A", lastName: "B", locationId: LOCATION }, ["GAIT"])).toBeNull();
    expect(edit({ firstName: "A", lastName: "B", locationId: LOCATION, injuredSideOfBody: "LEFT", injuredBodyPart: "HIP" }, ["HEALTH"], { emailLocked: true })).toBeNull();
  });

  it("PRO only: phone required", () => {
    expect(edit({ firstName: "A", lastName: "B", locationId: LOCATION }, ["PRO"])).toEqual({ phoneNumber: ["Phone number is required"] });
    expect(edit({ firstName: "A", lastName: "B", locationId: LOCATION, phoneNumber: "303 555 0142" }, ["PRO"])).toBeNull();
  });
});

describe("completeness by product (000 §5)", () => {
  it("Gait needs names; Health needs names, e-mail, body part and a recorded side", () => {
    expect(hasDetailsFor("GAIT", { firstName: "A", lastName: "B" })).toBe(true);
    expect(hasDetailsFor("GAIT", { firstName: "A", lastName: " " })).toBe(false);
    expect(hasDetailsFor("HEALTH", { firstName: "A", lastName: "B", email: "a@b.co", injuredBodyPart: "KNEE", injuredSideOfBody: null })).toBe(true);
    expect(hasDetailsFor("HEALTH", { firstName: "A", lastName: "B", email: "a@b.co", injuredBodyPart: "KNEE" })).toBe(false);
    expect(hasDetailsFor("HEALTH", { firstName: "A", lastName: "B", email: null, injuredBodyPart: "KNEE", injuredSideOfBody: "LEFT" })).toBe(false);
    expect(hasDetailsFor("PRO", {})).toBe(true);
  });
});

describe("defaults of an existing patient (Edit Patient Details, add to product)", () => {
  const record = {
    products: ["HEALTH", "GAIT"],
    patient: { firstName: "Ana", lastName: "Rivera", email: null, phoneNumber: "+13035550142", dob: "1961-04-18" },
    location: { id: LOCATION },
    practitioner: null,
    productData: { health: { injuredSideOfBody: null, injuredBodyPart: "KNEE" }, gait: { uid: "fr-1" } },
  };

  it("flattens the record and puts the phone in the input's mask (999)999-9999; a Health patient's unrecorded side is N/A", () => {
    expect(patientFormDefaults(patientFormSourceOf(record))).toEqual({
      firstName: "Ana",
      lastName: "Rivera",
      email: "",
      phoneNumber: "(303)555-0142",
      dob: "1961-04-18",
      locationId: LOCATION,
      primaryPractitionerId: "",
      injuredSideOfBody: "NA",
      injuredBodyPart: "KNEE",
      gaitUid: "fr-1",
    });
  });

  it("keeps a recorded side; without Health the side is empty, not N/A", () => {
    const left = { ...record, productData: { ...record.productData, health: { injuredSideOfBody: "LEFT", injuredBodyPart: "HIP" } } };
    expect(patientFormDefaults(patientFormSourceOf(left)).injuredSideOfBody).toBe("LEFT");
    const gaitOnly = { ...record, products: ["GAIT"], productData: { health: null, gait: { uid: null } } };
    const d = patientFormDefaults(patientFormSourceOf(gaitOnly));
    expect(d.injuredSideOfBody).toBe("");
    expect(d.injuredBodyPart).toBe("");
    expect(d.gaitUid).toBe("");
  });
});

describe("involved side Both (ADR 045): a value of the product, offered and kept by every form", () => {
  const both = {
    products: ["HEALTH"],
    patient: { firstName: "Ana", lastName: "Rivera", email: "ana@example.com", phoneNumber: "+13035550142", dob: "1961-04-18" },
    location: { id: LOCATION },
    practitioner: null,
    productData: { health: { injuredSideOfBody: "BOTH", injuredBodyPart: "KNEE" }, gait: null },
  };

  it("Edit Patient Details: changing only the phone keeps Both (the form's defaults submitted as they are)", () => {
    const defaults = patientFormDefaults(patientFormSourceOf(both));
    expect(defaults.injuredSideOfBody).toBe("BOTH");
    const s = parse({ ...defaults, phoneNumber: "(720) 555-0199" }, { mode: "edit", products: ["HEALTH"] });
    expect(s.status).toBe("success");
    if (s.status === "success") {
      expect(s.value.injuredSideOfBody).toBe("BOTH");
      expect(s.value.phoneNumber).toBe("+17205550199");
    }
  });

  it("every stored side and body part is among the form's options (a select never falls back to another value)", () => {
    for (const side of ["RIGHT", "LEFT", "BOTH", null]) {
      const d = patientFormDefaults(patientFormSourceOf({ ...both, productData: { health: { injuredSideOfBody: side, injuredBodyPart: "HIP" }, gait: null } }));
      expect(SIDE_OPTIONS.map((o) => o.value)).toContain(d.injuredSideOfBody);
    }
    expect(SIDE_OPTIONS.map((o) => o.label)).toEqual(["Right", "Left", "Both", "N/A"]);
  });

  it("Add takes Both; N/A is sent as null", () => {
    const entries = { products: "HEALTH", firstName: "A", lastName: "B", email: "a@b.co", phoneNumber: "3035550142", locationId: LOCATION, injuredBodyPart: "KNEE" };
    const s = parse({ ...entries, injuredSideOfBody: "BOTH" });
    expect(s.status === "success" && s.value.injuredSideOfBody).toBe("BOTH");
    const n = parse({ ...entries, injuredSideOfBody: "NA" });
    expect(n.status === "success" && n.value.injuredSideOfBody).toBeNull();
  });
});

describe("withMaskedPhone: the server shows a posted phone in the input's mask (the same function as the browser's)", () => {
  it("masks the phone and keeps every other field", async () => {
    const { withMaskedPhone } = await import("./patient");
    const masked = withMaskedPhone(form({ phoneNumber: "3035550142", products: ["HEALTH", "GAIT"], firstName: "Ana" }));
    expect(masked.get("phoneNumber")).toBe("(303)555-0142");
    expect(masked.getAll("products")).toEqual(["HEALTH", "GAIT"]);
    expect(masked.get("firstName")).toBe("Ana");
  });
});
