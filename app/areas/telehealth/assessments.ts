/**
 * The telehealth pages' content (002 §2 "Telehealth demos": routes exist, content not shown — designed here):
 * the three remote assessments a clinician can run over a video call, what each measures and how to run it.
 */
export interface RemoteAssessment {
  slug: "hands" | "tremors" | "external-shoulder-rotation";
  title: string;
  measures: string;
  /** The scan assessment whose sessions the page lists, when there is one. */
  assessmentId: string | null;
  setup: string[];
  steps: string[];
  watch: string[];
}

export const REMOTE_ASSESSMENTS: RemoteAssessment[] = [
  {
    slug: "hands",
    title: "Hands",
    measures: "Hand and finger joint positions (21 joints per hand): finger range of motion, grip opening and how steadily each hand is held.",
    assessmentId: "AST-0031",
    setup: [
      "The patient sits at a table facing the camera, about an arm's length away, with the room well lit from the front.",
      "The whole hand, wrist included, must stay in the picture; sleeves rolled up, rings and watches off if possible.",
    ],
    steps: [
      "Right hand first: hold it up, palm to the camera, fingers spread, for about 5 seconds.",
      "Then make a fist and open the hand fully three times.",
      "Repeat with the left hand.",
    ],
    watch: ["Joints drawn faintly or missing: improve the light or move the hand back into the frame.", "Compare the two hands' opening and the smoothness of the movement."],
  },
  {
    slug: "tremors",
    title: "Tremors",
    measures: "Resting tremor of each hand: the amplitude of the finger tips' oscillation (cm) and its frequency (Hz), graded none to marked by your organization's tremor rules.",
    assessmentId: "AST-0031",
    setup: [
      "The patient sits with the forearm supported on a table or armrest and the hand held up, relaxed, facing the camera.",
      "The camera must not move: a laptop on the table or a phone on a stand, not held by hand.",
    ],
    steps: [
      "Right hand: relaxed and still for about 5 seconds, without talking.",
      "Left hand: the same.",
      "Optionally repeat while the patient counts backwards from 20 (a distraction brings out a resting tremor).",
    ],
    watch: ["Amplitude is measured at the finger tips; a camera that shakes adds to it.", "Record which hand trembles more and whether the tremor eases when the hand moves."],
  },
  {
    slug: "external-shoulder-rotation",
    title: "External shoulder rotation",
    measures: "Active external rotation range of each shoulder (degrees), elbow at the side and bent to 90°.",
    assessmentId: "AST-0024",
    setup: [
      "The patient stands or sits facing the camera, upper body and both arms in the picture, elbows visible.",
      "A rolled towel between the elbow and the body keeps the elbow at the side.",
    ],
    steps: [
      "Elbow bent to 90°, forearm pointing forward, thumb up: the starting position (0°).",
      "Rotate the forearm outwards as far as comfortable, keeping the elbow at the side; hold for 2 seconds; return.",
      "Three repetitions per side, right then left.",
    ],
    watch: ["The elbow drifting away from the body or the trunk turning exaggerates the range.", "Note pain at the end of the range."],
  },
];

export const remoteAssessment = (slug: RemoteAssessment["slug"]) => REMOTE_ASSESSMENTS.find((a) => a.slug === slug)!;
export const telehealthPath = (slug?: RemoteAssessment["slug"]) => (slug ? `/telehealth/${slug}/` : "/telehealth/");
export const DEMO_HANDS_PATH = "/demo/hands/";
/** The sample hands log (public/demo/, written by scripts/demo/sample-hands-log.ts). */
export const SAMPLE_HANDS_LOG = "/demo/hands-log.json";
