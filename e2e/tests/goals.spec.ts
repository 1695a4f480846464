import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { boxOf, overlaps } from '../src/geometry.ts';
import { type Learner, registerLearner, signIn } from '../src/learner.ts';
import {
  jsonAnswers,
  PROVIDER_KEY,
  type ProviderApi,
  schemaName,
  startProviderApi,
} from '../src/provider-api.ts';

// Goals, the new-goal wizard's skip and take paths to /learning-plan/{goalId}, and the plan limits, driven
// through the one URL as a learner. Generation runs as a job on a loaded machine: generous timeouts there.

const GENERATION_MS = 120_000;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

async function openWizard(page: Page, baseUrl = '') {
  await page.goto(`${baseUrl}/goals`);
  await page.getByRole('button', { name: 'Add New Goal' }).click();
  await expect(page).toHaveURL(/\/goals\/new$/);
}

/** Where the wizard's top edge is once it has settled: the same on every step (it used to jump). */
const wizardTop = (page: Page) =>
  page.getByRole('dialog').evaluate(async (el) => {
    await Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished));
    return Math.round(el.getBoundingClientRect().top);
  });

/** Step 1 (and step 2 when prerequisites are offered) up to the assessment prompt. */
async function describeGoal(
  page: Page,
  description: string,
  level: 'Beginner' | 'Practitioner' | 'Advanced',
) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What do you want to learn?').fill(description);
  await dialog.getByRole('radio', { name: new RegExp(`^${level}`) }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  const original = dialog.getByRole('button', { name: 'Continue with my goal' });
  const skip = dialog.getByRole('button', { name: 'Skip Assessment' });
  await expect(original.or(skip)).toBeVisible({ timeout: 60_000 });
  if (await original.isVisible()) await original.click();
  await expect(page.getByRole('dialog', { name: 'Knowledge assessment' })).toBeVisible();
}

/** Answers every question (the first option, or a sentence) and completes the assessment. */
async function takeAssessment(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Take Assessment' }).click();
  const first = dialog.getByText(/^Question 1 of \d+$/);
  await expect(first).toBeVisible({ timeout: 60_000 });
  const total = Number(/of (\d+)/.exec((await first.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  for (let i = 1; i <= total; i++) {
    await expect(dialog.getByText(`Question ${i} of ${total}`, { exact: true })).toBeVisible();
    // code in a question shows as code, never as raw `backticks`
    expect(await dialog.textContent()).not.toContain('`');
    const next = dialog.getByRole('button', { name: i === total ? 'Complete Assessment' : 'Next' });
    await expect(next).toBeDisabled();
    const radios = dialog.getByRole('radio');
    if ((await radios.count()) > 0) await radios.first().check();
    else await dialog.getByRole('textbox').fill('I have used it in a couple of small projects.');
    await next.click();
  }
  await expect(page.getByRole('dialog', { name: 'Choose your topics' })).toBeVisible({ timeout: 60_000 });
}

/** Waits for 'Roadmap generated successfully!' and the navigation 2 s later; the goal's id. */
async function roadmapOpens(page: Page): Promise<string> {
  await expect(page.getByRole('dialog', { name: 'Building your roadmap' })).toBeVisible();
  await expect(page.getByText('Roadmap generated successfully!')).toBeVisible({ timeout: GENERATION_MS });
  await expect(page).toHaveURL(new RegExp(`/learning-plan/${UUID}$`), { timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

async function planOf(request: APIRequestContext, learner: Learner, goalId: string, baseUrl = E2E_BASE_URL) {
  const res = await request.get(`${baseUrl}/api/learningplan/optimized-data/${goalId}`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    roadmaps: { id: string; name: string; source: string }[];
    lessonsForRoadmaps: Record<string, { title: string }[]>;
  };
}

async function expectSectionsWithLessons(plan: Awaited<ReturnType<typeof planOf>>) {
  expect(plan.roadmaps.length).toBeGreaterThanOrEqual(4);
  for (const section of plan.roadmaps) {
    expect(plan.lessonsForRoadmaps[section.id]?.length ?? 0).toBeGreaterThanOrEqual(3);
  }
}

test.describe('a learner on the offline generator', () => {
  let learner: Learner;
  test.beforeEach(async ({ page, request }) => {
    learner = await registerLearner(request);
    await signIn(page, learner);
  });

  test("a new learner's /goals: no failed API read, the way to a first goal, a tutor hint for no goal", async ({
    page,
  }) => {
    const failed: string[] = [];
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.startsWith('/api/') && res.status() >= 400) failed.push(`${res.status()} ${pathname}`);
    });
    await page.goto('/goals');
    const empty = page.getByRole('region', { name: 'No goals yet' });
    await expect(empty).toBeVisible();
    await expect(page.getByRole('link', { name: 'Current Lesson' })).toHaveAttribute(
      'href',
      '/learning-plan',
    );
    // with no goal the tutor's hint speaks of none
    await expect(page.getByTestId('chat-hint')).toHaveText('Not sure what to learn? Ask the AI tutor.');
    // the intro's last line keeps company ("it." stood alone)
    const intro = page.getByText(/^Set a learning goal and Mindpath builds a roadmap/);
    expect(await intro.evaluate((el) => getComputedStyle(el).getPropertyValue('text-wrap-style'))).toBe(
      'pretty',
    );
    // every request the page made has answered before the failures are counted
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);

    await empty.getByRole('button', { name: 'Add Your First Goal' }).click();
    await expect(page).toHaveURL(/\/goals\/new$/);
    await expect(page.getByLabel('What do you want to learn?')).toBeVisible();
  });

  test('skip path: from /goals to the generated roadmap at /learning-plan/{goalId}', async ({
    page,
    request,
  }) => {
    test.setTimeout(GENERATION_MS + 60_000);
    await openWizard(page);
    await describeGoal(page, 'Learn SQL for data analysis', 'Beginner');
    await page.getByRole('button', { name: 'Skip Assessment' }).click();
    const goalId = await roadmapOpens(page);

    const plan = await planOf(request, learner, goalId);
    await expectSectionsWithLessons(plan);
    expect(new Set(plan.roadmaps.map((r) => r.source))).toEqual(new Set(['offline']));

    await page.goto('/goals');
    const card = page.getByRole('article', { name: 'Active goal: Learn SQL for data analysis' });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^0 of \d+ lessons completed$/)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Resume course' })).toHaveAttribute(
      'href',
      `/learning-plan/${goalId}`,
    );
  });

  test("a reload during 'Building your roadmap' shows that goal's generation, then its roadmap", async ({
    page,
  }) => {
    test.setTimeout(GENERATION_MS + 60_000);
    await openWizard(page);
    await describeGoal(page, 'Learn SQL window functions', 'Beginner');
    await page.getByRole('button', { name: 'Skip Assessment' }).click();
    await expect(page.getByRole('dialog', { name: 'Building your roadmap' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/goals/new\\?building=(${UUID})&path=skip$`));
    const goalId = new URL(page.url()).searchParams.get('building');

    await page.reload();
    // the free plan's goal limit would refuse a new wizard now: the generation of this goal shows instead
    await expect(page.getByRole('dialog', { name: 'Building your roadmap' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Goal Limit Reached' })).toBeHidden();
    await expect(page).toHaveURL(`/learning-plan/${goalId}`, { timeout: GENERATION_MS });
  });

  test("the tutor's hint sits at the sidebar's foot, never over the content column", async ({ page }) => {
    await page.goto('/goals');
    const hint = page.getByTestId('chat-hint');
    await expect(hint).toBeVisible();
    const main = await boxOf(page.locator('main'));
    const sidebar = await boxOf(page.getByRole('complementary', { name: 'Sidebar' }));
    const box = await boxOf(hint);
    expect(overlaps(box, main)).toBe(false);
    expect(box.x + box.width).toBeLessThanOrEqual(sidebar.x + sidebar.width);
    // the side menu ends above the launcher: its last link is not covered
    const launcher = await boxOf(page.getByRole('button', { name: 'Open AI tutor' }));
    const last = await boxOf(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button').last());
    expect(overlaps(launcher, last)).toBe(false);
    // without a sidebar (850 px and below) the launcher goes alone: the hint would cover the page
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(page.getByRole('button', { name: 'Open AI tutor' })).toBeVisible();
    await expect(hint).toBeHidden();
  });

  test('take path: questions, recommended topics, roadmap for the chosen topic', async ({
    page,
    request,
  }) => {
    test.setTimeout(GENERATION_MS + 90_000);
    await openWizard(page);
    const top = await wizardTop(page);
    await describeGoal(page, 'Learn Python programming', 'Practitioner');
    expect(await wizardTop(page)).toBe(top);
    await takeAssessment(page);
    expect(await wizardTop(page)).toBe(top);

    const topics = page.getByRole('dialog', { name: 'Choose your topics' }).getByRole('checkbox');
    expect(await topics.count()).toBeGreaterThan(0);
    // a free learner has 1 topic per goal: at most the first recommended topic starts checked
    const checked = await topics.evaluateAll(
      (boxes) => boxes.filter((b) => (b as HTMLInputElement).checked).length,
    );
    expect(checked).toBeLessThanOrEqual(1);
    if (checked === 0) await topics.first().check();
    await page.getByRole('button', { name: 'Generate Roadmap' }).click();
    const goalId = await roadmapOpens(page);

    await expectSectionsWithLessons(await planOf(request, learner, goalId));
  });

  test("a free learner with a goal in progress gets the goal-limit dialog: 'Continue with Free' or 'Get Pro'", async ({
    page,
    request,
  }) => {
    const res = await request.post(`${E2E_BASE_URL}/api/goals`, {
      headers: { authorization: `Bearer ${learner.token}` },
      data: { description: 'Beginner: Learn Go', metadata: '{"level":"Beginner"}' },
    });
    expect(res.status()).toBe(201);
    await page.goto('/goals');
    await expect(page.getByRole('article', { name: 'Active goal: Learn Go' })).toBeVisible();

    await page.getByRole('button', { name: 'Add New Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Goal Limit Reached' });
    await expect(dialog).toContainText('You can have 1 goal in progress with your current plan.');
    await dialog.getByRole('button', { name: 'Continue with Free' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/goals$/);

    await page.getByRole('button', { name: 'Add New Goal' }).click();
    await page
      .getByRole('dialog', { name: 'Goal Limit Reached' })
      .getByRole('button', { name: 'Get Pro' })
      .click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test("a free learner who created a goal in the last 72 h sees 'Goal Creation Limit Reached'", async ({
    page,
    request,
  }) => {
    const headers = { authorization: `Bearer ${learner.token}` };
    const created = await request.post(`${E2E_BASE_URL}/api/goals`, {
      headers,
      data: { description: 'Beginner: Learn Go', metadata: '{"level":"Beginner"}' },
    });
    const { id } = (await created.json()) as { id: string };
    expect((await request.delete(`${E2E_BASE_URL}/api/goals/${id}`, { headers })).status()).toBe(204);

    await openWizard(page);
    await describeGoal(page, 'Learn Rust', 'Beginner');
    await page.getByRole('button', { name: 'Skip Assessment' }).click();
    const panel = page.getByRole('alert', { name: 'Goal Creation Limit Reached' });
    await expect(panel).toContainText('You can create 1 goal every 3 days with your current plan.');
    await expect(panel).toContainText('1 / 1');
    await expect(panel.getByRole('button', { name: 'Pro Plan Coming Soon' })).toBeDisabled();
  });
});

// The same take path with the API's provider pointed at a real HTTP server speaking the OpenAI protocol:
// a second API process (AI_BASE_URL → the protocol server started here) on a port of its own.
const MODEL_ROADMAP = {
  title: 'Kotlin coroutines from the protocol server',
  summary: 'A roadmap written by the protocol test server.',
  sections: [1, 2, 3, 4].map((s) => ({
    name: `Model section ${s}`,
    description: `What section ${s} covers.`,
    lessons: [1, 2, 3].map((l) => ({
      title: `Model lesson ${s}.${l}`,
      summary: `Lesson ${l} of section ${s}.`,
      estimatedTimeInMinutes: 30,
    })),
  })),
};
const MODEL_ASSESSMENT = {
  topics: [
    {
      title: 'Suspending functions',
      questions: [
        {
          type: 'multiple-choice',
          question: 'Which keyword marks a function that can suspend?',
          options: ['suspend', 'async', 'yield', 'defer'],
          correctAnswer: 'suspend',
          expectedLength: 'short',
        },
      ],
    },
    {
      title: 'Structured concurrency',
      questions: [
        {
          type: 'open-ended',
          question: 'Why should coroutines be launched in a scope?',
          options: [],
          correctAnswer: 'cancellation and error propagation follow the scope',
          expectedLength: 'medium',
        },
      ],
    },
  ],
};
const MODEL_ANSWERS: Record<string, unknown> = {
  prerequisites: { recommendations: [] },
  'knowledge-assessment': MODEL_ASSESSMENT,
  grade_open_answers: {
    grades: [{ index: 0, score: 30, feedback: 'Mentions scopes but not cancellation.' }],
  },
  roadmap: MODEL_ROADMAP,
};

test.describe('a learner on an OpenAI-compatible provider', () => {
  let provider: ProviderApi;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    provider = await startProviderApi(jsonAnswers(MODEL_ANSWERS));
  });

  test.afterAll(async () => {
    await provider?.close();
  });

  test('take path: the assessment, its grading and the roadmap come from the provider', async ({
    page,
    request,
  }) => {
    test.setTimeout(GENERATION_MS + 90_000);
    const { ai, baseUrl } = provider;
    const learner = await registerLearner(request, baseUrl);
    await signIn(page, learner);
    await openWizard(page, baseUrl);
    await describeGoal(page, 'Learn Kotlin coroutines', 'Practitioner');
    await takeAssessment(page);

    const topics = page.getByRole('dialog', { name: 'Choose your topics' });
    // the grader scored the open answer 30: that topic is recommended and starts checked
    await expect(topics.getByRole('checkbox', { name: 'Structured concurrency' })).toBeChecked();
    await expect(topics.getByRole('checkbox', { name: 'Suspending functions' })).not.toBeChecked();
    await expect(topics.getByTestId('offline-note')).toHaveCount(0);
    await topics.getByRole('button', { name: 'Generate Roadmap' }).click();
    const goalId = await roadmapOpens(page);

    const plan = await planOf(request, learner, goalId, baseUrl);
    await expectSectionsWithLessons(plan);
    expect(plan.roadmaps.map((r) => [r.name, r.source])).toEqual(
      MODEL_ROADMAP.sections.map((s) => [s.name, 'model']),
    );
    const roadmapCall = ai.requests.find((r) => schemaName(r) === 'roadmap');
    expect(roadmapCall?.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
    expect(JSON.stringify(roadmapCall?.body.messages)).toContain('Structured concurrency');
  });
});
