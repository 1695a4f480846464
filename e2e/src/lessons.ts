// A lesson's assessment and content as the lesson suites drive them: the right answers learned through the API,
// answers given in the form, and whether the lesson's text was on screen while it was still being written.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './plan.ts';

interface QuestionResult {
  questionIndex: number;
  correctAnswer: string;
}

/**
 * The correct answers are the server's secret until a submission: a throwaway attempt answering "I don't
 * know" throughout, through the API (scored 0, so the lesson stays open), returns them with its results.
 */
export async function learnAnswers(api: Api, lessonId: string): Promise<string[]> {
  for (;;) {
    const status = await api.call<{ isGenerating: boolean; hasAssessment: boolean }>(
      'GET',
      `/lessons/${lessonId}/assessment/status?waitMs=20000`,
    );
    if (!status.isGenerating && status.hasAssessment) break;
    if (!status.isGenerating) await api.call('POST', `/lessons/${lessonId}/assessment/generate`);
  }
  const assessment = await api.call<{ id: string; questions: unknown[] }>(
    'GET',
    `/lessons/${lessonId}/assessment`,
  );
  const blank = assessment.questions.map((_, i) => ({ questionIndex: i, selectedAnswer: "I don't know" }));
  const out = await api.call<{ submission: { score: number; results: QuestionResult[] } }>(
    'POST',
    `/lessons/assessments/${assessment.id}/submit`,
    { answers: JSON.stringify(blank) },
  );
  expect(out.submission.score).toBeLessThan(60);
  return out.submission.results.sort((a, b) => a.questionIndex - b.questionIndex).map((r) => r.correctAnswer);
}

/** An option's accessible name: `code` in it is shown as code, so the name has no backticks. */
const optionName = (text: string) => text.replace(/`([^`\n]+)`/g, '$1');

/**
 * Answers the assessment form's questions in order: the option named by `answers[i]` (or, with `wrong`, an
 * option that is not it), or that text written in (with `wrong`, "I don't know").
 */
export async function answerQuestions(
  form: Locator,
  answers: readonly string[],
  opts: { wrong?: boolean } = {},
) {
  const questions = form.locator('fieldset');
  await expect(questions).toHaveCount(answers.length);
  for (const [i, answer] of answers.entries()) {
    const q = questions.nth(i);
    const radios = q.getByRole('radio');
    if ((await radios.count()) === 0) {
      await q.getByRole('textbox').fill(opts.wrong ? "I don't know" : answer);
    } else if (!opts.wrong) {
      await q.getByRole('radio', { name: optionName(answer), exact: true }).check();
    } else {
      const right = optionName(answer);
      const names = await radios.evaluateAll((els) =>
        els.map((el) => el.closest('label')?.textContent ?? ''),
      );
      const index = names.findIndex((name) => name.trim() !== right);
      expect(index).toBeGreaterThanOrEqual(0);
      await radios.nth(index).check();
    }
  }
}

/** A click halfway along the audio's waveform seeks to the middle (the media must be served with byte ranges). */
export async function seekHalfway(page: Page) {
  const waveform = page.getByRole('button', { name: 'Seek in the audio' });
  const box = (await waveform.boundingBox())!;
  await waveform.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect
    .poll(() => page.locator('audio').evaluate((el: HTMLAudioElement) => el.currentTime / el.duration))
    .toBeGreaterThan(0.4);
}

export const lessonArticle = (page: Page) => page.getByRole('article', { name: 'Lesson content' });

/**
 * Before navigating: notes whether the lesson's text is on screen while the article is still being written,
 * and whether that text ever went back to (near) its start meanwhile: the generation began again.
 */
export async function recordStreaming(page: Page) {
  await page.addInitScript(() => {
    const seen = window as { streamed?: boolean; longest?: number; restarted?: boolean };
    new MutationObserver(() => {
      const busy = document.querySelector('article[aria-busy="true"]');
      if (!busy) return;
      if (busy.querySelector('h2')) seen.streamed = true;
      const length = busy.textContent?.length ?? 0;
      seen.longest = Math.max(seen.longest ?? 0, length);
      if (length < seen.longest / 2) seen.restarted = true;
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** Whether recordStreaming saw a section heading of the lesson before its content was complete. */
export const wasStreamed = (page: Page) =>
  page.evaluate(() => (window as { streamed?: boolean }).streamed === true);

/** Whether recordStreaming saw the text being written start over. */
export const wasRestarted = (page: Page) =>
  page.evaluate(() => (window as { restarted?: boolean }).restarted === true);
