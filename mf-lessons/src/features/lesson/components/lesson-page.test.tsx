// @vitest-environment jsdom
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, CONTENT, LESSON_ID, lesson } from '../../../test-utils/lessons.ts';
import LessonPage from './lesson-page.tsx';

const path = `/lessons/${LESSON_ID}`;
const open = () => renderPage(<LessonPage />, { path, route: '/lessons/:lessonId' });
const noAudio = [200, { audioUrl: null }] as [number, unknown];
const limit = {
  message: 'Only 1 lesson per 24 hours allowed in free version',
  hoursUntilReset: 20,
  subscriptionMessage: 'Upgrade to Pro for unlimited lessons',
  currentCount: 1,
  maxRequests: 1,
};

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the Markdown renderer is its own lazy chunk: on a loaded machine a page takes longer than vitest's 5 s default
describe('LessonPage', { timeout: 15_000 }, () => {
  it('shows a lesson with content: title, its own estimate as the plan shows it, sections, image popup, resources, actions', async () => {
    const calls = answerApi(({ method, path: p }) => {
      if (p === `/lessons/${LESSON_ID}`) return [200, lesson()];
      if (p.endsWith('/audio')) return noAudio;
      if (method === 'POST' && p.endsWith('/assessment/generate'))
        return [202, { assessment: null, job: null, joined: false }];
      return [404, { message: 'no' }];
    });
    open();
    expect(screen.getByText('Loading lesson…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Loops in Rust' })).toBeTruthy();
    expect(screen.getByText(/About 45 minutes · Control flow/)).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Lesson content' });
    // the Markdown renderer is loaded on its own chunk first
    await within(article).findByRole('heading', { level: 2, name: 'Summary' }, { timeout: 8000 });
    expect(
      within(article)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Overview', 'Key Concepts', 'Summary']);
    expect(article.querySelector('.katex')).not.toBeNull();
    expect(screen.getByText(/offline generator/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Open the image full size/ }));
    const popup = screen.getByRole('dialog', { name: 'Lesson image' });
    expect(within(popup).getByRole('img', { name: 'A diagram of a loop' }).getAttribute('src')).toBe(
      '/api/media/loop.svg',
    );
    expect(within(popup).getByText('A diagram of a loop')).toBeTruthy();
    await userEvent.keyboard('{Escape}');

    const videos = screen.getByRole('region', { name: 'Recommended Videos' });
    expect(within(videos).getByRole('link', { name: 'Videos: Loops' })).toBeTruthy();
    expect(within(videos).getByText('Search')).toBeTruthy();
    const books = screen.getByRole('region', { name: 'Recommended Books' });
    expect(within(books).getByText('AI suggestion, not checked')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Additional Resources' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Back to Roadmap' }).getAttribute('href')).toBe('/learning-plan');
    expect(screen.getByRole('link', { name: 'Take Assessment' }).getAttribute('href')).toBe(
      `/lessons/${LESSON_ID}/assessment`,
    );
    expect(screen.getByRole('button', { name: 'Generate Audio Version' })).toBeTruthy();
    // the assessment is generated once in the background, the content is not generated again
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/assessment/generate'))).toHaveLength(1));
    expect(calls.some((c) => c.path.endsWith('/generate-content'))).toBe(false);
  });

  it('hides Take Assessment once the lesson is completed and shows its score', async () => {
    answerApi(({ path: p }) =>
      p === `/lessons/${LESSON_ID}`
        ? [200, lesson({ isCompleted: true, grade: 90, completedAt: '2026-01-02T00:00:00.000Z' })]
        : p.endsWith('/audio')
          ? noAudio
          : [200, { assessment: null, job: null, joined: false }],
    );
    open();
    expect(await screen.findByText('Lesson completed with a score of 90%.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take Assessment' })).toBeNull();
  });

  /**
   * A lesson without content whose generation starts; the n-th content stream answers `streams[n]`, and the
   * lesson is stored once the last one is opened. Answers the calls made.
   */
  function generatingLesson(streams: { event: string; data: object }[][]) {
    let opened = 0;
    return answerApi(({ method, path: p }) => {
      if (p === `/lessons/${LESSON_ID}`)
        return [
          200,
          lesson(opened < streams.length ? { content: null, imageUrl: null, contentSource: null } : {}),
        ];
      if (method === 'POST' && p.endsWith('/generate-content'))
        return [202, { lesson: lesson({ content: null, isGenerating: true }), job: null, joined: false }];
      if (p.endsWith('/content-stream')) return { sse: streams[opened++] ?? [] };
      if (p.endsWith('/generate-image')) return [200, { imageUrl: '/api/media/new.svg' }];
      if (p.endsWith('/audio')) return noAudio;
      return [202, { assessment: null, job: null, joined: false }];
    });
  }
  const done = { event: 'done', data: { lesson: lesson({ imageUrl: null, contentSource: 'model' }) } };

  it('generates missing content once, streams it in, then generates the image of its placeholder', async () => {
    const calls = generatingLesson([
      [
        { event: 'delta', data: { text: CONTENT.slice(0, 30), reset: true } },
        { event: 'delta', data: { text: CONTENT.slice(30), reset: false } },
        done,
      ],
    ]);
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Summary' }, { timeout: 8000 })).toBeTruthy();
    const img = await screen.findByRole('img', { name: 'A diagram of a loop' });
    expect(img.getAttribute('src')).toBe('/api/media/new.svg');
    expect(calls.filter((c) => c.path.endsWith('/generate-content'))).toHaveLength(1);
    expect(calls.filter((c) => c.path.endsWith('/generate-image'))).toHaveLength(1);
    expect(screen.queryByText(/offline generator/)).toBeNull();
  });

  it('opens a stream cut before its end again, the text so far replaced, not doubled', async () => {
    const calls = generatingLesson([
      // the first API instance stops mid-lesson; another serves the reconnection from the job's progress
      [{ event: 'delta', data: { text: CONTENT.slice(0, 30), reset: true } }],
      [
        { event: 'delta', data: { text: CONTENT.slice(0, 60), reset: true } },
        { event: 'delta', data: { text: CONTENT.slice(60), reset: false } },
        done,
      ],
    ]);
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Summary' }, { timeout: 8000 })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/content-stream'))).toHaveLength(2);
    expect(calls.filter((c) => c.path.endsWith('/generate-content'))).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2, name: 'Summary' })).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the generation fails, with a way to try again', async () => {
    answerApi(({ method, path: p }) => {
      if (p === `/lessons/${LESSON_ID}`) return [200, lesson({ content: null })];
      if (method === 'POST' && p.endsWith('/generate-content'))
        return [202, { lesson: lesson({ content: null, isGenerating: true }), job: null, joined: false }];
      if (p.endsWith('/content-stream'))
        return {
          sse: [{ event: 'error', data: { reason: 'provider', message: 'The AI provider is down.' } }],
        };
      return noAudio;
    });
    open();
    // the start, then the stream's error event: slow on a loaded machine
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('Failed to generate lesson content. Please try again later.');
    expect(alert.textContent).toContain('The AI provider is down.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // no assessment can be made without the content
    expect(screen.queryByRole('link', { name: 'Take Assessment' })).toBeNull();
  });

  it('shows the Daily Limit Reached panel when the plan refuses the generation', async () => {
    answerApi(({ method, path: p }) => {
      if (p === `/lessons/${LESSON_ID}`) return [200, lesson({ content: null })];
      if (method === 'POST' && p.endsWith('/generate-content')) return [429, limit];
      return noAudio;
    });
    open();
    const panel = await screen.findByRole('alert', { name: 'Daily Limit Reached' });
    expect(panel.textContent).toContain('Only 1 lesson per 24 hours allowed in free version');
    expect(panel.textContent).toContain('20 hours');
    expect(panel.textContent).toContain('1 / 1');
    expect(
      (within(panel).getByRole('button', { name: 'Pro Plan Coming Soon' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('link', { name: 'Take Assessment' })).toBeNull();
    // the first page opened: there is no back within the app, so I Understand goes to the roadmap
    await userEvent.click(within(panel).getByRole('button', { name: 'I Understand' }));
    expect(screen.getByTestId('location').textContent).toBe('/learning-plan');
  });

  it('shows the Free Plan Limit Reached modal for a lesson the gate holds, without asking for content', async () => {
    const calls = answerApi(() => [200, lesson({ content: null, limit })]);
    open();
    const modal = await screen.findByRole('dialog', { name: 'Free Plan Limit Reached' });
    expect(modal.textContent).toContain('Only 1 lesson per 24 hours allowed in free version');
    expect(modal.textContent).toContain('20 hours');
    expect(modal.textContent).toContain('1 of 1');
    expect(within(modal).getByRole('link', { name: 'Back to Roadmap' }).getAttribute('href')).toBe(
      '/learning-plan',
    );
    expect(screen.queryByRole('link', { name: 'Take Assessment' })).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Daily Limit Reached' })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual([`/lessons/${LESSON_ID}`]);

    // dismissed, the page keeps the notice; its upgrade opens the settings on the subscription tab
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Free Plan Limit Reached' })).toBeNull();
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('This lesson opens in 20 hours.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Upgrade to Pro' }));
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/settings');
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({ activeTab: 'subscription' });
  });

  it.each([
    [404, { message: 'Lesson not found', code: 'NOT_FOUND' }, 'Lesson not found'],
    [500, { message: 'Database down', code: 'INTERNAL' }, 'Failed to load lesson: Database down'],
  ])('says why a lesson could not load (%i)', async (status, body, text) => {
    answerApi(() => [status, body]);
    open();
    // a server error is tried once more before it is shown
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(text);
  });
});
