import { describe, expect, it } from 'vitest';
import {
  AUTO_GENERATION_THROTTLE_MS,
  AutoGenerationGate,
  SECTION_REPEAT_GUARD_MS,
} from './auto-generation.ts';

describe('auto-generation gate', () => {
  it('uses the spec constants: 10 s between starts, 5 minutes per section', () => {
    expect(AUTO_GENERATION_THROTTLE_MS).toBe(10_000);
    expect(SECTION_REPEAT_GUARD_MS).toBe(300_000);
  });

  it('lets a section start once, then not again for 5 minutes', () => {
    let now = 1_000_000;
    const gate = new AutoGenerationGate(() => now);
    expect(gate.tryStart('s1')).toBe(true);
    now += 60_000;
    expect(gate.tryStart('s1')).toBe(false);
    now += SECTION_REPEAT_GUARD_MS - 60_000 - 1;
    expect(gate.tryStart('s1')).toBe(false);
    now += 1;
    expect(gate.tryStart('s1')).toBe(true);
  });

  it('keeps any two starts 10 s apart, whatever the section', () => {
    let now = 0;
    const gate = new AutoGenerationGate(() => now);
    expect(gate.tryStart('s1')).toBe(true);
    now += AUTO_GENERATION_THROTTLE_MS - 1;
    expect(gate.tryStart('s2')).toBe(false);
    now += 1;
    expect(gate.tryStart('s2')).toBe(true);
  });

  it('does not count a refused start', () => {
    let now = 0;
    const gate = new AutoGenerationGate(() => now);
    gate.tryStart('s1');
    now += 5_000;
    expect(gate.tryStart('s2')).toBe(false);
    now += AUTO_GENERATION_THROTTLE_MS - 5_000;
    // the refused try at 5 s did not push the throttle on
    expect(gate.tryStart('s2')).toBe(true);
  });
});
