// The lesson's Practice: its exercises after the lesson's text, each checked by its hidden tests in the
// learner's browser, each Check recorded as an attempt. A model's exercise appears only once its own
// solution has passed its tests here.
import type { Exercise } from '@mindpath/contracts/exercises';
import { useLessonPractice, useRecordAttempt, useReportUnverified } from '@mindpath/sdk/exercises-hooks';
import { Spinner } from '@mindpath/ui/spinner';
import { useId } from 'react';
import { useVerifiedExercises } from '../hooks/use-verified-exercises.ts';
import styles from './exercise.module.css';
import { ExerciseCard } from './exercise-card.tsx';

export const PRACTICE_TEXT = {
  title: 'Exercises',
  intro:
    'Write the code, Run it to try it out, then Check: hidden tests run on your code, here in your browser. Hints come one at a time if you need them.',
  writing: 'Writing exercises for this lesson…',
  checking: 'Preparing an exercise…',
} as const;

export default function PracticePanel({ lessonId }: { lessonId: string }) {
  const titleId = useId();
  const practice = useLessonPractice(lessonId);
  const record = useRecordAttempt();
  const unverified = useReportUnverified();
  const exercises = practice.data?.exercises ?? [];
  const setup = practice.data ? practice.data.setup : undefined;
  const states = useVerifiedExercises(exercises, setup, (exercise: Exercise, message: string) =>
    unverified.mutate({ exerciseId: exercise.id, lessonId, message }),
  );

  // no practice (a lesson without runnable code) or it could not be read: the lesson stands on its own
  if (!practice.data) return null;
  const { isGenerating } = practice.data;
  const shown = exercises.filter((e) => states[e.id] === 'shown');
  const checking = exercises.some((e) => states[e.id] === 'checking');
  if (shown.length === 0 && !checking && !isGenerating) return null;

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {PRACTICE_TEXT.title}
      </h2>
      <p className={styles.intro}>{PRACTICE_TEXT.intro}</p>
      {shown.map((exercise, i) => (
        <ExerciseCard
          key={exercise.id}
          exercise={exercise}
          setup={setup}
          heading={`Exercise ${i + 1}: ${exercise.title}`}
          solved={exercise.result.solved}
          onAttempt={(attempt) => record.mutate({ exerciseId: exercise.id, body: attempt })}
        />
      ))}
      {isGenerating || checking ? (
        <p className={styles.status} role="status">
          <Spinner />
          {isGenerating ? PRACTICE_TEXT.writing : PRACTICE_TEXT.checking}
        </p>
      ) : null}
    </section>
  );
}
