import { chromium, request as pwRequest } from '@playwright/test';
import { learnerWithRoadmap } from './src/plan.ts';

const base = 'http://127.0.0.1:8123';
const request = await pwRequest.newContext({ baseURL: base });
const { learner, api, goalId, plan } = await learnerWithRoadmap(request);
const first = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![0]!;
await api.call('GET', `/lessons/${first.id}`);
const share = await api.call('PUT', `/goals/${goalId}/share`, { showProgress: true });
const slug = (share as { slug: string }).slug;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const theme of ['dark', 'light'])
  for (const width of [1280, 850]) {
    const ctx = await browser.newContext({
      viewport: { width, height: 1000 },
      colorScheme: theme as 'dark' | 'light',
    });
    await ctx.addInitScript(
      ([t, th]) => {
        localStorage.setItem('mindpath.token', JSON.stringify(t));
        localStorage.setItem('mindpath.theme', JSON.stringify(th));
        sessionStorage.setItem('mindpath.welcomeShown', 'true');
        localStorage.setItem('mindpath.cookieConsent', JSON.stringify('essential'));
      },
      [learner.token, theme],
    );
    const page = await ctx.newPage();
    const shot = async (name: string, path: string, full = true) => {
      await page.goto(base + path);
      await page.waitForTimeout(4000);
      await page.screenshot({ path: `/tmp/shots/${name}-${theme}-${width}.png`, fullPage: full });
    };
    await shot('plan', `/learning-plan/${goalId}`);
    await shot('course', `/learning-plan/${goalId}/course`, false);
    await page.goto(base + '/settings');
    await page.waitForTimeout(3000);
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/privacy-${theme}-${width}.png`, fullPage: true });
    const anon = await browser.newContext({
      viewport: { width, height: 1000 },
      colorScheme: theme as 'dark' | 'light',
    });
    await anon.addInitScript((th) => {
      localStorage.setItem('mindpath.theme', JSON.stringify(th));
    }, theme);
    const p2 = await anon.newPage();
    await p2.goto(`${base}/share/${slug}`);
    await p2.waitForTimeout(4000);
    await p2.screenshot({ path: `/tmp/shots/share-${theme}-${width}.png`, fullPage: true });
    await anon.close();
    await ctx.close();
  }
await browser.close();
console.log('done', slug);
