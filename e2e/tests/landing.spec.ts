import { PUBLIC_PAGES } from '@mindpath/contracts/public-pages';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, startInTheme, THEMES } from '../src/axe.ts';
import { CONSENT_KEY, NO_CHOICE } from '../src/consent.ts';
import { registerLearner, signIn } from '../src/learner.ts';

// The public site (spec 1 §2–§4, §9): the landing's anchors and carousel, the plan buttons, /about and
// /pricing, and the cookie banner. These tests start with no cookie choice stored.
test.use({ storageState: NO_CHOICE });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Mindpath' });
const storedConsent = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CONSENT_KEY);
const tabs = (page: Page) => page.getByRole('tablist', { name: 'How it works' }).getByRole('tab');
const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

async function decline(page: Page) {
  await banner(page).getByRole('button', { name: 'Reject All' }).click();
  await expect(banner(page)).toBeHidden();
}

test.describe('the landing page', () => {
  test('every nav anchor scrolls to its section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await decline(page);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const targets = [
      ['Why Mindpath', '#problem', 'Why Mindpath'],
      ['How it works', '#how-it-works', 'How it works'],
      ['Pricing', '#pricing', 'Pricing'],
      ['Home', '#hero', 'Learn anything with a roadmap built around you'],
    ] as const;
    for (const [link, hash, heading] of targets) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${hash}$`));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeInViewport();
    }
    for (const id of ['hero', 'problem', 'how-it-works', 'features', 'pricing']) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' })).toBeVisible();
  });

  test('the How it works tabs rotate every 3 s, hold while hovered or focused, and pause', async ({
    page,
  }) => {
    await page.goto('/');
    await decline(page);
    await expect(tabs(page)).toHaveText([
      '1Set Your Goals',
      '2Get Your Roadmap',
      '3Learn Interactively',
      '4Track Progress',
    ]);
    await expect(selectedTab(page)).toContainText('Set Your Goals');
    await expect(selectedTab(page)).toContainText('Get Your Roadmap', { timeout: 4500 });
    // each panel shows the product's own screenshot
    const panel = page.getByRole('tabpanel', { name: /Get Your Roadmap/ });
    await expect(panel.getByRole('img', { name: /learning plan in Mindpath/ })).toBeVisible();

    // hovered: holds
    await page.getByRole('tabpanel').hover();
    const held = await selectedTab(page).textContent();
    await page.waitForTimeout(4000);
    await expect(selectedTab(page)).toHaveText(held ?? '');
    await page.mouse.move(0, 0);
    await expect(selectedTab(page)).not.toHaveText(held ?? '', { timeout: 4500 });

    // the pause control stops it until pressed again (its name says which it does next)
    const control = page.getByRole('button', { name: /the rotation of the steps$/ });
    await expect(control).toHaveAccessibleName('Pause the rotation of the steps');
    await control.click();
    await control.blur();
    await page.mouse.move(0, 0);
    await expect(control).toHaveAccessibleName('Play the rotation of the steps');
    const paused = await selectedTab(page).textContent();
    await page.waitForTimeout(4000);
    await expect(selectedTab(page)).toHaveText(paused ?? '');
    await control.click();
    await control.blur();
    await page.mouse.move(0, 0);
    await expect(selectedTab(page)).not.toHaveText(paused ?? '', { timeout: 4500 });
  });

  test('the tabs work as ARIA tabs by keyboard, and hold while focused', async ({ page }) => {
    await page.goto('/');
    await decline(page);
    await page.mouse.move(0, 0);
    const first = tabs(page).first();
    await first.focus();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs(page).nth(1)).toBeFocused();
    await expect(tabs(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', /.+/);
    await page.keyboard.press('End');
    await expect(tabs(page).nth(3)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs(page).nth(3)).toBeFocused();
    // focused: the rotation holds
    await page.waitForTimeout(4000);
    await expect(tabs(page).nth(3)).toHaveAttribute('aria-selected', 'true');
    // only the selected tab is in the Tab order
    await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  });

  test('logged out: the free button registers on the free plan, the Pro button on the Pro plan', async ({
    page,
  }) => {
    await page.goto('/');
    await decline(page);
    const pricing = page.getByRole('region', { name: 'Pricing' });
    await pricing.getByRole('link', { name: 'Start for free' }).click();
    await expect(page).toHaveURL(/\/register\?plan=free$/);
    await page.goto('/#pricing');
    await pricing.getByRole('link', { name: 'Get Pro' }).click();
    await expect(page).toHaveURL(/\/register\?plan=pro$/);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('/about and /pricing', () => {
  test("the header's About and Pricing open their pages; /pricing compares the plans", async ({ page }) => {
    await page.goto('/privacy-policy');
    await decline(page);
    const header = page.getByRole('navigation', { name: 'Site' });
    await header.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Mindpath' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How we treat your data' })).toBeVisible();
    await header.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Price \$0\/month \$20\/month/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /AI chat queries 5 per day Unlimited/ })).toBeVisible();
    await expect(page.getByText('Yes: a 30-day money-back guarantee on Professional.')).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Can I cancel anytime?' })).toBeVisible();
    await page.getByRole('article', { name: 'Professional' }).getByRole('link', { name: 'Get Pro' }).click();
    await expect(page).toHaveURL(/\/register\?plan=pro$/);
  });

  test('a logged-in learner opens /about and /pricing; the Pro button goes straight to checkout', async ({
    page,
    request,
  }) => {
    await signIn(page, await registerLearner(request));
    await page.goto('/about');
    await decline(page);
    await expect(page.getByRole('heading', { level: 1, name: 'About Mindpath' })).toBeVisible();
    await page.goto('/pricing');
    await expect(page.getByRole('article', { name: 'Basic' })).toContainText('Your current plan');
    await page
      .getByRole('article', { name: 'Professional' })
      .getByRole('button', { name: 'Upgrade to Pro' })
      .click();
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  });
});

test.describe('the cookie banner', () => {
  test('Reject All stores the three optional categories off, and the banner stays closed after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(banner(page).getByRole('button')).toHaveText([
      'Reject All',
      'Customize Settings',
      'Accept All',
    ]);
    await decline(page);
    expect(await storedConsent(page)).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      version: '1.0',
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test('Accept All stores all on; the footer reopens the banner with the choice', async ({ page }) => {
    await page.goto('/about');
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: true, functional: true });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'About Mindpath' })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner(page)).toBeFocused();
    await expect(banner(page).getByRole('switch', { name: /Analytics/ })).toBeChecked();
    await expect(banner(page).getByRole('switch', { name: /Necessary/ })).toBeDisabled();
    await expect(banner(page).getByRole('switch', { name: /Necessary/ })).toBeChecked();
  });

  test('Customize → Save stores the categories chosen (all off by default); a new consent version asks again', async ({
    page,
  }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Customize Settings' }).click();
    for (const name of [/Analytics/, /Marketing/, /Functional/]) {
      await expect(banner(page).getByRole('switch', { name })).not.toBeChecked();
    }
    await banner(page)
      .getByRole('switch', { name: /Functional/ })
      .check();
    await banner(page).getByRole('button', { name: 'Save Preferences' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: true,
      version: '1.0',
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    // a choice made under another version of the consent text does not count
    await page.evaluate((key) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...stored, version: '0.9' }));
    }, CONSENT_KEY);
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test('Settings → Privacy shows the current choice and reopens the banner', async ({ page, request }) => {
    await signIn(page, await registerLearner(request));
    await page.goto('/settings');
    await banner(page).getByRole('button', { name: 'Reject All' }).click();
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const choice = page.getByRole('list', { name: 'Your cookie choice' });
    await expect(choice).toContainText('Analytics: off');
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await banner(page)
      .getByRole('switch', { name: /Marketing/ })
      .check();
    await banner(page).getByRole('button', { name: 'Save Preferences' }).click();
    await expect(choice).toContainText('Marketing: on');
    await expect(choice).toContainText('Analytics: off');
  });

  test('it never covers the login form: the dialog ends above it, and Tab reaches it from the dialog', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    // measured on the live page: once it holds focus (a prerendered page takes none), the prerendered one,
    // swapped out between two measures, is gone (its banner measured as missing once)
    await expect(dialog.getByLabel('Email')).toBeFocused();
    const logIn = dialog.getByRole('button', { name: 'Log in' });
    await logIn.scrollIntoViewIfNeeded();
    const button = await logIn.boundingBox();
    const top = (await banner(page).boundingBox())?.y ?? 0;
    expect(button && button.y + button.height).toBeLessThanOrEqual(top);
    await expect(logIn).toBeInViewport({ ratio: 1 });
    // keyboard: from the dialog's last control the next Tab stop is the banner
    await dialog.getByRole('link', { name: 'Sign up' }).focus();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Reject All' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    await expect(dialog).toBeVisible();
  });
  test("a learner who has not chosen: the banner reserves its height, so the side menu's foot, the tutor and the timer stay clear", async ({
    page,
    request,
  }) => {
    await signIn(page, await registerLearner(request));
    for (const width of [1280, 850]) {
      await page.setViewportSize({ width, height: 720 });
      await page.goto('/home');
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      const foot = [
        sidebar.getByRole('button', { name: 'Logout' }),
        sidebar.getByRole('link', { name: /Privacy policy/ }),
        page.getByRole('button', { name: 'Open AI tutor' }),
        page.getByRole('button', { name: /^Focus timer/ }),
      ];
      const top = (await banner(page).boundingBox())?.y ?? 0;
      expect(top).toBeGreaterThan(300);
      for (const control of foot) {
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        expect(box && box.y + box.height, `${control} at ${width} px`).toBeLessThanOrEqual(top);
      }
      // the page itself scrolls clear of it too
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const main = await page.locator('main#main').boundingBox();
      expect(main && main.y + main.height).toBeLessThanOrEqual(top + 1);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing arrives as HTML holding its h1 and the pricing plans, compressed', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Learn anything with a roadmap built around you' }),
    ).toBeVisible();
    const pricing = page.getByRole('region', { name: 'Pricing' });
    await expect(pricing.getByRole('article', { name: 'Basic' })).toContainText('$0');
    await expect(pricing.getByRole('article', { name: 'Professional' })).toContainText('$20');
    // nothing to answer without a script: the cookie banner stays out of the way
    await expect(banner(page)).toBeHidden();
    // its links are plain links to prerendered pages
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  });

  test('every public page has its content, title, description and Open Graph tags', async ({ page }) => {
    for (const p of PUBLIC_PAGES) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { name: p.heading, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(p.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', p.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', p.title);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', p.description);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
      await expect(page.locator('meta[name="robots"]')).toHaveCount(p.indexed ? 0 : 1);
    }
    await page.goto('/pricing');
    await expect(page.getByRole('table')).toContainText('Professional');
    await page.goto('/login');
    const form = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(form.getByLabel('Email')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('robots.txt allows the site, keeps crawlers off the API and names the sitemap, which lists the pages', async ({
    page,
    baseURL,
  }) => {
    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGES.filter((p) => p.indexed).map((p) => `${baseURL}${p.path}`));
  });
});

test('the app takes over a prerendered page in place: the same heading, no second copy, a working app', async ({
  page,
}) => {
  await page.goto('/pricing');
  await decline(page);
  await expect(page.locator('#root')).toHaveCount(1);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Mindpath' })).toBeVisible();
});

for (const width of [360, 900, 1280]) {
  test(`at ${width} px the public pages fit: no horizontal scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/about', '/pricing']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(width);
    }
  });
}

for (const theme of THEMES) {
  test(`axe: the cookie banner and its settings in the ${theme} theme`, async ({ page }) => {
    await startInTheme(page, theme);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expectNoSeriousViolations(page, `landing with the cookie banner (${theme})`);
    await banner(page).getByRole('button', { name: 'Customize Settings' }).click();
    await expectNoSeriousViolations(page, `cookie settings (${theme})`);
  });
}
