/**
 * Next to a date range filter: what was changed in the range the URL asked for, and why (parseDateRange's
 * `adjustment`), e.g. a reversed custom range swapped or an unusable one replaced by the default 30 days. Without it
 * a list showed another range than the one asked for and said nothing matched (issue 25). Nothing when the
 * range was used as asked.
 */
import type { DateRange } from "../domain/date-range";

export function DateRangeNote({ range, id }: { range: Pick<DateRange, "adjustment">; id?: string }) {
  if (!range.adjustment) return null;
  return (
    <p id={id} className="notice notice-info date-range-note" role="status">
      {range.adjustment}
    </p>
  );
}
