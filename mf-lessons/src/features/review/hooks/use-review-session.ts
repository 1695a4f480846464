import type { ReviewCard, ReviewRating } from '@mindpath/contracts/reviews';
import { queryKeys } from '@mindpath/sdk/query-keys';
import { reviewsApi } from '@mindpath/sdk/reviews-api';
import { useReviewQueue } from '@mindpath/sdk/reviews-hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** a card as it was shown: graded once at this due time, it is not shown again until it comes due anew */
const shownKey = (c: ReviewCard) => `${c.id}@${c.due}`;
const NO_GRADES: Record<ReviewRating, number> = { again: 0, hard: 0, good: 0, easy: 0 };
/** the queue is read again when its next card comes due within this time (learning steps are minutes) */
const WATCH_MS = 30 * 60_000;

/** what Undo takes back, last first: a grade, or a card suspended */
type Step = { cardId: string; rating: ReviewRating } | { cardId: string; suspended: true };

/**
 * One review session: the queue, the card at hand, grades (each with its own reviewId, so a resend changes
 * nothing), suspending a card, undo of the last steps in turn, and what was done. A graded or suspended card
 * leaves at once; the queue is then read again, and a card graded Again comes back when it is due.
 */
export function useReviewSession() {
  const client = useQueryClient();
  const queue = useReviewQueue();
  const [graded, setGraded] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState(NO_GRADES);
  const [history, setHistory] = useState<Step[]>([]);
  const [undone, setUndone] = useState<ReviewCard | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.reviews });

  const hide = (card: ReviewCard) => {
    setGraded((s) => new Set(s).add(shownKey(card)));
    setUndone(null);
  };
  // refused or not sent: the card is asked again
  const unhide = (card: ReviewCard) =>
    setGraded((s) => {
      const next = new Set(s);
      next.delete(shownKey(card));
      return next;
    });

  const grade = useMutation({
    mutationFn: (v: { card: ReviewCard; rating: ReviewRating; reviewId: string }) =>
      reviewsApi.grade(v.card.id, { rating: v.rating, reviewId: v.reviewId }),
    onMutate: ({ card }) => hide(card),
    onSuccess: (_, { card, rating }) => {
      setDone((d) => ({ ...d, [rating]: d[rating] + 1 }));
      setHistory((h) => [...h, { cardId: card.id, rating }]);
    },
    onError: (_, { card }) => unhide(card),
    onSettled: refresh,
  });

  const suspend = useMutation({
    mutationFn: (card: ReviewCard) => reviewsApi.suspend(card.id, true),
    onMutate: hide,
    onSuccess: (_, card) => setHistory((h) => [...h, { cardId: card.id, suspended: true }]),
    onError: (_, card) => unhide(card),
    onSettled: refresh,
  });

  const undo = useMutation({
    mutationFn: (last: Step) =>
      'rating' in last ? reviewsApi.undo(last.cardId) : reviewsApi.suspend(last.cardId, false),
    onSuccess: (card, last) => {
      setHistory((h) => h.slice(0, -1));
      if ('rating' in last) setDone((d) => ({ ...d, [last.rating]: Math.max(0, d[last.rating] - 1) }));
      setUndone(card);
    },
    onSettled: refresh,
  });

  const waiting = (queue.data?.cards ?? []).filter((c) => !graded.has(shownKey(c)));
  const current = undone ?? waiting[0] ?? null;
  const left = queue.data
    ? queue.data.total - (queue.data.cards.length - waiting.length) + (undone ? 1 : 0)
    : 0;

  const lastStep = history.at(-1);

  // the next card due soon (a learning step): read the queue again then
  const nextDueAt = queue.data?.nextDueAt;
  useEffect(() => {
    if (current || !nextDueAt) return;
    const wait = new Date(nextDueAt).getTime() - Date.now();
    if (wait > WATCH_MS) return;
    const timer = setTimeout(() => void queue.refetch(), Math.max(0, wait) + 1000);
    return () => clearTimeout(timer);
  }, [current, nextDueAt, queue]);

  return {
    queue,
    current,
    left,
    done,
    grade: (card: ReviewCard, rating: ReviewRating, reviewId: string) =>
      grade.mutate({ card, rating, reviewId }),
    grading: grade.isPending,
    gradeError: grade.error,
    suspend: (card: ReviewCard) => suspend.mutate(card),
    suspending: suspend.isPending,
    suspendError: suspend.error,
    /** a suspend is announced until the next step */
    lastStep: lastStep && 'suspended' in lastStep ? ('suspended' as const) : null,
    canUndo: history.length > 0 && !undo.isPending,
    undo: () => {
      const last = history.at(-1);
      if (last) undo.mutate(last);
    },
    undoError: undo.error,
  };
}
