import { PUBLIC_PAGES } from '@mindpath/contracts/public-pages';
import { expect, type Page, test } from '@playwright/test';
import { NO_CHOICE } from '../src/consent.ts';

// The prerendered public pages: written by React's server renderer at build time, they point only
// at their own origin, so a first visit requests nothing elsewhere and the CSP (img-src 'self') blocks nothing.
test.use({ storageState: NO_CHOICE });

const howItWorks = (page: Page) => page.locator('section#how-it-works');

for (const p of PUBLIC_PAGES) {
  test(`a cold load of ${p.path} stays on its origin and logs no error, before and after the take-over`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const elsewhere: string[] = [];
    const errors: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${origin}/`) && !r.url().startsWith('data:')) elsewhere.push(r.url());
      if (r.resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    // a violation the console does not show (a blocked inline style) is still one; not the federation
    // runtime's eval("require") probe, which it catches (shell/dist/main.*.js, @module-federation/sdk)
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => {
        if (e.blockedURI !== 'eval') console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`);
      }),
    );
    const res = await page.goto(p.path);
    expect(await res?.text()).toContain(`data-prerendered="${p.path}"`);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: p.heading, exact: true })).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    // the page's rules are on for the app, out of their template; the head's subset for the first paint gone
    await expect(page.locator('style#first-paint-rules')).toHaveCount(0);
    await expect(page.locator('template#page-rules')).toHaveCount(0);
    expect(
      await page.locator('style#page-rules').evaluate((s: HTMLStyleElement) => s.sheet?.cssRules.length),
    ).toBeGreaterThan(100);
    // each stylesheet once: the live app finds the prerendered page's links, a shared module's stylesheet
    // (written under two chunk ids, the same content hash) included
    const contents = stylesheets.map((path) => path.replace(/\/\d+\.(\w+\.css)$/, '/$1'));
    expect(contents).toEqual([...new Set(contents)]);
  });
}

test.describe('the landing without JavaScript: the prerendered markup alone', () => {
  test.use({ javaScriptEnabled: false });

  test("How it works shows its first tab's image, and every tab's image is served from the origin", async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const panel = howItWorks(page).getByRole('tabpanel');
    await expect(panel).toHaveCount(1); // the others are hidden until the app runs the tabs
    const first = panel.getByRole('img');
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const sources = await howItWorks(page)
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
    expect(sources).toHaveLength(4);
    for (const src of sources) {
      expect(src).toMatch(/^\/remotes\/auth\/[^/]+\/assets\/[\w-]+\.\w+\.jpg$/);
      const image = await page.request.get(new URL(src, baseURL).href);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/jpeg');
    }
  });
});

/** Every computed style of every element of #root, in document order, transitions (the theme's) finished. */
const computedStyles = (page: Page) =>
  page.evaluate(() => {
    for (const animation of document.getAnimations()) animation.finish();
    return [...document.querySelectorAll('#root *')].map((el) => {
      const style = getComputedStyle(el);
      return [...style].map((name) => `${name}: ${style.getPropertyValue(name)}`).join('; ');
    });
  });

test.describe('the first paint: the rules it needs alone', () => {
  // without the app, so nothing but the rules changes between the two readings
  test.use({ javaScriptEnabled: false });

  for (const p of PUBLIC_PAGES)
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 800 },
    ])
      test(`${p.path} at ${viewport.width} px looks the same with the head's subset as with all its rules, in both themes`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.goto(p.path);
        // <noscript> hides the cookie banner without JavaScript; the page with it is the one to compare
        await page.evaluate(() => {
          for (const n of document.querySelectorAll('noscript')) n.remove();
        });
        // the rules out of their template, as index.html's script puts them once the page has painted
        await page.evaluate(() => {
          const rules = document.getElementById('page-rules') as HTMLTemplateElement;
          rules.replaceWith(rules.content);
        });
        // every element styled: inside a section with content-visibility: auto (the landing's) that is off
        // screen, Chromium can answer getComputedStyle with a look from before the rules changed (CI failed
        // this test on "/" alone, as the a11y check's focus ring did); the property does not change the look
        await page.evaluate(() => {
          for (const el of document.querySelectorAll<HTMLElement>('#root *'))
            el.style.setProperty('content-visibility', 'visible', 'important');
        });
        for (const theme of ['dark', 'light']) {
          await page.evaluate((t) => {
            document.documentElement.dataset.theme = t;
            (document.getElementById('page-rules') as HTMLStyleElement).media = 'print';
            (document.getElementById('first-paint-rules') as HTMLStyleElement).media = 'all';
          }, theme);
          const firstPaint = await computedStyles(page);
          await page.evaluate(() => {
            (document.getElementById('page-rules') as HTMLStyleElement).media = 'all';
            (document.getElementById('first-paint-rules') as HTMLStyleElement).media = 'not all';
          });
          expect(await computedStyles(page)).toEqual(firstPaint);
        }
      });
});

test("once the app has taken over, each How it works tab's image is loaded", async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  const tabs = page.getByRole('tablist', { name: 'How it works' }).getByRole('tab');
  await howItWorks(page).scrollIntoViewIfNeeded();
  for (let i = 0; i < 4; i++) {
    await tabs.nth(i).click(); // a click also holds the carousel on that tab
    const img = howItWorks(page).getByRole('tabpanel').getByRole('img');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
});
