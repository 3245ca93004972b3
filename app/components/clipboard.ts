/**
 * The one way the portal writes to the clipboard: the text goes through `pasteableText` (ASVS 5.3.10, OWASP CSV
 * injection), because whatever is copied may be pasted into a spreadsheet. Throws where the browser has no
 * clipboard or refuses it; callers show the spec's failure message.
 */
import { pasteableText } from "../domain/spreadsheet";

export async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator === "undefined" || !navigator.clipboard) throw new Error("no clipboard");
  await navigator.clipboard.writeText(pasteableText(text));
}
