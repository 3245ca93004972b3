/**
 * The section's dialogs (000 §2.8; every dialog has a URL): `?dialog=<name>` plus its ids (`note`, `session`),
 * on top of the search string the tabs keep (date range, reporting type). Closing a dialog, and the redirect
 * after its form (Post/Redirect/Get), go back to the same URL without the dialog's parameters.
 */
import { withoutParams, withParams } from "../../../shell/dialog-url";

export const SECTION_DIALOGS = ["care-note-new", "care-note-edit", "care-note-delete", "comment", "comment-edit", "comment-delete"] as const;
export type SectionDialog = (typeof SECTION_DIALOGS)[number];

/** Parameters that belong to a dialog (dropped when it closes). */
/** `timer`: the id of the stopped care timer whose minutes the Add Care Note dialog takes (care-timer-action.server.ts). */
export const DIALOG_PARAMS = ["dialog", "note", "session", "timer"] as const;

type Loc = { pathname: string; search: string };

export function dialogOf(searchParams: URLSearchParams): SectionDialog | null {
  const d = searchParams.get("dialog");
  return (SECTION_DIALOGS as readonly string[]).includes(d ?? "") ? (d as SectionDialog) : null;
}

/** The URL without the dialog's parameters. */
export const closeDialogHref = (location: Loc) => withoutParams(location, DIALOG_PARAMS);

/** The URL that opens `dialog` (with its ids), keeping everything else but another dialog's ids. */
export const dialogHref = (location: Loc, dialog: SectionDialog, ids: { note?: string; session?: string } = {}) =>
  withParams({ pathname: location.pathname, search: new URL(closeDialogHref(location), "http://x").search }, { dialog, ...ids });
