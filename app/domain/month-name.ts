/**
 * A calendar month as people read it: 'November 2026' for the key '2026-11'. One formatter for every heading, title
 * and file name that names a month (the worklist, the audit packet, the API's month PDF), so no raw key reaches a reader.
 */
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 'November 2026' for '2026-11' (a 'YYYY-MM' key, or a date that starts with one). */
export function monthHeading(yearMonth: string): string {
  const month = MONTH_NAMES[Number(yearMonth.slice(5, 7)) - 1];
  if (!/^\d{4}-\d{2}/.test(yearMonth) || !month) throw new RangeError(`not a year and month: ${JSON.stringify(yearMonth)}`);
  return `${month} ${yearMonth.slice(0, 4)}`;
}
