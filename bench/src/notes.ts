// The knowledge base in Chromium: search as you type over 5,000 notes (keystroke → results in the DOM, per
// keystroke) and the graph's frame rate while a node is dragged at 1,000 notes and 3,000 connections. The
// notes come in through the real import endpoint; the page is the production build on the one URL.
import type { Browser, Locator, Page } from '@playwright/test';
import { accentDiscs } from '../../e2e/src/graph-canvas.ts';
import { registerLearner } from './api-server.ts';
import { newContext } from './browser.ts';
import { budget, type Row } from './table.ts';

const WORDS = (
  'memory safety ownership rules graph theory borrow checker compiler lifetime pointer stack heap thread ' +
  'async await future channel mutex lock atomic cache latency throughput queue index query join table ' +
  'schema migration vector matrix tensor gradient model layer neuron training loss metric recall ' +
  'photosynthesis cell enzyme protein molecule atom energy force motion wave light sound history empire ' +
  'treaty revolution economy market price supply demand inflation language grammar verb noun poem novel'
).split(' ');

/** A deterministic pseudo-random stream, so every run searches the same notes. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

function searchCorpus(count: number) {
  const rnd = lcg(42);
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  const title = (i: number) => `${word()} ${word()} ${i}`;
  const titles = Array.from({ length: count }, (_, i) => title(i));
  return titles.map((t, i) => ({
    title: t,
    content: Array.from({ length: 60 }, (_, w) =>
      w === 30 ? `[[${titles[(i * 7 + 3) % count]}]]` : w === 50 ? `#${word()}` : word(),
    ).join(' '),
    tags: [],
  }));
}

/** 1,000 notes, each linking to the notes 1, 7 and 31 places on: exactly 3,000 distinct connections. */
function graphCorpus(count: number) {
  const title = (i: number) => `Node ${i % count}`;
  return Array.from({ length: count }, (_, i) => ({
    title: title(i),
    content: `[[${title(i + 1)}]] [[${title(i + 7)}]] [[${title(i + 31)}]]`,
    tags: [],
  }));
}

async function importNotes(base: string, headers: Record<string, string>, notes: object[]) {
  const res = await fetch(`${base}/api/notes/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ notes }),
  });
  if (!res.ok) throw new Error(`import failed: ${res.status} ${await res.text()}`);
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/**
 * One keystroke in the page: the input's value set as typing does, then the time until the search box's
 * DOM stops changing (the deferred results rendered), measured with performance.now() inside the page.
 */
function keystroke(page: Page, value: string): Promise<number> {
  return page.evaluate(async (v) => {
    const input = document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    const box = input.parentElement!;
    let last = -1;
    const observer = new MutationObserver(() => {
      last = performance.now();
    });
    observer.observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    setValue.call(input, v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    // settled: a change was seen and three frames passed without another
    for (let quiet = 0, frames = 0; quiet < 3 && frames < 600; frames++) {
      const before = last;
      await frame();
      quiet = last >= 0 && last === before ? quiet + 1 : 0;
    }
    observer.disconnect();
    return last - t0;
  }, value);
}

async function measureSearch(browser: Browser, base: string) {
  const learner = await registerLearner(base);
  await importNotes(base, learner.headers, searchCorpus(5000));
  const context = await newContext(browser, base, learner.token);
  try {
    const page = await context.newPage();
    await page.goto('/knowledge-graph');
    await page.getByRole('button', { name: 'All notes 5000' }).waitFor({ timeout: 60_000 });
    const search = page.getByRole('combobox', { name: 'Search notes' });
    await search.focus();
    const times: number[] = [];
    for (const query of ['memory safety', 'graph theory 12', 'photosynthesis', 'zebra']) {
      for (let i = 1; i <= query.length; i++) times.push(await keystroke(page, query.slice(0, i)));
      await search.fill('');
    }
    return { keystrokes: times.length, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) };
  } finally {
    await context.close();
  }
}

/** A node under the pointer: the canvas's node-coloured discs, nearest the centre first, each hovered until
 * force-graph's tooltip shows. */
async function findNode(page: Page, canvas: Locator) {
  const box = (await canvas.boundingBox())!;
  // the smallest node (radius 3, zoomed out to fit 1,000) is a few pixels across; links are thinner
  const discs = (await accentDiscs(canvas, { reach: 1.5, gap: 4 })).slice(0, 200);
  const tooltip = page.locator('.float-tooltip-kap');
  for (const disc of discs) {
    const x = box.x + disc.x;
    const y = box.y + disc.y;
    await page.mouse.move(x, y);
    await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
    if (await tooltip.isVisible()) return { x, y };
  }
  throw new Error(`no graph node found under the pointer among ${discs.length} discs`);
}

async function measureGraphDrag(browser: Browser, base: string) {
  const learner = await registerLearner(base);
  await importNotes(base, learner.headers, graphCorpus(1000));
  const context = await newContext(browser, base, learner.token);
  try {
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto('/knowledge-graph?view=graph');
    await page
      .getByRole('img', { name: /^Graph of 1000 notes and 3000 connections/ })
      .waitFor({ timeout: 60_000 });
    await page.locator('[data-ready="true"]').waitFor({ timeout: 120_000 });
    const settleMs = performance.now() - t0;
    const canvas = page
      .getByRole('img', { name: /^Graph of/ })
      .locator('canvas')
      .first();
    const start = await findNode(page, canvas);
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __recording: boolean };
      w.__frames = [];
      w.__recording = true;
      const tick = (t: number) => {
        w.__frames.push(t);
        if (w.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.down();
    const dragStart = performance.now();
    for (let i = 0; performance.now() - dragStart < 3000; i++) {
      const a = i / 12;
      await page.mouse.move(start.x + 80 * Math.sin(a), start.y + 60 * Math.sin(2 * a), { steps: 2 });
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __recording: boolean };
      w.__recording = false;
      return w.__frames;
    });
    const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
    const seconds = (frames[frames.length - 1]! - frames[0]!) / 1000;
    return { fps: (frames.length - 1) / seconds, p95FrameMs: quantile(gaps, 0.95), settleMs };
  } finally {
    await context.close();
  }
}

/** Search and the graph; `quick`: the graph alone. */
export async function measureNotes(browser: Browser, base: string, quick = false) {
  const search = quick ? undefined : await measureSearch(browser, base);
  const graph = await measureGraphDrag(browser, base);
  const rows: Row[] = [
    ...(search
      ? [
          {
            area: 'notes (Chromium)',
            metric: 'search 5,000 notes: keystroke → results, median',
            value: `${search.medianMs.toFixed(1)} ms`,
            note: `p95 ${search.p95Ms.toFixed(1)} ms over ${search.keystrokes} keystrokes; aim ≤ 50 ms`,
          },
        ]
      : []),
    {
      area: 'notes (Chromium)',
      metric: 'graph 1,000 notes / 3,000 links: fps while dragging a node',
      value: graph.fps.toFixed(1),
      check: budget(graph.fps >= 30, '≥ 30 fps'),
      note: `p95 frame ${graph.p95FrameMs.toFixed(0)} ms; layout settled ${(graph.settleMs / 1000).toFixed(1)} s after load; aim 60`,
    },
  ];
  return { result: { search, graph }, rows };
}
