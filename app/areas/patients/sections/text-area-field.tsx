/**
 * A labelled textarea with its errors and a live character count (000 §5: a line break counts as two). The
 * count shows once JavaScript runs; the limit is stated in the hint either way.
 */
import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { countedLength } from "../../../domain/text-length";
import { ErrorList } from "../../../components/field";
import { useHydrated } from "../../../components/use-hydrated";
import { useChangeHandler } from "../../../components/use-change-handler";

export function TextAreaField({ label, meta, max, rows = 5 }: { label: string; meta: FieldMetadata<string | undefined>; max: number; rows?: number }) {
  const hydrated = useHydrated();
  const [length, setLength] = useState(() => countedLength(String(meta.initialValue ?? "")));
  const hintId = `${meta.id}-hint`;
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  // The count follows the text (typed before the form hydrated too).
  const changes = useChangeHandler<HTMLTextAreaElement>((control) => setLength(countedLength(control.value)));
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea key={key} {...props} rows={rows} {...changes} />
      <p id={hintId} className="field-hint">
        {hydrated ? (
          <span className={length > max ? "over-limit" : undefined}>
            {length}/{max} characters
          </span>
        ) : (
          `At most ${max} characters (a line break counts as two).`
        )}
      </p>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
