// The one place ts-fsrs is called: a card row ↔ ts-fsrs's Card, the intervals each grade would give, and a
// grade. No interval arithmetic of our own: FSRS decides every due date.
import type { ReviewCardState, ReviewIntervals, ReviewRating } from '@mindpath/contracts/reviews';
import {
  type Card,
  createEmptyCard,
  type FSRS,
  fsrs,
  type Grade,
  Rating,
  type ReviewLog,
  State,
} from 'ts-fsrs';
import type { reviewCards, reviewLogs } from '../../db/schema.ts';

export type CardRow = typeof reviewCards.$inferSelect;
export type LogRow = typeof reviewLogs.$inferSelect;
/** the FSRS fields of a card row */
export type CardMemory = Pick<
  CardRow,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
>;
/** the fields of a log row ts-fsrs writes */
export type LogMemory = Pick<
  LogRow,
  | 'rating'
  | 'state'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'lastElapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reviewedAt'
>;

const GRADES: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
const STATES: Record<State, ReviewCardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
export const stateName = (state: number): ReviewCardState => STATES[state as State] ?? 'new';
export const STATE = State;

/** A scheduler with the learner's requested retention (fuzz off: the interval on a button is the one given). */
export const scheduler = (requestRetention: number): FSRS =>
  fsrs({ request_retention: requestRetention, enable_fuzz: false });

/**
 * The FSRS fields of the `index`th new card of a batch made at `now`, and its creation time: a millisecond
 * apart from the batch's others, so new cards come in the order they were written (the queue sorts by it).
 */
export function newMemory(now: Date, index = 0): CardMemory & { createdAt: Date } {
  return { ...fromCard(createEmptyCard(now)), createdAt: new Date(now.getTime() + index) };
}

function toCard(m: CardMemory): Card {
  return {
    due: m.due,
    stability: m.stability,
    difficulty: m.difficulty,
    elapsed_days: m.elapsedDays,
    scheduled_days: m.scheduledDays,
    learning_steps: m.learningSteps,
    reps: m.reps,
    lapses: m.lapses,
    state: m.state as State,
    ...(m.lastReview ? { last_review: m.lastReview } : {}),
  };
}

function fromCard(c: Card): CardMemory {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    lastReview: c.last_review ?? null,
  };
}

function fromLog(l: ReviewLog): LogMemory {
  return {
    rating: l.rating,
    state: l.state,
    due: l.due,
    stability: l.stability,
    difficulty: l.difficulty,
    elapsedDays: l.elapsed_days,
    lastElapsedDays: l.last_elapsed_days,
    scheduledDays: l.scheduled_days,
    learningSteps: l.learning_steps,
    reviewedAt: l.review,
  };
}

/** The card after a grade at `now`, and the log of it. */
export function grade(f: FSRS, m: CardMemory, rating: ReviewRating, now: Date) {
  const { card, log } = f.next(toCard(m), now, GRADES[rating]);
  return { memory: fromCard(card), log: fromLog(log) };
}

/** The card as it was before the logged grade. */
export function rollback(f: FSRS, m: CardMemory, l: LogMemory): CardMemory {
  return fromCard(
    f.rollback(toCard(m), {
      rating: l.rating as Rating,
      state: l.state as State,
      due: l.due,
      stability: l.stability,
      difficulty: l.difficulty,
      elapsed_days: l.elapsedDays,
      last_elapsed_days: l.lastElapsedDays,
      scheduled_days: l.scheduledDays,
      learning_steps: l.learningSteps,
      review: l.reviewedAt,
    }),
  );
}

/** When each grade at `now` would bring the card back. */
export function intervals(f: FSRS, m: CardMemory, now: Date): ReviewIntervals {
  const preview = f.repeat(toCard(m), now);
  const at = (g: Grade) => preview[g].card.due.toISOString();
  return { again: at(Rating.Again), hard: at(Rating.Hard), good: at(Rating.Good), easy: at(Rating.Easy) };
}
