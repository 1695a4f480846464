// The review page's small rules, kept pure for unit tests: how an interval reads on a grade button, whether a
// chosen option is right (as the server scores a lesson's choices), and which grades a keyboard key means.
import type { ReviewCard, ReviewRating } from '@mindpath/contracts/reviews';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "<1m", "10m", "3h", "4d", "2.5mo", "1.2y": how long until `due`, as Anki writes it on its buttons. */
export function formatInterval(from: Date, due: Date): string {
  const ms = due.getTime() - from.getTime();
  if (ms < MINUTE) return '<1m';
  if (ms < HOUR) return `${Math.round(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.round(ms / HOUR)}h`;
  const days = ms / DAY;
  if (days < 30) return `${Math.round(days)}d`;
  const short = (n: number) => String(Math.round(n * 10) / 10);
  if (days < 365) return `${short(days / 30)}mo`;
  return `${short(days / 365)}y`;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
/** A chosen option is right when it is the correct answer (case and spacing aside). */
export const isRightOption = (card: ReviewCard, option: string) => norm(option) === norm(card.answer);

/** A question with options is answered by choosing; every other card is shown, then self-graded. */
export const isChoiceCard = (card: ReviewCard) => card.options.length > 0;

export const GRADE_KEYS: Record<string, ReviewRating> = {
  '1': 'again',
  '2': 'hard',
  '3': 'good',
  '4': 'easy',
};
export const GRADE_LABELS: Record<ReviewRating, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};
