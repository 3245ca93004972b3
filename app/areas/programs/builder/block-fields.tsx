/**
 * One exercise of the program in the exercises step's sidebar (001 §3 Block, §5, §9): side of body (Left,
 * Right, or none when not side-specific), sets 1–5 and the set goal by its type — reps 1–25; a time of at
 * least 5 s (a 0–60 s slider with JavaScript, quick picks 30 s, 1 min and 1:30 min, and a text input taking
 * seconds, mm:ss or hh:mm:ss); the special goal's fixed 5 reps in 60 s and 1 set (§9); range of motion.
 */
import { useRef, useState } from "react";
import { ErrorList } from "../../../components/field";
import { useHydrated } from "../../../components/use-hydrated";
import { formatGoalTimeInput, goalTimeLabel, parseGoalTime, TIME_QUICK_PICKS, TIME_SLIDER_MAX, timeInputFilter } from "../rules/goal-time";
import { blockField, type DraftBlock } from "../rules/program-draft";
import { SETS_MAX, SETS_MIN, SPECIAL_GOAL } from "../rules/set-goal";
import { fieldId, IntentButton, rangeOptions, SelectField, TextField } from "./builder-fields";
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
        {goal.goalType === "REPS" ? (
          <TextField
            name={blockField(block.key, "reps")}
            label="Reps"
            value={goal.reps === null ? "" : String(goal.reps)}
            errors={errors[blockField(block.key, "reps")]}
            className="block-reps"
            inputProps={{ type: "number", inputMode: "numeric", step: 1 }}
          />
        ) : null}
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

function TimeGoalField({ block, errors }: { block: DraftBlock; errors: string[] | undefined }) {
  const hydrated = useHydrated();
  const name = blockField(block.key, "time");
  const id = fieldId(name);
  const input = useRef<HTMLInputElement>(null);
  const time = block.setGoal.time ?? 0;
  const [seconds, setSeconds] = useState(time);
  const [base, setBase] = useState(time);
  if (base !== time) {
    setBase(time);
    setSeconds(time);
  }
  const invalid = (errors?.length ?? 0) > 0;
  const set = (s: number) => {
    setSeconds(s);
    if (input.current) input.current.value = formatGoalTimeInput(s);
  };
  return (
    <div className="field block-time">
      <label htmlFor={id}>Time</label>
      {hydrated ? (
        <input
          type="range"
          className="block-time-slider"
          min={0}
          max={TIME_SLIDER_MAX}
          step={1}
          value={Math.min(seconds, TIME_SLIDER_MAX)}
          aria-label="Time slider"
          aria-valuetext={goalTimeLabel(seconds)}
          onChange={(e) => set(Number(e.currentTarget.value))}
        />
      ) : null}
      <input
        ref={input}
        key={`${name}:${time}`}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        defaultValue={formatGoalTimeInput(time)}
        aria-invalid={invalid || undefined}
        aria-describedby={[`${id}-hint`, invalid ? `${id}-error` : null].filter(Boolean).join(" ")}
        onInput={(e) => {
          const el = e.currentTarget;
          const filtered = timeInputFilter(el.value.trimStart().startsWith("-") ? "0" : el.value);
          if (filtered !== el.value) el.value = filtered;
          setSeconds(parseGoalTime(filtered));
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        Seconds, mm:ss or hh:mm:ss{hydrated ? ` (${goalTimeLabel(seconds)})` : ""}
      </p>
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
      <ErrorList id={`${id}-error`} errors={errors ?? []} />
    </div>
  );
}
