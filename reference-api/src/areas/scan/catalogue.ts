import type { Schema } from "../../core/contract.js";
import type { ScanOutcome, ScanResult } from "./mapping.js";

type Factor = Schema<"Factor">;
type Criterion = Schema<"Criterion">;
type Sex = "MALE" | "FEMALE";

/**
 * The fall-risk thresholds of the product (spec 002, "Fall-risk thresholds") as risk rules, and the results
 * each assessment records. The seed gives every SCAN organization these rules; the admin area edits them.
 */

/** The main result of each assessment (the one its rule reads). */
export const MAIN_RESULT: Record<string, { id: string; name: string; units: string; type: Criterion["type"] }> = {
  "AST-0001": { id: "reachDistance", name: "Reach Distance", units: "in", type: "DISTANCE" },
  "AST-0009": { id: "tugTime", name: "TUG Time", units: "s", type: "TIME" },
  "AST-0010": { id: "tugTime", name: "TUG Time", units: "s", type: "TIME" },
  "AST-0011": { id: "sitToStandTime", name: "Sit to Stand Time", units: "s", type: "TIME" },
  "AST-0012": { id: "sitToStandTime", name: "Sit to Stand Time", units: "s", type: "TIME" },
  "AST-0018": { id: "gaitSpeed", name: "Gait Speed", units: "m/s", type: "SPEED" },
  "AST-0019": { id: "chairStandReps", name: "Chair Stands", units: "reps", type: "REPS" },
  "AST-0020": { id: "stanceTime", name: "Stance Time", units: "s", type: "TIME" },
};

const crit = (type: Criterion["type"], units: string | null, ...conditions: [Schema<"Condition">["comparator"], number | Sex][]): Criterion => ({
  type,
  units,
  conditions: conditions.map(([comparator, value]) => ({ comparator, value })),
});

const low = (description: string, criteria: Criterion[]): Factor => ({ category: "LOW", description, shortDescription: "Low Risk", criteria });
const medium = (description: string, criteria: Criterion[]): Factor => ({ category: "MEDIUM", description, shortDescription: "Medium Risk", criteria });
const high = (description: string, criteria: Criterion[]): Factor => ({ category: "HIGH", description, shortDescription: "High Risk", criteria });

const fall = (assessmentId: string, title: string, description: string, source: string, factors: Factor[], demographicsRequired: ScanOutcome["demographicsRequired"] = null): ScanOutcome => ({
  type: "FALL",
  assessmentId,
  demographicsRequired,
  factors,
  source,
  title,
  description,
  resultDefinitionId: MAIN_RESULT[assessmentId]!.id,
  leftResultDefinitionId: null,
  rightResultDefinitionId: null,
});

/** Five times sit to stand (AST-0011, AST-0012): high-risk time cutoffs by decade and sex. */
export const SIT_TO_STAND_CUTOFFS: { from: number; to: number | null; MALE: number; FEMALE: number }[] = [
  { from: 60, to: 70, MALE: 8.4, FEMALE: 12.7 },
  { from: 70, to: 80, MALE: 11.6, FEMALE: 13 },
  { from: 80, to: 90, MALE: 16.7, FEMALE: 17.2 },
  { from: 90, to: null, MALE: 19.5, FEMALE: 22.9 },
];

/** 30 second chair stand (AST-0019): high risk below these repetitions, ages 60-94 in bands of five. */
export const CHAIR_STAND_CUTOFFS: { from: number; to: number; MALE: number; FEMALE: number }[] = [
  { from: 60, to: 65, MALE: 14, FEMALE: 12 },
  { from: 65, to: 70, MALE: 12, FEMALE: 11 },
  { from: 70, to: 75, MALE: 12, FEMALE: 10 },
  { from: 75, to: 80, MALE: 11, FEMALE: 10 },
  { from: 80, to: 85, MALE: 10, FEMALE: 9 },
  { from: 85, to: 90, MALE: 8, FEMALE: 8 },
  { from: 90, to: 95, MALE: 7, FEMALE: 4 },
];

const sexName = (s: Sex) => (s === "MALE" ? "men" : "women");
const ageCrit = (from: number, to: number | null) => (to === null ? crit("AGE", "years", ["gte", from]) : crit("AGE", "years", ["gte", from], ["lt", to]));
const ageText = (from: number, to: number | null) => (to === null ? `${from}+` : `${from}-${to - 1}`);

function sitToStandFactors(): Factor[] {
  return SIT_TO_STAND_CUTOFFS.flatMap((band) =>
    (["MALE", "FEMALE"] as const).flatMap((sex) => [
      low(`For ${sexName(sex)} aged ${ageText(band.from, band.to)}, ${band[sex]} s or less is associated with a low risk of falls.`, [
        crit("TIME", "s", ["lte", band[sex]]), ageCrit(band.from, band.to), crit("SEX", null, ["e", sex]),
      ]),
      high(`For ${sexName(sex)} aged ${ageText(band.from, band.to)}, more than ${band[sex]} s is associated with a high risk of falls.`, [
        crit("TIME", "s", ["gt", band[sex]]), ageCrit(band.from, band.to), crit("SEX", null, ["e", sex]),
      ]),
    ]),
  );
}

function chairStandFactors(): Factor[] {
  return CHAIR_STAND_CUTOFFS.flatMap((band) =>
    (["MALE", "FEMALE"] as const).flatMap((sex) => [
      low(`For ${sexName(sex)} aged ${ageText(band.from, band.to)}, ${band[sex]} or more stands is associated with a low risk of falls.`, [
        crit("REPS", "reps", ["gte", band[sex]]), ageCrit(band.from, band.to), crit("SEX", null, ["e", sex]),
      ]),
      high(`For ${sexName(sex)} aged ${ageText(band.from, band.to)}, fewer than ${band[sex]} stands is associated with a high risk of falls.`, [
        crit("REPS", "reps", ["lt", band[sex]]), ageCrit(band.from, band.to), crit("SEX", null, ["e", sex]),
      ]),
    ]),
  );
}

const TREMOR_GRADES: { category: Factor["category"]; label: string; from: number | null; to: number | null }[] = [
  { category: "NORMAL", label: "No tremor", from: null, to: 0.1 },
  { category: "SLIGHT", label: "Slight", from: 0.1, to: 1 },
  { category: "MILD", label: "Mild", from: 1, to: 3 },
  { category: "MODERATE", label: "Moderate", from: 3, to: 10 },
  { category: "SEVERE", label: "Severe", from: 10, to: null },
];

/** The default risk rules of an organization (fall risk per the thresholds table, and the tremor grades). */
export function defaultOutcomes(): ScanOutcome[] {
  const steadi = "STEADI - Older Adult Fall Prevention, Centers for Disease Control and Prevention";
  return [
    fall("AST-0001", "Fall Risk - Functional Reach", "Forward reach distance as a predictor of fall risk.", "Duncan PW et al. Functional reach: a new clinical measure of balance. J Gerontol 1990", [
      low("A reach of more than 10 in is associated with a low risk of falls.", [crit("DISTANCE", "in", ["gt", 10])]),
      medium("A reach of more than 6 in up to 10 in is associated with a moderate risk of falls.", [crit("DISTANCE", "in", ["gt", 6], ["lte", 10])]),
      high("A reach of 6 in or less is associated with a high risk of falls.", [crit("DISTANCE", "in", ["lte", 6])]),
    ]),
    ...(["AST-0009", "AST-0010"] as const).map((id) =>
      fall(id, "Fall Risk - Timed Up and Go", "Time to stand, walk 3 m, turn, walk back and sit as a predictor of fall risk.", steadi, [
        low("Under 12 s is associated with a low risk of falls.", [crit("TIME", "s", ["lt", 12])]),
        high("12 s or more is associated with a high risk of falls.", [crit("TIME", "s", ["gte", 12])]),
      ]),
    ),
    ...(["AST-0011", "AST-0012"] as const).map((id) =>
      fall(id, "Fall Risk - Five Times Sit to Stand", "Time for five sit-to-stands against age and sex cutoffs.", "Bohannon RW. Reference values for the five-repetition sit-to-stand test. Percept Mot Skills 2006", sitToStandFactors(), ["AGE", "SEX"]),
    ),
    fall("AST-0018", "Fall Risk - Gait Speed", "Comfortable gait speed as a predictor of fall risk.", steadi, [
      low("Gait speed of 0.8 m/s or more is associated with a low risk of falls.", [crit("SPEED", "m/s", ["gte", 0.8])]),
      high("Gait speed below 0.8 m/s is associated with a high risk of falls.", [crit("SPEED", "m/s", ["lt", 0.8])]),
    ]),
    fall("AST-0019", "Fall Risk - 30 Second Chair Stand", "Stands completed in 30 seconds against age and sex cutoffs.", steadi, chairStandFactors(), ["AGE", "SEX"]),
    fall("AST-0020", "Fall Risk - Single Leg Stance", "Time standing on one leg as a predictor of fall risk.", "Springer BA et al. Normative values for the unipedal stance test. J Geriatr Phys Ther 2007", [
      low("Standing 15 s or more is associated with a low risk of falls.", [crit("TIME", "s", ["gte", 15])]),
      high("Standing less than 15 s is associated with a high risk of falls.", [crit("TIME", "s", ["lt", 15])]),
    ]),
    {
      type: "TREMORS",
      assessmentId: "AST-0031",
      demographicsRequired: null,
      factors: TREMOR_GRADES.map((g) => ({
        category: g.category,
        description: `${g.label} resting tremor (amplitude ${g.from === null ? `below ${g.to} cm` : g.to === null ? `${g.from} cm or more` : `${g.from} to ${g.to} cm`}).`,
        shortDescription: g.label,
        criteria: [
          {
            type: "DISTANCE",
            units: "cm",
            conditions: [
              ...(g.from === null ? [] : [{ comparator: "gte" as const, value: g.from }]),
              ...(g.to === null ? [] : [{ comparator: "lt" as const, value: g.to }]),
            ],
          },
        ],
      })),
      source: "MDS-UPDRS Part III, item 3.17 (rest tremor amplitude)",
      title: "Tremor Severity",
      description: "Resting tremor amplitude of each hand, graded.",
      resultDefinitionId: null,
      leftResultDefinitionId: "leftTremorAmplitude",
      rightResultDefinitionId: "rightTremorAmplitude",
    },
  ];
}

export type RiskLevel = "LOW" | "MEDIUM" | "HIGH";

/** A value of an assessment's main result that falls in the wanted risk level (for the demographics given). */
export function valueFor(assessmentId: string, level: RiskLevel, r: () => number, demo: { age: number; sex: Sex } | null): number {
  const between = (a: number, b: number) => a + (b - a) * r();
  const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
  switch (assessmentId) {
    case "AST-0001":
      return round(level === "LOW" ? between(10.2, 14) : level === "MEDIUM" ? between(6.2, 9.9) : between(2.5, 6));
    case "AST-0009":
    case "AST-0010":
      return round(level === "LOW" ? between(7, 11.8) : between(12, 22));
    case "AST-0018":
      return round(level === "LOW" ? between(0.8, 1.35) : between(0.42, 0.79));
    case "AST-0020":
      return round(level === "LOW" ? between(15, 30) : between(2, 14.8));
    case "AST-0011":
    case "AST-0012": {
      const age = demo?.age ?? 65;
      const band = SIT_TO_STAND_CUTOFFS.find((b) => age >= b.from && (b.to === null || age < b.to)) ?? SIT_TO_STAND_CUTOFFS[0]!;
      const cut = band[demo?.sex ?? "MALE"];
      return round(level === "LOW" ? between(cut * 0.65, cut) : between(cut + 0.2, cut * 1.6));
    }
    case "AST-0019": {
      const age = demo?.age ?? 65;
      const band = CHAIR_STAND_CUTOFFS.find((b) => age >= b.from && age < b.to) ?? CHAIR_STAND_CUTOFFS[0]!;
      const cut = band[demo?.sex ?? "MALE"];
      return level === "LOW" ? cut + Math.floor(r() * 5) : Math.max(0, cut - 1 - Math.floor(r() * Math.min(4, cut)));
    }
    default:
      return round(between(0, 1));
  }
}

/** The results a session of the assessment records, built around its main result value. */
export function resultsFor(assessmentId: string, main: number, r: () => number): ScanResult[] {
  const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
  const m = MAIN_RESULT[assessmentId];
  if (assessmentId === "AST-0018") {
    const distance = 6;
    const lap1 = distance / (main * (0.97 + 0.06 * r()));
    const lap2 = (2 * distance) / main - lap1;
    return [
      { id: "gaitSpeed", name: "Gait Speed", value: main, units: "m/s" },
      { id: "distance", name: "Distance", value: distance, units: "m" },
      { id: "lapOneTime", name: "Lap 1 Time", value: round(lap1), units: "s" },
      { id: "lapTwoTime", name: "Lap 2 Time", value: round(lap2), units: "s" },
      { id: "cadence", name: "Cadence", value: Math.round(70 + 35 * main), units: "steps/min" },
    ];
  }
  if (assessmentId === "AST-0024") {
    return [
      { id: "leftKneeFlexionRom", name: "Left Knee Flexion ROM", value: Math.round(95 + 40 * r()), units: "deg" },
      { id: "rightKneeFlexionRom", name: "Right Knee Flexion ROM", value: Math.round(95 + 40 * r()), units: "deg" },
      { id: "leftHipFlexionRom", name: "Left Hip Flexion ROM", value: Math.round(80 + 40 * r()), units: "deg" },
      { id: "rightHipFlexionRom", name: "Right Hip Flexion ROM", value: Math.round(80 + 40 * r()), units: "deg" },
      { id: "trunkFlexionRom", name: "Trunk Flexion ROM", value: Math.round(50 + 40 * r()), units: "deg" },
      { id: "trunkExtensionRom", name: "Trunk Extension ROM", value: Math.round(10 + 20 * r()), units: "deg" },
    ];
  }
  if (assessmentId === "AST-0031") {
    return [
      { id: "leftTremorAmplitude", name: "Left Tremor Amplitude", value: round(main * (0.5 + r())), units: "cm" },
      { id: "rightTremorAmplitude", name: "Right Tremor Amplitude", value: main, units: "cm" },
      { id: "tremorFrequency", name: "Tremor Frequency", value: round(4 + 2 * r()), units: "Hz" },
    ];
  }
  if (!m) return [];
  return [{ id: m.id, name: m.name, value: main, units: m.units }];
}

type Demo = { age: number; sex: string } | null;

/**
 * The portal's risk selection: the factors whose criteria all match the value (and the age and sex, with the
 * prompt's defaults 65 and MALE when the session has no demographics). Several matching factors is a rule
 * error the portal reports; none matching reads as Low Risk.
 */
export function matchingFactors(outcome: ScanOutcome, value: number, demographics: Demo): Factor[] {
  const holds = (c: Schema<"Condition">, x: number | string) => {
    switch (c.comparator) {
      case "lt": return x < c.value;
      case "gt": return x > c.value;
      case "lte": return x <= c.value;
      case "gte": return x >= c.value;
      case "e": return x === c.value;
    }
  };
  return outcome.factors.filter((f) =>
    f.criteria.every((cr) => {
      const x = cr.type === "AGE" ? demographics?.age ?? 65 : cr.type === "SEX" ? demographics?.sex ?? "MALE" : value;
      return cr.conditions.every((c) => holds(c, x));
    }),
  );
}
