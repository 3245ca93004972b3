/**
 * The therapist comment of a gait session (spec 000 §5 Gait comment, §9): required in the form, at most 1000
 * characters with a line break counting as two.
 */
import * as z from "zod";
import { missing } from "../../../forms/fields";
import { countedLength, normalizeLineBreaks } from "../../../domain/text-length";
import { GAIT_COMMENT_MAX } from "../rules/gait";

export const COMMENT_REQUIRED = "Comment is required.";
export const COMMENT_TOO_LONG = `Max Character Limit is ${GAIT_COMMENT_MAX}`;

export const gaitCommentSchema = z.object({
  comment: z
    .string({ error: missing(COMMENT_REQUIRED) })
    .transform(normalizeLineBreaks)
    .refine((v) => v.trim().length > 0, { error: COMMENT_REQUIRED })
    .refine((v) => countedLength(v) <= GAIT_COMMENT_MAX, { error: COMMENT_TOO_LONG }),
});
