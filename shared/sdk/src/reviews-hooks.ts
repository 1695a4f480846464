import type { ReviewSettings } from '@mindpath/contracts/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIsAuthenticated } from './hooks.ts';
import { queryKeys } from './query-keys.ts';
import { reviewsApi } from './reviews-api.ts';

/** The review queue (the /review page). */
export function useReviewQueue() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.reviewQueue,
    queryFn: () => reviewsApi.queue(),
    enabled: authenticated,
  });
}

/** Review stats: the side menu's due count, the home dashboard. Refreshed every minute (cards come due). */
export function useReviewStats(options: { enabled?: boolean } = {}) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.reviewStats,
    queryFn: reviewsApi.stats,
    enabled: authenticated && (options.enabled ?? true),
    refetchInterval: 60_000,
  });
}

/** Cards and due cards per lesson of a goal (the learning plan). */
export function useLessonReviews(goalId: string | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.lessonReviews(goalId ?? ''),
    queryFn: () => reviewsApi.lessons(goalId!),
    enabled: authenticated && !!goalId,
  });
}

/** Which notes have cards, and which are in review as a whole (the knowledge base). */
export function useNoteReviews() {
  const authenticated = useIsAuthenticated();
  return useQuery({ queryKey: queryKeys.noteReviews, queryFn: reviewsApi.notes, enabled: authenticated });
}

/** After a change to cards: everything about reviews is read again (the queue stays until asked). */
function useReviewsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.reviews, refetchType: 'active' });
}

export function useAddNoteToReview() {
  const changed = useReviewsChanged();
  return useMutation({ mutationFn: (noteId: string) => reviewsApi.addNote(noteId), onSuccess: changed });
}

export function useRemoveNoteFromReview() {
  const changed = useReviewsChanged();
  return useMutation({ mutationFn: (noteId: string) => reviewsApi.removeNote(noteId), onSuccess: changed });
}

/** Requested retention and the daily caps (the review page's settings). */
export function useReviewSettings() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.reviewSettings,
    queryFn: reviewsApi.settings,
    enabled: authenticated,
  });
}

/** Saves them; the queue and the stats are read again, since the caps decide what is due today. */
export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) => reviewsApi.saveSettings(settings),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.reviewSettings, saved);
      return client.invalidateQueries({ queryKey: queryKeys.reviews });
    },
  });
}
