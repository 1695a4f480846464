// Chromium for the browser measures: a fresh context (own cache and storage) per page load, optionally
// signed in the way the SDK keeps a session (the token as a JSON string under 'mindpath.token').
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { QUIET_CHROMIUM_ARGS } from '../../scripts/lib/chromium-flags.ts';

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: QUIET_CHROMIUM_ARGS });
}

export async function newContext(browser: Browser, base: string, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  if (token)
    await context.addInitScript((t) => localStorage.setItem('mindpath.token', JSON.stringify(t)), token);
  // First render of the shell: the boot placeholder index.html puts in #root is replaced by React.
  await context.addInitScript(() => {
    const w = window as unknown as { __benchFirstRender?: number };
    const observer = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (root && !root.querySelector('.boot') && root.childElementCount > 0) {
        w.__benchFirstRender = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  return context;
}

/** Tracks a page's requests; `settled()` resolves once none has been in flight for `quietMs`. */
export function trackNetwork(page: Page, quietMs = 750) {
  let inFlight = 0;
  let lastChange = performance.now();
  const urls: string[] = [];
  page.on('request', (r) => {
    inFlight++;
    lastChange = performance.now();
    urls.push(new URL(r.url()).pathname);
  });
  const done = () => {
    inFlight--;
    lastChange = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** URL paths requested so far, in order */
    urls,
    async settled(timeoutMs = 30_000): Promise<void> {
      const start = performance.now();
      while (inFlight > 0 || performance.now() - lastChange < quietMs) {
        if (performance.now() - start > timeoutMs) throw new Error('the page never settled');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
