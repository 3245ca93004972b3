/**
 * Reconcile Gait Patients (002 §2, §5, §8): the upload's checks and messages, pure. The portal refuses what is
 * not a CSV text file before the API sees it; the API checks the rows against the template (and changes nothing
 * when one is bad).
 */
export const RECONCILE_PATH = "/gait/reconcile/";
/** The template (002 §7 'Gait reconcile template', a static file): the header the API expects. */
export const RECONCILE_TEMPLATE_HREF = "/templates/gait-reconcile-template.csv";
export const RECONCILE_TEMPLATE_HEADER = "gaitUid,firstName,lastName";
/** The API's limit (POST v2/patients/reconcile: at most 5 MB). */
export const RECONCILE_MAX_BYTES = 5 * 1024 * 1024;

/** Not in the spec (it says only "text/csv only"): ours, in the words of the patient list's Bulk Add. */
export const RECONCILE_MESSAGES = {
  noFile: "Choose a CSV file to upload.",
  tooLarge: "The file is larger than 5 MB.",
  notCsv: "Only CSV files (text/csv) are accepted.",
  notText: "The file is not a CSV text file.",
  unreadable: "The upload could not be read. Please try again.",
} as const;

/**
 * 002 §8 'Upload was successful.' / 'Upload was successful. N patient record(s) was or were updated.': nothing
 * updated → the short form; 1 → 'Upload was successful. 1 patient record was updated.'; N → 'Upload was
 * successful. N patient records were updated.'
 */
export function reconcileSuccessMessage(count: number): string {
  if (count <= 0) return "Upload was successful.";
  return count === 1 ? "Upload was successful. 1 patient record was updated." : `Upload was successful. ${count} patient records were updated.`;
}

/**
 * The part's declared type: text/csv. A `.csv` file sent as application/vnd.ms-excel is a CSV too (Windows with
 * Excel installed registers .csv so, and the browser sends that type); any other type is refused.
 */
export function isCsvType(type: string, fileName: string): boolean {
  const mime = type.split(";")[0]!.trim().toLowerCase();
  return mime === "text/csv" || (mime === "application/vnd.ms-excel" && /\.csv$/i.test(fileName));
}

/** The bytes are text: no NUL byte (binary files have them early) and valid UTF-8 (a leading BOM allowed). */
export function isCsvText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The first problem of an uploaded file (type, size, empty, bytes), or null when it may go to the API. */
export function uploadProblem(file: { type: string; name: string; size: number }, bytes: Uint8Array | null): string | null {
  if (file.size === 0) return RECONCILE_MESSAGES.noFile;
  if (!isCsvType(file.type, file.name)) return RECONCILE_MESSAGES.notCsv;
  if (file.size > RECONCILE_MAX_BYTES) return RECONCILE_MESSAGES.tooLarge;
  if (bytes && !isCsvText(bytes)) return RECONCILE_MESSAGES.notText;
  return null;
}

/** The API's 400 ('file: Line 3: firstName is required; Line 7: …; and 4 more') as lines, without the field name. */
export function apiProblems(message: string): string[] {
  return message
    .replace(/^file:\s*/, "")
    .split(/;\s+(?=Line \d+:|and \d+ more$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
