import { describe, expect, it } from "vitest";
import { PATIENT_OPERATIONS } from "../../../../reference-api/src/areas/audit/record";
import { operationLabel, OPERATION_LABELS, outcomeLabel, pageFromUrl, roleLabel, userNames, whoLabel } from "./labels";
import { accessHistoryHref } from "../../admin/access-history/access-history-urls";

describe("access history labels", () => {
  it("has a readable label for every operation the API records", () => {
    expect(Object.keys(PATIENT_OPERATIONS).filter((op) => !OPERATION_LABELS[op])).toEqual([]);
    expect(operationLabel("getPatientRecord")).toBe("Viewed the patient record");
    expect(operationLabel("someFutureOperation")).toBe("someFutureOperation");
  });

  it("names users from the providers list, and others by id", () => {
    const names = userNames([
      { userId: "u-1", firstName: "Maya", lastName: "Okafor" },
      { userId: null, firstName: "Invited", lastName: "Only" },
    ]);
    expect(names).toEqual({ "u-1": "Maya Okafor" });
    expect(whoLabel("u-1", names)).toBe("Maya Okafor");
    expect(whoLabel("u-2", names)).toBe("User u-2");
  });

  it("labels roles and refused outcomes", () => {
    expect(roleLabel("PORTAL_PRACTITIONER")).toBe("Provider");
    expect(roleLabel("EXER_SUPPORT")).toBe("Support");
    expect(roleLabel(null)).toBe("No role");
    expect(outcomeLabel(200)).toBeNull();
    expect(outcomeLabel(204)).toBeNull();
    expect(outcomeLabel(404)).toBe("Refused (404)");
  });

  it("reads the page from the URL, 1 when missing or invalid", () => {
    const page = (q: string) => pageFromUrl(new URL(`http://x/p${q}`));
    expect(page("")).toBe(1);
    expect(page("?page=3")).toBe(3);
    expect(page("?page=0")).toBe(1);
    expect(page("?page=-2")).toBe(1);
    expect(page("?page=2.5")).toBe(1);
    expect(page("?page=abc")).toBe(1);
    expect(page("?page=99999999")).toBe(100000);
  });

  it("builds the admin search's URLs", () => {
    expect(accessHistoryHref({})).toBe("/admin/access-history");
    expect(accessHistoryHref({ userId: "u 1", page: 1 })).toBe("/admin/access-history?userId=u+1");
    expect(accessHistoryHref({ patientRecordId: "abc", page: 3 })).toBe("/admin/access-history?patientRecordId=abc&page=3");
  });
});
