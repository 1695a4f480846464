// LCP and CLS on Lighthouse's mobile profile, emulated through Playwright and the Chrome DevTools Protocol:
// a 412 × 823 viewport, 4× CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency; a cold cache
// (a fresh context per load), median of N. Also the bytes a cold landing load transfers (what went over the
// wire, headers included, from the protocol's encodedDataLength), compressed and, for comparison, with
// Accept-Encoding: identity (what the server sent before issue 14).
import type { Browser, BrowserContext } from '@playwright/test';
import { kb, ms, type Row } from './table.ts';

export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  cpuSlowdown: 4,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  latencyMs: 150,
};
/** Targets of issue 14 for the landing on this profile. */
export const VITALS_BUDGET = { lcpMs: 1200, cls: 0.05 };

export interface VitalsScenario {
  name: string;
  path: string;
  /** the text of the page's h1 (or dialog title) the load waits for */
  heading: string;
  token?: string;
  /** only pages with a target get a PASS/FAIL */
  budget?: boolean;
}

/** The landing (with the targets), /login and /home signed in. */
export function vitalsScenarios(landingHeading: string, token: string): VitalsScenario[] {
  return [
    { name: '/ (landing)', path: '/', heading: landingHeading, budget: true },
    { name: '/login', path: '/login', heading: 'Welcome back' },
    { name: '/home (signed in)', path: '/home', heading: 'Home', token },
  ];
}

interface Sample {
  lcp: number;
  lcpElement: string;
  cls: number;
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
  await context.addInitScript((t) => {
    if (t) localStorage.setItem('mindpath.token', JSON.stringify(t));
    // buffered observers from the first byte: every LCP candidate and every layout shift without input
    const w = window as unknown as { __vitals: { lcp: number; lcpElement: string; cls: number } };
    w.__vitals = { lcp: 0, lcpElement: '', cls: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        w.__vitals.lcp = e.startTime;
        const el = e.element;
        w.__vitals.lcpElement = el
          ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`
          : '?';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
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
    const v = await page.evaluate(
      () => (window as unknown as { __vitals: { lcp: number; lcpElement: string; cls: number } }).__vitals,
    );
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
): Promise<{ rows: Row[]; results: Record<string, { lcp: number; cls: number; lcpElement: string }> }> {
  const rows: Row[] = [];
  const results: Record<string, { lcp: number; cls: number; lcpElement: string }> = {};
  const profile = `412×823, 4× CPU, 1.6 Mbit/s, ${MOBILE.latencyMs} ms`;
  for (const s of scenarios) {
    await loadOnce(browser, base, s); // warm the server, not the browser
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await loadOnce(browser, base, s));
    const lcp = median(samples.map((x) => x.lcp));
    const cls = median(samples.map((x) => x.cls));
    const lcpElement = samples.at(-1)?.lcpElement ?? '?';
    results[s.name] = { lcp, cls, lcpElement };
    const range = (xs: number[], f: (n: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
    rows.push({
      area: 'mobile vitals',
      metric: `${s.name}: LCP`,
      value: ms(lcp),
      ...(s.budget
        ? { check: { ok: lcp <= VITALS_BUDGET.lcpMs, label: `≤ ${VITALS_BUDGET.lcpMs} ms` } }
        : {}),
      note: `${profile}; LCP element ${lcpElement}; median of ${runs}, range ${range(
        samples.map((x) => x.lcp),
        ms,
      )}`,
    });
    rows.push({
      area: 'mobile vitals',
      metric: `${s.name}: CLS`,
      value: cls.toFixed(3),
      ...(s.budget ? { check: { ok: cls <= VITALS_BUDGET.cls, label: `≤ ${VITALS_BUDGET.cls}` } } : {}),
      note: `median of ${runs}, range ${range(
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
