// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, takeOver } from './take-over.ts';

const PAGE =
  '<div class="backdrop" style="overflow:auto"><div role="dialog" aria-modal="true"><h2>Welcome back</h2><button>Close</button><input name="email"></div></div>';

let prerendered: HTMLElement;
let live: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no Web Animations; the swap finishes entrance animations through it
  Element.prototype.getAnimations = () => [];
  document.body.innerHTML = `<div id="root" data-prerendered="/login" inert>${PAGE}</div>`;
  prerendered = document.getElementById('root') as HTMLElement;
  live = document.createElement('div');
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('takeOver', () => {
  it('swaps in the live tree once it holds a heading and has been quiet, never two copies at once', async () => {
    takeOver(prerendered, live);
    live.innerHTML = '<p>loading</p>';
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(document.getElementById('root')).toBe(prerendered);

    live.innerHTML = PAGE;
    await vi.advanceTimersByTimeAsync(QUIET_MS - 50);
    live.querySelector('h2')?.append('!'); // still changing: the quiet period starts again
    await vi.advanceTimersByTimeAsync(QUIET_MS - 50);
    expect(document.getElementById('root')).toBe(prerendered);
    expect(live.isConnected).toBe(false);

    await vi.advanceTimersByTimeAsync(100);
    expect(document.getElementById('root')).toBe(live);
    expect(prerendered.isConnected).toBe(false);
    expect(document.querySelectorAll('h2')).toHaveLength(1);
    expect(live.hasAttribute('inert')).toBe(false);
  });

  it('swaps a live tree that held its heading before the swap was wired, once quiet', async () => {
    live.innerHTML = PAGE;
    takeOver(prerendered, live);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 50);
    expect(document.getElementById('root')).toBe(prerendered);
    await vi.advanceTimersByTimeAsync(100);
    expect(document.getElementById('root')).toBe(live);
  });

  it("keeps a scroll box's place and focuses the dialog's first field", async () => {
    const box = prerendered.querySelector('.backdrop') as HTMLElement;
    box.scrollTop = 120;
    takeOver(prerendered, live);
    live.innerHTML = PAGE;
    await vi.advanceTimersByTimeAsync(QUIET_MS + 10);
    expect((live.querySelector('.backdrop') as HTMLElement).scrollTop).toBe(120);
    expect(document.activeElement).toBe(live.querySelector('input'));
  });

  it('takes over after MAX_WAIT_MS whatever the live tree shows (a redirect to a page without a heading)', async () => {
    takeOver(prerendered, live);
    live.innerHTML = '<p>Something else</p>';
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(document.getElementById('root')).toBe(live);
  });
});
