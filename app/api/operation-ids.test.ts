import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPERATION_IDS_FILE, operationIdsSource, readBundledContract } from "../../scripts/contract/operation-ids";
import { operationIdOf } from "./operation-ids";

describe("the operation ids the traces name provider-API calls by", () => {
  it("are current with the bundled contract (else: npx tsx scripts/contract/operation-ids.ts)", () => {
    expect(readFileSync(OPERATION_IDS_FILE, "utf8")).toBe(operationIdsSource(readBundledContract()));
  });

  it("are found by openapi-fetch's method and schema path", () => {
    expect(operationIdOf("GET", "/v2/users/current")).toBe("getCurrentUser");
    expect(operationIdOf("get", "/v2/patients/pages")).toBe("listPatientRecords");
    expect(operationIdOf("GET", "/v2/nothing")).toBeUndefined();
  });
});
