import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSeriousViolations, settled, startInTheme, THEMES } from '../src/axe.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { type Learner, signIn } from '../src/learner.ts';
import { learnerWithRoadmap } from '../src/plan.ts';

// axe on the learning plan with its Sources section, in both themes: a ready source, one that failed with
// its reason, the paste form showing its checks, and the Remove confirmation.

/** Adds a source through the API as the page does: a pasted text, or a file as the multipart field `file`. */
async function addSource(
  request: APIRequestContext,
  learner: Learner,
  goalId: string,
  source: { title: string; text: string } | { name: string; mimeType: string; buffer: Buffer },
) {
  const url = `${E2E_BASE_URL}/api/goals/${goalId}/sources`;
  const headers = { authorization: `Bearer ${learner.token}` };
  const res =
    'text' in source
      ? await request.post(`${url}/text`, { headers, data: source })
      : await request.post(url, { headers, multipart: { file: source } });
  expect(res.status(), await res.text()).toBe(202);
}

for (const theme of THEMES) {
  test(`the learning plan's Sources: a ready and a failed source, the paste form's checks, Remove (${theme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await startInTheme(page, theme);
    const { learner, goalId } = await learnerWithRoadmap(request);
    await addSource(request, learner, goalId, {
      title: 'Lecture notes',
      text: '# Borrowing\n\nA reference lets you use a value without owning it.\n',
    });
    // PDF's first bytes, then nothing a PDF reader can read: it fails once read, and says why
    await addSource(request, learner, goalId, {
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nthis is not the rest of a PDF\n'),
    });
    await signIn(page, learner);
    await page.goto(`/learning-plan/${goalId}`);
    const sources = page.getByRole('region', { name: 'Sources' });
    await expect(sources.getByText('Ready')).toBeVisible({ timeout: 60_000 });
    await expect(sources.getByText(SOURCE_MESSAGES.corrupt)).toBeVisible({ timeout: 60_000 });
    await expect(sources.getByRole('progressbar')).toHaveCount(0);
    await settled(page);
    await expectNoSeriousViolations(page, `plan with sources (${theme})`);

    await sources.getByRole('button', { name: 'Paste text' }).click();
    await sources.getByRole('button', { name: 'Add text' }).click();
    await expect(sources.getByText('A title is required.')).toBeVisible();
    await expectNoSeriousViolations(page, `the paste form with its checks (${theme})`);

    await sources.getByRole('button', { name: 'Remove Lecture notes' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Remove this source?' })).toBeVisible();
    await expectNoSeriousViolations(page, `the Remove confirmation (${theme})`);
  });
}
