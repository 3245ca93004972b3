import { describe, expect, it } from "vitest";
import { KEYWORD_MESSAGES, keywordProblem, normaliseKeyword } from "./location-keyword";

describe("location keywords (ADR 031)", () => {
  it("are codes: letters, digits, - and _, 1 to 32, starting with a letter or digit", () => {
    for (const ok of ["DENVERDT", "denverdt", "A", "CT-42_b", "9LIVES", " SOUTHA ", "K".repeat(32)]) expect(keywordProblem(ok), ok).toBeNull();
    for (const bad of ["TWO WORDS", "<script>", "KW😀", "-KW", "_KW", "KÖLN", "a.b", "x\ty", "straße", "ﬀ"]) expect(keywordProblem(bad), bad).toBe(KEYWORD_MESSAGES.characters);
    expect(keywordProblem("K".repeat(33))).toBe(KEYWORD_MESSAGES.tooLong);
  });
  it("blank removes the keyword; stored trimmed, in capitals", () => {
    for (const blank of [null, undefined, "", "   "]) {
      expect(keywordProblem(blank)).toBeNull();
      expect(normaliseKeyword(blank)).toBeNull();
    }
    expect(normaliseKeyword("  denver-dt_1 ")).toBe("DENVER-DT_1");
  });
});
