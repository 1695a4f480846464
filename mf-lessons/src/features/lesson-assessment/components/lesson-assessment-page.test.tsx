// @vitest-environment jsdom
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASSESSMENT_ID,
  answerApi,
  assessment,
  LESSON_ID,
  lesson,
  NEXT_ID,
  submission,
} from '../../../test-utils/lessons.ts';
import LessonAssessmentPage from './lesson-assessment-page.tsx';

const path = `/lessons/${LESSON_ID}/assessment`;
const open = () => renderPage(<LessonAssessmentPage />, { path, route: '/lessons/:lessonId/assessment' });
const T = '2026-01-01T00:00:00.000Z';
const job = (status: string) => ({
  id: '55555555-5555-4555-8555-555555555555',
  kind: 'lesson-assessment',
  target: LESSON_ID,
  status,
  attempts: 1,
  error: status === 'failed' ? { reason: 'provider', message: 'down' } : null,
  result: null,
  createdAt: T,
  updatedAt: T,
  startedAt: T,
  finishedAt: null,
});
const idle = { isGenerating: false, hasAssessment: true, job: null };
const nextLesson = [200, { lesson: lesson({ id: NEXT_ID, title: 'Iterators', content: 'Ready' }) }] as [
  number,
  unknown,
];

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LessonAssessmentPage', () => {
  it('generates the assessment, polls its status, requires every answer, submits and shows the server score', async () => {
    let generated = false;
    let polls = 0;
    const calls = answerApi(({ method, path: p }) => {
      if (p.endsWith('/next')) return nextLesson;
      if (p.endsWith('/assessment/status')) {
        if (!generated) return [200, { isGenerating: false, hasAssessment: false, job: null }];
        polls += 1;
        return [
          200,
          {
            isGenerating: polls < 2,
            hasAssessment: polls >= 2,
            job: job(polls < 2 ? 'running' : 'succeeded'),
          },
        ];
      }
      if (method === 'POST' && p.endsWith('/assessment/generate')) {
        generated = true;
        return [202, { assessment: null, job: job('queued'), joined: false }];
      }
      if (p.endsWith('/assessment'))
        return polls >= 2
          ? [200, assessment()]
          : [404, { message: 'Assessment not found', code: 'ASSESSMENT_NOT_FOUND' }];
      if (p.endsWith('/submit'))
        return [
          200,
          {
            assessment: assessment({ submission: submission(85) }),
            submission: submission(85),
            lesson: lesson({ isCompleted: true, grade: 85 }),
          },
        ];
      if (p.endsWith('/complete')) return [200, lesson({ isCompleted: true, grade: 85 })];
      return [404, { message: 'no' }];
    });
    open();
    expect(await screen.findByText('Generating assessment questions…')).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Assessment questions' }, { timeout: 8000 });
    expect(calls.filter((c) => c.path.endsWith('/assessment/generate'))).toHaveLength(1);
    expect(
      within(form).getByText(/Written answers are graded against the lesson's expected answer/),
    ).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Submit Assessment' }));
    expect(screen.getByText('Please answer every question before submitting.')).toBeTruthy();
    expect(screen.getAllByText('This question is required.')).toHaveLength(2);
    expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(false);

    await userEvent.click(within(form).getByRole('radio', { name: 'loop' }));
    await userEvent.type(within(form).getByRole('textbox'), 'It repeats while a condition holds');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Assessment' }));

    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByTestId('score').textContent).toBe('85%');
    expect(within(results).getByRole('heading', { name: 'Excellent!' })).toBeTruthy();
    expect(within(results).getByText('Server says 85')).toBeTruthy();
    expect(within(results).getByText(/built-in offline rubric/)).toBeTruthy();
    expect(within(results).getByText('70% credit')).toBeTruthy();
    expect(within(results).getByRole('link', { name: 'Go to Next Lesson' }).getAttribute('href')).toBe(
      `/lessons/${NEXT_ID}`,
    );
    expect(within(results).getByRole('link', { name: 'Back to Lesson' }).getAttribute('href')).toBe(
      `/lessons/${LESSON_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();

    const submit = calls.find((c) => c.path.endsWith('/submit'));
    expect(submit?.path).toBe(`/lessons/assessments/${ASSESSMENT_ID}/submit`);
    expect(JSON.parse((submit?.body as { answers: string } | undefined)?.answers ?? 'null')).toEqual([
      { questionIndex: 0, selectedAnswer: 'loop', question: 'Which keyword starts an endless loop?' },
      {
        questionIndex: 1,
        selectedAnswer: 'It repeats while a condition holds',
        question: 'Explain what a while loop does.',
      },
    ]);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/complete'))).toBe(true));
  }, 15_000);

  it('regenerates only after the confirmation, and offers Try Again below 60 with the next lesson or the plan', async () => {
    let regenerated = false;
    const calls = answerApi(({ method, path: p }) => {
      if (p.endsWith('/next')) return [200, { lesson: null }];
      if (p.endsWith('/assessment/status')) return [200, idle];
      if (method === 'POST' && p.endsWith('/assessment/regenerate')) {
        regenerated = true;
        return [
          200,
          {
            assessment: assessment({
              id: NEXT_ID,
              questions: [{ question: 'New one?', options: ['a', 'b'] }],
            }),
            job: null,
            joined: false,
          },
        ];
      }
      if (p.endsWith('/assessment')) return [200, assessment()];
      if (p.endsWith('/submit'))
        return [200, { assessment: assessment(), submission: submission(40), lesson: lesson() }];
      return [404, { message: 'no' }];
    });
    open();
    await screen.findByRole('form', { name: 'Assessment questions' });
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Regenerate the assessment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(regenerated).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Regenerate the assessment?' })).getByRole('button', {
        name: 'Regenerate',
      }),
    );
    expect(await screen.findByText('New one?')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'a' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByRole('heading', { name: 'Review Needed' })).toBeTruthy();
    expect(within(results).getByRole('link', { name: 'Go to Next Lesson' }).getAttribute('href')).toBe(
      '/learning-plan',
    );
    expect(calls.some((c) => c.path.endsWith('/complete'))).toBe(false);
    await userEvent.click(within(results).getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('form', { name: 'Assessment questions' })).toBeTruthy();
  });

  it.each([
    ['text that is not JSON', '{oops', 'Unable to parse assessment questions. Please try again later.'],
    ['no questions', [], 'No questions were found for this assessment. Please try again later.'],
  ])('says so when the questions are %s', async (_, questions, message) => {
    answerApi(({ path: p }) => {
      if (p.endsWith('/next')) return [200, { lesson: null }];
      if (p.endsWith('/assessment/status')) return [200, idle];
      if (p.endsWith('/assessment')) return [200, { ...assessment(), questions }];
      return [404, { message: 'no' }];
    });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says when the generation failed and when a submission is refused', async () => {
    answerApi(({ method, path: p }) => {
      if (p.endsWith('/next')) return [200, { lesson: null }];
      if (p.endsWith('/assessment/status'))
        return [200, { isGenerating: false, hasAssessment: false, job: job('failed') }];
      if (method === 'POST' && p.endsWith('/assessment/generate'))
        return [202, { assessment: null, job: job('failed'), joined: false }];
      return [404, { message: 'Assessment not found', code: 'ASSESSMENT_NOT_FOUND' }];
    });
    open();
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Failed to generate assessment questions',
    );
    cleanup();
    vi.unstubAllGlobals();

    answerApi(({ path: p }) => {
      if (p.endsWith('/next')) return [200, { lesson: null }];
      if (p.endsWith('/assessment/status')) return [200, idle];
      if (p.endsWith('/assessment')) return [200, assessment()];
      return [400, { message: 'answers are malformed', code: 'VALIDATION_ERROR' }];
    });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'for' }));
    await userEvent.type(screen.getByRole('textbox'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to submit assessment: answers are malformed',
    );
  }, 15_000);

  it('shows the load failure for 5 seconds, keeping a way to try again', async () => {
    answerApi(({ path: p }) => {
      if (p.endsWith('/next')) return [200, { lesson: null }];
      if (p.endsWith('/assessment/status')) return [200, idle];
      return [500, { message: 'Database down', code: 'INTERNAL' }];
    });
    open();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Failed to load assessment. Please try again later.');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 7000 });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 15_000);

  it('shows the Free Plan Limit Reached modal for a lesson the gate holds', async () => {
    const gate = {
      message: 'Only 1 lesson per 24 hours allowed in free version',
      hoursUntilReset: 3,
      subscriptionMessage: 'Upgrade to Pro for unlimited lessons and assessments.',
      currentCount: 1,
      maxRequests: 1,
      code: 'PLAN_LIMIT',
    };
    answerApi(({ path: p }) => {
      if (p.endsWith('/next')) return nextLesson;
      if (p.endsWith('/assessment/status'))
        return [200, { isGenerating: false, hasAssessment: false, job: null }];
      return [429, gate];
    });
    open();
    const modal = await screen.findByRole('dialog', { name: 'Free Plan Limit Reached' });
    expect(modal.textContent).toContain('Only 1 lesson per 24 hours allowed in free version');
    expect(modal.textContent).toContain('3 hours');
    expect(within(modal).getByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Assessment questions' })).toBeNull();
  });

  it('sends a learner who came before the lesson was written back to the lesson', async () => {
    answerApi(({ method, path: p }) => {
      if (p.endsWith('/next')) return nextLesson;
      if (p.endsWith('/assessment/status'))
        return [200, { isGenerating: false, hasAssessment: false, job: null }];
      if (method === 'POST' && p.endsWith('/assessment/generate'))
        return [409, { message: 'Generate the lesson content before its assessment', code: 'NO_CONTENT' }];
      return [404, { message: 'No assessment', code: 'ASSESSMENT_NOT_FOUND' }];
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to generate assessment questions');
    expect(alert.textContent).toContain('This lesson has not been written yet');
    expect(screen.getByRole('link', { name: 'Open the lesson' }).getAttribute('href')).toBe(
      `/lessons/${LESSON_ID}`,
    );
  });
});
