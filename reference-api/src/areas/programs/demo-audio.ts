/**
 * Demo audio of the exercise library. The reference API has no recorded instructions, so it generates a
 * short, quiet tone per exercise: a valid WAV file (RIFF, PCM 16-bit, 8 kHz, mono) that an <audio> element
 * can play, pause and restart. Deterministic: the same bytes for the same exercise on every machine.
 */

export const DEMO_AUDIO_SAMPLE_RATE = 8000;
export const DEMO_AUDIO_SECONDS = 1.5;
/** Peak amplitude as a fraction of full scale: quiet. */
const AMPLITUDE = 0.12;
/** Fade in and out (seconds), so the tone starts and stops without a click. */
const FADE = 0.03;

/** The tone of an exercise: a pitch between 330 and 605 Hz picked from the exercise number. */
export function demoToneHz(exerciseId: string): number {
  const n = Number.parseInt(exerciseId.slice(-4), 10) || 0;
  return 330 + 55 * (n % 6);
}

/** A WAV file of a sine tone (PCM 16-bit little-endian, mono). */
export function toneWav(hz: number, seconds = DEMO_AUDIO_SECONDS, sampleRate = DEMO_AUDIO_SAMPLE_RATE): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const dataBytes = samples * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(dataBytes, 40);
  const fade = Math.max(1, Math.round(FADE * sampleRate));
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const v = Math.round(AMPLITUDE * envelope * 32767 * Math.sin((2 * Math.PI * hz * i) / sampleRate));
    buf.writeInt16LE(v, 44 + i * 2);
  }
  return buf;
}

const cache = new Map<string, Buffer>();

/** The demo audio of an exercise (generated once per exercise; the same bytes for every caller). */
export function demoAudioWav(exerciseId: string): Buffer {
  let wav = cache.get(exerciseId);
  if (!wav) cache.set(exerciseId, (wav = toneWav(demoToneHz(exerciseId))));
  return wav;
}
