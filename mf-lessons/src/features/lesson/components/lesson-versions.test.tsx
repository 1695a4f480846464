// @vitest-environment jsdom
import type { Lesson } from '@mindpath/contracts/lessons';
import type { LessonVersion } from '@mindpath/contracts/lessons-versions';
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  answerApi,
  type Call,
  CONTENT,
  LESSON_ID,
  lesson,
} from '../../../test-utils/lessons.ts';
import LessonPage from './lesson-page.tsx';

// The lesson page's Regenerate lesson dialog, its Versions list with Restore, and the Daily Limit Reached panel
// when the free plan refuses a new version: the real SDK over a stubbed network.

const path = `/lessons/${LESSON_ID}`;
const open = () => renderPage(<LessonPage />, { path, route: '/lessons/:lessonId' });
const JOB_ID = '55555555-5555-4555-8555-555555555555';
const V1 = '66666666-6666-4666-8666-666666666666';
const V2 = '77777777-7777-4777-8777-777777777777';

/** The second version: the first with a worked example more. */
const SECOND = `${CONTENT}\n\n### Worked example: for loops\n\n**Question.** What does \`for\` do?`;

const version = (patch: Partial<LessonVersion>): LessonVersion => ({
  id: V1,
  lessonId: LESSON_ID,
  version: 1,
  contentSource: 'offline',
  instruction: null,
  isCurrent: false,
  characters: 100,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...patch,
});
const job = {
  id: JOB_ID,
  kind: 'lesson-content',
  target: LESSON_ID,
  status: 'queued',
  attempts: 0,
  error: null,
  result: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};
const limit = {
  message: 'Only 1 lesson per 24 hours allowed in free version',
  hoursUntilReset: 20,
  subscriptionMessage: 'Upgrade to Pro for unlimited lessons and assessments.',
  currentCount: 1,
  maxRequests: 1,
  code: 'PLAN_LIMIT',
};

/**
 * A lesson (its content `content`, or being regenerated) and its versions as the server keeps them; `extra`
 * answers the calls of the test at hand first.
 */
function server(state: { lesson: Lesson; versions: LessonVersion[] }, extra: (call: Call) => Answer | null) {
  return answerApi((call) => {
    const mine = extra(call);
    if (mine) return mine;
    if (call.path === path) return [200, state.lesson];
    if (call.path === `${path}/versions`) return [200, { versions: state.versions }];
    if (call.path.endsWith('/audio')) return [200, { audioUrl: null }];
    if (call.path.endsWith('/assessment/generate'))
      return [200, { assessment: null, job: null, joined: false }];
    return [404, { message: 'Not here', code: 'NOT_FOUND' }];
  });
}

const article = () => screen.getByRole('article', { name: 'Lesson content' });
/** The article once the lesson has loaded (the page shows a loading state first). */
const loaded = () => screen.findByRole('article', { name: 'Lesson content' }, { timeout: 8000 });

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the Markdown renderer is its own lazy chunk: on a loaded machine a page takes longer than vitest's 5 s default
describe('a new version of the lesson', { timeout: 15_000 }, () => {
  it('opens the Regenerate lesson dialog: an optional instruction of at most 300 characters; Cancel and Escape close it', async () => {
    server({ lesson: lesson(), versions: [] }, () => null);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate lesson' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate lesson' });
    const field = within(dialog).getByRole('textbox', { name: 'Instruction (optional)' });
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('maxlength')).toBe('300');
    expect(within(dialog).getByText('0 / 300')).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText(/For example: simpler, more examples, more practice, shorter/),
    ).toBeTruthy();
    await userEvent.type(field, 'simpler');
    expect(within(dialog).getByText('7 / 300')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate lesson' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // no versions yet: no list, a hint of what a new version can be
    const bar = screen.getByRole('region', { name: 'Versions' });
    expect(within(bar).queryByRole('button', { name: /^Versions/ })).toBeNull();
    expect(within(bar).getByText(/Not what you need\? Ask for a new version/)).toBeTruthy();
  });

  it('regenerates with the instruction, follows the new text as it is written, then lists the versions', async () => {
    const state = { lesson: lesson(), versions: [] as LessonVersion[] };
    const second = lesson({ content: SECOND });
    const calls = server(state, ({ method, path: p }) => {
      if (method === 'POST' && p === `${path}/regenerate`) {
        state.lesson = lesson({ isGenerating: true });
        return [
          202,
          {
            lesson: state.lesson,
            job,
            joined: false,
            instruction: {
              text: 'more examples',
              readBy: 'offline',
              followed: ['more examples'],
              notFollowed: [],
            },
          },
        ];
      }
      if (p === `${path}/content-stream`) {
        state.lesson = second;
        state.versions = [
          version({ id: V2, version: 2, isCurrent: true, instruction: 'more examples' }),
          version({}),
        ];
        return {
          sse: [
            { event: 'delta', data: { text: SECOND.slice(0, 40), reset: true } },
            { event: 'delta', data: { text: SECOND.slice(40), reset: false } },
            { event: 'done', data: { lesson: second } },
          ],
        };
      }
      return null;
    });
    open();
    await within(await loaded()).findByRole('heading', { level: 2, name: 'Summary' }, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate lesson' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Instruction (optional)' }), 'more examples');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));

    expect(await within(article()).findByRole('heading', { name: 'Worked example: for loops' })).toBeTruthy();
    expect(calls.find((c) => c.path === `${path}/regenerate`)?.body).toEqual({
      instruction: 'more examples',
    });
    // the text was followed through the content stream, not generated as a first version
    expect(calls.some((c) => c.path.endsWith('/generate-content'))).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Regenerate lesson' })).toHaveProperty('disabled', false),
    );

    const versions = await screen.findByRole('region', { name: 'Versions' });
    await userEvent.click(await within(versions).findByRole('button', { name: 'Versions (2)' }));
    const items = within(versions).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual(['Version 2Current', 'Version 1']);
    expect(items[0]!.textContent).toContain('more examples');
    expect(items[1]!.textContent).toContain('No instruction');
    expect(within(items[0]!).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Restore version 1' })).toBeTruthy();
  });

  it('says what the new version follows while it is written', async () => {
    server({ lesson: lesson({ isGenerating: true }), versions: [] }, ({ method, path: p }) => {
      if (method === 'POST' && p === `${path}/regenerate`) return null;
      if (p === `${path}/content-stream`)
        return { sse: [{ event: 'delta', data: { text: '## Overview\nLoops, again.', reset: true } }] };
      return null;
    });
    open();
    // reloaded while a new version is written: its text is followed, the Regenerate button waits
    expect(await within(await loaded()).findByText('Loops, again.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Regenerate lesson' })).toHaveProperty('disabled', true);
    expect(within(article()).getByRole('status').textContent).toContain(
      'Writing a new version of the lesson',
    );
  });

  it('keeps a failure other than the limit in the dialog, in words', async () => {
    server({ lesson: lesson(), versions: [] }, ({ method, path: p }) =>
      method === 'POST' && p === `${path}/regenerate`
        ? [409, { message: 'A new version of this lesson is being written.', code: 'GENERATING' }]
        : null,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate lesson' }));
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate lesson' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to regenerate the lesson: A new version of this lesson is being written.',
    );
  });

  it('shows the Daily Limit Reached panel when the free plan refuses it; I Understand goes back to the lesson', async () => {
    const calls = server({ lesson: lesson(), versions: [] }, ({ method, path: p }) =>
      method === 'POST' && p === `${path}/regenerate` ? [429, limit] : null,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate lesson' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Instruction (optional)' }), 'simpler');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));

    const panel = await screen.findByRole('alert', { name: 'Daily Limit Reached' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(panel.textContent).toContain('Only 1 lesson per 24 hours allowed in free version');
    expect(panel.textContent).toContain('20 hours');
    expect(panel.textContent).toContain('1 / 1');
    expect(
      (within(panel).getByRole('button', { name: 'Pro Plan Coming Soon' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('article')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'I Understand' }));
    expect(screen.getByTestId('location').textContent).toBe(path);
    expect(screen.queryByRole('alert', { name: 'Daily Limit Reached' })).toBeNull();
    expect(
      await within(article()).findByRole('heading', { level: 2, name: 'Summary' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path === `${path}/regenerate`)).toHaveLength(1);
  });
});

describe('the Versions list', { timeout: 15_000 }, () => {
  it('restores an earlier version: its content is shown, the list says which is current', async () => {
    const first = 'Loops, the first time.\n\n## Summary\nDone before.';
    const state = {
      lesson: lesson({ content: SECOND }),
      versions: [version({ id: V2, version: 2, isCurrent: true, instruction: 'more examples' }), version({})],
    };
    const calls = server(state, ({ method, path: p }) => {
      if (method === 'POST' && p === `${path}/versions/${V1}/restore`) {
        state.lesson = lesson({ content: first, imageUrl: null });
        state.versions = [
          version({ id: V2, version: 2, isCurrent: false, instruction: 'more examples' }),
          version({ isCurrent: true }),
        ];
        return [200, { lesson: state.lesson, versions: state.versions }];
      }
      return null;
    });
    open();
    expect(
      await within(await loaded()).findByRole(
        'heading',
        { name: 'Worked example: for loops' },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    const versions = screen.getByRole('region', { name: 'Versions' });
    const toggle = await within(versions).findByRole('button', { name: 'Versions (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(versions).queryByRole('list')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(within(versions).getByRole('button', { name: 'Restore version 1' }));

    expect(await within(article()).findByText('Loops, the first time.')).toBeTruthy();
    expect(within(article()).queryByRole('heading', { name: 'Worked example: for loops' })).toBeNull();
    expect(within(versions).getByRole('status').textContent).toBe('Version 1 restored.');
    const items = within(versions).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: 'Restore version 2' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('Current');
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/restore'))).toHaveLength(1);
  });

  it('says why a restore failed', async () => {
    server(
      {
        lesson: lesson({ content: SECOND }),
        versions: [version({ id: V2, version: 2, isCurrent: true }), version({})],
      },
      ({ method, path: p }) =>
        method === 'POST' && p.endsWith('/restore')
          ? [409, { message: 'A new version of this lesson is being written.', code: 'GENERATING' }]
          : null,
    );
    open();
    const versions = await screen.findByRole('region', { name: 'Versions' }, { timeout: 8000 });
    await userEvent.click(await within(versions).findByRole('button', { name: 'Versions (2)' }));
    await userEvent.click(within(versions).getByRole('button', { name: 'Restore version 1' }));
    expect((await within(versions).findByRole('alert')).textContent).toBe(
      'Failed to restore the version: A new version of this lesson is being written.',
    );
  });
});
