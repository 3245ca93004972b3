import { describe, expect, it } from "vitest";
import { compareWithSpec, samePath } from "./spec-paths.js";

describe("the contract's paths against the spec's", () => {
  it("compares slashes and literal segments exactly; parameter names are free", () => {
    expect(samePath("v2/patients/{id}/", "/v2/patients/{id}/")).toBe(true);
    expect(samePath("v2/patients/{id}/", "/v2/patients/{id}")).toBe(false);
    expect(samePath("v2/health/patients/{patientId}/heps/{hepId}", "/v2/health/patients/{id}/heps/{hepId}")).toBe(true);
    expect(samePath("/v2/scan/outcomes/risk-factors", "/v2/scan/outcomes/risk-factors")).toBe(true);
    expect(samePath("v2/admin/scan/sessions/{id}/pose-log/signed-url", "/v2/admin/scan/sessions/{id}/{artifact}/signed-url")).toBe(true);
    expect(samePath("v2/patients/pages", "/v2/patients/{id}")).toBe(true);
    expect(samePath("v2/patients/{id}", "/v2/patients/pages")).toBe(false);
  });

  it("names the missing call and the contract's spelling when only a slash differs", () => {
    const ops = [{ method: "GET", path: "/v2/admin/scan/clients" }];
    expect(compareWithSpec(ops, [{ method: "GET", path: "v2/admin/scan/clients/", doc: "003" }])).toEqual([
      "GET v2/admin/scan/clients/ (spec 003) is not in the contract — the contract writes /v2/admin/scan/clients",
    ]);
    expect(compareWithSpec(ops, [{ method: "PUT", path: "v2/admin/scan/clients/", doc: "003" }])).toEqual(["PUT v2/admin/scan/clients/ (spec 003) is not in the contract"]);
    expect(compareWithSpec([{ method: "POST", path: "/v2/health/rtm-cycles/{id}/advance" }], [{ method: "POST", path: "x/{a or b}", doc: "002", expand: ["v2/health/rtm-cycles/{id}/advance", "v2/health/rtm-cycles/{id}/revert"] }])).toEqual([
      "POST v2/health/rtm-cycles/{id}/revert (spec 002) is not in the contract",
    ]);
  });
});
