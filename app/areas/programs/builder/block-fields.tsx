/**
 * One exercise of the program in the exercises step's sidebar (001 §3 Block, §5, §9): side of body (Left,
 * Right, or none when not side-specific), sets 1–5 and the set goal by its type — reps 1–25; a time of at
 * least 5 s (a 0–60 s slider with JavaScript, quick picks 30 s, 1 min and 1:30 min, and a text input taking
 * seconds, mm:ss or hh:mm:ss); the special goal's fixed 5 reps in 60 s and 1 set (§9); range of motion.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ErrorList } from "../../../components/field";
import { useHydrated } from "../../../components/use-hydrated";
import { formatGoalTimeInput, goalTimeLabel, parseGoalTime, TIME_QUICK_PICKS, TIME_SLIDER_MAX, timeInputFilter } from "../rules/goal-time";
import { blockErrorField, blockField, type DraftBlock } from "../rules/program-draft";
import { REPS_MAX, REPS_MIN, SETS_MAX, SETS_MIN, SPECIAL_GOAL } from "../rules/set-goal";
import { fieldId, FieldFrame, IntentButton, rangeOptions, SelectField } from "./builder-fields";
import type { ExerciseSummary } from "./builder-view";
import { useChangeHandler } from "../../../components/use-change-handler";

const SIDE_OPTIONS = [
  { value: "", label: "Not side-specific" },
  { value: "LEFT", label: "Left" },
  { value: "RIGHT", label: "Right" },
];
const SETS_OPTIONS = rangeOptions(SETS_MIN, SETS_MAX);

export const exerciseName = (block: DraftBlock, exercise: ExerciseSummary | undefined) => exercise?.name ?? block.exerciseId;

export function BlockFields({ block, exercise, errors, position }: { block: DraftBlock; exercise: ExerciseSummary | undefined; errors: Record<string, string[]>; position: number }) {
  const name = exerciseName(block, exercise);
  const goal = block.setGoal;
  // The block's own refusals (its exercise, as the API refused it: issue 34), and the special goal's time, which has
  // no field: after the controls, describing the block and its Remove button (with JavaScript the focus goes there).
  const blockErrors = [...(errors[blockErrorField(block.key)] ?? []), ...(goal.goalType === "REPS_OR_TIME" ? (errors[blockField(block.key, "time")] ?? []) : [])];
  const errorId = `${fieldId(blockErrorField(block.key))}-error`;
  const refused = blockErrors.length > 0;
  // The form moves the focus to a refused block's Remove button (steps-form.tsx); the drag-and-drop island may replace
  // the list it focused (loaded once the step shows), so the block's copy in the island takes the focus again.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (refused) fieldset.current?.querySelector<HTMLElement>("[data-refused]")?.focus();
  }, [refused, errors]);
  return (
    <fieldset ref={fieldset} className="block-fields" aria-describedby={refused ? errorId : undefined}>
      <legend>
        <span className="block-number">{String(position).padStart(2, "0")}</span> {name}
      </legend>
      <div className="block-controls">
        <SelectField name={blockField(block.key, "side")} label="Side of body" value={block.sideOfBody ?? ""} options={SIDE_OPTIONS} />
        {goal.goalType === "REPS_OR_TIME" ? null : <SelectField name={blockField(block.key, "sets")} label="Sets" value={String(block.numSets)} options={SETS_OPTIONS} />}
        {goal.goalType === "REPS" ? <RepsGoalField block={block} errors={errors[blockField(block.key, "reps")]} /> : null}
        {goal.goalType === "TIME" ? <TimeGoalField block={block} errors={errors[blockField(block.key, "time")]} /> : null}
        {goal.goalType === "REPS_OR_TIME" ? (
          <p className="block-goal">
            Goal: {SPECIAL_GOAL.reps} reps in {goalTimeLabel(SPECIAL_GOAL.time)}, {SPECIAL_GOAL.sets} set (fixed)
          </p>
        ) : null}
        {goal.goalType === "ROM" ? <p className="block-goal">Goal: range of motion</p> : null}
      </div>
      <ErrorList id={errorId} errors={blockErrors} />
      <IntentButton
        intent={`remove:${block.key}`}
        formNoValidate
        className="block-remove"
        aria-label={`Remove ${name}`}
        aria-describedby={refused ? errorId : undefined}
        data-refused={refused ? "" : undefined}
      >
        Remove
      </IntentButton>
    </fieldset>
  );
}

/**
 * A goal's value as its slider shows it: `initial`, taken again whenever the box's text from the server changes
 * (another block's goal, a value the server answered).
 */
function useGoalValue<T>(shown: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState(initial);
  const [base, setBase] = useState(shown);
  if (base !== shown) {
    setBase(shown);
    setValue(initial);
  }
  return [value, setValue];
}

const GOAL_LABELS = { reps: "Reps", time: "Time" } as const;
const TIME_PICKS = TIME_QUICK_PICKS.map((p) => ({ value: p.seconds, label: p.label }));

/** A value of the goal (null: what is typed cannot be read). */
type GoalValue = number | null;

/**
 * A set goal's field (a builder field, `FieldFrame`): with JavaScript a slider and the text box move together;
 * without it, the box alone. The box is text, so what was typed reaches the server and comes back with the message
 * when it cannot be used ("abc"), rather than emptied by the browser.
 *
 * The goal's own parts: `shown` (the box's text from the server: the saved value, or the text typed when it could
 * not be read) and `initial` (the slider's value for it); the slider's range, the box's text for a slider value and
 * what the slider says; `read` (the value as the box is typed in: it may correct the box; undefined keeps the value);
 * `onBlur` (given `set`: a value into the slider and the box); `hint` (given the value); `picks`, quick picks after
 * the hint (submit buttons `<field>:<block key>:<value>` without JavaScript; with it they set the value at once).
 */
function GoalField(props: {
  block: DraftBlock;
  field: "reps" | "time";
  errors: string[] | undefined;
  shown: string;
  initial: GoalValue;
  slider: { min: number; max: number; text: (value: number) => string; valueText: (value: number) => string };
  read: (box: HTMLInputElement) => GoalValue | undefined;
  onBlur?: (box: HTMLInputElement, set: (value: number) => void) => void;
  hint?: (value: GoalValue) => ReactNode;
  picks?: readonly { value: number; label: string }[];
}) {
  const { block, field, errors, shown, initial, slider, read, onBlur, hint, picks } = props;
  const hydrated = useHydrated();
  const box = useRef<HTMLInputElement>(null);
  const [value, setValue] = useGoalValue(shown, initial);
  const set = (n: number) => {
    setValue(n);
    if (box.current) box.current.value = slider.text(n);
  };
  const name = blockField(block.key, field);
  const label = GOAL_LABELS[field];
  const at = value ?? slider.min;
  // As the box is typed in, the slider and the hint follow (from what was typed before the builder hydrated too).
  const boxChanges = useChangeHandler<HTMLInputElement>((control) => {
    const next = control instanceof HTMLInputElement ? read(control) : undefined;
    if (next !== undefined) setValue(next);
  }, box);
  return (
    <FieldFrame
      name={name}
      label={label}
      errors={errors}
      className={`block-${field}`}
      hint={hint?.(value)}
      control={(d) => (
        <>
          {hydrated ? (
            <input
              type="range"
              className={`block-${field}-slider`}
              min={slider.min}
              max={slider.max}
              step={1}
              value={Math.min(slider.max, Math.max(slider.min, at))}
              aria-label={`${label} slider`}
              aria-valuetext={slider.valueText(at)}
              onChange={(e) => set(Number(e.currentTarget.value))}
            />
          ) : null}
          <input
            {...boxChanges}
            key={`${name}:${shown}`}
            id={d.id}
            name={name}
            type="text"
            inputMode="numeric"
            defaultValue={shown}
            aria-invalid={d.invalid || undefined}
            aria-describedby={d.describedBy}
            onBlur={onBlur ? (e) => onBlur(e.currentTarget, set) : undefined}
          />
        </>
      )}
    >
      {picks ? (
        <div className="block-quick-picks" role="group" aria-label="Quick picks">
          {picks.map((p) => (
            <button
              key={p.value}
              type="submit"
              name="intent"
              value={`${field}:${block.key}:${p.value}`}
              className="button quick-pick"
              formNoValidate
              aria-pressed={value === p.value}
              onClick={
                hydrated
                  ? (e) => {
                      e.preventDefault();
                      set(p.value);
                    }
                  : undefined
              }
            >
              {p.label}
            </button>
          ))}
        </div>
      ) : null}
    </FieldFrame>
  );
}

/** Reps (001 §9: a slider 1 to 25, default 10). */
function RepsGoalField({ block, errors }: { block: DraftBlock; errors: string[] | undefined }) {
  const { reps, typed } = block.setGoal;
  return (
    <GoalField
      block={block}
      field="reps"
      errors={errors}
      shown={typed ?? (reps === null ? "" : String(reps))}
      initial={reps}
      slider={{ min: REPS_MIN, max: REPS_MAX, text: String, valueText: (n) => `${n} reps` }}
      read={(box) => {
        const n = Number(box.value.trim());
        return Number.isInteger(n) && box.value.trim() !== "" ? n : undefined;
      }}
    />
  );
}

/** Time (a 0–60 s slider, quick picks, and seconds, mm:ss or hh:mm:ss typed). */
function TimeGoalField({ block, errors }: { block: DraftBlock; errors: string[] | undefined }) {
  const hydrated = useHydrated();
  const time = block.setGoal.time ?? 0;
  const { typed } = block.setGoal;
  return (
    <GoalField
      block={block}
      field="time"
      errors={errors}
      // What the box shows: the saved seconds, or the text typed when it could not be read (with its message).
      shown={typed ?? formatGoalTimeInput(time)}
      initial={typed === undefined ? time : null}
      slider={{ min: 0, max: TIME_SLIDER_MAX, text: formatGoalTimeInput, valueText: goalTimeLabel }}
      read={(box) => {
        const filtered = timeInputFilter(box.value);
        if (filtered !== box.value) box.value = filtered;
        return parseGoalTime(filtered);
      }}
      onBlur={(box, set) => {
        // A negative time is 0 (001 §5): the minus stays visible while typing, so "-45" does not become 45.
        if (box.value.trimStart().startsWith("-")) set(0);
      }}
      hint={(seconds) => <>Seconds, mm:ss or hh:mm:ss{hydrated && seconds !== null ? ` (${goalTimeLabel(seconds)})` : ""}</>}
      picks={TIME_PICKS}
    />
  );
}
