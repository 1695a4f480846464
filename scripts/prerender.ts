// The last step of `pnpm build`: the public pages as HTML that already holds their content, so they paint
// before any script has run (issue 14). Each page is rendered by the product itself — the built shell and
// the released remotes, served from disk to headless Chromium — and its #root is written into a copy of
// the shell's index.html with the page's title, description, Open Graph tags and the stylesheets it used:
// shell/dist/prerendered/<file>, precompressed like every other file. In the browser the shell renders
// the live app beside that markup and swaps it in once it has settled (shell/src/prerender/take-over.ts).
// Without a Chromium (a fresh machine without root) it says so and the pages are served unrendered.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSENT_VERSION } from '@mindpath/contracts/cookie-consent';
import { PUBLIC_PAGES, type PublicPage } from '@mindpath/contracts/public-pages';
import { chromium } from '@playwright/test';
import { precompressDir } from '../shared/mf/src/precompress.ts';
import { renderPage } from './lib/prerender-html.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shellDist = join(root, 'shell', 'dist');
const deployDir = resolve(process.env.DEPLOY_DIR || join(root, '.deploy'));
const outDir = join(shellDist, 'prerendered');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
};

/** The built site as the API serves it (shell, remotes.json, released remotes, SPA fallback), no API. */
function serve(req: IncomingMessage, res: ServerResponse) {
  const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
  const file = path.startsWith('/remotes')
    ? join(deployDir, path)
    : path.startsWith('/api/')
      ? null
      : join(shellDist, path);
  const found = file && extname(file) && existsSync(file) ? file : null;
  if (path.startsWith('/api/') || (!found && extname(path))) {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end('{"message":"not found","code":"NOT_FOUND"}');
    return;
  }
  const target = found ?? join(shellDist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
  res.end(readFileSync(target));
}

async function main() {
  if (!existsSync(chromiumPath)) {
    console.warn(
      `prerender: no Chromium at ${chromiumPath} (CHROMIUM_PATH): public pages are served unrendered`,
    );
    return;
  }
  const template = readFileSync(join(shellDist, 'index.html'), 'utf8');
  const server = createServer(serve).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const t0 = Date.now();
  try {
    for (const page of PUBLIC_PAGES) {
      let snapshot = await snapshotOf(browser, base, page);
      // a carousel that rotated before the snapshot (a slow machine) would jump back at the take-over
      for (let retry = 0; snapshot.rotated && retry < 3; retry++)
        snapshot = await snapshotOf(browser, base, page);
      if (snapshot.rotated)
        throw new Error(`prerender ${page.path}: a tab list kept moving off its first tab`);
      writeFileSync(join(outDir, page.file), renderPage(template, page, snapshot));
    }
  } finally {
    await browser.close();
    server.close();
  }
  await precompressDir(outDir);
  console.log(`prerender: ${PUBLIC_PAGES.length} public pages in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** The page as a first-time visitor sees it: dark theme, no session, no cookie choice yet (the banner shows). */
async function snapshotOf(browser: import('@playwright/test').Browser, base: string, page: PublicPage) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  try {
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(base + page.path, { waitUntil: 'networkidle' });
    await tab.getByRole('heading', { name: page.heading, exact: true }).first().waitFor({ timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    if (errors.length) throw new Error(`prerender ${page.path}: ${errors.join('; ')}`);
    return await tab.evaluate((consentVersion) => {
      const rootEl = document.getElementById('root');
      if (!rootEl) throw new Error('no #root');
      // a form answers only once the app has taken over: nothing typed is lost in the swap, and a native
      // submit (a GET with the password in the URL) cannot happen
      for (const form of rootEl.querySelectorAll('form')) {
        form.setAttribute('inert', '');
        for (const field of form.querySelectorAll('input, textarea')) field.setAttribute('readonly', '');
      }
      if (!document.querySelector('[data-modal-companion="cookie-banner"]'))
        throw new Error(`no cookie banner (consent version ${consentVersion})`);
      const stylesheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (l) => new URL(l.href).pathname,
      );
      const rotated = [...rootEl.querySelectorAll('[role="tablist"]')].some(
        (list) => list.querySelector('[role="tab"]')?.getAttribute('aria-selected') !== 'true',
      );
      return { html: rootEl.innerHTML, stylesheets, rotated };
    }, CONSENT_VERSION);
  } finally {
    await context.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
