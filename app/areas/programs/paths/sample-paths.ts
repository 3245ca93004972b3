/**
 * The Care Paths sample data (001 §2.4, §3 "Care path (sample)"): hard-coded, served by the portal — care paths
 * make no API calls (001 §7). Shared by the server and the browser (no secrets).
 */
export const TYPE_OPTIONS = ["Degrees", "%", "Score", "Minutes", "Hours", "Days", "Weeks"] as const;
export const LOGIC_OPTIONS = [">", "<", "Equals"] as const;

export type PhaseType = (typeof TYPE_OPTIONS)[number];
export type PhaseLogic = (typeof LOGIC_OPTIONS)[number];

export interface CarePathPhase {
  id: string;
  phaseNumber: number;
  title: string;
  exerciseTotal: number;
  messageTotal: number;
  /** What the phase's progress is measured by. */
  trackOptions: readonly string[];
  selectedTrack: string;
  typeOptions: readonly PhaseType[];
  logicOptions: readonly PhaseLogic[];
  selectedLogic: PhaseLogic;
  /** 0 to 999 (001 §5). */
  selectedNumber: number;
  selectedType: PhaseType;
  /** Notify Provider when the phase's goal is met. */
  messageProvider: boolean;
}

export interface CarePath {
  id: string;
  name: string;
  phases: CarePathPhase[];
}

type PhaseSeed = [title: string, exercises: number, messages: number, track: string, logic: PhaseLogic, number: number, type: PhaseType, notify: boolean];

function path(id: string, name: string, trackOptions: readonly string[], seeds: PhaseSeed[]): CarePath {
  return {
    id,
    name,
    phases: seeds.map(([title, exerciseTotal, messageTotal, selectedTrack, selectedLogic, selectedNumber, selectedType, messageProvider], i) => ({
      id: `${id}-${i + 1}`,
      phaseNumber: i + 1,
      title,
      exerciseTotal,
      messageTotal,
      trackOptions,
      selectedTrack,
      typeOptions: TYPE_OPTIONS,
      logicOptions: LOGIC_OPTIONS,
      selectedLogic,
      selectedNumber,
      selectedType,
      messageProvider,
    })),
  };
}

const KNEE = ["Knee Flexion ROM", "Knee Extension ROM", "Pain Score", "Program Adherence", "Time in Phase"];
const SHOULDER = ["Shoulder Flexion ROM", "Shoulder Abduction ROM", "Pain Score", "Program Adherence", "Time in Phase"];
const SPINE = ["Trunk Flexion ROM", "Pain Score", "Oswestry Disability Index", "Program Adherence", "Time in Phase"];
const ANKLE = ["Ankle Dorsiflexion ROM", "Single Leg Balance", "Pain Score", "Program Adherence", "Time in Phase"];

export const SAMPLE_CARE_PATHS: readonly CarePath[] = [
  path("total-knee", "Total Knee Replacement", KNEE, [
    ["Protect and Mobilize", 6, 4, "Knee Flexion ROM", ">", 90, "Degrees", true],
    ["Early Strength", 8, 3, "Program Adherence", ">", 80, "%", false],
    ["Functional Strength", 9, 3, "Pain Score", "<", 3, "Score", true],
    ["Return to Activity", 7, 2, "Knee Extension ROM", "Equals", 0, "Degrees", false],
    ["Maintenance", 5, 2, "Time in Phase", ">", 6, "Weeks", false],
  ]),
  path("rotator-cuff", "Rotator Cuff Repair", SHOULDER, [
    ["Passive Motion", 4, 5, "Time in Phase", ">", 4, "Weeks", false],
    ["Active Assisted Motion", 6, 3, "Shoulder Flexion ROM", ">", 120, "Degrees", true],
    ["Active Motion", 7, 3, "Shoulder Abduction ROM", ">", 90, "Degrees", false],
    ["Strengthening", 8, 2, "Pain Score", "<", 2, "Score", true],
  ]),
  path("low-back", "Low Back Pain", SPINE, [
    ["Calm Symptoms", 5, 4, "Pain Score", "<", 5, "Score", true],
    ["Restore Motion", 6, 3, "Trunk Flexion ROM", ">", 60, "Degrees", false],
    ["Build Capacity", 8, 2, "Oswestry Disability Index", "<", 20, "%", false],
  ]),
  path("acl-reconstruction", "ACL Reconstruction", KNEE, [
    ["Immediate Post-op", 5, 5, "Knee Extension ROM", "Equals", 0, "Degrees", true],
    ["Early Rehabilitation", 7, 4, "Knee Flexion ROM", ">", 120, "Degrees", false],
    ["Strength and Control", 9, 3, "Program Adherence", ">", 85, "%", false],
    ["Running Progression", 8, 3, "Time in Phase", ">", 12, "Weeks", true],
    ["Agility", 8, 2, "Pain Score", "<", 2, "Score", false],
    ["Return to Sport", 6, 2, "Time in Phase", ">", 9, "Days", true],
  ]),
  path("ankle-sprain", "Ankle Sprain", ANKLE, [
    ["Protect", 4, 3, "Pain Score", "<", 4, "Score", false],
    ["Balance and Strength", 6, 2, "Single Leg Balance", ">", 30, "Minutes", true],
  ]),
];

/** 001 §9: "care-path preview shows 3 phases". */
export const PREVIEW_PHASES = 3;
/** 001 §5, §9: the care-path number is 0 to 999. */
export const PHASE_NUMBER_MIN = 0;
export const PHASE_NUMBER_MAX = 999;
