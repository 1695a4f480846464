// @vitest-environment jsdom
import { OFFLINE_NOTICE } from '@mindpath/contracts/ai';
import { LIMIT_MESSAGES } from '@mindpath/contracts/goals';
import type { GenerationJob } from '@mindpath/contracts/jobs';
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeGoal, USER_ID } from '../../../test-utils/fake-api.ts';
import NewGoalPage from './new-goal-page.tsx';

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const location = () => screen.getByTestId('location').textContent;
const wizard = () => screen.getByRole('dialog');

async function fillGoal(user: ReturnType<typeof setup>, text = 'Learn SQL', level = 'Practitioner') {
  await user.type(await screen.findByLabelText('What do you want to learn?'), text);
  await user.click(screen.getByRole('radio', { name: new RegExp(level) }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('the new-goal wizard', { timeout: 30_000 }, () => {
  it("needs a description: 'Please enter a goal description'", async () => {
    const user = setup();
    const api = fakeApi();
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a goal description');
    expect(api.sent('POST', /prerequisite-courses/)).toHaveLength(0);
  });

  it('counts the goal against its 2,000-character limit', async () => {
    const user = setup();
    fakeApi();
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    const goal = await screen.findByLabelText('What do you want to learn?');
    expect(goal.getAttribute('maxlength')).toBe('2000');
    expect(screen.getByText('0 / 2,000 characters')).toBeTruthy();
    await user.type(goal, 'Learn SQL');
    expect(screen.getByText('9 / 2,000 characters')).toBeTruthy();
    expect(goal.getAttribute('aria-describedby')).toContain(screen.getByText(/characters$/).id);
  });

  it('skip path: creates the goal, asks for its image, generates the roadmap with named steps, then opens it after 2 s', async () => {
    const user = setup();
    const api = fakeApi({ jobStatuses: ['queued', 'running', 'succeeded'] });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user);
    expect(await screen.findByRole('dialog', { name: 'Knowledge assessment' })).toBeTruthy();
    expect(api.sent('POST', /\/goals$/)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Skip Assessment' }));

    await screen.findByRole('dialog', { name: 'Building your roadmap' });
    const [create] = api.sent('POST', /\/goals$/);
    expect(create?.body).toEqual({
      description: 'Practitioner: Learn SQL',
      metadata: '{"level":"Practitioner"}',
    });
    const goalId = api.state.goals[0]?.id;
    await waitFor(() => expect(api.sent('POST', /generate-image$/)).toHaveLength(1));
    const [start] = api.sent('POST', /\/roadmaps\//);
    expect(start?.url).toBe(`/api/roadmaps/${USER_ID}/${goalId}`);
    expect(start?.body).toBeUndefined();
    expect(screen.getByRole('list', { name: 'Roadmap generation' }).textContent).toContain(
      'Writing sections and lessons',
    );
    expect(screen.getByTestId('generation-spinner')).toBeTruthy();

    expect(await screen.findByText('Roadmap generated successfully!', {}, { timeout: 5000 })).toBeTruthy();
    // the spinner stops once the roadmap is there: a check takes its place
    expect(screen.queryByTestId('generation-spinner')).toBeNull();
    expect(screen.getByTestId('generation-done')).toBeTruthy();
    expect(screen.getByTestId('offline-note').textContent).toBe(OFFLINE_NOTICE);
    act(() => vi.advanceTimersByTime(1900));
    expect(location()).toBe(`/goals/new?building=${goalId}&path=skip`);
    act(() => vi.advanceTimersByTime(200));
    expect(location()).toBe(`/learning-plan/${goalId}`);
  });

  it('take path: questions one at a time, topics with the recommended one checked, roadmap for the chosen topics', async () => {
    const user = setup();
    const api = fakeApi({ tier: 'pro' });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user, 'Learn SQL', 'Beginner');
    await user.click(await screen.findByRole('button', { name: 'Take Assessment' }));

    expect(await screen.findByText('Question 1 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'LEFT JOIN' }));
    expect(next.disabled).toBe(false);
    await user.click(next);

    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    const complete = screen.getByRole('button', { name: 'Complete Assessment' }) as HTMLButtonElement;
    expect(complete.disabled).toBe(true);
    await user.type(screen.getByLabelText('Why does an index speed up reads?'), 'They keep keys sorted');
    await user.click(complete);

    await screen.findByRole('dialog', { name: 'Choose your topics' });
    expect(api.sent('POST', /\/submit$/)[0]?.body).toEqual({
      answers: [
        { topicIndex: 0, questionIndex: 0, answer: 'LEFT JOIN' },
        { topicIndex: 1, questionIndex: 0, answer: 'They keep keys sorted' },
      ],
    });
    const indexes = screen.getByRole('checkbox', { name: 'Indexes' }) as HTMLInputElement;
    const joins = screen.getByRole('checkbox', { name: 'Joins' }) as HTMLInputElement;
    expect([indexes.checked, joins.checked]).toEqual([true, false]);
    await user.click(indexes);
    expect(indexes.checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Please select at least one topic to continue.');

    await user.click(screen.getByRole('button', { name: 'Back to Assessment' }));
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Complete Assessment' }));
    await screen.findByRole('dialog', { name: 'Choose your topics' });
    await user.click(screen.getByRole('checkbox', { name: 'Joins' }));
    await user.click(screen.getByRole('button', { name: 'Generate Roadmap' }));

    expect(await screen.findByText('Roadmap generated successfully!', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.sent('POST', /\/roadmaps\//)[0]?.body).toEqual({ SelectedTopics: ['Indexes', 'Joins'] });
    act(() => vi.advanceTimersByTime(2000));
    expect(location()).toBe(`/learning-plan/${api.state.goals[0]?.id}`);
  });

  it('offers prerequisites; picking one moves to the assessment prompt for that goal; Back returns', async () => {
    const user = setup();
    const api = fakeApi({
      recommendations: [
        {
          title: 'Relational basics',
          description: 'Tables and keys',
          level: 'Beginner',
          reason: 'SQL builds on it',
        },
      ],
    });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user, 'Query tuning', 'Advanced');
    await screen.findByRole('dialog', { name: 'Start with a prerequisite?' });
    expect(api.sent('POST', /prerequisite-courses$/)[0]?.body).toEqual({
      goal: 'Query tuning',
      level: 'Advanced',
    });
    await user.click(screen.getByRole('button', { name: 'Pick this goal: Relational basics' }));
    expect(within(wizard()).getByText('Relational basics')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Start with a prerequisite?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('What do you want to learn?') as HTMLTextAreaElement).value).toBe(
      'Query tuning',
    );
  });

  it("asks before closing with unsaved input: 'Keep Working' or 'Close & Lose Progress'", async () => {
    const user = setup();
    fakeApi();
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await user.type(await screen.findByLabelText('What do you want to learn?'), 'Learn SQL');
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    await user.click(screen.getByRole('button', { name: 'Keep Working' }));
    expect(location()).toBe('/goals/new');
    expect((screen.getByLabelText('What do you want to learn?') as HTMLTextAreaElement).value).toBe(
      'Learn SQL',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close & Lose Progress' }));
    expect(location()).toBe('/goals');
  });

  it("shows 'Goal Creation Limit Reached' with the server's rate-limit info", async () => {
    const user = setup();
    fakeApi({
      createGoalAnswer: [
        429,
        {
          message: LIMIT_MESSAGES.goalCreation,
          hoursUntilReset: 70,
          subscriptionMessage: 'Upgrade to Pro to create goals without waiting.',
          currentCount: 1,
          maxRequests: 1,
          code: 'PLAN_LIMIT',
        },
      ],
    });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user);
    await user.click(await screen.findByRole('button', { name: 'Skip Assessment' }));
    const panel = await screen.findByRole('alert', { name: 'Goal Creation Limit Reached' });
    expect(panel.textContent).toContain(LIMIT_MESSAGES.goalCreation);
    expect(panel.textContent).toContain('70 hours');
    expect(panel.textContent).toContain('1 / 1');
    expect(
      (within(panel).getByRole('button', { name: 'Pro Plan Coming Soon' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("shows 'Roadmap Generation Limit Reached' when the roadmap is refused", async () => {
    const user = setup();
    fakeApi({
      startAnswer: [
        429,
        {
          message: LIMIT_MESSAGES.roadmapGeneration,
          hoursUntilReset: 12,
          subscriptionMessage: 'Upgrade to Pro to generate roadmaps without waiting.',
          currentCount: 1,
          maxRequests: 1,
          code: 'PLAN_LIMIT',
        },
      ],
    });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user);
    await user.click(await screen.findByRole('button', { name: 'Skip Assessment' }));
    const panel = await screen.findByRole('alert', { name: 'Roadmap Generation Limit Reached' });
    expect(panel.textContent).toContain('12 hours');
  });

  it('when only the roadmap fails, the goal stays and the learner is told to generate it later', async () => {
    const user = setup();
    fakeApi({ jobStatuses: ['running', 'failed'] });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user);
    await user.click(await screen.findByRole('button', { name: 'Skip Assessment' }));
    expect(
      await screen.findByText(
        'Goal created successfully! You can generate a roadmap later from the roadmap page.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('The model answered twice with invalid JSON.')).toBeTruthy();
  });

  it("with no learner to start the roadmap for, says 'No user information found. Please log in again.'", async () => {
    const user = setup();
    fakeApi({ userAnswer: [500, { message: 'Internal error', code: 'INTERNAL' }] });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user);
    await user.click(await screen.findByRole('button', { name: 'Skip Assessment' }));
    expect(
      await screen.findByText('No user information found. Please log in again.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Failed to generate roadmap')).toBeTruthy();
  });

  it("says 'Failed to generate assessment. Please try again.' in the prompt, and a retry reuses the goal", async () => {
    const user = setup();
    const api = fakeApi({ assessmentAnswer: [502, { message: 'AI down', code: 'AI_ERROR' }] });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await fillGoal(user);
    await user.click(await screen.findByRole('button', { name: 'Take Assessment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to generate assessment. Please try again.',
    );
    api.state.assessmentAnswer = [504, { message: 'Assessment generation timeout', code: 'AI_TIMEOUT' }];
    await user.click(screen.getByRole('button', { name: 'Take Assessment' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Failed to generate assessment. Please try again. (Assessment generation timeout)',
      ),
    );
    api.state.assessmentAnswer = null;
    await user.click(screen.getByRole('button', { name: 'Take Assessment' }));
    expect(await screen.findByText('Question 1 of 2')).toBeTruthy();
    expect(api.sent('POST', /\/goals$/)).toHaveLength(1);
  });

  it('a reload while the roadmap is being built shows that generation again, then the roadmap (not the goal limit)', async () => {
    const goal = makeGoal({ isActive: true });
    const api = fakeApi({ goals: [goal], jobStatuses: ['running', 'succeeded'] });
    // the job the wizard started before the reload, still under way on the server
    api.state.job = { id: crypto.randomUUID(), status: 'running' } as GenerationJob;
    renderPage(<NewGoalPage />, { path: `/goals/new?building=${goal.id}&path=skip` });
    expect(await screen.findByRole('dialog', { name: 'Building your roadmap' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Goal Limit Reached' })).toBeNull();
    expect(await screen.findByText('Roadmap generated successfully!', {}, { timeout: 5000 })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2100));
    expect(location()).toBe(`/learning-plan/${goal.id}`);
  });

  it("a building address for a goal that is not the learner's leads to the goals page", async () => {
    fakeApi({ goals: [makeGoal({ isActive: true })] });
    renderPage(<NewGoalPage />, { path: '/goals/new?building=0b6f3c1e-8a3b-4c7e-9f00-1234567890ab' });
    await waitFor(() => expect(location()).toBe('/goals'));
  });

  it('shows the goal-limit dialog instead of the wizard for a free learner with a goal in progress', async () => {
    fakeApi({ goals: [makeGoal({ isActive: true })] });
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    expect(await screen.findByRole('dialog', { name: 'Goal Limit Reached' })).toBeTruthy();
    expect(screen.queryByLabelText('What do you want to learn?')).toBeNull();
  });
});
