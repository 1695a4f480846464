import type { AttemptBody, Exercise, LessonPractice } from '@mindpath/contracts/exercises';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exercisesApi } from './exercises-api.ts';
import { useIsAuthenticated } from './hooks.ts';
import { queryKeys } from './query-keys.ts';

/** How often the practice is read again while the model writes its exercises. */
export const PRACTICE_POLL_MS = 2_000;

/**
 * A lesson's practice: the SQL of its tables and its exercises with the learner's results. Read again every
 * PRACTICE_POLL_MS while the model writes them. `enabled: false` until the lesson has content (a model's
 * exercises are written from it): enabling it then reads the practice.
 */
export function useLessonPractice(lessonId: string | undefined, options: { enabled?: boolean } = {}) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.lessonPractice(lessonId ?? ''),
    queryFn: () => exercisesApi.practice(lessonId!),
    enabled: authenticated && !!lessonId && (options.enabled ?? true),
    refetchInterval: (query) => (query.state.data?.isGenerating ? PRACTICE_POLL_MS : false),
  });
}

/** The exercise's new result in the lesson's practice, without reading it again. */
function withExercise(practice: LessonPractice | undefined, exercise: Exercise) {
  if (!practice) return practice;
  return { ...practice, exercises: practice.exercises.map((e) => (e.id === exercise.id ? exercise : e)) };
}

/**
 * Records a checked attempt. The plan (exercises done), home (a practice day) and review (a "Solve again"
 * card for one failed or solved with the solution) are read again.
 */
export function useRecordAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ exerciseId, body }: { exerciseId: string; body: AttemptBody }) =>
      exercisesApi.recordAttempt(exerciseId, body),
    onSuccess: (exercise) => {
      client.setQueryData<LessonPractice>(queryKeys.lessonPractice(exercise.lessonId), (p) =>
        withExercise(p, exercise),
      );
      for (const queryKey of [queryKeys.learningPlan, queryKeys.home, queryKeys.reviews])
        void client.invalidateQueries({ queryKey });
    },
  });
}

/**
 * Reports a model exercise whose reference solution failed its tests in this browser: the server hides it
 * and writes it again once; the practice it answers replaces the cached one (polled while it writes).
 */
export function useReportUnverified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ exerciseId, message }: { exerciseId: string; lessonId: string; message: string }) =>
      exercisesApi.reportUnverified(exerciseId, { message: message.slice(0, 2000) }),
    onSuccess: (practice, { lessonId }) => {
      client.setQueryData(queryKeys.lessonPractice(lessonId), practice);
      void client.invalidateQueries({ queryKey: queryKeys.learningPlan });
    },
  });
}
