/**
 * Writes the hands demo's sample log (`public/demo/hands-log.json`, replayed at /demo/hands/) with the reference
 * API's generator: a right then a left hand with a mild resting tremor (1.2 cm and 0.6 cm at 5 Hz), 120 frames
 * (4 s) of each, deterministic. Synthetic: no patient data.
 *   npx tsx scripts/demo/sample-hands-log.ts
 */
import { writeFileSync } from "node:fs";
import { generateHandsLog } from "../../reference-api/src/areas/scan/logs.js";

const PER_HAND = 120;
let seed = 20261124;
const rng = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

const full = generateHandsLog({ leftAmplitude: 0.6, rightAmplitude: 1.2, frequency: 5, rng });
const half = full.frames.length / 2;
const frames = [...full.frames.slice(0, PER_HAND), ...full.frames.slice(half, half + PER_HAND)].map((f, i) => ({ ...f, frame: i }));
const out = new URL("../../public/demo/hands-log.json", import.meta.url);
writeFileSync(out, JSON.stringify({ frames }));
console.log(`${frames.length} frames → ${out.pathname}`);
