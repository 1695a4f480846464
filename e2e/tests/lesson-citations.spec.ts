import type { OptimizedPlanData } from '@mindpath/contracts/roadmaps';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../src/axe.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { lessonArticle as article } from '../src/lessons.ts';
import { type Api, apiFor, lessonsOf } from '../src/plan.ts';

// A lesson written from the learner's own material, in Chromium through the one URL, on the offline
// generator: a goal with a Markdown source read to Ready, its roadmap built from that material, then the
// first lesson opened. Its [n] markers are buttons named by their source; one opens the passage beside the
// lesson, marked in the source's text around it, and Escape gives the focus back to the marker. The lesson's
// tutor answers from the same material: its Sources open the same viewer over the conversation.

const GENERATION_TIMEOUT = 90_000;

const MATERIAL_TITLE = 'Rust ownership notes';
const MATERIAL = [
  '# Ownership',
  '',
  'Every value in Rust has a single owner. When the owner goes out of scope, the value is dropped and its memory is freed.',
  '',
  'Assigning a value to another variable moves it: the first variable can no longer be used.',
  '',
  '# Borrowing',
  '',
  'A reference borrows a value without taking ownership of it. Many shared references may exist at once.',
  '',
  'A mutable reference is exclusive: while it exists, no other reference to the same value may be used.',
  '',
  '# Lifetimes',
  '',
  'The compiler checks that every reference is valid for as long as it is used, so no reference outlives its value.',
  '',
].join('\n');

/** A learner, a goal with the Markdown source read to Ready, and a roadmap built from that material. */
async function learnerWithMaterial(request: Parameters<typeof registerLearner>[0]) {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Understand ownership in Rust');
  const source = await api.call<{ id: string }>('POST', `/goals/${goalId}/sources/text`, {
    title: MATERIAL_TITLE,
    text: MATERIAL,
  });
  await expect
    .poll(async () => (await api.call<{ state: string }>('GET', `/sources/${source.id}`)).state, {
      timeout: 60_000,
    })
    .toBe('ready');
  const plan = await generateFromMaterial(api, goalId);
  return { learner, api, goalId, plan, lesson: lessonsOf(plan)[0]! };
}

async function generateFromMaterial(api: Api, goalId: string): Promise<OptimizedPlanData> {
  const user = await api.call<{ id: string }>('GET', '/user');
  await api.call('POST', `/roadmaps/${user.id}/${goalId}`, { fromMaterial: true });
  for (;;) {
    const status = await api.call<{ isGenerating: boolean; job: { status: string } | null }>(
      'GET',
      `/roadmaps/goal/${goalId}/generation?waitMs=20000`,
    );
    if (!status.isGenerating) {
      if (status.job?.status !== 'succeeded') throw new Error(`roadmap job ${status.job?.status}`);
      return api.planData(goalId);
    }
  }
}

/** The lesson's markers, once it is written. */
async function citedLesson(page: Page, lessonId: string) {
  await page.goto(`/lessons/${lessonId}`);
  const markers = article(page).getByRole('button', { name: new RegExp(`^Source \\d+: ${MATERIAL_TITLE}`) });
  await expect(markers.first()).toBeVisible({ timeout: GENERATION_TIMEOUT });
  return markers;
}

test("a lesson written from the material: its markers open their passages beside it, Escape returns to the marker; the tutor's Sources open them too", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { learner, lesson } = await learnerWithMaterial(request);
  await signIn(page, learner);
  await page.setViewportSize({ width: 1280, height: 900 });
  const markers = await citedLesson(page, lesson.id);

  const marker = markers.first();
  await expect(marker).toHaveText(/^\[\d+\]$/);
  await marker.click();
  const viewer = page.getByTestId('passage-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('heading', { name: MATERIAL_TITLE })).toBeVisible();
  // the passage itself, marked, is text of the material, inside the text around it
  const passage = viewer.locator('mark');
  await expect(passage).toBeVisible();
  const text = (await passage.textContent()) ?? '';
  expect(text.length).toBeGreaterThan(10);
  expect(MATERIAL.replace(/\s+/g, ' ')).toContain(text.replace(/\s+/g, ' ').replace(/^#+ /, '').trim());
  await expect(viewer).toBeFocused();
  // beside the lesson on a wide screen: the article and the viewer side by side
  const a = (await article(page).boundingBox())!;
  const v = (await viewer.boundingBox())!;
  expect(v.x).toBeGreaterThanOrEqual(a.x + a.width);

  await expectNoSeriousViolations(page, 'lesson with a passage open');

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(marker).toBeFocused();

  // the tutor's answer lists its Sources; a passage opens over the conversation, Escape closes only it
  await page.getByRole('button', { name: 'Open AI tutor' }).click();
  const tutor = page.getByRole('dialog', { name: 'AI tutor' });
  await tutor
    .getByRole('textbox', { name: 'Message' })
    .fill('What happens when the owner goes out of scope?');
  await tutor.getByRole('button', { name: 'Send' }).click();
  const sources = tutor.getByRole('list', { name: 'Sources' });
  const line = sources.getByRole('button', { name: new RegExp(`^\\[\\d+\\] ${MATERIAL_TITLE}`) }).first();
  await expect(line).toBeVisible({ timeout: GENERATION_TIMEOUT });
  await line.click();
  const inChat = tutor.getByTestId('passage-viewer');
  await expect(inChat.locator('mark')).toContainText('owner');
  await page.keyboard.press('Escape');
  await expect(inChat).toBeHidden();
  await expect(tutor).toBeVisible();
  await expect(line).toBeFocused();
});
