// @vitest-environment jsdom
import { renderPage } from '@mindpath/mf/render-page';
import { tokenStore } from '@mindpath/sdk/token-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, LESSON_ID, PASSAGE_1, passageView } from '../../../test-utils/lessons.ts';
import TutorChat from './tutor-chat.tsx';

const NOTE_ID = '77777777-7777-4777-8777-777777777777';
const T0 = '2026-01-01T10:00:00.000Z';

const thread = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    role: 'user',
    content: 'What does a loop do?',
    lessonId: LESSON_ID,
    source: null,
    citations: [],
    createdAt: T0,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    role: 'assistant',
    content: 'It repeats its body [1]. You wrote about labels [2], and the lesson shows one [3].',
    lessonId: LESSON_ID,
    source: 'offline',
    citations: [
      {
        n: 1,
        kind: 'passage',
        id: PASSAGE_1,
        title: 'The Rust Book',
        page: 4,
        headingPath: ['Control flow', 'Loops'],
      },
      { n: 2, kind: 'note', id: NOTE_ID, title: 'Loop labels', page: null, headingPath: [] },
      { n: 3, kind: 'lesson', id: LESSON_ID, title: 'Loops in Rust', page: null, headingPath: [] },
    ],
    createdAt: T0,
  },
];

beforeEach(() => tokenStore.set('token'));
afterEach(() => {
  cleanup();
  tokenStore.clear();
  vi.unstubAllGlobals();
});

describe("a tutor answer's citations", { timeout: 20_000 }, () => {
  it('lists its Sources and opens a passage over the conversation, Escape closing it and not the tutor', async () => {
    const calls = answerApi(({ path }) => {
      if (path.startsWith('/chat/history')) return [200, { messages: thread, total: 2, hasMore: false }];
      if (path === `/passages/${PASSAGE_1}`) return [200, passageView()];
      if (path === '/goals') return [200, []];
      return [404, { message: 'no' }];
    });
    const user = userEvent.setup();
    renderPage(<TutorChat />, { path: `/lessons/${LESSON_ID}`, route: '*' });
    await user.click(screen.getByRole('button', { name: 'Open AI tutor' }));
    const panel = await screen.findByRole('dialog', { name: 'AI tutor' }, { timeout: 8000 });

    const sources = await within(panel).findByRole('list', { name: 'Sources' }, { timeout: 8000 });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '[1] The Rust Book · page 4',
      '[2] Loop labels',
      '[3] This lesson',
    ]);
    expect(within(sources).getByRole('link', { name: '[2] Loop labels' }).getAttribute('href')).toBe(
      `/knowledge-graph?note=${NOTE_ID}`,
    );
    expect(within(items[2]!).queryByRole('button')).toBeNull();

    // the answer's own markers: the passage a button, the note a link
    const answer = within(panel).getByTestId('chat-assistant');
    expect(within(answer).getByRole('link', { name: 'Source 2: Loop labels' })).toBeTruthy();
    const marker = within(answer).getByRole('button', { name: 'Source 1: The Rust Book, page 4' });
    await user.click(marker);
    const viewer = await within(panel).findByRole('region', { name: 'The Rust Book' });
    expect(viewer.querySelector('mark')?.textContent).toBe(
      'A loop repeats its body while a condition holds.',
    );
    expect(viewer.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(panel).queryByTestId('passage-viewer')).toBeNull());
    expect(document.activeElement).toBe(marker);
    expect(panel.hidden).toBe(false);

    // the Sources line opens the same viewer
    await user.click(within(sources).getByRole('button', { name: '[1] The Rust Book · page 4' }));
    expect(await within(panel).findByTestId('passage-viewer')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Close passage' }));
    expect(document.activeElement?.textContent).toBe('[1] The Rust Book · page 4');
    expect(calls.filter((c) => c.path === `/passages/${PASSAGE_1}`)).toHaveLength(1);
  });
});
