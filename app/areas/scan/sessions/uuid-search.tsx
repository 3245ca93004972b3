/**
 * The session UUID search of a scan sessions list (002 §5, 003 §5): a GET form of its own, joined to the filters by
 * "or"; the filters travel along as hidden fields so that clearing the search comes back to them. Used by the
 * portal's Scan Sessions and the admin area's sessions page.
 */
import { Form } from "react-router";
import { Link } from "../../../components/link";
import { ErrorList } from "../../../components/field";
import { UUID_INVALID } from "./messages";

export interface UuidSearchProps {
  /** The list's path (the form's action). */
  action: string;
  /** Prefix of the form's element ids (unique per page). */
  idPrefix: string;
  /** The other filters, carried along (page 1, no uuid). */
  keep: URLSearchParams;
  /** What the user typed (kept after a refusal). */
  uuidInput: string;
  /** Whether the typed value is not a UUID. */
  invalid: boolean;
  /** The list without the search. */
  clearHref: string;
  submitLabel: string;
}

export function UuidSearch({
  action,
  idPrefix,
  keep,
  uuidInput,
  invalid,
  clearHref,
  submitLabel,
}: UuidSearchProps) {
  const id = `${idPrefix}-uuid`;
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label="Find a session by UUID"
      className="list-filters scan-uuid"
    >
      {[...keep].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <div className="field">
        <label htmlFor={id}>Session UUID</label>
        <input
          id={id}
          type="search"
          name="uuid"
          maxLength={100}
          defaultValue={uuidInput}
          key={`u-${uuidInput}`}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="field-hint">
          A UUID search ignores the other filters.
        </p>
        <ErrorList id={`${id}-error`} errors={invalid ? [UUID_INVALID] : []} />
      </div>
      <button type="submit" className="button">
        {submitLabel}
      </button>
      {uuidInput ? (
        <Link className="button" to={clearHref}>
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}
