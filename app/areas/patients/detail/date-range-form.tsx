/**
 * The date range selector (presets 7/30/90, default 30, or custom days not past today) and, for Health, the
 * Reporting Type menu with 'Include Self-Reported' (000 §2.8). One GET form: without JavaScript it is
 * submitted with Apply; with it a preset or the checkbox applies at once (replacing the URL). The form keeps
 * no other params (an open dialog closes when the range changes).
 */
import { Form, useLocation, useSubmit } from "react-router";
import { useEffect, useRef, useState } from "react";
import { CUSTOM_RANGE, RANGE_PRESETS, type DateRange } from "../../../domain/date-range";
import { DateRangeNote } from "../../../components/date-range-note";
import { useHydrated } from "../../../components/use-hydrated";
import { changedControl } from "../../../components/changed-control";

export function DateRangeForm({ range, today, reportingType }: { range: DateRange; today: string; reportingType: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // The page itself (a form's default action is its route's path, the product, not the section).
  const { pathname } = useLocation();
  const initialChoice = range.preset === null ? CUSTOM_RANGE : String(range.preset);
  const [choice, setChoice] = useState(initialChoice);
  const custom = choice === CUSTOM_RANGE;
  const formRef = useRef<HTMLFormElement>(null);
  // A preset or the checkbox changed before this form hydrated (its code comes after the page's: ADR 038) was not
  // applied — React does not replay a change made before hydration, and with JavaScript there is no Apply for a
  // preset: apply it now, as if it had just been made. (autoComplete="off": the browser does not put back an earlier
  // visit's choice on Back, which this would then apply.)
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const select = form.elements.namedItem("range");
    const box = form.elements.namedItem("selfReported");
    const rangeNow = select instanceof HTMLSelectElement && select.value !== initialChoice ? select.value : null;
    const boxChanged = box instanceof HTMLInputElement && box.checked !== range.includeSelfReported;
    if (rangeNow !== null) setChoice(rangeNow);
    if ((rangeNow !== null && rangeNow !== CUSTOM_RANGE) || boxChanged) submit(form, { replace: true, preventScrollReset: true });
    // Once, for what was done before hydration (the form is keyed by the range: a new range mounts a new one).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form
      ref={formRef}
      autoComplete="off"
      method="get"
      action={pathname}
      replace
      preventScrollReset
      className="date-range-form"
      aria-label="Date range"
      onChange={(event) => {
        const target = changedControl(event);
        if (!target) return;
        if (target.name === "range") setChoice(target.value);
        // Presets and the checkbox apply at once; custom days wait for Apply.
        if ((target.name === "range" && target.value !== CUSTOM_RANGE) || target.name === "selfReported") submit(event.currentTarget, { replace: true, preventScrollReset: true });
      }}
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
