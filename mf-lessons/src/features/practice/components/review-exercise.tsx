// An exercise met again in review ("Solve again"): the same editor, Run and Check as in its lesson, against
// the lesson's tables; each Check is recorded like one made in the lesson.
import type { TestOutcome } from '@mindpath/runner/protocol';
import { useLessonPractice, useRecordAttempt } from '@mindpath/sdk/exercises-hooks';
import { Notification } from '@mindpath/ui/notification';
import { Spinner } from '@mindpath/ui/spinner';
import styles from './exercise.module.css';
import { ExerciseCard } from './exercise-card.tsx';

export const REVIEW_EXERCISE_TEXT = {
  loading: 'Loading the exercise…',
  missing: 'This exercise is no longer part of its lesson. Grade the card to move on.',
} as const;

export default function ReviewExercise({
  lessonId,
  exerciseId,
  onChecked,
}: {
  lessonId: string;
  exerciseId: string;
  /** after each Check: the review card offers its grades then */
  onChecked?(outcome: TestOutcome): void;
}) {
  const practice = useLessonPractice(lessonId);
  const record = useRecordAttempt();
  if (practice.isPending) {
    return (
      <p className={styles.status} role="status">
        <Spinner />
        {REVIEW_EXERCISE_TEXT.loading}
      </p>
    );
  }
  const exercise = practice.data?.exercises.find((e) => e.id === exerciseId);
  if (!exercise) return <Notification kind="info">{REVIEW_EXERCISE_TEXT.missing}</Notification>;
  return (
    <ExerciseCard
      exercise={exercise}
      setup={practice.data?.setup ?? null}
      heading={exercise.title}
      onAttempt={(attempt, outcome) => {
        record.mutate({ exerciseId: exercise.id, body: attempt });
        onChecked?.(outcome);
      }}
    />
  );
}
