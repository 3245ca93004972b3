import { describe, expect, it } from "vitest";
import { addableProducts, addDialogState, chosenProducts } from "./patient-list-forms.server";

describe("Add New Patient steps (000 §2.7)", () => {
  it("the products a user can add patients to", () => {
    expect(addableProducts(["HEALTH", "GAIT", "PRO", "SCAN"])).toEqual(["HEALTH", "GAIT"]);
    expect(addableProducts(["GAIT", "SCAN"])).toEqual(["GAIT"]);
    expect(addableProducts(["PRO"])).toEqual(["PRO"]);
    expect(addableProducts(["SCAN"])).toEqual([]);
  });

  it("keeps only allowed products; a single-product user always gets theirs", () => {
    expect(chosenProducts(["GAIT", "SCAN", "HEALTH"], ["HEALTH", "GAIT"])).toEqual(["HEALTH", "GAIT"]);
    expect(chosenProducts([], ["GAIT"])).toEqual(["GAIT"]);
    expect(chosenProducts(["HEALTH"], ["GAIT"])).toEqual(["GAIT"]);
  });

  it("chooses the step from the URL", () => {
    const step = (q: string, addable: ("HEALTH" | "GAIT")[] = ["HEALTH", "GAIT"]) => {
      const s = addDialogState(new URLSearchParams(q), addable);
      return { step: s.step, products: s.products, productError: s.productError };
    };
    expect(step("add=true")).toEqual({ step: "products", products: [], productError: null });
    expect(step("add=true&step=details")).toEqual({ step: "products", products: [], productError: "You must select at least one product." });
    expect(step("add=true&step=details&products=GAIT&products=HEALTH")).toEqual({ step: "details", products: ["HEALTH", "GAIT"], productError: null });
    expect(step("add=true", ["GAIT"])).toEqual({ step: "details", products: ["GAIT"], productError: null });
    expect(step("add=true&mode=bulk")).toMatchObject({ step: "bulk" });
  });
});
