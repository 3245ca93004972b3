/**
 * One exercise of the program in the exercises step's sidebar (001 §3 Block, §5, §9): side of body (Left,
 * Right, or none when not side-specific), sets 1–5 and the set goal by its type — reps 1–25; a time of at
 * least 5 s (a 0–60 s slider with JavaScript, quick picks 30 s, 1 min and 1:30 min, and a text input taking
 * seconds, mm:ss or hh:mm:ss); the special goal's fixed 5 reps in 60 s and 1 set (§9); range of motion.
 */
import { useRef, useState, type ReactNode, type RefObject } from "react";
import { ErrorList } from "../../../components/field";
import { useHydrated } from "../../../components/use-hydrated";
import { formatGoalTimeInput, goalTimeLabel, parseGoalTime, TIME_QUICK_PICKS, TIME_SLIDER_MAX, timeInputFilter } from "../rules/goal-time";
import { blockField, type DraftBlock } from "../rules/program-draft";
import { REPS_MAX, REPS_MIN, SETS_MAX, SETS_MIN, SPECIAL_GOAL } from "../rules/set-goal";
import { fieldId, IntentButton, rangeOptions, SelectField } from "./builder-fields";
import type { ExerciseSummary } from "./builder-view";

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
  return (
    <fieldset className="block-fields">
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
      <ErrorList errors={goal.goalType === "REPS_OR_TIME" ? errors[blockField(block.key, "time")] : undefined} />
      <IntentButton intent={`remove:${block.key}`} formNoValidate className="block-remove" aria-label={`Remove ${name}`}>
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

/**
 * A set goal's field: with JavaScript a slider and the text box move together; without it, the box alone. The box
 * is text, so what was typed reaches the server and comes back with the message when it cannot be used ("abc"),
 * rather than emptied by the browser. `hint` (optional) describes the box; `children` stand after it.
 */
function GoalField(props: {
  className: string;
  label: string;
  name: string;
  shown: string;
  errors: string[] | undefined;
  boxRef: RefObject<HTMLInputElement | null>;
  slider: { className: string; min: number; max: number; value: number; label: string; valueText: string; onChange: (value: number) => void };
  onInput: (box: HTMLInputElement) => void;
  onBlur?: (box: HTMLInputElement) => void;
  hint?: ReactNode;
  children?: ReactNode;
}) {
  const { className, label, name, shown, errors, boxRef, slider, onInput, onBlur, hint, children } = props;
  const hydrated = useHydrated();
  const id = fieldId(name);
  const invalid = (errors?.length ?? 0) > 0;
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      {hydrated ? (
        <input
          type="range"
          className={slider.className}
          min={slider.min}
          max={slider.max}
          step={1}
          value={slider.value}
          aria-label={slider.label}
          aria-valuetext={slider.valueText}
          onChange={(e) => slider.onChange(Number(e.currentTarget.value))}
        />
      ) : null}
      <input
        ref={boxRef}
        key={`${name}:${shown}`}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        defaultValue={shown}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onInput={(e) => onInput(e.currentTarget)}
        onBlur={onBlur ? (e) => onBlur(e.currentTarget) : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={`${id}-error`} errors={errors ?? []} />
    </div>
  );
}

/** Reps (001 §9: a slider 1 to 25, default 10). */
function RepsGoalField({ block, errors }: { block: DraftBlock; errors: string[] | undefined }) {
  const input = useRef<HTMLInputElement>(null);
  const shown = block.setGoal.typed ?? (block.setGoal.reps === null ? "" : String(block.setGoal.reps));
  const [reps, setReps] = useGoalValue(shown, block.setGoal.reps);
  return (
    <GoalField
      className="block-reps"
      label="Reps"
      name={blockField(block.key, "reps")}
      shown={shown}
      errors={errors}
      boxRef={input}
      slider={{
        className: "block-reps-slider",
        min: REPS_MIN,
        max: REPS_MAX,
        value: Math.min(REPS_MAX, Math.max(REPS_MIN, reps ?? REPS_MIN)),
        label: "Reps slider",
        valueText: `${reps ?? REPS_MIN} reps`,
        onChange: (n) => {
          setReps(n);
          if (input.current) input.current.value = String(n);
        },
      }}
      onInput={(box) => {
        const n = Number(box.value.trim());
        if (Number.isInteger(n) && box.value.trim() !== "") setReps(n);
      }}
    />
  );
}

/** Time (a 0–60 s slider, quick picks, and seconds, mm:ss or hh:mm:ss typed). */
function TimeGoalField({ block, errors }: { block: DraftBlock; errors: string[] | undefined }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const time = block.setGoal.time ?? 0;
  // What the box shows: the saved seconds, or the text typed when it could not be read (with its message).
  const shown = block.setGoal.typed ?? formatGoalTimeInput(time);
  const [seconds, setSeconds] = useGoalValue<number | null>(shown, block.setGoal.typed === undefined ? time : null);
  const set = (s: number) => {
    setSeconds(s);
    if (input.current) input.current.value = formatGoalTimeInput(s);
  };
  return (
    <GoalField
      className="block-time"
      label="Time"
      name={blockField(block.key, "time")}
      shown={shown}
      errors={errors}
      boxRef={input}
      slider={{
        className: "block-time-slider",
        min: 0,
        max: TIME_SLIDER_MAX,
        value: Math.min(seconds ?? 0, TIME_SLIDER_MAX),
        label: "Time slider",
        valueText: goalTimeLabel(seconds ?? 0),
        onChange: set,
      }}
      onInput={(box) => {
        const filtered = timeInputFilter(box.value);
        if (filtered !== box.value) box.value = filtered;
        setSeconds(parseGoalTime(filtered));
      }}
      onBlur={(box) => {
        // A negative time is 0 (001 §5): the minus stays visible while typing, so "-45" does not become 45.
        if (box.value.trimStart().startsWith("-")) {
          box.value = "0";
          setSeconds(0);
        }
      }}
      hint={<>Seconds, mm:ss or hh:mm:ss{hydrated && seconds !== null ? ` (${goalTimeLabel(seconds)})` : ""}</>}
    >
      <div className="block-quick-picks" role="group" aria-label="Quick picks">
        {TIME_QUICK_PICKS.map((p) => (
          <button
            key={p.seconds}
            type="submit"
            name="intent"
            value={`time:${block.key}:${p.seconds}`}
            className="button quick-pick"
            formNoValidate
            aria-pressed={seconds === p.seconds}
            onClick={
              hydrated
                ? (e) => {
                    e.preventDefault();
                    set(p.seconds);
                  }
                : undefined
            }
          >
            {p.label}
          </button>
        ))}
      </div>
    </GoalField>
  );
}
