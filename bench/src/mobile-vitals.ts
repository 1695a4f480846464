// LCP and CLS on Lighthouse's mobile profile, emulated through Playwright and the Chrome DevTools Protocol:
// a 412 × 823 viewport, 4× CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency; a cold cache
// (a fresh context per load), median of N. Also the bytes a cold landing load transfers (what went over the
// wire, headers included, from the protocol's encodedDataLength), compressed and, for comparison, with
// Accept-Encoding: identity (what the server sent before compression). Each LCP comes with its breakdown,
// as web-vitals' attribution computes it from the page's own timings: time to first byte, the LCP
// resource's load delay and load time (0 for text), and the element's render delay after that.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import type { LCPMetricWithAttribution } from 'web-vitals/attribution';
import { budget, kb, ms, type Row } from './table.ts';

/** web-vitals' attribution build as a script for the page: its `var webVitals`, made global (an init script
 * runs in a function scope) */
const WEB_VITALS = `${readFileSync(
  join(
    dirname(createRequire(import.meta.url).resolve('web-vitals/attribution')),
    'web-vitals.attribution.iife.js',
  ),
  'utf8',
)}\nwindow.webVitals = webVitals;`;

export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  cpuSlowdown: 4,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  latencyMs: 150,
};
/** The landing's targets on this profile. */
export const VITALS_BUDGET = { lcpMs: 1200, cls: 0.05 };
/** Loads of a page held to a target, whatever --runs says: single cold loads on two cores spread by ±300 ms,
 * and a median of five swung across the LCP target between runs of one build. */
const BUDGETED_MIN_RUNS = 9;

export interface VitalsScenario {
  name: string;
  path: string;
  /** the text of the page's h1 (or dialog title) the load waits for */
  heading: string;
  token?: string;
  /** the targets this page is held to (a PASS/FAIL); pages without one are reported only */
  budgets?: readonly ('lcp' | 'cls')[];
  /**
   * The page as a build without the prerender step serves it: the shell's own index.html, rendered in the
   * browser. The server answers a public page with its prerendered file when the build made one and with
   * index.html otherwise (api/src/plugins/static-site.ts, sendPage); the page's document request is sent to
   * /index.html instead, so the browser gets those very bytes over the same throttled network while the
   * page keeps its URL and the router renders it. A stand-in closer to a real build than a second build
   * (minutes) or a query string (the server ignores it and serves the prerendered file).
   */
  clientRendered?: boolean;
}

/** The landing as served (LCP and CLS targets) and client-rendered (CLS target), /login and /home signed in. */
export function vitalsScenarios(landingHeading: string, token: string): VitalsScenario[] {
  return [
    { name: '/ (landing)', path: '/', heading: landingHeading, budgets: ['lcp', 'cls'] },
    // the layout must hold without the prerendered HTML too: its LCP waits for the app by design
    {
      name: '/ (landing, not prerendered)',
      path: '/',
      heading: landingHeading,
      budgets: ['cls'],
      clientRendered: true,
    },
    { name: '/login', path: '/login', heading: 'Welcome back' },
    { name: '/home (signed in)', path: '/home', heading: 'Home', token },
  ];
}

export interface VitalsResult {
  lcp: number;
  cls: number;
  lcpElement: string;
  breakdown: LcpBreakdown;
}

export interface LcpBreakdown {
  ttfb: number;
  loadDelay: number;
  loadTime: number;
  renderDelay: number;
}

interface Vitals {
  lcp: number;
  lcpElement: string;
  /** the LCP element's resource (an image's), '' for text */
  lcpUrl: string;
  breakdown: LcpBreakdown;
  cls: number;
}

interface Sample extends Vitals {
  bytes: number;
  requests: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function mobileContext(browser: Browser, base: string, token?: string, identity = false) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: MOBILE.viewport,
    deviceScaleFactor: MOBILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    ...(identity ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}),
  });
  await context.addInitScript({ content: WEB_VITALS });
  await context.addInitScript((t) => {
    if (t) localStorage.setItem('mindpath.token', JSON.stringify(t));
    // buffered observers from the first byte: every LCP candidate and every layout shift without input
    const w = window as unknown as {
      __vitals: Vitals;
      webVitals: {
        onLCP(report: (m: LCPMetricWithAttribution) => void, opts: { reportAllChanges: boolean }): void;
      };
    };
    w.__vitals = {
      lcp: 0,
      lcpElement: '',
      lcpUrl: '',
      breakdown: { ttfb: 0, loadDelay: 0, loadTime: 0, renderDelay: 0 },
      cls: 0,
    };
    w.webVitals.onLCP(
      ({ value, attribution: a }) => {
        const el = a.lcpEntry?.element;
        Object.assign(w.__vitals, {
          lcp: value,
          lcpElement: el
            ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`
            : '?',
          lcpUrl: a.url ?? '',
          breakdown: {
            ttfb: a.timeToFirstByte,
            loadDelay: a.resourceLoadDelay,
            loadTime: a.resourceLoadDuration,
            renderDelay: a.elementRenderDelay,
          },
        });
      },
      { reportAllChanges: true },
    );
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__vitals.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  }, token ?? '');
  return context;
}

async function loadOnce(
  browser: Browser,
  base: string,
  s: VitalsScenario,
  identity = false,
): Promise<Sample> {
  const context: BrowserContext = await mobileContext(browser, base, s.token, identity);
  try {
    const page = await context.newPage();
    if (s.clientRendered)
      await page.route(
        (url) => url.pathname === s.path,
        (route) =>
          route.request().isNavigationRequest()
            ? route.continue({ url: new URL('/index.html', base).href })
            : route.continue(),
      );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downloadBytesPerSecond,
      uploadThroughput: MOBILE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      requests++;
    });
    await page.goto(s.path, { waitUntil: 'commit', timeout: 60_000 });
    await page.getByRole('heading', { name: s.heading, exact: true }).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    // LCP is final at the first input; a short quiet time lets a late shift or paint be counted
    await page.waitForTimeout(1000);
    const v = await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals);
    return { ...v, bytes, requests };
  } finally {
    await context.close();
  }
}

export async function measureMobileVitals(
  browser: Browser,
  base: string,
  scenarios: VitalsScenario[],
  runs: number,
): Promise<{ rows: Row[]; results: Record<string, VitalsResult> }> {
  const rows: Row[] = [];
  const results: Record<string, VitalsResult> = {};
  const profile = `412×823, 4× CPU, 1.6 Mbit/s, ${MOBILE.latencyMs} ms`;
  for (const s of scenarios) {
    await loadOnce(browser, base, s); // warm the server, not the browser
    const n = s.budgets ? Math.max(runs, BUDGETED_MIN_RUNS) : runs;
    const samples: Sample[] = [];
    for (let i = 0; i < n; i++) samples.push(await loadOnce(browser, base, s));
    const lcp = median(samples.map((x) => x.lcp));
    const cls = median(samples.map((x) => x.cls));
    const lcpElement = samples.at(-1)?.lcpElement ?? '?';
    const lcpUrl = samples.at(-1)?.lcpUrl ?? '';
    const part = (k: keyof LcpBreakdown) => median(samples.map((x) => x.breakdown[k]));
    const breakdown = {
      ttfb: part('ttfb'),
      loadDelay: part('loadDelay'),
      loadTime: part('loadTime'),
      renderDelay: part('renderDelay'),
    };
    results[s.name] = { lcp, cls, lcpElement, breakdown };
    const range = (xs: number[], f: (n: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
    rows.push({
      area: 'mobile vitals',
      metric: `${s.name}: LCP`,
      value: ms(lcp),
      ...(s.budgets?.includes('lcp')
        ? { check: budget(lcp <= VITALS_BUDGET.lcpMs, `≤ ${VITALS_BUDGET.lcpMs} ms`) }
        : {}),
      note: `${profile}; LCP element ${lcpElement}; median of ${n}, range ${range(
        samples.map((x) => x.lcp),
        ms,
      )}`,
    });
    rows.push({
      area: 'mobile vitals',
      metric: `${s.name}: LCP breakdown`,
      value: [breakdown.ttfb, breakdown.loadDelay, breakdown.loadTime, breakdown.renderDelay]
        .map((x) => Math.round(x))
        .join(' + '),
      note: `ms: TTFB + resource load delay + resource load time + element render delay (web-vitals attribution; medians of ${n}, so their sum is not quite the median LCP); LCP resource: ${lcpUrl ? new URL(lcpUrl).pathname : 'none (text)'}`,
    });
    rows.push({
      area: 'mobile vitals',
      metric: `${s.name}: CLS`,
      value: cls.toFixed(3),
      ...(s.budgets?.includes('cls')
        ? { check: budget(cls <= VITALS_BUDGET.cls, `≤ ${VITALS_BUDGET.cls}`) }
        : {}),
      note: `median of ${n}, range ${range(
        samples.map((x) => x.cls),
        (n) => n.toFixed(3),
      )}`,
    });
  }
  return { rows, results };
}

/** Bytes over the wire for a cold landing load (median of N), compressed as served and uncompressed. */
export async function measureLandingBytes(
  browser: Browser,
  base: string,
  landing: VitalsScenario,
  runs: number,
): Promise<{ rows: Row[]; result: { compressed: number; identity: number; requests: number } }> {
  const sample = async (identity: boolean) => {
    const xs: Sample[] = [];
    for (let i = 0; i < runs; i++) xs.push(await loadOnce(browser, base, landing, identity));
    return { bytes: median(xs.map((x) => x.bytes)), requests: median(xs.map((x) => x.requests)) };
  };
  const compressed = await sample(false);
  const identity = await sample(true);
  return {
    result: { compressed: compressed.bytes, identity: identity.bytes, requests: compressed.requests },
    rows: [
      {
        area: 'mobile vitals',
        metric: `${landing.name}: bytes transferred, cold`,
        value: kb(compressed.bytes),
        note: `${compressed.requests} requests, brotli/gzip as served; ${kb(identity.bytes)} with Accept-Encoding: identity; median of ${runs}`,
      },
    ],
  };
}
