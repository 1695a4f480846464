// The focus timer in Chromium, on the production build: how far its phases drift over a simulated hour in a
// hidden tab whose timers wake once a minute (Chromium's intensive throttling), and the silence where the
// ambient loops wrap, measured from decoded audio played looping through Web Audio.
import type { AmbientSound } from '@mindpath/contracts/pomodoro';
import type { Browser, Page } from '@playwright/test';
import { CHOICE_MADE } from '../../e2e/src/consent.ts';
import {
  AMBIENT_SECONDS,
  medianLevel,
  renderAmbient,
  silenceAroundMs,
} from '../../mf-pomodoro/src/features/focus-timer/sound/ambient.ts';
import { registerLearner } from './api-server.ts';
import { newContext } from './browser.ts';
import { ms, type Row } from './table.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 11, 9, 0);

/** Hides the tab as far as the page can tell, as a learner switching away does. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

interface DriftResult {
  /** the largest distance between a recorded focus end and when it should have ended */
  sessionDriftMs: number;
  /** the running phase's end time after the hour, against the exact one */
  endDriftMs: number;
  sessions: number;
  /** POSTs of sessions: one per session when none is sent twice */
  requests: number;
  shown: string;
}

/** 25/5 cycles from a known start; the tab sleeps between wake-ups 61 s apart for 61 minutes. */
async function measureDrift(browser: Browser, base: string): Promise<DriftResult> {
  const learner = await registerLearner(base);
  const context = await newContext(browser, base, learner.token);
  // the cookie choice made, as a returning learner has it: the banner covers nothing
  const [consent] = CHOICE_MADE.origins[0]!.localStorage;
  await context.addInitScript(({ name, value }) => localStorage.setItem(name, value), consent!);
  const page = await context.newPage();
  const completed: { clientId: string; completedAt: string }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/pomodoro/sessions'))
      completed.push(r.postDataJSON() as { clientId: string; completedAt: string });
  });
  await page.clock.install({ time: T0 });
  await page.goto('/goals');
  const pill = page.getByRole('button', { name: /^Focus timer: / });
  await pill.waitFor();
  const start = T0 + MIN;
  await page.clock.pauseAt(start);
  await pill.click();
  await page.getByRole('region', { name: 'Focus timer' }).getByRole('button', { name: 'Start' }).click();
  await hide(page);
  for (let i = 0; i < 60; i++) await page.clock.fastForward(61_000);
  // focus 25, short 5, focus 25, short 5: at 61 min the third focus has run 1 minute
  const expectedEnds = [start + 25 * MIN, start + 55 * MIN];
  const state = await page.evaluate(() => JSON.parse(localStorage.getItem('pomodoroState') ?? 'null'));
  const shown = (await page.getByRole('timer').textContent()) ?? '';
  await page.waitForTimeout(500); // the last POST leaves the page
  await context.close();
  const sessionDriftMs = Math.max(
    ...expectedEnds.map((end, i) => Math.abs(Date.parse(completed[i]?.completedAt ?? '') - end)),
  );
  return {
    sessionDriftMs,
    endDriftMs: Math.abs(state.endsAt - (start + 85 * MIN)),
    sessions: new Set(completed.map((c) => c.clientId)).size,
    requests: completed.length,
    shown,
  };
}

/** 16-bit PCM WAV bytes of one channel: what an encoded file of the sound would hold. */
function wav(samples: Float32Array, rate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2);
  });
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/**
 * The sound decoded by Chromium and played looping (an AudioBufferSourceNode with loop on, as the widget
 * plays it) through an OfflineAudioContext for two rounds; the silence around the wrap of what was rendered.
 */
async function measureLoopGap(page: Page, kind: AmbientSound, rate: number): Promise<number> {
  const bytes = wav(renderAmbient(kind, rate), rate).toString('base64');
  const rendered = await page.evaluate(
    async ({ b64, rate, seconds }) => {
      const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
      const length = Math.round(seconds * rate);
      const context = new OfflineAudioContext(1, 2 * length, rate);
      const buffer = await context.decodeAudioData(raw);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.loop = true;
      source.connect(context.destination);
      source.start();
      const out = await context.startRendering();
      return Array.from(out.getChannelData(0));
    },
    { b64: bytes, rate, seconds: AMBIENT_SECONDS },
  );
  const stream = Float32Array.from(rendered);
  const length = Math.round(AMBIENT_SECONDS * rate);
  return silenceAroundMs(stream, rate, length, medianLevel(stream.subarray(0, length), rate));
}

export async function measurePomodoro(browser: Browser, base: string) {
  const drift = await measureDrift(browser, base);
  const context = await newContext(browser, base);
  const page = await context.newPage();
  await page.goto('/');
  const rate = 44_100;
  const gaps = {
    rain: await measureLoopGap(page, 'rain', rate),
    forest: await measureLoopGap(page, 'forest', rate),
  };
  await context.close();
  const rows: Row[] = [
    {
      area: 'focus timer',
      metric: 'drift over a simulated hour, hidden tab woken once a minute',
      value: ms(Math.max(drift.sessionDriftMs, drift.endDriftMs)),
      check: {
        ok:
          drift.sessionDriftMs === 0 &&
          drift.endDriftMs === 0 &&
          drift.sessions === 2 &&
          drift.requests === 2,
        label: '0 ms, 2 sessions sent once',
      },
      note: `focus ends recorded ${drift.sessionDriftMs} ms off, running phase's end ${drift.endDriftMs} ms off; ${drift.sessions} sessions in ${drift.requests} requests; shows ${drift.shown} at 61 min (24:00 expected)`,
    },
    ...(['rain', 'forest'] as const).map((kind) => ({
      area: 'focus timer',
      metric: `${kind} loop gap (decoded, played looping)`,
      value: ms(gaps[kind]),
      check: { ok: gaps[kind] === 0, label: '0 ms' },
      note: `${AMBIENT_SECONDS} s loop at ${rate / 1000} kHz; silence = 5 ms windows under a quarter of the median level within 100 ms of the wrap`,
    })),
  ];
  return { rows, result: { drift, gaps } };
}
