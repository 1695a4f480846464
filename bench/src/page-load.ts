// Page-load timings in Chromium, cold cache (a fresh browser context per load), median of N loads:
// TTFB, DOMContentLoaded, first contentful paint, the shell's first render and the route's main content
// (its h1, rendered by the remote that owns the route) visible.
import type { Browser } from '@playwright/test';
import { newContext } from './browser.ts';
import { median, ms, type Row } from './table.ts';

export interface PageTimings {
  ttfb: number;
  domContentLoaded: number;
  fcp: number;
  shellFirstRender: number;
  mainContent: number;
}

const KEYS: { key: keyof PageTimings; label: string; note: string }[] = [
  { key: 'ttfb', label: 'TTFB', note: 'navigation start → first byte of index.html' },
  { key: 'domContentLoaded', label: 'DOMContentLoaded', note: 'end of the DOMContentLoaded handlers' },
  { key: 'fcp', label: 'first contentful paint', note: 'usually the boot placeholder of index.html' },
  { key: 'shellFirstRender', label: 'shell first render', note: 'React replaced the boot placeholder' },
  { key: 'mainContent', label: 'main content visible', note: '' },
];

async function loadOnce(browser: Browser, base: string, path: string, heading: string, token?: string) {
  const context = await newContext(browser, base, token);
  try {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'commit' });
    // resolves on the first animation frame in which the heading is laid out, with that frame's time
    const visibleAt = await page.waitForFunction(
      (text) => {
        const h = [...document.querySelectorAll('h1')].find((e) => e.textContent?.trim() === text);
        if (!h) return false;
        const box = h.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? performance.now() : false;
      },
      heading,
      { polling: 'raf', timeout: 30_000 },
    );
    const mainContent = (await visibleAt.jsonValue()) as number;
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        ttfb: nav.responseStart - nav.startTime,
        domContentLoaded: nav.domContentLoadedEventEnd - nav.startTime,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        shellFirstRender:
          (window as unknown as { __benchFirstRender?: number }).__benchFirstRender ?? Number.NaN,
      };
    });
    return { ...t, mainContent } satisfies PageTimings;
  } finally {
    await context.close();
  }
}

export interface Scenario {
  name: string;
  path: string;
  /** the text of the route's h1 */
  heading: string;
  token?: string;
}

export async function measurePageLoads(
  browser: Browser,
  base: string,
  scenarios: Scenario[],
  runs: number,
): Promise<{ rows: Row[]; results: Record<string, PageTimings> }> {
  const rows: Row[] = [];
  const results: Record<string, PageTimings> = {};
  for (const s of scenarios) {
    await loadOnce(browser, base, s.path, s.heading, s.token); // warm the server, not the browser
    const samples: PageTimings[] = [];
    for (let i = 0; i < runs; i++) samples.push(await loadOnce(browser, base, s.path, s.heading, s.token));
    const med = Object.fromEntries(KEYS.map(({ key }) => [key, median(samples.map((x) => x[key]))]));
    results[s.name] = med as unknown as PageTimings;
    for (const { key, label, note } of KEYS) {
      const spread = samples.map((x) => x[key]);
      rows.push({
        area: 'page load',
        metric: `${s.name}: ${label}`,
        value: ms(med[key]!),
        note: `${key === 'mainContent' ? `h1 "${s.heading}" laid out` : note}; median of ${runs}, range ${ms(Math.min(...spread))}–${ms(Math.max(...spread))}`,
      });
    }
  }
  return { rows, results };
}
