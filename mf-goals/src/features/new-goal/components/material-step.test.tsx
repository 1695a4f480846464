// @vitest-environment jsdom
import { SOURCE_FILE_ACCEPT, SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSource, USER_ID } from '../../../test-utils/fake-api.ts';
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

async function toMaterial(user: ReturnType<typeof setup>) {
  await user.type(await screen.findByLabelText('What do you want to learn?'), 'Learn Python');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('button', { name: 'Learn from my material' }));
  return screen.findByRole('dialog', { name: 'Your material' });
}

describe('learning from my material', { timeout: 30_000 }, () => {
  it('creates the goal, reads an uploaded file until it is ready, then builds the roadmap from it', async () => {
    const user = setup();
    const api = fakeApi();
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    const dialog = await toMaterial(user);
    // the goal is created as Skip creates it, and no roadmap is started yet
    expect(api.sent('POST', /\/goals$/)).toHaveLength(1);
    expect(api.sent('POST', /\/roadmaps\//)).toHaveLength(0);
    const goalId = api.state.goals[0]?.id;
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '1Goal',
      '2Prerequisites',
      '3Start',
      '4Material',
      '5Roadmap',
    ]);

    const build = within(dialog).getByRole('button', { name: 'Build my roadmap' }) as HTMLButtonElement;
    expect(build.disabled).toBe(true);
    expect(within(dialog).getByText('No material yet.')).toBeTruthy();

    const input = within(dialog).getByLabelText('Choose a file') as HTMLInputElement;
    expect(input.accept).toBe(SOURCE_FILE_ACCEPT);
    await user.upload(
      input,
      new File(['# Python\n\n## Basics\n\nText.'], 'handbook.md', { type: 'text/markdown' }),
    );
    await waitFor(() => expect(api.sent('POST', new RegExp(`/goals/${goalId}/sources$`))).toHaveLength(1));

    const list = await within(dialog).findByRole('list', { name: 'Your material' });
    expect(within(list).getByText('Handbook')).toBeTruthy();
    expect(within(list).getByRole('progressbar', { name: 'Reading Handbook' })).toBeTruthy();
    expect(build.disabled).toBe(true);
    // the list is read again while the source is processing, until it is ready
    expect(await within(list).findByText('Ready', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(build.disabled).toBe(false));

    await user.click(build);
    await screen.findByRole('dialog', { name: 'Building your roadmap' });
    const [start] = api.sent('POST', /\/roadmaps\//);
    expect(start?.url).toBe(`/api/roadmaps/${USER_ID}/${goalId}`);
    expect(start?.body).toEqual({ fromMaterial: true });
    expect(await screen.findByText('Roadmap generated successfully!', {}, { timeout: 5000 })).toBeTruthy();
    // built from the material's headings: no note about the offline generator
    expect(screen.queryByTestId('offline-note')).toBeNull();
  });

  it('adds pasted text and a web address, and shows a refusal in the API’s words', async () => {
    const user = setup();
    const api = fakeApi();
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    const dialog = await toMaterial(user);
    const goalId = api.state.goals[0]?.id;

    await user.click(within(dialog).getByRole('button', { name: 'Paste text' }));
    expect(within(dialog).getByRole('button', { name: 'Paste text' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add text' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(SOURCE_MESSAGES.title_required);
    await user.type(within(dialog).getByLabelText('Title'), 'Lecture notes');
    await user.type(within(dialog).getByLabelText('Text'), 'Loops repeat work.');
    await user.click(within(dialog).getByRole('button', { name: 'Add text' }));
    await waitFor(() =>
      expect(api.sent('POST', /\/sources\/text$/)[0]?.body).toEqual({
        title: 'Lecture notes',
        text: 'Loops repeat work.',
      }),
    );
    expect(await within(dialog).findByText('Lecture notes')).toBeTruthy();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('');

    await user.click(within(dialog).getByRole('button', { name: 'Web address' }));
    api.state.addSourceAnswer = [400, { message: SOURCE_MESSAGES.url_blocked, code: 'url_blocked' }];
    await user.type(within(dialog).getByLabelText('Web address'), 'https://localhost/');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SOURCE_MESSAGES.url_blocked);
    await user.clear(within(dialog).getByLabelText('Web address'));
    await user.type(within(dialog).getByLabelText('Web address'), 'https://example.com/guide');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await waitFor(() =>
      expect(api.sent('POST', new RegExp(`/goals/${goalId}/sources/url$`)).at(-1)?.body).toEqual({
        url: 'https://example.com/guide',
      }),
    );
    expect(await within(dialog).findByText('https://example.com/guide')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('a failed source says why; Back returns to the assessment prompt', async () => {
    const user = setup();
    const api = fakeApi();
    renderPage(<NewGoalPage />, { path: '/goals/new' });
    await toMaterial(user);
    const goalId = api.state.goals[0]?.id ?? '';
    api.state.sources.push(
      makeSource({
        goalId,
        title: 'Scan',
        state: 'failed',
        error: { code: 'no_text_layer', message: SOURCE_MESSAGES.no_text_layer },
      }),
    );
    // a source added elsewhere shows once the list is read again (here: after adding another that is refused)
    api.state.addSourceAnswer = [409, { message: SOURCE_MESSAGES.duplicate, code: 'duplicate' }];
    const dialog = screen.getByRole('dialog', { name: 'Your material' });
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File(['x'], 'a.md'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SOURCE_MESSAGES.duplicate);

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Knowledge assessment' })).toBeTruthy();
    // the goal is not created twice when the learner comes back
    await user.click(screen.getByRole('button', { name: 'Learn from my material' }));
    const again = await screen.findByRole('dialog', { name: 'Your material' });
    expect(api.sent('POST', /\/goals$/)).toHaveLength(1);
    expect(await within(again).findByText(SOURCE_MESSAGES.no_text_layer)).toBeTruthy();
    expect(
      (within(again).getByRole('button', { name: 'Build my roadmap' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
