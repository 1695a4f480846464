// @vitest-environment jsdom
import type { RecordPomodoroSession } from '@mindpath/contracts/pomodoro';
import { ApiRequestError, NetworkError } from '@mindpath/sdk/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueue, flush, pendingSessions } from './session-queue.ts';

const session = (clientId: string): RecordPomodoroSession => ({
  clientId,
  completedAt: '2026-03-11T09:25:00.000Z',
  duration: 1500,
  notes: '',
  lessonId: null,
});

afterEach(() => localStorage.clear());

describe('the offline queue of focus sessions', () => {
  it('keeps one entry per client id', () => {
    enqueue([session('focus-aaaa')]);
    enqueue([session('focus-aaaa'), session('focus-bbbb')]);
    expect(pendingSessions().map((s) => s.clientId)).toEqual(['focus-aaaa', 'focus-bbbb']);
  });

  it('sends each session once, even when two flushes overlap', async () => {
    enqueue([session('focus-aaaa'), session('focus-bbbb')]);
    const send = vi.fn(async () => undefined);
    const [a, b] = await Promise.all([flush(send), flush(send)]);
    expect(a + b).toBe(4); // the second caller shares the first flush's answer
    expect(send).toHaveBeenCalledTimes(2);
    expect(pendingSessions()).toEqual([]);
  });

  it('keeps what the server could not take and stops; drops what it refused for good', async () => {
    enqueue([session('focus-aaaa'), session('focus-bbbb'), session('focus-cccc')]);
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError(400, 'clientId must be …'))
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new NetworkError(new Error('offline')));
    expect(await flush(send)).toBe(1);
    expect(pendingSessions().map((s) => s.clientId)).toEqual(['focus-cccc']);
  });
});
