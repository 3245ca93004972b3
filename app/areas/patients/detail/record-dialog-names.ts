/**
 * The record's dialogs by their `dialog` parameter. Apart from record-dialogs.tsx, which the record route loads only
 * when one is open (ADR 038): the route asks here whether the URL opens one.
 */
export const RECORD_DIALOGS = ["discharge", "edit-plan", "new-plan", "edit-details", "resend-invite"] as const;
export type RecordDialog = (typeof RECORD_DIALOGS)[number];
export const isRecordDialog = (v: string | null): v is RecordDialog => (RECORD_DIALOGS as readonly string[]).includes(v ?? "");
