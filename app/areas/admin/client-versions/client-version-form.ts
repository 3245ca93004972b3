/**
 * The 'Edit Scan Version' form (003 §5): the version it edits (`versionId`, carried read-only by the form) and
 * `updateRequired` (a checkbox: absent means No). One schema for the browser (conform) and the action.
 *
 * versionId: 'Version ID is required'; 'Version ID must match the pattern X.X.X' — three dot-separated numbers
 * (at most 4 digits each, the contract's pattern), or one of the internal test version strings the scan client's
 * test builds report (`test`, `9999`, `9999a`, 003 §5), which are recognized as version ids: the contract's
 * pattern takes them too, and the API lists them after the released versions (never the latest), so they save.
 */
import * as z from "zod";
import { missing } from "../../../forms/fields";

export const VERSION_REQUIRED = "Version ID is required";
export const VERSION_PATTERN = "Version ID must match the pattern X.X.X";

/** The internal test version strings (003 §5). */
export const INTERNAL_TEST_VERSIONS = ["test", "9999", "9999a"] as const;
const X_X_X = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

export const isInternalTestVersion = (v: string): boolean => (INTERNAL_TEST_VERSIONS as readonly string[]).includes(v);
export const isVersionId = (v: string): boolean => X_X_X.test(v) || isInternalTestVersion(v);

/** Not in the spec: the posted version is not the one the dialog's URL edits (a forged or stale post). */
export const versionMismatch = (editing: string | null) =>
  editing === null ? "Choose the version to edit from the Client List." : `This dialog edits version ${editing}; the Version ID cannot be changed.`;

export const CLIENT_VERSION_FIELDS = { versionId: "versionId", updateRequired: "updateRequired" } as const;

export const clientVersionSchema = z.object({
  // conform turns an empty input into undefined: the required message then applies.
  versionId: z.string({ error: missing(VERSION_REQUIRED) }).trim().min(1, { error: VERSION_REQUIRED }).refine((v) => v.length === 0 || isVersionId(v), { error: VERSION_PATTERN }),
  // A checkbox: "on" when ticked (conform makes it true), absent when not.
  updateRequired: z.boolean().default(false),
});

export type ClientVersionFormValue = z.infer<typeof clientVersionSchema>;
