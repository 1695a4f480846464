// /home in Chromium for a seeded learner: the JS a cold load fetches (gzip, as the wire carries it) and the
// time until every panel has left its skeleton, median of N cold loads.
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { newContext } from './browser.ts';
import { kb, median, ms, type Row } from './table.ts';

/** the dashboard's panels: the spec's four, then Streak, Focus, Review, Latest Notes and Activity */
const PANELS = 9;

async function loadHome(browser: Browser, base: string, token: string) {
  const context = await newContext(browser, base, token);
  try {
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js'))
        scripts.push(
          r.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        );
    });
    await page.goto('/home', { waitUntil: 'commit' });
    const settled = await page.waitForFunction(
      (count) => {
        const panels = document.querySelectorAll('main section[aria-labelledby]');
        if (panels.length < count) return false;
        const loading = document.querySelector('main [role="status"][aria-label^="Loading"]');
        return loading ? false : performance.now();
      },
      PANELS,
      { polling: 'raf', timeout: 60_000 },
    );
    const panelsAt = (await settled.jsonValue()) as number;
    const jsGzip = (await Promise.all(scripts)).reduce((n, b) => n + b, 0);
    return { panelsAt, jsGzip, files: scripts.length };
  } finally {
    await context.close();
  }
}

export async function measureHomePage(
  browser: Browser,
  base: string,
  token: string,
  runs: number,
  about: string,
): Promise<Row[]> {
  await loadHome(browser, base, token); // warm the server, not the browser
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await loadHome(browser, base, token));
  const times = samples.map((s) => s.panelsAt);
  const first = samples[0]!;
  return [
    {
      area: 'Home',
      metric: `/home: JS of a cold load, gzip, ${about}`,
      value: kb(first.jsGzip),
      note: `${first.files} scripts (shell, the goals remote and the shared modules) until every panel is filled`,
    },
    {
      area: 'Home',
      metric: `/home: every panel filled, ${about}`,
      value: ms(median(times)),
      note: `navigation start → no panel loading, ${PANELS} panels; median of ${runs} cold loads, range ${ms(Math.min(...times))}–${ms(Math.max(...times))}`,
    },
  ];
}
