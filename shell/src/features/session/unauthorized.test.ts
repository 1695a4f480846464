import { createEventBus } from '@mindpath/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  listenToasts,
  listenUnauthorized,
  rememberUnauthorized,
  SESSION_EXPIRED_MESSAGE,
} from './unauthorized.ts';

describe('unauthorized handler (spec 1 §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the 3 s toast at once and navigates to /login at 2.5 s', () => {
    const bus = createEventBus();
    const toast = vi.fn();
    const navigate = vi.fn();
    listenUnauthorized(bus, { toast, navigate });
    bus.emit('unauthorized');
    expect(toast).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE, { kind: 'error', durationMs: 3000 });
    vi.advanceTimersByTime(2499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('a 401 before the listener loaded is remembered: the listener shows the toast and redirects at once', () => {
    const bus = createEventBus();
    const early = rememberUnauthorized(bus);
    bus.emit('unauthorized');
    const toast = vi.fn();
    const navigate = vi.fn();
    listenUnauthorized(bus, { toast, navigate }, early.take());
    expect(toast).toHaveBeenCalledExactlyOnceWith(SESSION_EXPIRED_MESSAGE, {
      kind: 'error',
      durationMs: 3000,
    });
    vi.advanceTimersByTime(2500);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
    // taken once: nothing remembered after, and it no longer listens
    bus.emit('unauthorized');
    expect(early.take()).toBe(false);
  });

  it('nothing remembered when no request was refused', () => {
    const early = rememberUnauthorized(createEventBus());
    expect(early.take()).toBe(false);
  });

  it('shows one toast and redirects once when several calls fail together', () => {
    const bus = createEventBus();
    const toast = vi.fn();
    const navigate = vi.fn();
    listenUnauthorized(bus, { toast, navigate });
    bus.emit('unauthorized');
    vi.advanceTimersByTime(1000);
    bus.emit('unauthorized');
    vi.advanceTimersByTime(2000);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('unsubscribing cancels a pending redirect and leaves no listener', () => {
    const bus = createEventBus();
    const navigate = vi.fn();
    const off = listenUnauthorized(bus, { toast: vi.fn(), navigate });
    bus.emit('unauthorized');
    off();
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
    expect(bus.listenerCount('unauthorized')).toBe(0);
  });

  it('forwards bus toasts', () => {
    const bus = createEventBus();
    const toast = vi.fn();
    listenToasts(bus, toast);
    bus.emit('toast', { message: 'Saved', kind: 'success', durationMs: 5000 });
    expect(toast).toHaveBeenCalledWith('Saved', { kind: 'success', durationMs: 5000 });
  });
});
