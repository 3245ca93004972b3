import type { Motion, Position } from "./figure-svg.js";

/**
 * The exercise library of the demo worlds: base exercises plus equipment variants, numbered S-0001… in
 * this order. Deterministic (no randomness): the same ids, names and metrics in every world.
 */

export type ExerciseType = "Stretching/Mobility" | "Active/Dynamic" | "Isometric";
export type BodyTarget = "Shoulder" | "Hip/Knee" | "Torso/Core" | "Elbow/Hand" | "Ankle/Foot" | "Neck" | "Spine";
export type Equipment = "Theraband" | "Weights" | "Towel" | "Cane" | "Chair" | "Physioball";
export type MetricKind = "ROM" | "REPS" | "TIME";

export interface CatalogueExercise {
  id: string;
  name: string;
  simpleName: string;
  exerciseType: ExerciseType;
  bodyTargets: BodyTarget[];
  equipment: Equipment[];
  sequence: "SINGLE" | "BILATERAL" | "ALTERNATING";
  subjectOrientation: "FRONT" | "SIDE" | "BACK";
  cameraOrientation: "PORTRAIT" | "LANDSCAPE";
  withAnchorPoint: boolean;
  withHold: boolean;
  position: Position;
  action: string;
  tags: string[];
  metrics: MetricKind[];
  motion: Motion;
  completeness: "COMPLETE" | "INCOMPLETE";
  /** The special goal (5 reps in 60 seconds, 1 set). */
  specialGoal: boolean;
  /** The demo has audio (`<id>-audio.wav`, generated: see demo-audio.ts). */
  demoAudio: boolean;
}

const TYPES = { S: "Stretching/Mobility", A: "Active/Dynamic", I: "Isometric" } as const;
const SEQ = { S: "SINGLE", B: "BILATERAL", A: "ALTERNATING" } as const;
const ORI = { F: "FRONT", S: "SIDE", B: "BACK" } as const;
const METRIC = { R: "ROM", P: "REPS", T: "TIME" } as const;

interface Base {
  /** name | simple name */
  n: string;
  /** target(s), comma-separated short keys: sh, hk, co, eh, af, ne, sp */
  t: string;
  /** type S/A/I, sequence S/B/A, orientation F/S/B, camera P/L, e.g. "A S F P" */
  k: string;
  p: Position;
  /** equipment of the base exercise */
  eq?: Equipment[];
  /** metrics, e.g. "RP" */
  m: string;
  mo: Motion;
  a: string;
  hold?: boolean;
  anchor?: boolean;
  /** equipment variants ("… with Theraband") */
  v?: Equipment[];
  special?: boolean;
  draft?: boolean;
}

const TARGET: Record<string, BodyTarget> = { sh: "Shoulder", hk: "Hip/Knee", co: "Torso/Core", eh: "Elbow/Hand", af: "Ankle/Foot", ne: "Neck", sp: "Spine" };

const BASES: Base[] = [
  // Shoulder
  { n: "Standing Shoulder Flexion|Raise your arm in front", t: "sh", k: "A S S P", p: "Standing", m: "RP", mo: "shoulderFlex", a: "Stand tall with your arm at your side. Raise your arm forward and up as high as you comfortably can, then lower it slowly.", v: ["Weights", "Theraband"] },
  { n: "Standing Shoulder Abduction|Raise your arm to the side", t: "sh", k: "A S F P", p: "Standing", m: "RP", mo: "shoulderAbd", a: "Stand tall with your palm facing in. Lift your arm out to the side up to shoulder height or higher, then lower it slowly.", v: ["Weights", "Theraband"] },
  { n: "Shoulder External Rotation with Theraband|Rotate your arm out", t: "sh", k: "A S F P", p: "Standing", eq: ["Theraband"], m: "P", mo: "shoulderExtRot", a: "Keep your elbow at your side bent to 90 degrees. Rotate your forearm outward against the band, then return slowly.", anchor: true },
  { n: "Shoulder Internal Rotation with Theraband|Rotate your arm in", t: "sh", k: "A S F P", p: "Standing", eq: ["Theraband"], m: "P", mo: "shoulderExtRot", a: "Keep your elbow at your side bent to 90 degrees. Rotate your forearm in toward your stomach against the band, then return slowly.", anchor: true },
  { n: "Supine Shoulder Flexion with Cane|Lift the cane overhead lying down", t: "sh", k: "S B S L", p: "Supine", eq: ["Cane"], m: "RP", mo: "shoulderFlex", a: "Lie on your back holding a cane with both hands. Lift the cane up and over your head as far as is comfortable, then lower it." },
  { n: "Pendulum Circles|Let your arm swing in circles", t: "sh", k: "S S S P", p: "Standing", eq: ["Chair"], m: "T", mo: "shoulderFlex", a: "Lean forward supporting yourself on a chair. Let your arm hang and gently swing it in small circles using your body." },
  { n: "Wall Slides|Slide your arms up the wall", t: "sh", k: "A B S P", p: "Standing", m: "RP", mo: "shoulderFlex", a: "Face a wall with your forearms on it. Slide your arms up the wall as high as you can, then slide them back down.", anchor: true, v: ["Towel"] },
  { n: "Scapular Retraction|Squeeze your shoulder blades", t: "sh,sp", k: "I B B P", p: "Seated", m: "PT", mo: "hold", a: "Sit tall. Squeeze your shoulder blades back and down together, hold, then relax.", hold: true },
  { n: "Prone Shoulder Extension|Lift your arm back lying face down", t: "sh", k: "A S S L", p: "Prone", m: "P", mo: "shoulderExt", a: "Lie face down with your arm hanging off the bed. Lift your arm back toward your hip, keeping the elbow straight, then lower it.", v: ["Weights"] },
  { n: "Sidelying External Rotation|Rotate your arm up lying on your side", t: "sh", k: "A S F L", p: "Side Lying", m: "P", mo: "shoulderExtRot", a: "Lie on your side with a towel under your top elbow. Rotate your forearm up toward the ceiling, then lower it slowly.", v: ["Weights"] },
  { n: "Seated Shoulder Flexion|Raise your arm in front while seated", t: "sh", k: "A S S P", p: "Seated", eq: ["Chair"], m: "RP", mo: "shoulderFlex", a: "Sit tall in a chair. Raise your arm forward and up as high as you comfortably can, then lower it slowly.", v: ["Weights", "Cane"] },
  { n: "Doorway Pec Stretch|Stretch your chest in a doorway", t: "sh,co", k: "S B S P", p: "Standing", m: "T", mo: "trunkFlex", a: "Place your forearms on each side of a doorway. Step forward until you feel a stretch across your chest and hold.", hold: true, anchor: true },
  { n: "Cross-Body Shoulder Stretch|Pull your arm across your chest", t: "sh", k: "S S F P", p: "Standing", m: "T", mo: "shoulderAbd", a: "Bring one arm across your chest and gently pull it closer with the other hand. Hold the stretch.", hold: true },
  { n: "Standing Row with Theraband|Pull the band back", t: "sh,sp", k: "A B S P", p: "Standing", eq: ["Theraband"], m: "P", mo: "elbowFlex", a: "Hold the band in both hands with your arms forward. Pull your elbows back, squeezing your shoulder blades, then return slowly.", anchor: true },
  { n: "Shoulder Scaption|Raise your arms in a V", t: "sh", k: "A B F P", p: "Standing", m: "RP", mo: "shoulderAbd", a: "Stand with your thumbs up. Raise both arms in a V shape to shoulder height, then lower them slowly.", v: ["Theraband", "Weights"] },
  { n: "Isometric Shoulder Flexion|Push your fist into the wall", t: "sh", k: "I S S P", p: "Standing", m: "PT", mo: "hold", a: "Face a wall with your elbow bent. Push your fist gently into the wall without moving, hold, then relax.", hold: true, anchor: true },
  // Elbow and hand
  { n: "Seated Elbow Flexion|Bend and straighten your elbow", t: "eh", k: "A S S P", p: "Seated", eq: ["Chair"], m: "RP", mo: "elbowFlex", a: "Sit with your arm at your side, palm up. Bend your elbow to bring your hand toward your shoulder, then straighten it.", v: ["Weights", "Theraband"] },
  { n: "Standing Bicep Curl|Curl the weights up", t: "eh", k: "A A F P", p: "Standing", eq: ["Weights"], m: "P", mo: "elbowFlex", a: "Stand holding weights, palms forward. Curl one weight up toward your shoulder, lower it, then switch arms." },
  { n: "Overhead Triceps Extension|Straighten your arm overhead", t: "eh", k: "A S S P", p: "Seated", eq: ["Weights"], m: "P", mo: "elbowFlex", a: "Sit tall holding a weight behind your head. Straighten your elbow to lift the weight, then lower it slowly." },
  { n: "Wrist Flexion Stretch|Stretch the back of your wrist", t: "eh", k: "S S S P", p: "Standing", m: "T", mo: "wrist", a: "Hold your arm out straight, palm down. Gently bend your wrist down with your other hand and hold.", hold: true },
  { n: "Wrist Extension Stretch|Stretch the front of your wrist", t: "eh", k: "S S S P", p: "Standing", m: "T", mo: "wrist", a: "Hold your arm out straight, palm up. Gently bend your wrist back with your other hand and hold.", hold: true },
  { n: "Wrist Curl|Curl your wrist up", t: "eh", k: "A S S P", p: "Seated", eq: ["Weights"], m: "P", mo: "wrist", a: "Rest your forearm on your thigh, palm up, holding a light weight. Curl your wrist up, then lower it slowly." },
  { n: "Forearm Pronation and Supination|Turn your palm up and down", t: "eh", k: "A S F P", p: "Seated", m: "RP", mo: "wrist", a: "Sit with your elbow bent at your side. Turn your palm up toward the ceiling, then down toward the floor.", v: ["Weights"] },
  { n: "Towel Grip Squeeze|Squeeze a rolled towel", t: "eh", k: "I S F P", p: "Seated", eq: ["Towel"], m: "PT", mo: "hold", a: "Hold a rolled towel in your hand. Squeeze it firmly, hold, then relax.", hold: true },
  // Hip and knee
  { n: "Standing Hip Abduction|Lift your leg out to the side", t: "hk", k: "A S F P", p: "Standing", eq: ["Chair"], m: "RP", mo: "hipAbd", a: "Stand holding a chair. Keeping your toes forward, lift your leg out to the side, then lower it slowly.", v: ["Theraband", "Weights"] },
  { n: "Standing Hip Extension|Kick your leg back", t: "hk", k: "A S S P", p: "Standing", eq: ["Chair"], m: "RP", mo: "hipExt", a: "Stand holding a chair. Keeping your knee straight, move your leg back without arching your back, then return.", v: ["Theraband"] },
  { n: "Standing March|March in place", t: "hk", k: "A A S P", p: "Standing", m: "PT", mo: "hipFlex", a: "Stand tall near a counter. Lift one knee up toward your chest, lower it, then lift the other.", v: ["Weights"] },
  { n: "Seated Knee Extension|Straighten your knee", t: "hk", k: "A S S P", p: "Seated", eq: ["Chair"], m: "RP", mo: "kneeExt", a: "Sit tall in a chair. Straighten one knee until the leg is level, hold briefly, then lower it slowly.", hold: true, v: ["Weights", "Theraband"] },
  { n: "Seated Marching|March while seated", t: "hk", k: "A A S P", p: "Seated", eq: ["Chair"], m: "PT", mo: "hipFlex", a: "Sit tall in a chair. Lift one knee up, lower it, then lift the other, like marching.", v: ["Theraband"] },
  { n: "Standing Hamstring Curl|Bend your knee back", t: "hk", k: "A S S P", p: "Standing", eq: ["Chair"], m: "RP", mo: "kneeFlex", a: "Stand holding a chair. Bend your knee to bring your heel toward your buttock, then lower it slowly.", v: ["Weights", "Theraband"] },
  { n: "Heel Slides|Slide your heel toward you", t: "hk", k: "A S S L", p: "Supine", eq: ["Towel"], m: "RP", mo: "kneeFlex", a: "Lie on your back. Slide your heel toward your buttock as far as you can, then slide it back out." },
  { n: "Straight Leg Raise|Lift your straight leg", t: "hk", k: "A S S L", p: "Supine", m: "RP", mo: "hipFlex", a: "Lie on your back with the other knee bent. Tighten your thigh and lift your straight leg to the height of the bent knee, then lower it.", v: ["Weights"] },
  { n: "Short Arc Quad|Straighten your knee over a towel roll", t: "hk", k: "A S S L", p: "Supine", eq: ["Towel"], m: "RP", mo: "kneeExt", a: "Lie on your back with a rolled towel under your knee. Straighten your knee, lifting your heel, hold, then lower it.", hold: true, v: ["Weights"] },
  { n: "Quad Set|Tighten your thigh", t: "hk", k: "I S S L", p: "Supine", eq: ["Towel"], m: "PT", mo: "hold", a: "Lie with your leg straight and a towel under your knee. Press the knee down into the towel by tightening your thigh, hold, then relax.", hold: true },
  { n: "Glute Bridge|Lift your hips", t: "hk,co", k: "A B S L", p: "Supine", m: "PT", mo: "bridge", a: "Lie on your back with your knees bent. Squeeze your buttocks and lift your hips off the floor, hold, then lower slowly.", hold: true, v: ["Theraband", "Physioball"] },
  { n: "Clamshell|Open your knees like a clam", t: "hk", k: "A S F L", p: "Side Lying", m: "P", mo: "hipAbd", a: "Lie on your side with your knees bent. Keeping your feet together, lift your top knee, then lower it slowly.", v: ["Theraband"] },
  { n: "Sidelying Hip Abduction|Lift your top leg", t: "hk", k: "A S F L", p: "Side Lying", m: "RP", mo: "hipAbd", a: "Lie on your side with your bottom knee bent. Lift your straight top leg toward the ceiling, then lower it slowly.", v: ["Weights"] },
  { n: "Prone Hip Extension|Lift your leg lying face down", t: "hk", k: "A S S L", p: "Prone", m: "P", mo: "hipExt", a: "Lie face down. Tighten your buttock and lift one straight leg a few inches, then lower it.", v: ["Weights"] },
  { n: "Prone Knee Flexion|Bend your knee lying face down", t: "hk", k: "A S S L", p: "Prone", m: "RP", mo: "kneeFlex", a: "Lie face down. Bend your knee to bring your heel toward your buttock, then lower it slowly.", v: ["Weights"] },
  { n: "Mini Squat|Bend your knees a little", t: "hk", k: "A B S P", p: "Standing", eq: ["Chair"], m: "RP", mo: "squat", a: "Stand holding a chair with your feet hip-width apart. Bend your knees slightly as if to sit, then stand back up.", v: ["Weights"] },
  { n: "Sit to Stand|Stand up from a chair", t: "hk", k: "A B S P", p: "Seated", eq: ["Chair"], m: "PT", mo: "squat", a: "Sit near the front of a chair. Lean forward and stand up without using your hands, then sit back down slowly.", v: ["Weights"] },
  { n: "Wall Sit|Hold a squat against the wall", t: "hk", k: "I B S P", p: "Standing", m: "T", mo: "hold", a: "Lean your back against a wall and slide down until your knees are bent. Hold the position, then slide back up.", hold: true, anchor: true, v: ["Physioball"] },
  { n: "Step-Up|Step up onto a step", t: "hk", k: "A A S P", p: "Standing", m: "P", mo: "hipFlex", a: "Stand facing a step. Step up with one foot, bring the other up, then step back down. Alternate the leading leg.", v: ["Weights"] },
  { n: "Lateral Band Walk|Step to the side with a band", t: "hk", k: "A A F P", p: "Standing", eq: ["Theraband"], m: "PT", mo: "hipAbd", a: "Place a band around your ankles. Keep your knees slightly bent and step sideways, keeping tension on the band." },
  { n: "Standing Hamstring Stretch|Stretch the back of your thigh", t: "hk", k: "S S S P", p: "Standing", eq: ["Chair"], m: "T", mo: "trunkFlex", a: "Rest your heel on a low step with the knee straight. Lean forward from your hips until you feel a stretch and hold.", hold: true },
  { n: "Supine Hamstring Stretch with Towel|Pull your leg up with a towel", t: "hk", k: "S S S L", p: "Supine", eq: ["Towel"], m: "RT", mo: "hipFlex", a: "Lie on your back with a towel around your foot. Pull your straight leg up until you feel a stretch and hold.", hold: true },
  { n: "Standing Quad Stretch|Pull your heel to your buttock", t: "hk", k: "S S S P", p: "Standing", eq: ["Chair"], m: "T", mo: "kneeFlex", a: "Stand holding a chair. Bend your knee and hold your ankle, pulling your heel toward your buttock, and hold.", hold: true },
  { n: "Kneeling Hip Flexor Stretch|Stretch the front of your hip", t: "hk", k: "S S S L", p: "Kneeling", m: "T", mo: "hipExt", a: "Kneel on one knee with the other foot in front. Shift your weight forward until you feel a stretch in the front of the hip and hold.", hold: true },
  { n: "Piriformis Stretch|Pull your knee across your body", t: "hk", k: "S S S L", p: "Supine", m: "T", mo: "hipFlex", a: "Lie on your back. Cross one ankle over the other knee and pull the thighs toward your chest until you feel a stretch, then hold.", hold: true },
  { n: "Seated Hip Adduction Squeeze|Squeeze a ball between your knees", t: "hk", k: "I B F P", p: "Seated", eq: ["Physioball"], m: "PT", mo: "hold", a: "Sit with a ball between your knees. Squeeze your knees together, hold, then relax.", hold: true },
  { n: "Fire Hydrant|Lift your knee out to the side on all fours", t: "hk", k: "A S B L", p: "Quadruped", m: "P", mo: "hipAbd", a: "Start on your hands and knees. Keeping your knee bent, lift one leg out to the side, then lower it.", v: ["Theraband"] },
  { n: "Quadruped Hip Extension|Kick your leg back on all fours", t: "hk", k: "A S S L", p: "Quadruped", m: "P", mo: "hipExt", a: "Start on your hands and knees. Push one heel back and up toward the ceiling, then return.", v: ["Weights"] },
  { n: "Forward Lunge|Step forward into a lunge", t: "hk", k: "A A S P", p: "Standing", m: "P", mo: "squat", a: "Step forward with one foot and bend both knees, keeping your trunk upright. Push back to the start and switch legs.", v: ["Weights"] },
  { n: "Single Leg Stance|Balance on one leg", t: "hk,af", k: "I S F P", p: "Standing", eq: ["Chair"], m: "T", mo: "hold", a: "Stand near a chair for safety. Lift one foot off the floor and balance on the other leg for as long as you can.", hold: true },
  // Ankle and foot
  { n: "Ankle Pumps|Point and flex your feet", t: "af", k: "A B S L", p: "Supine", m: "PT", mo: "ankle", a: "Lie on your back with your legs straight. Pull your toes up toward you, then point them away." },
  { n: "Standing Heel Raise|Rise up on your toes", t: "af", k: "A B S P", p: "Standing", eq: ["Chair"], m: "P", mo: "heelRaise", a: "Stand holding a chair. Rise up onto your toes, hold briefly, then lower your heels slowly.", v: ["Weights"] },
  { n: "Seated Heel Raise|Lift your heels while seated", t: "af", k: "A B S P", p: "Seated", eq: ["Chair"], m: "P", mo: "ankle", a: "Sit with your feet flat. Lift your heels as high as you can, keeping your toes on the floor, then lower them.", v: ["Weights"] },
  { n: "Seated Toe Raise|Lift your toes while seated", t: "af", k: "A B S P", p: "Seated", eq: ["Chair"], m: "P", mo: "ankle", a: "Sit with your feet flat. Lift your toes and the front of your feet, keeping your heels down, then lower them." },
  { n: "Ankle Dorsiflexion with Theraband|Pull your foot up against a band", t: "af", k: "A S S P", p: "Seated", eq: ["Theraband"], m: "RP", mo: "ankle", a: "Sit with the band anchored in front and looped over your foot. Pull your foot up toward you, then return slowly.", anchor: true },
  { n: "Ankle Plantarflexion with Theraband|Push your foot down against a band", t: "af", k: "A S S P", p: "Seated", eq: ["Theraband"], m: "RP", mo: "ankle", a: "Sit with your leg straight and the band around the ball of your foot. Push your foot down like pressing a pedal, then return slowly." },
  { n: "Ankle Inversion with Theraband|Turn your foot in against a band", t: "af", k: "A S F P", p: "Seated", eq: ["Theraband"], m: "P", mo: "ankle", a: "Sit with the band anchored to the side. Turn the sole of your foot inward against the band, then return slowly.", anchor: true },
  { n: "Ankle Eversion with Theraband|Turn your foot out against a band", t: "af", k: "A S F P", p: "Seated", eq: ["Theraband"], m: "P", mo: "ankle", a: "Sit with the band anchored to the side. Turn the sole of your foot outward against the band, then return slowly.", anchor: true },
  { n: "Standing Calf Stretch|Stretch your calf at the wall", t: "af", k: "S S S P", p: "Standing", m: "T", mo: "ankle", a: "Face a wall with one foot back, heel down and knee straight. Lean into the wall until you feel a stretch in the calf and hold.", hold: true, anchor: true },
  { n: "Towel Scrunches|Scrunch a towel with your toes", t: "af", k: "A S S P", p: "Seated", eq: ["Towel"], m: "PT", mo: "ankle", a: "Sit with your foot on a towel. Scrunch the towel toward you with your toes, then relax." },
  { n: "Ankle Alphabet|Trace the alphabet with your foot", t: "af", k: "A S S P", p: "Seated", m: "T", mo: "ankle", a: "Sit with your leg supported. Trace the letters of the alphabet in the air with your big toe." },
  // Neck
  { n: "Cervical Rotation|Turn your head side to side", t: "ne", k: "S A F P", p: "Seated", m: "RP", mo: "neckRot", a: "Sit tall. Slowly turn your head to look over one shoulder, return to center, then turn to the other side." },
  { n: "Cervical Side Bend|Tilt your ear to your shoulder", t: "ne", k: "S A F P", p: "Seated", m: "RP", mo: "neckRot", a: "Sit tall. Tilt your ear toward your shoulder without lifting the shoulder, return to center, then tilt to the other side." },
  { n: "Chin Tuck|Tuck your chin back", t: "ne", k: "A S S P", p: "Seated", m: "PT", mo: "neckFlex", a: "Sit tall looking forward. Glide your chin straight back, making a double chin, hold, then relax.", hold: true },
  { n: "Upper Trapezius Stretch|Stretch the side of your neck", t: "ne,sh", k: "S S F P", p: "Seated", m: "T", mo: "neckRot", a: "Sit holding the chair seat with one hand. Tilt your head away and gently pull with the other hand until you feel a stretch, then hold.", hold: true },
  { n: "Levator Scapulae Stretch|Look down toward your armpit", t: "ne,sh", k: "S S F P", p: "Seated", m: "T", mo: "neckFlex", a: "Sit tall. Turn your head toward your armpit, look down, and gently pull with your hand until you feel a stretch, then hold.", hold: true },
  { n: "Cervical Flexion and Extension|Look down and up", t: "ne", k: "S S S P", p: "Seated", m: "RP", mo: "neckFlex", a: "Sit tall. Slowly bring your chin toward your chest, then look up toward the ceiling." },
  // Torso and core
  { n: "Abdominal Bracing|Tighten your stomach muscles", t: "co", k: "I S S L", p: "Supine", m: "PT", mo: "hold", a: "Lie on your back with your knees bent. Tighten your stomach muscles as if bracing for a punch, hold, and keep breathing.", hold: true },
  { n: "Dead Bug|Move opposite arm and leg", t: "co", k: "A A S L", p: "Supine", m: "P", mo: "hipFlex", a: "Lie on your back with your arms and knees up. Lower one arm and the opposite leg toward the floor, return, then switch sides.", v: ["Physioball"] },
  { n: "Bird Dog|Reach opposite arm and leg", t: "co,sp", k: "A A S L", p: "Quadruped", m: "PT", mo: "hipExt", a: "Start on your hands and knees. Reach one arm forward and the opposite leg back, hold, then switch sides.", hold: true, v: ["Weights"] },
  { n: "Front Plank|Hold a plank", t: "co", k: "I B S L", p: "Prone", m: "T", mo: "hold", a: "Support yourself on your forearms and toes with your body in a straight line. Hold without letting your hips sag.", hold: true },
  { n: "Side Plank|Hold a side plank", t: "co", k: "I S F L", p: "Side Lying", m: "T", mo: "hold", a: "Lie on your side propped on your forearm. Lift your hips so your body is in a straight line and hold.", hold: true },
  { n: "Seated Trunk Rotation|Turn your upper body", t: "co,sp", k: "S A F P", p: "Seated", eq: ["Chair"], m: "RP", mo: "trunkRot", a: "Sit tall with your arms crossed. Turn your upper body to one side, return to center, then turn to the other side.", v: ["Cane"] },
  { n: "Standing Side Bend|Lean to the side", t: "co,sp", k: "S A F P", p: "Standing", m: "RP", mo: "trunkSide", a: "Stand tall with your feet apart. Slide one hand down the side of your leg, return, then bend to the other side.", v: ["Weights"] },
  { n: "Physioball Crunch|Curl up on a ball", t: "co", k: "A S S L", p: "Supine", eq: ["Physioball"], m: "P", mo: "trunkFlex", a: "Lie back over a ball with your feet flat. Curl your upper body up, then lower back slowly." },
  { n: "Pallof Press|Press the band straight out", t: "co", k: "A S F P", p: "Standing", eq: ["Theraband"], m: "PT", mo: "elbowFlex", a: "Stand side-on to the band's anchor holding it at your chest. Press your hands straight out without letting your body turn, then return.", anchor: true },
  { n: "Curl-Up|Lift your head and shoulders", t: "co", k: "A S S L", p: "Supine", m: "P", mo: "trunkFlex", a: "Lie on your back with your knees bent. Lift your head and shoulders off the floor, then lower them slowly." },
  // Spine
  { n: "Cat-Cow|Round and arch your back", t: "sp", k: "S S S L", p: "Quadruped", m: "PT", mo: "trunkFlex", a: "Start on your hands and knees. Round your back up toward the ceiling, then let it sag as you look up." },
  { n: "Prone Press-Up|Press your chest up lying face down", t: "sp", k: "S S S L", p: "Prone", m: "RP", mo: "trunkExt", a: "Lie face down with your hands under your shoulders. Press your upper body up, keeping your hips down, then lower slowly." },
  { n: "Single Knee to Chest|Pull one knee to your chest", t: "sp,hk", k: "S S S L", p: "Supine", m: "T", mo: "hipFlex", a: "Lie on your back. Pull one knee toward your chest with both hands and hold.", hold: true },
  { n: "Double Knee to Chest|Pull both knees to your chest", t: "sp", k: "S B S L", p: "Supine", m: "T", mo: "hipFlex", a: "Lie on your back. Pull both knees toward your chest and hold.", hold: true },
  { n: "Lower Trunk Rotation|Roll your knees side to side", t: "sp,co", k: "S A F L", p: "Supine", m: "RP", mo: "hipAbd", a: "Lie on your back with your knees bent. Let your knees fall to one side, return, then to the other side." },
  { n: "Pelvic Tilt|Flatten your back to the floor", t: "sp,co", k: "A S S L", p: "Supine", m: "PT", mo: "bridge", a: "Lie on your back with your knees bent. Tighten your stomach and flatten your low back into the floor, hold, then relax.", hold: true },
  { n: "Child's Pose|Sit back on your heels", t: "sp", k: "S S S L", p: "Kneeling", m: "T", mo: "trunkFlex", a: "Kneel and sit back on your heels, reaching your arms forward on the floor. Hold the stretch.", hold: true },
  { n: "Standing Lumbar Extension|Lean back with hands on hips", t: "sp", k: "S S S P", p: "Standing", m: "RP", mo: "trunkExt", a: "Stand with your hands on your low back. Gently lean backward, then return upright." },
  { n: "Seated Lumbar Flexion|Bend forward while seated", t: "sp", k: "S S S P", p: "Seated", eq: ["Chair"], m: "RP", mo: "trunkFlex", a: "Sit with your feet apart. Slowly bend forward, reaching your hands toward the floor, then sit back up." },
  { n: "Thoracic Extension over Towel|Arch your upper back over a towel", t: "sp", k: "S S S L", p: "Supine", eq: ["Towel"], m: "T", mo: "trunkExt", a: "Lie with a rolled towel under your upper back. Let your upper back gently arch over it with your arms overhead and hold.", hold: true },
  { n: "Prone Superman|Lift your arms and legs", t: "sp", k: "A B S L", p: "Prone", m: "PT", mo: "hipExt", a: "Lie face down with your arms overhead. Lift your arms and legs a few inches off the floor, hold, then lower.", hold: true },
  // More exercises
  { n: "Supine Shoulder External Rotation with Cane|Rotate your arm out with a cane", t: "sh", k: "S S F L", p: "Supine", eq: ["Cane"], m: "RP", mo: "shoulderExtRot", a: "Lie on your back with your elbows bent at your sides, holding a cane. Use the cane to push one forearm outward, then return." },
  { n: "Shoulder Shrugs|Lift your shoulders to your ears", t: "sh,ne", k: "A B F P", p: "Standing", m: "P", mo: "hold", a: "Stand with your arms at your sides. Lift your shoulders up toward your ears, then lower them slowly.", v: ["Weights"] },
  { n: "Scapular Wall Push-Up|Push away from the wall", t: "sh,co", k: "A B S P", p: "Standing", m: "P", mo: "elbowFlex", a: "Stand facing a wall with your hands on it at shoulder height. Bend your elbows to bring your chest toward the wall, then push back.", anchor: true },
  { n: "Hip Hinge with Cane|Bend at the hips keeping a cane on your back", t: "sp,hk", k: "A S S P", p: "Standing", eq: ["Cane"], m: "P", mo: "trunkFlex", a: "Hold a cane along your back touching your head, upper back and tailbone. Bend forward at the hips keeping all three points on the cane, then stand up." },
  { n: "Terminal Knee Extension with Theraband|Straighten your knee against a band", t: "hk", k: "A S S P", p: "Standing", eq: ["Theraband"], m: "P", mo: "kneeExt", a: "Stand with a band anchored in front and looped behind your knee. Bend the knee slightly, then straighten it fully against the band.", anchor: true },
  { n: "Seated Hamstring Stretch|Reach toward your toes while seated", t: "hk", k: "S S S P", p: "Seated", eq: ["Chair"], m: "T", mo: "trunkFlex", a: "Sit near the edge of a chair with one leg straight, heel on the floor. Lean forward from your hips until you feel a stretch and hold.", hold: true },
  { n: "Sidelying Quad Stretch|Pull your heel back lying on your side", t: "hk", k: "S S S L", p: "Side Lying", m: "T", mo: "kneeFlex", a: "Lie on your side. Bend your top knee and hold your ankle, pulling your heel toward your buttock, and hold.", hold: true },
  { n: "Finger Tendon Glides|Make a series of fists", t: "eh", k: "A S F P", p: "Seated", m: "P", mo: "wrist", a: "Hold your hand up with your fingers straight. Move through a hook fist, a full fist and a straight fist, then open your hand." },
  { n: "Thumb Opposition|Touch your thumb to each finger", t: "eh", k: "A S F P", p: "Seated", m: "P", mo: "wrist", a: "Touch the tip of your thumb to the tip of each finger in turn, making an O shape each time." },
  { n: "Seated Hip Abduction with Theraband|Push your knees apart against a band", t: "hk", k: "A B F P", p: "Seated", eq: ["Theraband"], m: "P", mo: "hipAbd", a: "Sit with a band around your thighs just above the knees. Push your knees apart against the band, then return slowly." },
  // Assessments (range-of-motion and functional tests)
  { n: "Shoulder Flexion ROM Assessment|Shoulder flexion check", t: "sh", k: "A S S P", p: "Standing", m: "R", mo: "shoulderFlex", a: "Stand side-on to the camera. Raise your arm forward and up as far as you can, then lower it." },
  { n: "Shoulder Abduction ROM Assessment|Shoulder abduction check", t: "sh", k: "A S F P", p: "Standing", m: "R", mo: "shoulderAbd", a: "Face the camera. Raise your arm out to the side and up as far as you can, then lower it." },
  { n: "Elbow Flexion ROM Assessment|Elbow bend check", t: "eh", k: "A S S P", p: "Standing", m: "R", mo: "elbowFlex", a: "Stand side-on to the camera. Bend your elbow as far as you can, then straighten it fully." },
  { n: "Hip Flexion ROM Assessment|Hip bend check", t: "hk", k: "A S S L", p: "Supine", m: "R", mo: "hipFlex", a: "Lie on your back side-on to the camera. Bring your knee toward your chest as far as you can, then lower it." },
  { n: "Knee Flexion ROM Assessment|Knee bend check", t: "hk", k: "A S S L", p: "Supine", m: "R", mo: "kneeFlex", a: "Lie on your back side-on to the camera. Slide your heel toward you as far as you can, then straighten the knee." },
  { n: "Knee Extension ROM Assessment|Knee straightening check", t: "hk", k: "A S S P", p: "Seated", eq: ["Chair"], m: "R", mo: "kneeExt", a: "Sit side-on to the camera. Straighten your knee as far as you can, then lower it." },
  { n: "Ankle Dorsiflexion ROM Assessment|Ankle check", t: "af", k: "A S S P", p: "Seated", eq: ["Chair"], m: "R", mo: "ankle", a: "Sit side-on to the camera with your heel on the floor. Pull your toes up as far as you can, then relax." },
  { n: "Cervical Rotation ROM Assessment|Neck turn check", t: "ne", k: "A S F P", p: "Seated", m: "R", mo: "neckRot", a: "Sit facing the camera. Turn your head to each side as far as you can." },
  { n: "Trunk Flexion ROM Assessment|Forward bend check", t: "sp", k: "A S S P", p: "Standing", m: "R", mo: "trunkFlex", a: "Stand side-on to the camera. Bend forward reaching toward the floor as far as you can, then stand up." },
  { n: "Five Times Sit to Stand Assessment|Stand up five times", t: "hk", k: "A B S P", p: "Seated", eq: ["Chair"], m: "PT", mo: "squat", a: "Sit with your arms crossed. Stand up fully and sit down five times as quickly as you safely can.", special: true },
  { n: "Single Leg Balance Assessment|One-leg balance check", t: "hk,af", k: "I S F P", p: "Standing", m: "T", mo: "hold", a: "Face the camera near a support. Stand on one leg for as long as you can, up to 30 seconds.", hold: true },
  // Drafts: not complete yet (no media, metrics not finalised)
  { n: "Open Book Thoracic Rotation|Open your arm like a book", t: "sp", k: "S S F L", p: "Side Lying", m: "RP", mo: "trunkRot", a: "Lie on your side with your knees bent and arms forward. Open your top arm toward the ceiling and the floor behind you, then return.", draft: true },
  { n: "Banded Monster Walk|Walk forward with a band", t: "hk", k: "A A F P", p: "Standing", eq: ["Theraband"], m: "P", mo: "hipAbd", a: "With a band around your ankles and knees bent, take wide diagonal steps forward.", draft: true },
  { n: "Median Nerve Glide|Glide the nerve in your arm", t: "eh", k: "S S F P", p: "Standing", m: "P", mo: "wrist", a: "Hold your arm out to the side, palm up. Bend your wrist back and tilt your head away, then return.", draft: true },
  { n: "Tandem Stance|Stand heel to toe", t: "af,hk", k: "I S F P", p: "Standing", m: "T", mo: "hold", a: "Stand with one foot directly in front of the other, heel to toe, near a support, and hold.", hold: true, draft: true },
  { n: "Physioball Wall Squat|Squat with a ball behind you", t: "hk", k: "A B S P", p: "Standing", eq: ["Physioball"], m: "P", mo: "squat", a: "Stand with a ball between your back and the wall. Roll down into a squat, then back up.", anchor: true, draft: true },
  { n: "Seated Scapular Squeeze with Towel|Squeeze your shoulder blades on a towel", t: "sh", k: "I B B P", p: "Seated", eq: ["Towel"], m: "T", mo: "hold", a: "Sit tall holding a towel behind you. Squeeze your shoulder blades together and hold.", hold: true, draft: true },
];

const VARIANT_SIMPLE: Record<Equipment, string> = {
  Theraband: "with a band",
  Weights: "with weights",
  Towel: "with a towel",
  Cane: "with a cane",
  Chair: "with a chair",
  Physioball: "on a ball",
};
const VARIANT_ACTION: Record<Equipment, string> = {
  Theraband: "Use the band for resistance; keep the movement slow and controlled.",
  Weights: "Hold or strap on a light weight; keep the movement slow and controlled.",
  Towel: "Use the towel for support.",
  Cane: "Use the cane to guide the movement.",
  Chair: "Hold a chair for balance.",
  Physioball: "Rest your feet on the ball; keep it steady.",
};

function build(): CatalogueExercise[] {
  const out: CatalogueExercise[] = [];
  const add = (b: Base, variant?: Equipment) => {
    const [baseName, baseSimple] = b.n.split("|") as [string, string];
    const [type, seq, ori, cam] = b.k.split(" ") as [keyof typeof TYPES, keyof typeof SEQ, keyof typeof ORI, "P" | "L"];
    const equipment = [...new Set([...(b.eq ?? []), ...(variant ? [variant] : [])])];
    const bodyTargets = b.t.split(",").map((k) => TARGET[k]!);
    const metrics = [...b.m].map((c) => METRIC[c as keyof typeof METRIC]);
    const name = variant ? `${baseName} ${variant === "Physioball" ? "on" : "with"} ${variant}` : baseName;
    const tags = [
      ...bodyTargets.map((t) => t.toLowerCase()),
      b.p.toLowerCase(),
      ...equipment.map((e) => e.toLowerCase()),
      TYPES[type].split("/")[0]!.toLowerCase(),
      ...(baseName.includes("Assessment") ? ["assessment"] : []),
    ];
    out.push({
      id: `S-${String(out.length + 1).padStart(4, "0")}`,
      name,
      simpleName: variant ? `${baseSimple} ${VARIANT_SIMPLE[variant]}` : baseSimple,
      exerciseType: TYPES[type],
      bodyTargets,
      equipment,
      sequence: SEQ[seq],
      subjectOrientation: ORI[ori],
      cameraOrientation: cam === "P" ? "PORTRAIT" : "LANDSCAPE",
      withAnchorPoint: !!b.anchor || (variant === "Theraband" && b.p !== "Supine"),
      withHold: !!b.hold,
      position: b.p,
      action: variant ? `${b.a} ${VARIANT_ACTION[variant]}` : b.a,
      tags: [...new Set(tags)],
      metrics,
      motion: b.mo,
      completeness: b.draft ? "INCOMPLETE" : "COMPLETE",
      specialGoal: !!b.special,
      demoAudio: false,
    });
  };
  for (const b of BASES) {
    add(b);
    for (const v of b.v ?? []) add(b, v);
  }
  for (const e of out.filter((x) => x.completeness === "COMPLETE").slice(0, DEMO_AUDIO_COUNT)) e.demoAudio = true;
  return out;
}

/** How many exercises have demo audio: the first complete ones (S-0001 … S-0005). */
export const DEMO_AUDIO_COUNT = 5;

export const CATALOGUE: CatalogueExercise[] = build();

/** Labels and normal ranges (degrees) of a ROM metric, by motion. */
export const ROM_LABELS: Record<Motion, [string, string, number, number]> = {
  shoulderFlex: ["Arm at side", "Arm overhead", 0, 180],
  shoulderExt: ["Arm at side", "Arm behind", 0, 60],
  shoulderAbd: ["Arm at side", "Arm out to the side", 0, 180],
  shoulderExtRot: ["Forearm in front", "Forearm rotated out", 0, 90],
  elbowFlex: ["Elbow straight", "Elbow bent", 0, 150],
  wrist: ["Wrist neutral", "Wrist bent", 0, 80],
  hipAbd: ["Leg in line", "Leg out to the side", 0, 45],
  hipFlex: ["Leg straight", "Hip bent", 0, 120],
  hipExt: ["Leg in line", "Leg behind", 0, 30],
  kneeExt: ["Knee bent", "Knee straight", 0, 90],
  kneeFlex: ["Knee straight", "Knee bent", 0, 135],
  ankle: ["Foot neutral", "Toes up", 0, 20],
  heelRaise: ["Heels down", "Heels up", 0, 45],
  neckRot: ["Looking forward", "Looking to the side", 0, 80],
  neckFlex: ["Head upright", "Chin to chest", 0, 50],
  trunkFlex: ["Upright", "Bent forward", 0, 80],
  trunkExt: ["Upright", "Leaning back", 0, 30],
  trunkSide: ["Upright", "Bent to the side", 0, 35],
  trunkRot: ["Facing forward", "Turned", 0, 45],
  bridge: ["Hips down", "Hips up", 0, 30],
  squat: ["Standing", "Knees bent", 0, 90],
  hold: ["Start", "End", 0, 10],
};
