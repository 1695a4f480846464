import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './bus.ts';

describe('event bus', () => {
  it('delivers typed payloads and unsubscribes', () => {
    const bus = createEventBus();
    const seen = vi.fn();
    const off = bus.on('auth-change', seen);
    bus.emit('auth-change', { authenticated: true });
    off();
    bus.emit('auth-change', { authenticated: false });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith({ authenticated: true });
    expect(bus.listenerCount('auth-change')).toBe(0);
  });

  it('events without payload call listeners with nothing', () => {
    const bus = createEventBus();
    const seen = vi.fn();
    bus.on('unauthorized', seen);
    bus.emit('unauthorized');
    expect(seen).toHaveBeenCalledWith();
  });

  it('keeps buses apart', () => {
    const a = createEventBus();
    const b = createEventBus();
    const seen = vi.fn();
    a.on('toast', seen);
    b.emit('toast', { message: 'x' });
    expect(seen).not.toHaveBeenCalled();
  });
});
