import * as z from "zod";
import "./fields"; // jitless in the browser, the fallback messages: before this module builds a schema
import { keywordProblem, normaliseKeyword } from "../domain/location-keyword";

/**
 * A location keyword field (ADR 031; app/domain/location-keyword.ts, the rule the API runs too): optional; when
 * given, a code of 1 to 32 letters, digits, - and _ (the messages of KEYWORD_MESSAGES). The value is the keyword
 * as stored (trimmed, in capitals) or null when blank. Whether another location has it only the API can say (409).
 */
export const keywordField = () =>
  z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const problem = keywordProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((v) => normaliseKeyword(v));
