import type { GradingMethod, Submission } from '@mindpath/contracts/lessons';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { InlineCode } from '@mindpath/ui/inline-code';
import { countOf, pluralize } from '@mindpath/ui/plural';
import { Link } from 'react-router';
import { scoreSummary } from '../utils/score-summary.ts';
import styles from './assessment.module.css';

const METHOD_NOTE: Partial<Record<GradingMethod, string>> = {
  model: 'Open answers were graded by the AI model against the expected answer.',
};

/** The server's score and message, how each answer was graded, and where to go next. */
export function AssessmentResults({
  submission,
  backTo,
  nextTo,
  onTryAgain,
}: {
  submission: Submission;
  backTo: string;
  /** null while the next lesson is being read */
  nextTo: string | null;
  /** offered after a score below 60 */
  onTryAgain?: (() => void) | undefined;
}) {
  const summary = scoreSummary(submission.score, submission.message);
  const methods = new Set(submission.results.map((r) => r.method));
  return (
    <section className={styles.results} aria-label="Results">
      <div className={`card ${styles.scoreCard}`} data-level={summary.level}>
        <p className={styles.score} data-testid="score">
          {submission.score}%
        </p>
        <div>
          <h2 className={styles.scoreTitle}>{summary.title}</h2>
          <p>{summary.message}</p>
          {summary.passed ? <p className={styles.passNote}>Lesson completed.</p> : null}
        </div>
      </div>
      {submission.reviewCards ? (
        <p className={styles.reviewNote}>
          {countOf(submission.reviewCards, 'question', 'questions')} you missed{' '}
          {pluralize(submission.reviewCards, 'is', 'are')} in your <Link to="/review">review</Link>: each
          comes back just before you would forget it.
        </p>
      ) : null}
      {methods.has('model') ? <p className={styles.grading}>{METHOD_NOTE.model}</p> : null}
      {submission.rubric ? <p className={styles.grading}>{submission.rubric}</p> : null}
      <ol className={styles.review}>
        {submission.results.map((r) => (
          <li key={r.questionIndex} className={styles.reviewItem} data-correct={r.correct || undefined}>
            <p className={styles.reviewQuestion}>
              <InlineCode text={r.question} />
            </p>
            <p>
              <span className={styles.label}>Your answer:</span> <InlineCode text={r.selectedAnswer || '—'} />
            </p>
            {r.correct && r.method === 'choice' ? null : (
              <p>
                <span className={styles.label}>
                  {r.method === 'choice' ? 'Correct answer:' : 'Expected answer:'}
                </span>{' '}
                <InlineCode text={r.correctAnswer} />
              </p>
            )}
            <p className={styles.credit}>
              {r.method === 'choice'
                ? r.correct
                  ? 'Correct'
                  : 'Incorrect'
                : `${Math.round(r.credit * 100)}% credit`}
              {r.feedback ? ` · ${r.feedback}` : ''}
            </p>
          </li>
        ))}
      </ol>
      <div className={styles.resultActions}>
        <Link to={backTo} className={buttonClassName({ variant: 'secondary' })}>
          Back to Lesson
        </Link>
        {onTryAgain ? (
          <Button variant="secondary" onClick={onTryAgain}>
            Try Again
          </Button>
        ) : null}
        {nextTo ? (
          <Link to={nextTo} className={buttonClassName()}>
            Go to Next Lesson
          </Link>
        ) : (
          <Button loading>Go to Next Lesson</Button>
        )}
      </div>
    </section>
  );
}
