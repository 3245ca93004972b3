/**
 * The date range selector (presets 7/30/90, default 30, or custom days not past today) and, for Health, the
 * Reporting Type menu with 'Include Self-Reported' (000 §2.8). One GET form: without JavaScript it is
 * submitted with Apply; with it a preset or the checkbox applies at once (replacing the URL). The form keeps
 * no other params (an open dialog closes when the range changes).
 */
import { Form, useLocation, useSubmit } from "react-router";
import { useState } from "react";
import { CUSTOM_RANGE, RANGE_PRESETS, type DateRange } from "../../../domain/date-range";
import { DateRangeNote } from "../../../components/date-range-note";
import { useHydrated } from "../../../components/use-hydrated";
import { useChangeHandler, type FormControl } from "../../../components/use-change-handler";

export function DateRangeForm({ range, today, reportingType }: { range: DateRange; today: string; reportingType: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // The page itself (a form's default action is its route's path, the product, not the section).
  const { pathname } = useLocation();
  const [choice, setChoice] = useState(range.preset === null ? CUSTOM_RANGE : String(range.preset));
  const custom = choice === CUSTOM_RANGE;
  // Presets and the checkbox apply at once; custom days wait for Apply. (autoComplete="off": the browser does not put
  // back an earlier visit's choice on Back, which would then be applied as a change made before hydration.)
  const changes = useChangeHandler((control: FormControl, form: HTMLFormElement) => {
    if (control.name === "range") setChoice(control.value);
    if ((control.name === "range" && control.value !== CUSTOM_RANGE) || control.name === "selfReported") submit(form, { replace: true, preventScrollReset: true });
  });
  return (
    <Form
      {...changes}
      autoComplete="off"
      method="get"
      action={pathname}
      replace
      preventScrollReset
      className="date-range-form"
      aria-label="Date range"
    >
      <div className="date-range-field">
        <label htmlFor="date-range">Date range</label>
        <select id="date-range" name="range" defaultValue={choice}>
          {RANGE_PRESETS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
          <option value={CUSTOM_RANGE}>Custom</option>
        </select>
      </div>
      {!hydrated || custom ? (
        <fieldset className="date-range-custom">
          <legend className="visually-hidden">Custom range</legend>
          <div className="date-range-field">
            <label htmlFor="date-range-from">From</label>
            <input id="date-range-from" type="date" name="from" max={today} defaultValue={range.start} />
          </div>
          <div className="date-range-field">
            <label htmlFor="date-range-to">To</label>
            <input id="date-range-to" type="date" name="to" max={today} defaultValue={range.end} />
          </div>
        </fieldset>
      ) : null}
      {reportingType ? (
        <details className="menu reporting-type">
          <summary>Reporting Type</summary>
          <div className="menu-panel">
            <label className="checkbox-field">
              <input type="checkbox" name="selfReported" value="1" defaultChecked={range.includeSelfReported} />
              Include Self-Reported
            </label>
          </div>
        </details>
      ) : null}
      {!hydrated || custom || reportingType ? (
        <button type="submit" className="button">
          Apply
        </button>
      ) : null}
      <DateRangeNote range={range} id="date-range-note" />
    </Form>
  );
}
