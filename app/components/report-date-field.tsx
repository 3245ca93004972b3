/**
 * The report date of the scan and gait report forms (002 §5): a date input that stops at today (the
 * organization's), its message at the field when the server refused the day. Plain HTML: works without JavaScript.
 */
import { EARLIEST_RECORD_DAY } from "../domain/date-bounds";

export function ReportDateField({ id, defaultValue, max, error }: { id: string; defaultValue: string; max: string; error: string | null }) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>Report date</label>
      <input
        id={id}
        type="date"
        name="date"
        required
        min={EARLIEST_RECORD_DAY}
        max={max}
        defaultValue={defaultValue}
        key={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <div id={errorId} className="field-errors" aria-live="polite">
        {error ? <p className="field-error">{error}</p> : null}
      </div>
    </div>
  );
}
