import { Button } from '@mindpath/ui/button';
import type { FlatQuestion } from '../utils/wizard-state.ts';
import { OfflineNote } from './offline-note.tsx';
import { QuestionField } from './question-field.tsx';
import styles from './wizard.module.css';

/**
 * Step 4: one question at a time, grouped by topic. Next is enabled once the question has an answer; the
 * last question shows Complete Assessment (spec 1 §4). No Back here.
 */
export function QuestionStep({
  question,
  index,
  total,
  value,
  last,
  busy,
  error,
  source,
  onAnswer,
  onNext,
  onComplete,
}: {
  question: FlatQuestion;
  index: number;
  total: number;
  value: string;
  last: boolean;
  busy: boolean;
  error: string | null;
  source: 'offline' | 'model' | undefined;
  onAnswer: (value: string) => void;
  onNext: () => void;
  onComplete: () => void;
}) {
  const answered = value.trim() !== '';
  return (
    <form
      className={styles.step}
      onSubmit={(e) => {
        e.preventDefault();
        if (!answered) return;
        if (last) onComplete();
        else onNext();
      }}
    >
      <div className="row-between">
        <span className={`badge ${styles.badge}`}>{question.topic}</span>
        <span className={styles.muted}>
          Question {index + 1} of {total}
        </span>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Assessment progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={index + 1}
      >
        <div className={styles.progressFill} style={{ width: `${((index + 1) * 100) / total}%` }} />
      </div>
      <QuestionField
        key={`${question.topicIndex}:${question.questionIndex}`}
        question={question.question}
        value={value}
        onChange={onAnswer}
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <OfflineNote source={source} />
      <div className={styles.actions}>
        <Button type="submit" disabled={!answered} loading={busy}>
          {last ? 'Complete Assessment' : 'Next'}
        </Button>
      </div>
    </form>
  );
}
