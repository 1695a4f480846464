/** 0:07, 3:45, 1:02:03 — the audio player's time display. */
export function formatTime(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** spec 2 §9: the waveform has 60 bars. */
export const WAVEFORM_BARS = 60;
/** spec 2 §4: randomised every 3 seconds while playing. */
export const WAVEFORM_SHUFFLE_MS = 3000;

/** Bar heights between 0.2 and 1 (of the waveform's height). */
export const randomBars = (random: () => number = Math.random) =>
  Array.from({ length: WAVEFORM_BARS }, () => 0.2 + random() * 0.8);

/** The time a click at `x` px of a `width` px waveform seeks to. */
export function seekTime(x: number, width: number, duration: number): number {
  if (!(width > 0) || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(duration, Math.max(0, (x / width) * duration));
}
