import { describe, expect, it } from 'vitest';
import { AMBIENT_SECONDS, loopGapMs, renderAmbient, seamJumpRatio } from './ambient.ts';

const RATE = 22_050;

describe('ambient sounds', () => {
  it.each(['rain', 'forest'] as const)('%s loops with no gap and no click at the seam', (kind) => {
    const samples = renderAmbient(kind, RATE);
    expect(samples.length).toBe(AMBIENT_SECONDS * RATE);
    expect(loopGapMs(samples, RATE)).toBe(0);
    expect(seamJumpRatio(samples)).toBeLessThanOrEqual(1);
    expect(samples.reduce((peak, v) => Math.max(peak, Math.abs(v)), 0)).toBeCloseTo(0.8, 5);
  });

  it('renders the same sound every time, and the two differ', () => {
    expect(renderAmbient('rain', RATE)).toEqual(renderAmbient('rain', RATE));
    expect(renderAmbient('forest', RATE).slice(0, 100)).not.toEqual(
      renderAmbient('rain', RATE).slice(0, 100),
    );
  });

  it('the measure finds a gap: 50 ms of silence before the wrap', () => {
    const samples = renderAmbient('rain', RATE);
    samples.fill(0, samples.length - Math.round(0.05 * RATE));
    expect(loopGapMs(samples, RATE)).toBeGreaterThanOrEqual(45);
  });

  it('the seam measure finds a click', () => {
    const samples = renderAmbient('forest', RATE);
    samples[0] = 1;
    samples[samples.length - 1] = -1;
    expect(seamJumpRatio(samples)).toBeGreaterThan(1);
  });
});
