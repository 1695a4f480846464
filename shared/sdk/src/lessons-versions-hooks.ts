import type { LessonVersion } from '@mindpath/contracts/lessons-versions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './errors.ts';
import { useIsAuthenticated } from './hooks.ts';
import { lessonChanged } from './lessons-hooks.ts';
import { lessonVersionsApi } from './lessons-versions-api.ts';
import { queryKeys } from './query-keys.ts';

/** Under the lesson's own key: whatever refreshes the lesson refreshes its versions. */
export const lessonVersionsKey = (lessonId: string) => [...queryKeys.lesson(lessonId), 'versions'] as const;

const refused = (err: unknown) => err instanceof ApiRequestError && err.status < 500;

/** The lesson's versions, newest first (empty until it is first regenerated). */
export function useLessonVersions(lessonId: string | undefined, enabled = true) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: lessonVersionsKey(lessonId ?? ''),
    queryFn: async () => (await lessonVersionsApi.list(lessonId ?? '')).versions,
    enabled: authenticated && Boolean(lessonId) && enabled,
    retry: (failures, err) => failures < 1 && !refused(err),
  });
}

/**
 * Starts a new version with the instruction: the lesson answered (generating) goes into its query, so the
 * page follows the text as it is written (useLessonContent). A refusal of the free plan is a RateLimitError.
 */
export function useRegenerateLesson(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (instruction: string | null) => lessonVersionsApi.regenerate(lessonId, instruction),
    onSuccess: (out) => client.setQueryData(queryKeys.lesson(lessonId), out.lesson),
  });
}

/** Makes a version current again (free): the lesson and its versions as the answer has them. */
export function useRestoreLessonVersion(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => lessonVersionsApi.restore(lessonId, versionId),
    onSuccess: (out) => {
      lessonChanged(client, out.lesson);
      client.setQueryData<LessonVersion[]>(lessonVersionsKey(lessonId), out.versions);
    },
  });
}

/**
 * "Regenerate remaining lessons" of a goal (for the learning plan): the lessons not started lose their
 * content, kept as versions, and are written again when opened. Every lesson and plan query reads again.
 */
export function useRegenerateRemainingLessons(goalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => lessonVersionsApi.regenerateRemaining(goalId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.lessons });
      void client.invalidateQueries({ queryKey: queryKeys.learningPlan });
    },
  });
}
