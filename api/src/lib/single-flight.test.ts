import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

describe('singleFlight', () => {
  it('runs the work once for callers that overlap, and again once it has settled', async () => {
    const flight = singleFlight<number>();
    let runs = 0;
    let release!: () => void;
    const work = () =>
      new Promise<number>((resolve) => {
        runs += 1;
        release = () => resolve(runs);
      });
    const together = [flight('a', work), flight('a', work), flight('a', work)];
    release();
    expect(await Promise.all(together)).toEqual([1, 1, 1]);
    const later = flight('a', work);
    release();
    expect(await later).toBe(2);
  });

  it('keeps keys apart, and lets a failure through to every caller without keeping it', async () => {
    const flight = singleFlight<string>();
    const boom = () => Promise.reject(new Error('boom'));
    const [a, b] = [flight('x', boom), flight('x', boom)];
    await expect(a).rejects.toThrow('boom');
    await expect(b).rejects.toThrow('boom');
    expect(await flight('x', async () => 'fine')).toBe('fine');
    expect(await Promise.all([flight('y', async () => 'y'), flight('z', async () => 'z')])).toEqual([
      'y',
      'z',
    ]);
  });
});
