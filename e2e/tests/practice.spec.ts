import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, settled, THEMES } from '../src/axe.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { type Learner, registerLearner, signIn } from '../src/learner.ts';
import { lessonArticle as article } from '../src/lessons.ts';
import { type Api, apiFor, lessonsOf } from '../src/plan.ts';

// Practice in Chromium through the one URL, on the offline generator's curated curricula: a lesson's
// examples run in the browser (SQL on the lesson's tables, Python and JavaScript with a time limit and Stop),
// an exercise is checked by its hidden tests, the one the learner failed comes back in /review, and nothing
// of an editor or a runtime is in the lesson page's first load.

// roadmap and lesson generation, and a runtime's first start (Python: several MB), on a loaded 2-core machine
const GENERATION_TIMEOUT = 90_000;
const FIRST_RUN_TIMEOUT = 60_000;

interface Setup {
  learner: Learner;
  api: Api;
  lessonId: string;
}

/** A learner whose goal gets a curated curriculum, with one of its lessons written (found by its title). */
async function lessonOf(request: APIRequestContext, goal: string, title: RegExp): Promise<Setup> {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal(goal);
  const plan = await api.generateRoadmap(goalId);
  const lesson = lessonsOf(plan).find((l) => title.test(l.title));
  if (!lesson)
    throw new Error(
      `no lesson like ${title} in ${lessonsOf(plan)
        .map((l) => l.title)
        .join(', ')}`,
    );
  await api.call('POST', `/lessons/${lesson.id}/generate-content`);
  await api.call('GET', `/lessons/${lesson.id}/content-status?waitMs=60000`);
  return { learner, api, lessonId: lesson.id };
}

/** A runnable example of the lesson, by its language. */
const example = (page: Page, language: string) =>
  article(page).locator(`[data-runnable="${language}"]`).first();
const output = (block: Locator) => block.getByRole('region', { name: 'Output' });

/** Replaces what the editor holds with `code`, typed as a learner would. */
async function typeCode(block: Locator, code: string) {
  const editor = block.getByRole('textbox');
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.press('Delete');
  await editor.pressSequentially(code);
}

/** The page's idle time is held back until the test lets it come (`releaseIdle`). */
async function holdIdle(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __idle: (() => void)[] } & Window;
    w.__idle = [];
    w.requestIdleCallback = (cb: IdleRequestCallback) => {
      w.__idle.push(() => cb({ didTimeout: false, timeRemaining: () => 50 }));
      return w.__idle.length;
    };
    w.cancelIdleCallback = () => undefined;
  });
}

const releaseIdle = (page: Page) =>
  page.evaluate(() => {
    for (const cb of (window as unknown as { __idle: (() => void)[] }).__idle.splice(0)) cb();
  });

async function openLesson(page: Page, { learner, lessonId }: Setup) {
  await signIn(page, learner);
  await page.goto(`/lessons/${lessonId}`);
  await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible({
    timeout: GENERATION_TIMEOUT,
  });
}

test('SQL: the INNER JOIN example runs on the lesson’s tables, edited runs again; an exercise failed, then passed with a hint, comes back in review', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const setup = await lessonOf(request, 'Learn SQL', /^INNER JOIN$/);
  await openLesson(page, setup);

  const block = example(page, 'sql');
  await expect(block).toContainText('INNER JOIN orders AS o ON o.customer_id = c.id');
  await block.getByRole('button', { name: 'Run' }).click();
  const table = output(block).getByRole('table');
  await expect(table).toBeVisible({ timeout: FIRST_RUN_TIMEOUT });
  await expect(table.getByRole('columnheader')).toHaveText(['name', 'order_id', 'total']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('td:first-child')).toHaveText(['Ada', 'Ada', 'Linus']);
  await expect(rows.locator('td:nth-child(2)')).toHaveText(['10', '11', '12']);

  // edited: the learner's own query, on the same tables; Ctrl+Enter runs it
  await typeCode(block, 'SELECT name FROM customers ORDER BY name;');
  await block.getByRole('textbox').press('ControlOrMeta+Enter');
  await expect(output(block).locator('tbody tr td')).toHaveText(['Ada', 'Grace', 'Linus']);
  // a mistake is said in plain words
  await typeCode(block, 'SELECT nme FROM customers;');
  await block.getByRole('button', { name: 'Run' }).click();
  await expect(output(block)).toContainText('There is no column of that name');
  // Reset: the lesson's code again
  await block.getByRole('button', { name: 'Reset' }).click();
  await expect(block.getByRole('textbox')).toContainText('INNER JOIN orders AS o');

  // the exercise: the starter code misses the filter (3 rows, not 2), then hint 2 tells how
  const practice = page.getByRole('region', { name: 'Exercises' });
  const exercise = practice.getByRole('article', { name: /Orders over 20/ });
  await expect(exercise).toBeVisible();
  await exercise.getByRole('button', { name: 'Check' }).click();
  await expect(exercise.getByText('The test did not pass.')).toBeVisible({ timeout: FIRST_RUN_TIMEOUT });
  await exercise.getByRole('button', { name: 'Show hint 1' }).click();
  await expect(exercise.getByText('Hint 1')).toBeVisible();
  await exercise.getByRole('button', { name: 'Show hint 2' }).click();
  await expect(exercise.getByText('Add WHERE o.total > 20 after the ON condition.')).toBeVisible();
  await expect(exercise.getByRole('button', { name: 'Show solution' })).toBeVisible();
  await expect(exercise.getByText('2 hints used')).toBeVisible();
  await typeCode(
    exercise,
    'SELECT c.name, o.id AS order_id\nFROM customers AS c\nINNER JOIN orders AS o ON o.customer_id = c.id\nWHERE o.total > 20;',
  );
  await exercise.getByRole('button', { name: 'Check' }).click();
  // a Check runs on a fresh copy of the lesson's tables: a busy machine takes seconds to make one
  await expect(exercise.getByText('The test passed: solved.')).toBeVisible({ timeout: FIRST_RUN_TIMEOUT });

  // the failed attempt made a review card: "Solve again", with the same editor and Check
  await page.goto('/review');
  const card = page.getByTestId('review-card');
  await expect(card.getByRole('heading', { level: 2, name: 'Solve again' })).toBeVisible({ timeout: 30_000 });
  const again = card.getByRole('article', { name: /Orders over 20/ });
  await expect(again.getByRole('textbox')).toBeVisible();
  await typeCode(
    again,
    'SELECT c.name, o.id AS order_id FROM customers AS c JOIN orders AS o ON o.customer_id = c.id WHERE o.total > 20;',
  );
  await again.getByRole('button', { name: 'Check' }).click();
  await expect(again.getByText('The test passed: solved.')).toBeVisible({ timeout: FIRST_RUN_TIMEOUT });
  await card.getByRole('button', { name: /^Good/ }).click();
  await expect(card.getByRole('heading', { level: 2, name: 'Solve again' })).toBeHidden();
});

test('Python: nothing of the editor or a runtime in the first load; a loop that never ends stops at the time limit, and the next run works', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const setup = await lessonOf(request, 'Learn Python', /^Variables and basic types$/);
  // the page's idle time is held back until the test lets it come: the first load is what loads without it
  await holdIdle(page);
  const runtimeRequests: string[] = [];
  const editorChunks: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.includes('/runtimes/')) runtimeRequests.push(r.url());
  });
  page.on('response', async (r) => {
    if (!r.url().endsWith('.js')) return;
    // CodeMirror's view writes this class name: a chunk that has it carries the editor
    const body = await r.text().catch(() => '');
    if (body.includes('cm-content')) editorChunks.push(r.url());
  });
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));

  await openLesson(page, setup);
  const block = example(page, 'python');
  await expect(block.getByRole('button', { name: 'Run' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(runtimeRequests).toEqual([]);
  expect(editorChunks).toEqual([]);
  expect(workers).toEqual([]);
  await expect(block.locator('.cm-editor')).toHaveCount(0);

  // idle: the editor takes the code's place and the runtime starts loading
  await releaseIdle(page);
  await expect(block.getByRole('textbox', { name: 'Example code, Python' })).toBeVisible();
  await expect.poll(() => editorChunks.length).toBeGreaterThan(0);
  await expect.poll(() => runtimeRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);

  await typeCode(block, 'while True: pass');
  await block.getByRole('button', { name: 'Run' }).click();
  // the loop runs in a Worker, so the page keeps answering: Stop is there to press (how long the page's
  // longest task is meanwhile is measured by `pnpm bench --only practice`)
  await expect(block.getByRole('button', { name: 'Stop' })).toBeEnabled();
  await expect(output(block)).toContainText('Time limit reached', { timeout: FIRST_RUN_TIMEOUT });

  await typeCode(block, 'total = sum(range(1, 11))\nprint("total:", total)\ntotal * 2');
  await block.getByRole('button', { name: 'Run' }).click();
  await expect(output(block).getByText('total: 55')).toBeVisible({ timeout: 30_000 });
  await expect(output(block)).toContainText('110');
});

test('JavaScript: Stop ends a loop that never ends, the time limit ends another, and the next run works', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const setup = await lessonOf(
    request,
    'Learn JavaScript',
    /^Values, types and variables with let and const$/,
  );
  // the editor comes on the learner's click into the code here (idle would bring it too)
  await holdIdle(page);
  await openLesson(page, setup);
  const block = example(page, 'javascript');
  await block.locator('pre').click();
  await expect(block.getByRole('textbox', { name: 'Example code, JavaScript' })).toBeFocused();

  // the runtime started first, so Stop ends the loop itself rather than the runtime's start
  await typeCode(block, 'console.log("ready")');
  await block.getByRole('button', { name: 'Run' }).click();
  await expect(output(block).getByText('ready', { exact: true })).toBeVisible({ timeout: 30_000 });

  await typeCode(block, 'let n = 0;\nwhile (true) { n++; }');
  await block.getByRole('button', { name: 'Run' }).click();
  const stop = block.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  await page.waitForTimeout(1000);
  await stop.click();
  await expect(output(block)).toContainText(/Stopped after \d/, { timeout: 10_000 });
  await expect(block.getByRole('button', { name: 'Run' })).toBeFocused();

  await block.getByRole('button', { name: 'Run' }).click();
  await expect(output(block)).toContainText('Time limit reached', { timeout: 30_000 });

  await typeCode(block, 'const xs = [1, 2, 3].map((x) => x * 2);\nconsole.log(xs.join(","));\nxs.length');
  await block.getByRole('button', { name: 'Run' }).click();
  await expect(output(block).getByText('2,4,6')).toBeVisible({ timeout: 10_000 });
});

test('axe: a lesson with an editor and its output, in both themes', async ({ page, request }) => {
  test.setTimeout(240_000);
  const setup = await lessonOf(request, 'Learn SQL', /^INNER JOIN$/);
  await openLesson(page, setup);
  for (const theme of THEMES) {
    await page.evaluate((t) => localStorage.setItem('mindpath.theme', JSON.stringify(t)), theme);
    await page.reload();
    await settled(page);
    const block = example(page, 'sql');
    await block.getByRole('button', { name: 'Run' }).click();
    await expect(output(block).getByRole('table')).toBeVisible({ timeout: FIRST_RUN_TIMEOUT });
    await expect(block.getByRole('textbox')).toBeVisible();
    const exercise = page.getByRole('region', { name: 'Exercises' }).getByRole('article').first();
    await exercise.getByRole('button', { name: 'Check' }).click();
    await expect(exercise.getByText(/The test (passed|did not pass)/)).toBeVisible({
      timeout: FIRST_RUN_TIMEOUT,
    });
    await exercise.getByRole('button', { name: 'Show hint 1' }).click();
    await expectNoSeriousViolations(page, `lesson with an editor and output (${theme})`);
  }
});
