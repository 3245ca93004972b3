/**
 * The builder's form fields: labelled, with their errors (aria-invalid, described by the message) and the
 * value the server answered. Each control is keyed by that value, so that an answer that changes a value (a
 * starter template, a parsed time) shows it, while one that keeps it leaves the control — and the focus — as
 * it is.
 */
import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type ComponentProps } from "react";
import { ErrorList } from "../../../components/field";
import { useChangeHandler } from "../../../components/use-change-handler";
import { countedLength } from "../../../domain/text-length";
import { NOTES_MAX } from "../rules/program-draft";

export const fieldId = (name: string) => `builder-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

export interface Described {
  id: string;
  errorId: string;
  invalid: boolean;
  describedBy: string | undefined;
}

function described(name: string, errors: readonly string[] | undefined, hint: boolean): Described {
  const id = fieldId(name);
  const errorId = `${id}-error`;
  const invalid = (errors?.length ?? 0) > 0;
  const ids = [hint ? `${id}-hint` : null, invalid ? errorId : null].filter(Boolean).join(" ");
  return { id, errorId, invalid, describedBy: ids || undefined };
}

interface FieldBase {
  name: string;
  label: string;
  errors?: readonly string[];
  hint?: ReactNode;
  className?: string;
}

/**
 * A field of the builder: the label, the control (`control` renders it with the ids it refers to: its own,
 * aria-invalid, aria-describedby the hint and the errors), the hint, what else stands after it (`children`), and the
 * errors.
 */
export function FieldFrame({ name, label, errors, hint, className, control, children }: FieldBase & { control: (d: Described) => ReactNode; children?: ReactNode }) {
  const d = described(name, errors, !!hint);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={d.id}>{label}</label>
      {control(d)}
      {hint ? (
        <p id={`${d.id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={d.errorId} errors={errors ? [...errors] : []} />
    </div>
  );
}

export function TextField({ value, inputProps, ...field }: FieldBase & { value: string; inputProps?: InputHTMLAttributes<HTMLInputElement> }) {
  const { name } = field;
  return (
    <FieldFrame
      {...field}
      control={(d) => (
        <input key={`${name}:${value}`} id={d.id} name={name} type="text" defaultValue={value} aria-invalid={d.invalid || undefined} aria-describedby={d.describedBy} {...inputProps} />
      )}
    />
  );
}

/** Notes with the n/500 counter (001 §5): counted as the patients area counts (a line break is two). */
export function NotesField({ value, ...field }: Omit<FieldBase, "hint"> & { value: string }) {
  const { name } = field;
  const [length, setLength] = useState(() => countedLength(value));
  // The count follows the text (typed before the builder hydrated too).
  const changes = useChangeHandler<HTMLTextAreaElement>((control) => setLength(countedLength(control.value)));
  const [base, setBase] = useState(value);
  if (base !== value) {
    setBase(value);
    setLength(countedLength(value));
  }
  return (
    <FieldFrame
      {...field}
      hint={
        <>
          <span className={length >= NOTES_MAX ? "over-limit" : undefined}>
            {length}/{NOTES_MAX}
          </span>
          <span className="visually-hidden"> characters</span>
        </>
      }
      control={(d) => (
        <textarea
          key={`${name}:${value}`}
          id={d.id}
          name={name}
          rows={4}
          defaultValue={value}
          aria-invalid={d.invalid || undefined}
          aria-describedby={d.describedBy}
          {...changes}
        />
      )}
    />
  );
}

export function SelectField({ value, options, selectProps, ...field }: FieldBase & { value: string; options: readonly { value: string; label: string }[]; selectProps?: ComponentProps<"select"> }) {
  const { name } = field;
  return (
    <FieldFrame
      {...field}
      control={(d) => (
        <select key={`${name}:${value}`} id={d.id} name={name} defaultValue={value} aria-invalid={d.invalid || undefined} aria-describedby={d.describedBy} {...selectProps}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export const rangeOptions = (min: number, max: number, label: (n: number) => string = String) =>
  Array.from({ length: max - min + 1 }, (_, i) => ({ value: String(min + i), label: label(min + i) }));

/** A submit button of the builder's form (intent = value). */
export function IntentButton({ intent, children, primary = false, className, ...rest }: { intent: string; primary?: boolean; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value">) {
  return (
    <button type="submit" name="intent" value={intent} className={[primary ? "button primary" : "button", className].filter(Boolean).join(" ")} {...rest}>
      {children}
    </button>
  );
}
