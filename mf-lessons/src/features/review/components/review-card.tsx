import { SOLVE_AGAIN } from '@mindpath/contracts/exercises-constants';
import { REVIEW_RATINGS, type ReviewCard, type ReviewRating } from '@mindpath/contracts/reviews';
import { Button } from '@mindpath/ui/button';
import { InlineCode } from '@mindpath/ui/inline-code';
import { Spinner } from '@mindpath/ui/spinner';
import { Suspense, useEffect, useId, useState } from 'react';
import answer from '../../../components/answer-fields.module.css';
import { ReviewExercise } from '../../practice/index.ts';
import {
  formatInterval,
  GRADE_KEYS,
  GRADE_LABELS,
  isChoiceCard,
  isRightOption,
} from '../utils/review-logic.ts';
import styles from './review.module.css';

const SOURCE_LABEL: Record<ReviewCard['sourceKind'], string> = {
  'lesson-question': 'Lesson question',
  'knowledge-question': 'Knowledge check',
  note: 'Note',
  'note-line': 'Note card',
  exercise: 'Exercise',
};

/** An exercise card's answer is its solution as a fenced block: shown as the code alone. */
const unfenced = (text: string) => /^\s*```[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(text)?.[1] ?? text;

/** Keys typed into a field are the field's; Space and Enter on a control press it, not the page's shortcut. */
function ownKey(e: KeyboardEvent): boolean {
  // the exercise's editor is in a shadow root: the event's target outside it is the root's host
  const origin = e.composedPath()[0] ?? e.target;
  const el = origin instanceof HTMLElement ? origin : null;
  if (!el) return false;
  // the exercise's code editor is contenteditable: every key typed there is the editor's
  if (el.closest('textarea, select, input:not([type="radio"]), [contenteditable="true"]')) return true;
  if (e.key === ' ') return !!el.closest('button, input, summary');
  if (e.key === 'Enter') return !!el.closest('button, a, input, summary');
  return false;
}

/**
 * One card. A question with options is answered by choosing (right → Good, wrong → Again); any other card
 * shows its prompt, then the answer on Show answer (Space), then Again / Hard / Good / Easy (1–4), each with
 * the interval ts-fsrs gives it.
 */
export function ReviewCardView({
  card,
  now,
  busy,
  onGrade,
}: {
  card: ReviewCard;
  /** the time the intervals were counted from */
  now: Date;
  busy: boolean;
  onGrade: (rating: ReviewRating, reviewId: string) => void;
}) {
  const [shown, setShown] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  // an exercise is graded once it was checked (or its answer shown)
  const [checked, setChecked] = useState(false);
  const exercise = card.sourceKind === 'exercise' && card.exerciseId && card.lessonId ? card : null;
  const gradable = shown || checked;
  // one id per showing of the card: a grade sent twice (a double press, a retry) counts once
  const [reviewId] = useState(() => crypto.randomUUID());
  const choiceCard = isChoiceCard(card);
  const right = choice !== null && isRightOption(card, choice);
  const name = useId();

  const grade = (rating: ReviewRating) => {
    if (!busy) onGrade(rating, reviewId);
  };
  const reveal = () => {
    if (!choiceCard || choice !== null) setShown(true);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || ownKey(e)) return;
      if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        if (!shown) reveal();
        else if (choiceCard) grade(right ? 'good' : 'again');
        return;
      }
      const rating = GRADE_KEYS[e.key];
      if (!rating) return;
      if (!shown && choiceCard) {
        const option = card.options[Number(e.key) - 1];
        if (option !== undefined) setChoice(option);
      } else if (gradable && !choiceCard) grade(rating);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const question = card.sourceKind === 'lesson-question' || card.sourceKind === 'knowledge-question';
  return (
    <article
      className={`card stack ${styles.card}`}
      aria-labelledby={`${name}-prompt`}
      data-testid="review-card"
    >
      <p className={styles.kind}>
        {SOURCE_LABEL[card.sourceKind]}
        {card.state === 'new' ? ' · new' : ''}
      </p>
      <h2 id={`${name}-prompt`} className={styles.prompt}>
        {exercise ? SOLVE_AGAIN : <InlineCode text={card.prompt} />}
      </h2>

      {exercise ? (
        <Suspense
          fallback={
            <p className={styles.hint} role="status">
              <Spinner /> Loading the exercise…
            </p>
          }
        >
          <ReviewExercise
            lessonId={exercise.lessonId!}
            exerciseId={exercise.exerciseId!}
            onChecked={() => setChecked(true)}
          />
        </Suspense>
      ) : choiceCard ? (
        <fieldset className={`${answer.options} ${styles.fieldset}`} disabled={shown}>
          <legend className={styles.hint}>Choose an answer (keys 1–{card.options.length})</legend>
          {card.options.map((option) => (
            <label
              key={option}
              className={`${answer.option} ${styles.optionVerdict}`}
              data-verdict={
                shown
                  ? isRightOption(card, option)
                    ? 'right'
                    : option === choice
                      ? 'wrong'
                      : undefined
                  : undefined
              }
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={choice === option}
                onChange={() => setChoice(option)}
              />
              <span>
                <InlineCode text={option} />
              </span>
            </label>
          ))}
        </fieldset>
      ) : question && !shown ? (
        <label className={answer.open}>
          <span className={styles.hint}>Your answer</span>
          <textarea rows={3} value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={5000} />
        </label>
      ) : null}

      {shown ? (
        <div className={styles.answer} aria-live="polite">
          {choiceCard ? (
            <p className={styles.verdict} data-right={right || undefined}>
              {right ? 'Correct.' : 'Not quite.'} The answer is <InlineCode text={card.answer} />
              {/* an answer written as a sentence brings its own full stop */}
              {/[.!?]$/.test(card.answer.trim()) ? '' : '.'}
            </p>
          ) : (
            <>
              {question && typed.trim() ? (
                <p className={styles.yours}>
                  <span className={styles.label}>Your answer:</span> {typed}
                </p>
              ) : null}
              <p className={styles.label}>
                {question ? 'Expected answer' : exercise ? 'A solution' : 'Answer'}
              </p>
              {exercise ? (
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a long line scrolls: keys must reach it
                <pre className={styles.answerCode} tabIndex={0}>
                  {unfenced(card.answer)}
                </pre>
              ) : (
                <div className={styles.answerText}>{card.answer || '—'}</div>
              )}
            </>
          )}
        </div>
      ) : null}

      <div className={styles.actions}>
        {exercise && !shown && checked ? (
          <Button variant="secondary" onClick={reveal}>
            Show answer
          </Button>
        ) : null}
        {!gradable ? (
          <Button
            onClick={reveal}
            disabled={choiceCard && choice === null}
            size="lg"
            variant={exercise ? 'secondary' : 'primary'}
          >
            {choiceCard ? 'Check answer' : 'Show answer'}
          </Button>
        ) : choiceCard ? (
          <Button onClick={() => grade(right ? 'good' : 'again')} loading={busy} size="lg">
            Continue
          </Button>
        ) : (
          <fieldset className={styles.grades}>
            <legend className="visually-hidden">How well did you recall it?</legend>
            {REVIEW_RATINGS.map((rating, i) => (
              <Button
                key={rating}
                variant={rating === 'good' ? 'primary' : 'secondary'}
                onClick={() => grade(rating)}
                disabled={busy}
                aria-keyshortcuts={String(i + 1)}
              >
                <span>{GRADE_LABELS[rating]}</span>
                <span className={styles.interval}>{formatInterval(now, new Date(card.next[rating]))}</span>
              </Button>
            ))}
          </fieldset>
        )}
      </div>
    </article>
  );
}
