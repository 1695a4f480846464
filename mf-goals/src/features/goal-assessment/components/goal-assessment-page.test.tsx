// @vitest-environment jsdom
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeGoal, USER_ID } from '../../../test-utils/fake-api.ts';
import GoalAssessmentPage from './goal-assessment-page.tsx';

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;
const render = (goalId: string) =>
  renderPage(<GoalAssessmentPage />, {
    path: `/goals/${goalId}/assessment`,
    route: '/goals/:goalId/assessment',
  });

describe('the assessment screen', () => {
  it('shows the goal and its questions; Create Learning Plan scores them and generates the roadmap', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ description: 'Beginner: Learn SQL', isActive: true });
    const api = fakeApi({ goals: [goal] });
    render(goal.id);
    expect(await screen.findByRole('region', { name: 'Joins' })).toBeTruthy();
    expect(screen.getAllByText('Learn SQL').length).toBeGreaterThan(0);
    const create = screen.getByRole('button', { name: 'Create Learning Plan' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(screen.getByLabelText('Why does an index speed up reads?'), 'sorted keys');
    await user.click(create);
    await waitFor(() => expect(location()).toBe(`/learning-plan/${goal.id}`));
    expect(api.sent('POST', /\/submit$/)[0]?.body).toEqual({
      answers: [{ topicIndex: 1, questionIndex: 0, answer: 'sorted keys' }],
    });
    const [start] = api.sent('POST', /\/roadmaps\//);
    expect(start?.url).toBe(`/api/roadmaps/${USER_ID}/${goal.id}`);
    expect(start?.body).toEqual({ SelectedTopics: ['Indexes'] });
  });

  it('answers a multiple-choice question by its options and an open-ended one in free text', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ isActive: true });
    const api = fakeApi({ goals: [goal] });
    render(goal.id);
    const joins = await screen.findByRole('group', { name: 'Which join keeps every row of the left table?' });
    expect(
      within(joins)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['INNER JOIN', 'LEFT JOIN']);
    expect(within(joins).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Why does an index speed up reads?' })).toBeTruthy();
    await user.click(within(joins).getByRole('radio', { name: 'LEFT JOIN' }));
    expect(screen.getByText('1 of 2 answered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));
    await waitFor(() => expect(api.sent('POST', /\/submit$/)).toHaveLength(1));
    expect(api.sent('POST', /\/submit$/)[0]?.body).toEqual({
      answers: [{ topicIndex: 0, questionIndex: 0, answer: 'LEFT JOIN' }],
    });
  });

  it("shows 'No user information found. Please log in again.' when the learner cannot be read", async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ isActive: true });
    const api = fakeApi({ goals: [goal], userAnswer: [404, { message: 'User not found' }] });
    render(goal.id);
    await user.click(await screen.findByRole('radio', { name: 'LEFT JOIN' }));
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));
    expect(await screen.findByText('No user information found. Please log in again.')).toBeTruthy();
    expect(api.sent('POST', /\/roadmaps\//)).toHaveLength(0);
    expect(location()).toBe(`/goals/${goal.id}/assessment`);
  });

  it('Skip Assessment goes straight to the learning plan', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ isActive: true });
    const api = fakeApi({ goals: [goal] });
    render(goal.id);
    await user.click(await screen.findByRole('button', { name: 'Skip Assessment' }));
    expect(location()).toBe(`/learning-plan/${goal.id}`);
    expect(api.sent('POST', /\/roadmaps\//)).toHaveLength(0);
  });

  it("says 'Failed to load assessment' for a goal that is not the learner's", async () => {
    fakeApi({ goals: [] });
    render('00000000-0000-4000-8000-0000000000ff');
    expect(await screen.findByText('Failed to load assessment')).toBeTruthy();
  });
});
