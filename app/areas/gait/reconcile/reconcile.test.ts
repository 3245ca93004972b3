import { describe, expect, it } from "vitest";
import { apiProblems, isCsvText, isCsvType, reconcileSuccessMessage, RECONCILE_MAX_BYTES, RECONCILE_MESSAGES, uploadProblem } from "./reconcile";

const enc = (s: string) => new TextEncoder().encode(s);

describe("reconcile upload rules", () => {
  it("words the success by the count (002 §8)", () => {
    expect(reconcileSuccessMessage(0)).toBe("Upload was successful.");
    expect(reconcileSuccessMessage(1)).toBe("Upload was successful. 1 patient record was updated.");
    expect(reconcileSuccessMessage(3)).toBe("Upload was successful. 3 patient records were updated.");
  });

  it("accepts text/csv (and Excel's type for a .csv name) only", () => {
    expect(isCsvType("text/csv", "a.csv")).toBe(true);
    expect(isCsvType("text/csv; charset=utf-8", "a.txt")).toBe(true);
    expect(isCsvType("application/vnd.ms-excel", "a.CSV")).toBe(true);
    expect(isCsvType("application/vnd.ms-excel", "a.xls")).toBe(false);
    expect(isCsvType("application/pdf", "a.csv")).toBe(false);
    expect(isCsvType("", "a.csv")).toBe(false);
    expect(isCsvType("text/plain", "a.csv")).toBe(false);
  });

  it("wants text bytes: no NUL, valid UTF-8 (BOM allowed)", () => {
    expect(isCsvText(enc("\uFEFFgaitUid,firstName,lastName\nA,Á,B\n"))).toBe(true);
    expect(isCsvText(new Uint8Array([0x67, 0x00, 0x61]))).toBe(false);
    expect(isCsvText(new Uint8Array([0xff, 0xfe, 0x41]))).toBe(false);
  });

  it("names the first problem of a file", () => {
    const ok = enc("gaitUid,firstName,lastName\n");
    expect(uploadProblem({ type: "text/csv", name: "a.csv", size: ok.length }, ok)).toBeNull();
    expect(uploadProblem({ type: "text/csv", name: "a.csv", size: 0 }, new Uint8Array())).toBe(RECONCILE_MESSAGES.noFile);
    expect(uploadProblem({ type: "image/png", name: "a.png", size: 10 }, null)).toBe(RECONCILE_MESSAGES.notCsv);
    expect(uploadProblem({ type: "text/csv", name: "a.csv", size: RECONCILE_MAX_BYTES + 1 }, null)).toBe(RECONCILE_MESSAGES.tooLarge);
    expect(uploadProblem({ type: "text/csv", name: "a.csv", size: 3 }, new Uint8Array([1, 0, 2]))).toBe(RECONCILE_MESSAGES.notText);
  });

  it("lists the API's problems without the field name", () => {
    expect(apiProblems("file: Line 3: firstName is required; Line 7: gaitUid is required; and 4 more")).toEqual(["Line 3: firstName is required", "Line 7: gaitUid is required", "and 4 more"]);
    expect(apiProblems("file: The file has no patient rows")).toEqual(["The file has no patient rows"]);
  });
});
