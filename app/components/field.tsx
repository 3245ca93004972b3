import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

type InputType = "text" | "email" | "password" | "tel" | "number" | "date" | "search" | "url";

/** The errors of a field (or form), announced to screen readers, linked by id from the input. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = (errors ?? []).filter(Boolean);
  return (
    <div id={id} className="field-errors" aria-live="polite">
      {list.map((e) => (
        <p key={e} className="field-error">
          {e}
        </p>
      ))}
    </div>
  );
}

interface FieldProps {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type?: InputType;
  hint?: ReactNode;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">;
}

/** Below a control: its hint (referenced by aria-describedby as `<id>-hint`) and its error messages. */
function FieldNotes({ meta, hint }: { meta: FieldMetadata<string | undefined>; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${meta.id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </>
  );
}

/** A labelled input with its error messages (conform field metadata). */
export function Field({ label, meta, type = "text", hint, inputProps }: FieldProps) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input key={key} {...props} {...inputProps} />
      <FieldNotes meta={meta} hint={hint} />
    </div>
  );
}

/** A password input with a show/hide toggle (the toggle appears once JavaScript runs). */
export function PasswordField({ label, meta, inputProps }: Omit<FieldProps, "type" | "hint">) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { key, ...props } = getInputProps(meta, { type: "password" });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <div className="password-input">
        <input key={key} {...props} {...inputProps} type={visible ? "text" : "password"} />
        {hydrated ? (
          <button type="button" className="link-button" aria-controls={meta.id} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
            {visible ? "Hide password" : "Show password"}
          </button>
        ) : null}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A read-only value shown like a field (disabled inputs are not submitted; the server has the value). */
export function DisabledField({ id, label, value, type = "text" }: { id: string; label: string; value: string; type?: InputType }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} disabled readOnly />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The options a select shows: `options`, plus the stored value when it is not among them (an edit form's
 * record holds a value the list no longer offers — a provider of another location, a retired choice). Without it
 * the browser selects the first option and the form rewrites a field the user never touched (issue 34).
 * `storedLabel` names it; else the value itself.
 */
export function optionsKeeping(options: readonly SelectOption[], stored: unknown, storedLabel?: string): readonly SelectOption[] {
  if (typeof stored !== "string" || stored === "" || options.some((o) => o.value === stored)) return options;
  return [...options, { value: stored, label: storedLabel ?? stored }];
}

/**
 * A labelled <select> with conform metadata; `placeholder` adds an empty first option. A stored value (the form's
 * default) that `options` lacks stays selectable and selected (optionsKeeping), labelled `storedLabel`.
 */
export function SelectField({ label, meta, options, placeholder, hint, storedLabel }: { label: string; meta: FieldMetadata<string | undefined>; options: readonly SelectOption[]; placeholder?: string; hint?: ReactNode; storedLabel?: string }) {
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  const shown = optionsKeeping(options, meta.initialValue, storedLabel);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select key={key} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes meta={meta} hint={hint} />
    </div>
  );
}

/**
 * A group of radio buttons in a fieldset with its legend (no JavaScript needed), an optional hint below the
 * legend, and the field's errors (conform field metadata).
 */
export function RadioGroup({ legend, meta, options, hint }: { legend: string; meta: FieldMetadata<string | undefined>; options: readonly SelectOption[]; hint?: ReactNode }) {
  const described = [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset className="field radio-group" aria-describedby={described || undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={`${meta.id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {options.map((o) => {
        const { key, ...props } = getInputProps(meta, { type: "radio", value: o.value });
        return (
          <label key={key ?? o.value} className="radio">
            <input {...props} id={`${meta.id}-${o.value}`} /> {o.label}
          </label>
        );
      })}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
