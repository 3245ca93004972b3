/**
 * Names and titles are one line of text (ADR 036, issue 30): no line breaks and no other control characters —
 * U+0000–U+001F, U+007F–U+009F and the line and paragraph separators U+2028, U+2029. A name with "a\r\nX: y" in it
 * was stored and shown, and could end up in a header, a CSV or a PDF's title. The provider API refuses the same
 * (the contract's `SingleLineText`, whose pattern is this one: single-line.test.ts compares them); the portal's forms
 * say so at the field, in the spec's style ("First name is required" → "First name must be a single line …").
 */

/** The contract's pattern (openapi/components/schemas/SingleLineText.yaml), as JSON Schema writes it. */
export const SINGLE_LINE_PATTERN = "^[^\\x00-\\x1F\\x7F-\\x9F\\u2028\\u2029]*$";

export const SINGLE_LINE = new RegExp(SINGLE_LINE_PATTERN, "u");

export const isSingleLine = (text: string): boolean => SINGLE_LINE.test(text);

/** The field's message: `label` as the field's other messages name it ("First name", "Name", "Title"). */
export const notSingleLine = (label: string) => `${label} must be a single line of text (no line breaks, tabs or other control characters)`;
