// The chat's rules (spec 2 §2, §5): what may be sent, when the hint shows, whose conversation a page is.
import { matchPath } from 'react-router';

/** spec 2 §2: the hint hides once the page is scrolled more than this */
export const HINT_SCROLL_PX = 50;

/** spec 2 §5: an empty or whitespace-only message is not sent */
export const isSendable = (text: string) => text.trim().length > 0;

export const hintVisible = (scrollY: number) => scrollY <= HINT_SCROLL_PX;

/**
 * The hint's invitation: about the page's lesson, else the active goal, else (a new learner: the tutor answers
 * without a goal too) about what to learn. Off a lesson it waits for the goal list (`undefined`) rather than
 * change its words once the list is read.
 */
export function hintText(lessonId: string | undefined, hasActiveGoal: boolean | undefined): string | null {
  if (lessonId) return 'Questions about this lesson? Ask the AI tutor.';
  if (hasActiveGoal === undefined) return null;
  return hasActiveGoal
    ? 'Questions about your goal? Ask the AI tutor.'
    : 'Not sure what to learn? Ask the AI tutor.';
}

/** What the open panel says it is about: the lesson, the active goal, or, with neither, what to learn. */
export function panelSubtitle(lessonId: string | undefined, hasActiveGoal: boolean | undefined): string {
  if (lessonId) return 'About this lesson';
  return hasActiveGoal === false ? 'About what to learn' : 'About your active goal';
}

/** The lesson a page belongs to (/lessons/{id} and its assessment); none elsewhere: the goal tutor. */
export function lessonIdOf(pathname: string): string | undefined {
  return matchPath({ path: '/lessons/:lessonId', end: false }, pathname)?.params.lessonId ?? undefined;
}

/** A selection as a Markdown quote, followed by an empty line for the question. */
export function quoted(selection: string): string {
  const lines = selection
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd());
  return `${lines.join('\n')}\n\n`;
}
