/**
 * How a result value is written, everywhere (002 §9 and 003 §9 "Display decimals: 0 for degrees, otherwise 2; CSV
 * 2"): the one formatter of the screens, the dialogs, the replay's Live Results, the portal's PDFs (scan reports,
 * patient report) and the CSVs. Angles measured in degrees elsewhere (a health exercise's range of motion) follow
 * the same rule. The reference API's own PDFs (reference-api/src/areas/scan/pdf.ts, health/report.ts) apply the
 * same rule; app/domain/result-format.test.ts holds them to it. Pure.
 *
 * The gait measures of the patient's Gait tab are the exception the spec writes down (000 §9: speed to 2
 * decimals, every other value to 1): app/areas/patients/rules/gait.ts.
 */

const DEGREE_UNITS = new Set(["deg", "degree", "degrees", "°"]);

/** Whether a result's units are degrees ('deg', 'degree(s)', '°'; any case, spaces around ignored). */
export const isDegreeUnit = (units: string | null | undefined): boolean => DEGREE_UNITS.has((units ?? "").trim().toLowerCase());

/** Shown (screens, dialogs, replay, PDFs): 0 decimals for degrees, otherwise 2 ('' for a value that is not a finite number). */
export function formatResultValue(value: number, units: string | null | undefined): string {
  if (!Number.isFinite(value)) return "";
  return value.toFixed(isDegreeUnit(units) ? 0 : 2);
}

/** In a CSV: 2 decimals, whatever the unit ('' for a value that is not a finite number). */
export const csvResultValue = (value: number): string => (Number.isFinite(value) ? value.toFixed(2) : "");

/** An angle with the degree sign: 96.4 → '96°' (the range of motion of a health exercise). */
export const formatDegrees = (value: number): string => `${formatResultValue(value, "deg")}°`;
