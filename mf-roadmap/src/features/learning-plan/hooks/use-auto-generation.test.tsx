// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_GENERATION_DELAY_MS,
  AutoGenerationGate,
  SECTION_REPEAT_GUARD_MS,
} from '../utils/auto-generation.ts';
import { type AutoGenerationInput, useAutoGeneration } from './use-auto-generation.ts';

let visibility: DocumentVisibilityState = 'visible';
const showTab = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(input: Partial<AutoGenerationInput> = {}) {
  const start = vi.fn();
  const gate = new AutoGenerationGate();
  const props: AutoGenerationInput = { sectionId: 's2', busy: false, loadedAt: 1, start, gate, ...input };
  const hook = renderHook((p: AutoGenerationInput) => useAutoGeneration(p), { initialProps: props });
  return { start, hook, props };
}

describe('useAutoGeneration', () => {
  it('checks 3 s after the plan loads, not before', () => {
    const { start } = setup();
    act(() => vi.advanceTimersByTime(AUTO_GENERATION_DELAY_MS - 1));
    expect(start).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(start).toHaveBeenCalledWith('s2');
  });

  it('does nothing before the plan has loaded, with nothing to generate, or while busy', () => {
    for (const input of [{ loadedAt: 0 }, { sectionId: null }, { busy: true }]) {
      const { start, hook } = setup(input);
      act(() => vi.advanceTimersByTime(AUTO_GENERATION_DELAY_MS * 2));
      showTab('hidden');
      showTab('visible');
      expect(start).not.toHaveBeenCalled();
      hook.unmount();
    }
  });

  it('checks again when the tab becomes visible; the same section only after 5 minutes', () => {
    const { start } = setup();
    act(() => vi.advanceTimersByTime(AUTO_GENERATION_DELAY_MS));
    expect(start).toHaveBeenCalledTimes(1);
    // the generation did not bring lessons (failed): coming back soon does not try again
    act(() => vi.advanceTimersByTime(60_000));
    showTab('hidden');
    showTab('visible');
    expect(start).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(SECTION_REPEAT_GUARD_MS));
    showTab('hidden');
    expect(start).toHaveBeenCalledTimes(1);
    showTab('visible');
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('a new load schedules a new check; unmounting cancels the pending one', () => {
    const { start, hook, props } = setup({ sectionId: null });
    act(() => vi.advanceTimersByTime(AUTO_GENERATION_DELAY_MS));
    hook.rerender({ ...props, sectionId: 's3', loadedAt: 2 });
    act(() => vi.advanceTimersByTime(AUTO_GENERATION_DELAY_MS));
    expect(start).toHaveBeenCalledWith('s3');

    hook.rerender({ ...props, sectionId: 's4', loadedAt: 3 });
    hook.unmount();
    act(() => vi.advanceTimersByTime(60_000));
    expect(vi.getTimerCount()).toBe(0);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
