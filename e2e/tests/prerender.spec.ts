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
