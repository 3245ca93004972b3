import { describe, expect, it } from "vitest";
import { analysisAction } from "./analysis-route.server";
import { outcomeJson, templateOutcome } from "./outcome-schema";

describe("the analysis edit's Preview (issue 34: it accepted an assessmentId that Save refuses)", () => {
  it("refuses a JSON naming another assessment than the dialog's, before any call", async () => {
    const json = outcomeJson(templateOutcome("AST-0002", "Other"));
    const body = new URLSearchParams({ json, intent: "preview" });
    const request = new Request("http://portal.test/admin/scan/organizations/00000000-0000-4000-8000-000000000001/analysis?assessment=AST-0001&mode=edit", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const context = { get: () => ({ user: { role: "EXER_ADMIN", userId: "u" } }) } as never;
    const result = (await analysisAction({ request, context, params: { organizationId: "00000000-0000-4000-8000-000000000001" } } as never)) as unknown as { data: { errors: string[] }; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual(["assessmentId: must be AST-0001, the assessment this dialog edits (not AST-0002)."]);
  });
});
