import { describe, expect, it } from 'vitest';
import {
  HINT_SCROLL_PX,
  hintText,
  hintVisible,
  isSendable,
  lessonIdOf,
  panelSubtitle,
  quoted,
} from './chat-rules.ts';

describe('chat rules', () => {
  it('sends nothing empty or whitespace-only', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable('   \n\t ')).toBe(false);
    expect(isSendable(' What is a join? ')).toBe(true);
  });

  it('hides the hint only after more than 50 px of scroll', () => {
    expect(HINT_SCROLL_PX).toBe(50);
    expect(hintVisible(0)).toBe(true);
    expect(hintVisible(50)).toBe(true);
    expect(hintVisible(51)).toBe(false);
  });

  it('words the hint for the lesson, else the active goal, else a learner with no goal; off a lesson it waits for the goal list', () => {
    expect(hintText('abc', undefined)).toBe('Questions about this lesson? Ask the AI tutor.');
    expect(hintText('abc', false)).toBe('Questions about this lesson? Ask the AI tutor.');
    expect(hintText(undefined, true)).toBe('Questions about your goal? Ask the AI tutor.');
    expect(hintText(undefined, false)).toBe('Not sure what to learn? Ask the AI tutor.');
    expect(hintText(undefined, undefined)).toBeNull();
  });

  it('finds the lesson of lesson and assessment pages, none elsewhere', () => {
    const id = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
    expect(lessonIdOf(`/lessons/${id}`)).toBe(id);
    expect(lessonIdOf(`/lessons/${id}/assessment`)).toBe(id);
    expect(lessonIdOf('/home')).toBeUndefined();
    expect(lessonIdOf('/learning-plan/abc')).toBeUndefined();
  });

  it('quotes a selection line by line and leaves room for the question', () => {
    expect(quoted('  A join combines rows.\nOf two tables. ')).toBe(
      '> A join combines rows.\n> Of two tables.\n\n',
    );
  });
});

describe('panelSubtitle', () => {
  it('names the lesson, else the active goal, and with no goal what to learn', () => {
    expect(panelSubtitle('abc', false)).toBe('About this lesson');
    expect(panelSubtitle(undefined, true)).toBe('About your active goal');
    expect(panelSubtitle(undefined, undefined)).toBe('About your active goal');
    expect(panelSubtitle(undefined, false)).toBe('About what to learn');
  });
});
