// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, isRunning, useTabCarousel } from './use-tab-carousel.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the landing tab carousel', () => {
  it('rotates every 3 s and wraps from the last tab to the first', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    const { result } = renderHook(() => useTabCarousel(4));
    expect(result.current.active).toBe(0);
    tick(2999);
    expect(result.current.active).toBe(0);
    tick(1);
    expect(result.current.active).toBe(1);
    tick(3000 * 3);
    expect(result.current.active).toBe(0);
  });

  it('holds while hovered, focused or stopped, and only runs when all three are clear', () => {
    const { result } = renderHook(() => useTabCarousel(4));
    act(() => result.current.hold('hovered', true));
    tick(10_000);
    expect(result.current.active).toBe(0);
    act(() => result.current.hold('focused', true));
    act(() => result.current.hold('hovered', false));
    tick(10_000);
    expect(result.current.active).toBe(0);
    act(() => result.current.hold('stopped', true));
    act(() => result.current.hold('focused', false));
    expect(result.current.running).toBe(false);
    tick(10_000);
    expect(result.current.active).toBe(0);
    act(() => result.current.hold('stopped', false));
    expect(result.current.running).toBe(true);
    tick(3000);
    expect(result.current.active).toBe(1);
  });

  it('gives a tab chosen by hand its full 3 s', () => {
    const { result } = renderHook(() => useTabCarousel(4));
    tick(2500);
    act(() => result.current.select(3));
    tick(2500);
    expect(result.current.active).toBe(3);
    tick(500);
    expect(result.current.active).toBe(0);
  });

  it('does not rotate a single tab', () => {
    const { result } = renderHook(() => useTabCarousel(1));
    tick(10_000);
    expect(result.current.active).toBe(0);
  });

  it('isRunning needs every pause reason clear', () => {
    expect(isRunning({ hovered: false, focused: false, stopped: false })).toBe(true);
    expect(isRunning({ hovered: true, focused: false, stopped: false })).toBe(false);
    expect(isRunning({ hovered: false, focused: true, stopped: false })).toBe(false);
    expect(isRunning({ hovered: false, focused: false, stopped: true })).toBe(false);
  });
});
