/**
 * Next to a date range filter: what was changed in the range the URL asked for, and why (parseDateRange's
 * `adjustment`), e.g. a reversed custom range swapped or an unusable one replaced by the default 30 days. Without it
 * a list showed another range than the one asked for and said nothing matched (issue 25). Nothing when the
 * range was used as asked.
 */
import { CUSTOM_RANGE, RANGE_PRESETS, type DateRange } from "../domain/date-range";

export function DateRangeNote({ range, id }: { range: Pick<DateRange, "adjustment">; id?: string }) {
  if (!range.adjustment) return null;
  return (
    <p id={id} className="notice notice-info date-range-note" role="status">
      {range.adjustment}
    </p>
  );
}

/**
 * A list's date range filter without JavaScript: the preset (Last n days, or Custom), From and To (no later than
 * `today`), and the note of what was changed in the range asked for. `idPrefix` names the controls
 * (`{idPrefix}-range`, `-from`, `-to`, `-range-note`); the keys re-mount them when the URL's range changes.
 */
export function DateRangeFields({ range, today, idPrefix }: { range: Pick<DateRange, "preset" | "start" | "end" | "adjustment">; today: string; idPrefix: string }) {
  const custom = range.preset === null;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-range`}>Date range</label>
        <select id={`${idPrefix}-range`} name="range" defaultValue={custom ? CUSTOM_RANGE : String(range.preset)} key={`r-${range.preset}`}>
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>{`Last ${p} days`}</option>
          ))}
          <option value={CUSTOM_RANGE}>Custom</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>From</label>
        <input id={`${idPrefix}-from`} type="date" name="from" max={today} defaultValue={range.start} key={`f-${range.start}`} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>To</label>
        <input id={`${idPrefix}-to`} type="date" name="to" max={today} defaultValue={range.end} key={`t-${range.end}`} />
      </div>
      <DateRangeNote range={range} id={`${idPrefix}-range-note`} />
    </>
  );
}
