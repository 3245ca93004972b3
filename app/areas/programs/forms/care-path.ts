/**
 * The form of a care path's edit mode (001 §2.4, §5): per phase its track (one of the phase's options), logic
 * (>, <, Equals), number (0 to 999 only), type (Degrees, %, Score, Minutes, Hours, Days, Weeks) and Notify
 * Provider. Used by the action (authoritative) and by conform in the browser. The messages are ours: the spec
 * gives the range, not its text.
 */
import * as z from "zod";
import { missing, wholeNumberField } from "../../../forms/fields";
import { LOGIC_OPTIONS, PHASE_NUMBER_MAX, PHASE_NUMBER_MIN, TYPE_OPTIONS, type CarePath } from "../paths/sample-paths";

export const NUMBER_RANGE = `Enter a whole number from ${PHASE_NUMBER_MIN} to ${PHASE_NUMBER_MAX}.`;
export const TRACK_REQUIRED = "Choose what the phase tracks.";
export const LOGIC_REQUIRED = "Choose a logic.";
export const TYPE_REQUIRED = "Choose a type.";

/** A phase's fields; the track among `trackOptions` (that phase's). */
const phaseSchema = (trackOptions: readonly string[]) =>
  z.object({
    selectedTrack: z.string({ error: missing(TRACK_REQUIRED) }).refine((v) => trackOptions.includes(v), { error: TRACK_REQUIRED }),
    selectedLogic: z.enum(LOGIC_OPTIONS, { error: LOGIC_REQUIRED }),
    selectedNumber: wholeNumberField({ required: NUMBER_RANGE, invalid: NUMBER_RANGE, min: PHASE_NUMBER_MIN, max: PHASE_NUMBER_MAX }),
    selectedType: z.enum(TYPE_OPTIONS, { error: TYPE_REQUIRED }),
    messageProvider: z.boolean().default(false),
  });

export type PhaseFormValue = z.infer<ReturnType<typeof phaseSchema>>;

/** The schema of `path`'s form: one entry per phase, in order (a tuple: each phase has its own tracks). */
export const carePathSchema = (path: CarePath) => {
  type Phase = ReturnType<typeof phaseSchema>;
  const phases = path.phases.map((p) => phaseSchema(p.trackOptions)) as [Phase, ...Phase[]];
  // Typed as the array it parses to (zod's tuple types do not follow a tuple built at run time).
  return z.object({ phases: z.tuple(phases) as unknown as z.ZodArray<Phase> });
};
