/**
 * The Modules sample (001 §2.5, §3 "Module (sample): name and assessments list, static"): static content served
 * by the portal; no API call (001 §7).
 */
export interface SampleModule {
  id: string;
  name: string;
  description: string;
  assessments: readonly string[];
}

export interface SampleAssessment {
  id: string;
  name: string;
  summary: string;
  measures: string;
  instructions: string;
}

/** 001 §2.5: the current modules. */
export const CURRENT_MODULES: readonly SampleModule[] = [
  {
    id: "mobility",
    name: "Mobility",
    description: "Range of motion of the major joints, measured by the camera while the patient moves.",
    assessments: ["Shoulder Flexion", "Hip Flexion", "Knee Flexion", "Trunk Rotation"],
  },
  {
    id: "hip-spine-instability",
    name: "Hip-Spine Instability",
    description: "Control of the hip and trunk during loaded movements, for low back and hip complaints.",
    assessments: ["Single Leg Squat", "Sit to Stand", "Single Leg Balance"],
  },
  {
    id: "hand-wrist-eval",
    name: "Hand/Wrist Eval",
    description: "Motion of the wrist and the fingers, for hand therapy and after wrist injuries.",
    assessments: ["Wrist Flexion and Extension", "Finger Flexion"],
  },
];

export const SAMPLE_ASSESSMENTS: readonly SampleAssessment[] = [
  {
    id: "shoulder-flexion",
    name: "Shoulder Flexion",
    summary: "How far the arm rises in front of the body.",
    measures: "Range of motion in degrees, left and right.",
    instructions: "Standing, facing the camera side-on; raise the straight arm forward and up as far as comfortable.",
  },
  {
    id: "hip-flexion",
    name: "Hip Flexion",
    summary: "How far the knee rises towards the chest.",
    measures: "Range of motion in degrees, left and right.",
    instructions: "Standing side-on, holding a chair for balance; lift one knee as high as comfortable.",
  },
  {
    id: "knee-flexion",
    name: "Knee Flexion",
    summary: "How far the knee bends.",
    measures: "Range of motion in degrees, left and right.",
    instructions: "Lying face down or standing side-on; bend the knee, bringing the heel towards the buttock.",
  },
  {
    id: "trunk-rotation",
    name: "Trunk Rotation",
    summary: "How far the upper body turns while the hips stay still.",
    measures: "Range of motion in degrees, to each side.",
    instructions: "Seated, arms crossed on the chest, facing the camera; turn to one side, then the other.",
  },
  {
    id: "single-leg-squat",
    name: "Single Leg Squat",
    summary: "Control of the knee and hip while squatting on one leg.",
    measures: "Knee alignment and trunk lean, 5 repetitions per side.",
    instructions: "Facing the camera, standing on one leg; squat as far as comfortable and return.",
  },
  {
    id: "sit-to-stand",
    name: "Sit to Stand",
    summary: "Lower body strength and endurance.",
    measures: "Repetitions in 30 seconds.",
    instructions: "Seated on a chair without armrests, arms crossed; stand fully and sit down as many times as possible in 30 seconds.",
  },
  {
    id: "single-leg-balance",
    name: "Single Leg Balance",
    summary: "Balance on one leg.",
    measures: "Seconds held, up to 60, each side.",
    instructions: "Facing the camera, hands on the hips; lift one foot and hold as long as possible.",
  },
  {
    id: "wrist-flexion-extension",
    name: "Wrist Flexion and Extension",
    summary: "How far the wrist bends up and down.",
    measures: "Range of motion in degrees, left and right.",
    instructions: "Forearm resting on a table side-on to the camera, hand over the edge; bend the wrist down, then up.",
  },
  {
    id: "finger-flexion",
    name: "Finger Flexion",
    summary: "How far the fingers close into a fist.",
    measures: "Range of motion of each finger in degrees.",
    instructions: "Palm towards the camera; open the hand fully, then make a fist.",
  },
];
