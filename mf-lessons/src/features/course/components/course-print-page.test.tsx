// @vitest-environment jsdom
import type { Course } from '@mindpath/contracts/course-export';
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, LESSON_ID, NEXT_ID, ROADMAP_ID } from '../../../test-utils/lessons.ts';
import CoursePrintPage, { COURSE_MESSAGES } from './course-print-page.tsx';

const GOAL_ID = '77777777-7777-4777-8777-777777777777';
const open = () =>
  renderPage(<CoursePrintPage />, {
    path: `/learning-plan/${GOAL_ID}/course`,
    route: '/learning-plan/:goalId/course',
  });

const course: Course = {
  goalId: GOAL_ID,
  title: 'Learn Rust',
  level: 'Beginner',
  sections: [
    {
      id: ROADMAP_ID,
      name: 'Control flow',
      lessons: [
        {
          id: LESSON_ID,
          title: 'Loops in Rust',
          content:
            '# Loops in Rust\n\n## Overview\nLoops repeat.\n\n{{image: A loop}}\n\n```rust\nloop {}\n```',
          imageUrl: '/api/media/lessons/abc.svg?expires=1&signature=x',
          isCompleted: false,
        },
        { id: NEXT_ID, title: 'Matching', content: null, imageUrl: null, isCompleted: false },
      ],
    },
  ],
};

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CoursePrintPage', { timeout: 15_000 }, () => {
  it('shows every lesson in order under its section, its own headings below the lesson title', async () => {
    answerApi(({ path }) => (path === `/goals/${GOAL_ID}/course` ? [200, course] : [404, { message: 'no' }]));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn Rust' })).toBeTruthy();
    expect(screen.getByText('Beginner · 2 lessons in 1 section')).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Loops in Rust', 'Matching (not written yet)']);
    expect(screen.getByRole('heading', { level: 2, name: 'Control flow' })).toBeTruthy();
    const [loops, matching] = screen.getAllByRole('article');
    expect(within(loops!).getByRole('heading', { level: 3 }).textContent).toBe('1. Loops in Rust');
    expect(
      await within(loops!).findByRole('heading', { level: 4, name: 'Overview' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(within(loops!).getByRole('img', { name: 'A loop' }).getAttribute('src')).toBe(
      course.sections[0]!.lessons[0]!.imageUrl,
    );
    expect(loops!.querySelector('pre code')?.textContent).toContain('loop {}');
    expect(within(matching!).getByText(/has not been written yet/)).toBeTruthy();
    expect(within(matching!).getByRole('link', { name: 'Open “Matching”' }).getAttribute('href')).toBe(
      `/lessons/${NEXT_ID}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("says so when the course is not the learner's or is gone", async () => {
    answerApi(() => [404, { message: 'Goal not found', code: 'NOT_FOUND' }]);
    open();
    expect(await screen.findByText(COURSE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Learning Plan' })).toBeTruthy();
  });
});
