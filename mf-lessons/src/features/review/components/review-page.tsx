import type { ReviewRating } from '@mindpath/contracts/reviews';
import { Button } from '@mindpath/ui/button';
import { describeDue } from '@mindpath/ui/due-time';
import { Notification } from '@mindpath/ui/notification';
import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';
import { countOf } from '@mindpath/ui/plural';
import { Spinner } from '@mindpath/ui/spinner';
import { useEffect } from 'react';
import { useReviewSession } from '../hooks/use-review-session.ts';
import { GRADE_LABELS } from '../utils/review-logic.ts';
import styles from './review.module.css';
import { ReviewCardView } from './review-card.tsx';
import { ReviewSettingsPanel } from './review-settings.tsx';

export const REVIEW_MESSAGES = {
  loadFailed: 'Failed to load your review. Please try again later.',
  gradeFailed: 'Your answer could not be saved. Please try again.',
  undoFailed: 'That grade could not be undone. Please try again.',
  suspendFailed: 'That card could not be suspended. Please try again.',
} as const;

/**
 * /review: the cards due (questions missed in assessments, notes kept), one at a time, graded by mouse or
 * keyboard (Space shows the answer, 1–4 grade, U undoes); then what was done and when the next cards come.
 */
export default function ReviewPage() {
  const s = useReviewSession();
  const { queue, current } = s;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing =
        e.target instanceof HTMLElement && !!e.target.closest('textarea, input:not([type="radio"])');
      if (typing || e.ctrlKey || e.metaKey || e.altKey || e.key.toLowerCase() !== 'u') return;
      if (s.canUndo) s.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const data = queue.data;
  const doneCount = Object.values(s.done).reduce((a, b) => a + b, 0);
  let body: React.ReactNode;
  if (queue.isError && !data) {
    body = (
      <div className={`stack ${styles.problem}`}>
        <Notification kind="error">{REVIEW_MESSAGES.loadFailed}</Notification>
        <Button variant="secondary" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data) {
    body = (
      <div className="page-status" role="status">
        <Spinner />
        Loading your review…
      </div>
    );
  } else if (current) {
    body = (
      <ReviewCardView
        key={`${current.id}@${current.due}`}
        card={current}
        now={new Date(data.now)}
        busy={s.grading}
        onGrade={(rating, reviewId) => s.grade(current, rating, reviewId)}
      />
    );
  } else {
    const next = data.nextDueAt
      ? `The next card is due ${describeDue(new Date(data.now), new Date(data.nextDueAt))}.`
      : null;
    body =
      doneCount > 0 ? (
        <EmptyState title="Review done">
          <p>
            You reviewed {countOf(doneCount, 'card', 'cards')}:{' '}
            {(Object.keys(s.done) as ReviewRating[])
              .filter((r) => s.done[r] > 0)
              .map((r) => `${GRADE_LABELS[r]} ${s.done[r]}`)
              .join(', ')}
            .
          </p>
          <p>{next ?? 'No more cards are scheduled.'}</p>
        </EmptyState>
      ) : (
        <EmptyState title="Nothing to review">
          <p>
            {next ?? 'Questions you miss in assessments, and notes you add to review, will come back here.'}
          </p>
        </EmptyState>
      );
  }

  return (
    <PageFrame
      title="Review"
      intro="Questions you missed and notes you keep come back just before you would forget them."
      width="text"
      actions={
        <>
          {current ? (
            <Button
              variant="ghost"
              onClick={() => s.suspend(current)}
              disabled={s.suspending || s.grading}
              title="A suspended card does not come back; Undo brings it back"
            >
              Suspend card
            </Button>
          ) : null}
          <Button variant="ghost" onClick={s.undo} disabled={!s.canUndo} aria-keyshortcuts="U">
            Undo
          </Button>
        </>
      }
    >
      <p role="status" className="visually-hidden">
        {s.lastStep === 'suspended' ? 'Card suspended. Undo brings it back.' : ''}
      </p>
      {data && (current || doneCount > 0) ? (
        <p className={styles.progress} aria-live="polite">
          <span data-testid="review-left">{countOf(s.left, 'card', 'cards')} left</span>
          {doneCount > 0 ? ` · ${doneCount} done` : ''}
          <span className={styles.keys}> · Space shows the answer, 1–4 grade, U undoes</span>
        </p>
      ) : null}
      {s.gradeError ? <Notification kind="error">{REVIEW_MESSAGES.gradeFailed}</Notification> : null}
      {s.undoError ? <Notification kind="error">{REVIEW_MESSAGES.undoFailed}</Notification> : null}
      {s.suspendError ? <Notification kind="error">{REVIEW_MESSAGES.suspendFailed}</Notification> : null}
      {body}
      <ReviewSettingsPanel />
    </PageFrame>
  );
}
