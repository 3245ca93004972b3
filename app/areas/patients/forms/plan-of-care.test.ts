import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { newPlanProducts, newPlanSchema, planEndSchema, PLAN_MESSAGES } from "./plan-of-care";

const form = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

const errorsOf = (s: { status?: string; error?: Record<string, string[] | null> | null }) => (s.status === "success" ? undefined : s.error);

describe("plan end (Discharge, Edit Plan of Care)", () => {
  const schema = planEndSchema({ min: "2024-02-16", max: "2024-04-12" });
  it("accepts a day in the window", () => {
    const s = parseWithZod(form([["end", "2024-03-15"]]), { schema });
    expect(s.status).toBe("success");
  });
  it("requires a date", () => {
    const s = parseWithZod(form([]), { schema });
    expect(errorsOf(s)?.end).toEqual([PLAN_MESSAGES.endRequired]);
  });
  it("names the window when the day is outside it", () => {
    for (const day of ["2024-02-15", "2024-04-13", "2024-02-30"]) {
      expect(errorsOf(parseWithZod(form([["end", day]]), { schema }))?.end).toEqual(["Choose a date from 02/16/2024 to 04/12/2024."]);
    }
  });
});

describe("new plan of care", () => {
  const window = { min: "2024-03-01", max: "2024-03-15" };
  it("requires location and, with Health, side and body part", () => {
    const s = parseWithZod(form([["start", "2024-03-10"], ["products", "HEALTH"]]), { schema: newPlanSchema({ window, held: ["GAIT"] }) });
    expect(errorsOf(s)).toEqual({ locationId: ["Location is required"], injuredSideOfBody: ["Involved side of body is required"], injuredBodyPart: ["Involved body part is required"] });
  });
  it("does not ask for the injury without Health", () => {
    const s = parseWithZod(form([["start", "2024-03-10"], ["locationId", "L1"]]), { schema: newPlanSchema({ window, held: ["GAIT"] }) });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toMatchObject({ products: ["GAIT"], injuredSideOfBody: null, injuredBodyPart: null, primaryPractitionerId: null });
  });
  it("keeps the start in its window", () => {
    const schema = newPlanSchema({ window, held: ["GAIT"] });
    expect(errorsOf(parseWithZod(form([["start", "2024-02-29"], ["locationId", "L1"]]), { schema }))?.start).toEqual(["Choose a date from 03/01/2024 to 03/15/2024."]);
    expect(errorsOf(parseWithZod(form([["start", "2024-03-16"], ["locationId", "L1"]]), { schema }))?.start).toBeDefined();
  });
  it("sends N/A as null and keeps held products", () => {
    const s = parseWithZod(form([["start", "2024-03-10"], ["locationId", "L1"], ["injuredSideOfBody", "NA"], ["injuredBodyPart", "KNEE"]]), { schema: newPlanSchema({ window, held: ["HEALTH"] }) });
    expect(s.status === "success" && s.value).toMatchObject({ products: ["HEALTH"], injuredSideOfBody: null, injuredBodyPart: "KNEE" });
  });
  it("keeps a Both side (ADR 045)", () => {
    const s = parseWithZod(form([["start", "2024-03-10"], ["locationId", "L1"], ["injuredSideOfBody", "BOTH"], ["injuredBodyPart", "KNEE"]]), { schema: newPlanSchema({ window, held: ["HEALTH"] }) });
    expect(s.status === "success" && s.value.injuredSideOfBody).toBe("BOTH");
  });
  it("merges held and chosen products", () => {
    expect(newPlanProducts(["GAIT", "SCAN"], ["HEALTH"])).toEqual(["HEALTH", "GAIT"]);
  });
});
