// @vitest-environment jsdom
import { CITATION_MESSAGES } from '@mindpath/contracts/citations-constants';
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerApi,
  groundedLesson,
  LESSON_ID,
  lesson,
  PASSAGE_1,
  PASSAGE_2,
  passageView,
} from '../../../test-utils/lessons.ts';
import LessonPage from './lesson-page.tsx';

const open = () => renderPage(<LessonPage />, { path: `/lessons/${LESSON_ID}`, route: '/lessons/:lessonId' });

function serve(body = groundedLesson(), passages: Record<string, [number, unknown]> = {}) {
  return answerApi(({ method, path }) => {
    if (path === `/lessons/${LESSON_ID}`) return [200, body];
    if (path.endsWith('/audio')) return [200, { audioUrl: null }];
    if (method === 'POST' && path.endsWith('/assessment/generate'))
      return [202, { assessment: null, job: null, joined: false }];
    const passage = /^\/passages\/(.+)$/.exec(path)?.[1];
    if (passage) return passages[passage] ?? [200, passageView(passage)];
    return [404, { message: 'no' }];
  });
}

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function article() {
  const el = await screen.findByRole('article', { name: 'Lesson content' });
  await within(el).findByRole('heading', { level: 2, name: 'Overview' }, { timeout: 8000 });
  return el;
}

describe('a grounded lesson', { timeout: 20_000 }, () => {
  it('shows its markers as buttons named by their source and page, and flags what cites nothing or no passage', async () => {
    serve();
    open();
    const text = await article();
    const first = within(text).getAllByRole('button', { name: 'Source 1: The Rust Book, page 4' });
    // the paragraph's [1] and the list item's [1, 2]; the code block's "[1]" is code, not a marker
    expect(first).toHaveLength(2);
    expect(first[0]?.textContent).toBe('[1]');
    expect(within(text).getByRole('button', { name: 'Source 2: The Rust Book, page 5' }).textContent).toBe(
      '[2]',
    );
    expect(text.querySelector('pre code')?.textContent).toContain('[1]');

    // the item without a marker, the paragraph without one, and the paragraph citing [7] (no such passage)
    const flags = within(text).getAllByTestId('citation-flag');
    expect(flags.map((f) => f.textContent)).toEqual([
      CITATION_MESSAGES.uncited,
      CITATION_MESSAGES.uncited,
      CITATION_MESSAGES.unknown,
    ]);
    // flagged where they are, not hidden
    expect(
      [...text.querySelectorAll('[data-citation-issue]')].map((e) => [
        e.tagName,
        e.getAttribute('data-citation-issue'),
      ]),
    ).toEqual([
      ['LI', 'uncited'],
      ['P', 'uncited'],
      ['P', 'unknown'],
    ]);
    expect(within(text).getByText('Rust has three kinds of loop.')).toBeTruthy();
    const labels = within(text).getByText(/Labels name an outer loop/);
    expect(labels.querySelector('button')).toBeNull();
    expect(labels.textContent).toContain('[7]');
  });

  it('opens a cited passage beside the lesson, highlighted, and closes it with Escape, the focus back on its marker', async () => {
    const calls = serve();
    open();
    const text = await article();
    const user = userEvent.setup();
    const marker = within(text).getAllByRole('button', { name: 'Source 1: The Rust Book, page 4' })[0]!;
    await user.click(marker);

    const viewer = await screen.findByRole('region', { name: 'The Rust Book' });
    expect(viewer.contains(document.activeElement)).toBe(true);
    expect(within(viewer).getByText('Control flow › Loops')).toBeTruthy();
    expect(within(viewer).getByText('Page 4')).toBeTruthy();
    const mark = viewer.querySelector('mark');
    expect(mark?.textContent).toBe('A loop repeats its body while a condition holds.');
    expect(within(viewer).getByText(/Programs often do the same work/).tagName).not.toBe('MARK');
    expect(calls.some((c) => c.path === `/passages/${PASSAGE_1}`)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('passage-viewer')).toBeNull());
    expect(document.activeElement).toBe(marker);

    // another passage, closed with its button
    await user.click(within(text).getByRole('button', { name: 'Source 2: The Rust Book, page 5' }));
    await screen.findByTestId('passage-viewer');
    await waitFor(() => expect(calls.some((c) => c.path === `/passages/${PASSAGE_2}`)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Close passage' }));
    expect(screen.queryByTestId('passage-viewer')).toBeNull();
  });

  it('says so when the passage is no longer in the material', async () => {
    serve(groundedLesson(), { [PASSAGE_1]: [404, { message: 'Passage not found', code: 'NOT_FOUND' }] });
    open();
    const text = await article();
    await userEvent.click(within(text).getAllByRole('button', { name: /^Source 1:/ })[0]!);
    const viewer = await screen.findByTestId('passage-viewer');
    expect((await within(viewer).findByRole('alert')).textContent).toBe(SOURCE_MESSAGES.passage_gone);
  });

  it('leaves a lesson without citations as it was: no markers, no flags', async () => {
    serve(lesson({ content: 'Loops repeat [1].\n\nNo source here.' }));
    open();
    const text = await screen.findByRole('article', { name: 'Lesson content' });
    await within(text).findByText('Loops repeat [1].', {}, { timeout: 8000 });
    expect(within(text).queryByRole('button', { name: /^Source/ })).toBeNull();
    expect(within(text).queryByTestId('citation-flag')).toBeNull();
  });
});
