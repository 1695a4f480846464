import { describe, expect, it } from 'vitest';
import { formatTime, randomBars, seekTime, WAVEFORM_BARS } from './audio-time.ts';

describe('audio helpers', () => {
  it('formats the time display', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(7.9)).toBe('0:07');
    expect(formatTime(225)).toBe('3:45');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('makes 60 bars between 20% and 100% high', () => {
    const bars = randomBars();
    expect(bars).toHaveLength(WAVEFORM_BARS);
    expect(WAVEFORM_BARS).toBe(60);
    for (const h of bars) expect(h >= 0.2 && h <= 1).toBe(true);
    expect(randomBars(() => 0)[0]).toBe(0.2);
    expect(randomBars(() => 1)[59]).toBe(1);
  });

  it('seeks in proportion to where the waveform was clicked', () => {
    expect(seekTime(150, 600, 120)).toBe(30);
    expect(seekTime(-5, 600, 120)).toBe(0);
    expect(seekTime(700, 600, 120)).toBe(120);
    expect(seekTime(100, 600, Number.NaN)).toBe(0);
    expect(seekTime(100, 0, 120)).toBe(0);
  });
});
