// pnpm --filter @mindpath/e2e screenshots:landing [base URL]
// The landing's How it works tabs show the product itself, never stock art. This takes those four
// screenshots from a running product (default http://127.0.0.1:8080, `npm start`): it registers a learner
// through the API, sets a goal with a generated roadmap and one finished lesson, and photographs the new-goal
// dialog, the learning plan, a lesson and the home dashboard in the dark theme. Rerun it when those pages
// change; the JPEGs are committed under mf-auth/src/features/landing/screenshots/.
import { join } from 'node:path';
import { chromium, type Page, request } from '@playwright/test';
import { REPO_ROOT } from '../src/env.ts';
import { registerLearner } from '../src/learner.ts';
import { apiFor } from '../src/plan.ts';

const baseUrl = (process.argv[2] ?? process.env.SCREENSHOT_BASE_URL ?? 'http://127.0.0.1:8080').replace(
  /\/$/,
  '',
);
const OUT = join(REPO_ROOT, 'mf-auth', 'src', 'features', 'landing', 'screenshots');
/** The size the landing declares for them (how-it-works-section.tsx): sharp at 2× on a 600 px column. */
const VIEWPORT = { width: 1200, height: 750 };
const QUALITY = 72;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // let entrance animations end
  await page.waitForTimeout(800);
}

async function main() {
  const api = await request.newContext();
  const learner = await registerLearner(api, baseUrl);
  const client = apiFor(api, baseUrl, learner);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'dark' });
  await context.addInitScript(
    ({ token, consent }) => {
      localStorage.setItem('mindpath.token', JSON.stringify(token));
      localStorage.setItem('mindpath.theme', JSON.stringify('dark'));
      localStorage.setItem('mindpath.cookieConsent', JSON.stringify(consent));
    },
    {
      token: learner.token,
      consent: {
        necessary: true,
        analytics: false,
        marketing: false,
        functional: false,
        timestamp: new Date().toISOString(),
        version: '1.0',
      },
    },
  );
  const page = await context.newPage();
  const shoot = async (name: string) => {
    await settle(page);
    await page.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: QUALITY });
    console.log(`${name}.jpg`);
  };

  await page.goto(`${baseUrl}/goals/new`);
  await page
    .getByPlaceholder('e.g. Build web apps with React and TypeScript')
    .fill('Learn data analysis with Python');
  await shoot('set-your-goals');

  // the goal is made only now: a free learner who has one meets the goal limit on /goals/new
  const goalId = await client.createGoal('Build web apps with TypeScript');
  const plan = await client.generateRoadmap(goalId);
  const firstSection = plan.roadmaps[0];
  const lessons = firstSection ? (plan.lessonsForRoadmaps[firstSection.id] ?? []) : [];
  const [done, next] = lessons;
  if (!done || !next) throw new Error('the generated roadmap has fewer than two lessons');
  await client.completeLesson(done.id);

  await page.goto(`${baseUrl}/learning-plan/${goalId}`);
  await shoot('get-your-roadmap');

  await page.goto(`${baseUrl}/lessons/${next.id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shoot('learn-interactively');

  await page.goto(`${baseUrl}/home`);
  await shoot('track-progress');

  await browser.close();
  await api.dispose();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
