import type { PlanLesson, Roadmap } from '@mindpath/contracts/roadmaps';
import { ApiRequestError } from '@mindpath/sdk/errors';
import type { CompletionChange } from '@mindpath/sdk/plan-completion';
import { useSetCompletion } from '@mindpath/sdk/roadmap-hooks';
import { buttonClassName } from '@mindpath/ui/button';
import { useToast } from '@mindpath/ui/toast';
import { useCallback } from 'react';
import styles from './completion.module.css';
import { CheckIcon } from './icons.tsx';

export const COMPLETION_FAILED = 'Failed to update progress. Please try again.';

/**
 * Marks lessons and milestones done or not done from the plan (spec 1 §4). `planGoalId` is the id the page
 * read its plan with (undefined on /learning-plan: the active goal's), so the plan shows the change at once.
 */
export function useCompletionChange(planGoalId: string | undefined) {
  const setCompletion = useSetCompletion(planGoalId);
  const { show } = useToast();
  const { mutate } = setCompletion;
  return useCallback(
    (change: CompletionChange) =>
      mutate(change, {
        onError: (err) =>
          show(err instanceof ApiRequestError && err.status < 500 ? err.message : COMPLETION_FAILED, {
            kind: 'error',
          }),
      }),
    [mutate, show],
  );
}

/**
 * The round mark before a lesson: a toggle named "Lesson done", pressed when it is, described by the
 * lesson's title (`titleId`), so its name never repeats a title that other controls are found by.
 */
export function LessonDoneToggle({
  lesson,
  titleId,
  onChange,
}: {
  lesson: PlanLesson;
  titleId: string;
  onChange: (change: CompletionChange) => void;
}) {
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={lesson.isCompleted}
      aria-label="Lesson done"
      aria-describedby={titleId}
      title={lesson.isCompleted ? 'Mark as not done' : 'Mark as done'}
      onClick={() => onChange({ kind: 'lesson', id: lesson.id, isCompleted: !lesson.isCompleted })}
    >
      <CheckIcon />
    </button>
  );
}

/** Under a milestone's lessons: mark all of them done, or open them again. */
export function MilestoneDoneButton({
  section,
  lessons,
  onChange,
}: {
  section: Roadmap;
  lessons: PlanLesson[];
  onChange: (change: CompletionChange) => void;
}) {
  if (lessons.length === 0) return null;
  const done = lessons.every((l) => l.isCompleted);
  return (
    <div className={styles.milestoneActions}>
      <button
        type="button"
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        onClick={() => onChange({ kind: 'section', id: section.id, isCompleted: !done })}
      >
        {done ? 'Mark milestone as not done' : 'Mark milestone as done'}
      </button>
    </div>
  );
}
