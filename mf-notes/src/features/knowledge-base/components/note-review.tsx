import type { NoteReview } from '@mindpath/contracts/reviews';
import { useAddNoteToReview, useNoteReviews, useRemoveNoteFromReview } from '@mindpath/sdk/reviews-hooks';
import { Button } from '@mindpath/ui/button';
import { countOf } from '@mindpath/ui/plural';
import { Link } from 'react-router';
import styles from './knowledge-base.module.css';

/** The review state of each note that has cards, by note id. */
export function useNoteReviewMap(): Map<string, NoteReview> {
  const { data } = useNoteReviews();
  return new Map((data ?? []).map((r) => [r.noteId, r]));
}

/**
 * Add to review (the note's title asks, its content answers) or Remove from review; and how many cards the
 * note has in review, `Question :: Answer` lines included (those follow the content on their own).
 */
export function NoteReviewAction({ noteId }: { noteId: string }) {
  const review = useNoteReviewMap().get(noteId);
  const add = useAddNoteToReview();
  const remove = useRemoveNoteFromReview();
  return review?.inReview ? (
    <Button variant="secondary" size="sm" loading={remove.isPending} onClick={() => remove.mutate(noteId)}>
      Remove from review
    </Button>
  ) : (
    <Button variant="secondary" size="sm" loading={add.isPending} onClick={() => add.mutate(noteId)}>
      Add to review
    </Button>
  );
}

/** "In review · 2 cards", linking to /review; nothing for a note without cards. */
export function NoteReviewBadge({ review }: { review: NoteReview | undefined }) {
  if (!review || review.cards === 0) return null;
  return (
    <Link to="/review" className={styles.reviewBadge}>
      In review · {countOf(review.cards, 'card', 'cards')}
    </Link>
  );
}
