// Rain and forest, synthesized here rather than shipped as recordings (no licence to clear, nothing to
// download): a deterministic render, made loopable by cross-fading its tail into its head, so the buffer's
// last sample runs on into its first and the loop has no gap or click. `loopGapMs` measures that seam.
import type { AmbientSound } from '@mindpath/contracts/pomodoro';

export const AMBIENT_SECONDS = 12;
const CROSSFADE_SECONDS = 1;

/** A small seeded generator (mulberry32): the same sound on every render. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rain: a bed of soft noise (high-passed hiss over a low rumble) with scattered drops. */
function rain(out: Float32Array, rate: number): void {
  const rnd = random(7);
  let low = 0;
  let prev = 0;
  let drop = 0;
  let dropLevel = 0;
  for (let i = 0; i < out.length; i++) {
    const white = rnd() * 2 - 1;
    low += 0.02 * (white - low);
    const hiss = white - prev;
    prev = white;
    if (rnd() < 35 / rate) dropLevel = 0.3 + rnd() * 0.5;
    drop = drop * 0.5 + white * dropLevel;
    dropLevel *= 0.995;
    out[i] = 0.12 * hiss + 0.9 * low + 0.25 * drop;
  }
}

/** Forest: wind in the leaves (slowly swelling brown noise) and a bird now and then. */
function forest(out: Float32Array, rate: number): void {
  const rnd = random(11);
  let brown = 0;
  let chirpAt = -1;
  let chirpFreq = 0;
  for (let i = 0; i < out.length; i++) {
    const white = rnd() * 2 - 1;
    brown = (brown + 0.02 * white) / 1.02;
    const swell = 0.6 + 0.4 * Math.sin((2 * Math.PI * i) / (rate * 6));
    let bird = 0;
    if (chirpAt < 0 && rnd() < 0.4 / rate) {
      chirpAt = i;
      chirpFreq = 2500 + rnd() * 1500;
    }
    if (chirpAt >= 0) {
      const t = (i - chirpAt) / rate;
      if (t > 0.18) chirpAt = -1;
      else bird = Math.sin(2 * Math.PI * (chirpFreq + 4000 * t) * t) * Math.sin((Math.PI * t) / 0.18) * 0.12;
    }
    out[i] = 3.2 * brown * swell + 0.03 * white + bird;
  }
}

/** One channel of the ambient sound, `AMBIENT_SECONDS` long, that loops seamlessly. */
export function renderAmbient(kind: AmbientSound, rate: number): Float32Array<ArrayBuffer> {
  const length = Math.round(AMBIENT_SECONDS * rate);
  const fade = Math.round(CROSSFADE_SECONDS * rate);
  const raw = new Float32Array(length + fade);
  (kind === 'rain' ? rain : forest)(raw, rate);
  const out = raw.slice(0, length);
  // the head becomes the tail's continuation: out[0] ≈ raw[length], which follows raw[length - 1] = out[length - 1]
  for (let i = 0; i < fade; i++) {
    const x = i / fade;
    out[i] = raw[i]! * Math.sin((x * Math.PI) / 2) + raw[length + i]! * Math.cos((x * Math.PI) / 2);
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const gain = peak > 0 ? 0.8 / peak : 1;
  for (let i = 0; i < out.length; i++) out[i]! *= gain;
  return out;
}

const WINDOW_MS = 5;
/** How far either side of the seam silence is looked for. */
const SEAM_SPAN_SECONDS = 0.1;

function rms(samples: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

const windowOf = (rate: number) => Math.max(1, Math.round((WINDOW_MS / 1000) * rate));

/** The median level (RMS) of the sound's 5 ms windows: what 'quiet' is measured against. */
export function medianLevel(samples: Float32Array, rate: number): number {
  const win = windowOf(rate);
  const levels: number[] = [];
  for (let i = 0; i + win <= samples.length; i += win) levels.push(rms(samples, i, i + win));
  return [...levels].sort((a, b) => a - b)[Math.floor(levels.length / 2)] ?? 0;
}

/**
 * The silence heard around sample `at` of a stream (ms): the longest run of 5 ms windows within 100 ms
 * either side whose level falls below a quarter of `level`.
 */
export function silenceAroundMs(stream: Float32Array, rate: number, at: number, level: number): number {
  const win = windowOf(rate);
  const span = Math.round((SEAM_SPAN_SECONDS * rate) / win) * win;
  let longest = 0;
  let run = 0;
  for (let i = Math.max(0, at - span); i + win <= Math.min(stream.length, at + span); i += win) {
    run = rms(stream, i, i + win) < level / 4 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest * WINDOW_MS;
}

/** The silence heard where the buffer wraps (ms), its tail followed by its head as a looping source plays it. */
export function loopGapMs(samples: Float32Array, rate: number): number {
  const span = Math.round(SEAM_SPAN_SECONDS * rate);
  const seam = new Float32Array(2 * span);
  seam.set(samples.subarray(samples.length - span), 0);
  seam.set(samples.subarray(0, span), span);
  return silenceAroundMs(seam, rate, span, medianLevel(samples, rate));
}

/** How far the wrap from the last sample to the first jumps, over the sound's own largest step (≤ 1: no click). */
export function seamJumpRatio(samples: Float32Array): number {
  let largest = 0;
  for (let i = 1; i < samples.length; i++)
    largest = Math.max(largest, Math.abs(samples[i]! - samples[i - 1]!));
  return Math.abs(samples[0]! - samples[samples.length - 1]!) / (largest || 1);
}
