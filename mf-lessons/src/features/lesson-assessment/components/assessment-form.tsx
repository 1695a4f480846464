import type { SubmittedAnswer } from '@mindpath/contracts/lessons';
import type { LessonQuestion } from '@mindpath/sdk/lesson-questions';
import { Button } from '@mindpath/ui/button';
import { InlineCode } from '@mindpath/ui/inline-code';
import { Notification } from '@mindpath/ui/notification';
import { type FormEvent, useId, useState } from 'react';
import answer from '../../../components/answer-fields.module.css';
import { ANSWER_ALL, type Answers, toSubmission, unanswered } from '../utils/answers.ts';
import styles from './assessment.module.css';

/** Who grades a written answer is decided at submission (a provider configured or not); the results name it. */
export const OPEN_GRADING =
  "Written answers are graded against the lesson's expected answer; your results show it beside yours and say what graded them.";

/** The questions: options as radios, no options as a text answer; every one required (spec 2 §5). */
export function AssessmentForm({
  questions,
  submitting,
  onSubmit,
}: {
  questions: LessonQuestion[];
  submitting: boolean;
  onSubmit: (answers: SubmittedAnswer[]) => void;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState<number[]>([]);
  const formId = useId();
  const set = (i: number, value: string) => {
    setAnswers((a) => ({ ...a, [i]: value }));
    setMissing((m) => m.filter((x) => x !== i));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const left = unanswered(questions, answers);
    setMissing(left);
    if (left.length === 0) onSubmit(toSubmission(questions, answers));
  };

  return (
    <form className={`stack ${styles.form}`} onSubmit={submit} noValidate aria-label="Assessment questions">
      {questions.some((q) => q.options.length === 0) ? (
        <p className={styles.grading}>{OPEN_GRADING}</p>
      ) : null}
      {questions.map((q, i) => {
        const name = `${formId}-q${i}`;
        const invalid = missing.includes(i);
        return (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: questions are fixed for one assessment
            key={i}
            className={`card ${styles.question}`}
            data-invalid={invalid || undefined}
            aria-invalid={invalid || undefined}
          >
            <legend className={styles.legend}>
              <span className={styles.number}>{i + 1}.</span> <InlineCode text={q.question} />
            </legend>
            {q.options.length > 0 ? (
              <div className={answer.options}>
                {q.options.map((option) => (
                  <label key={option} className={answer.option}>
                    <input
                      type="radio"
                      name={name}
                      value={option}
                      checked={answers[i] === option}
                      onChange={() => set(i, option)}
                      disabled={submitting}
                    />
                    <span>
                      <InlineCode text={option} />
                    </span>
                  </label>
                ))}
              </div>
            ) : (
              <label className={answer.open}>
                <span className={styles.openHint}>Your answer</span>
                <textarea
                  name={name}
                  rows={4}
                  value={answers[i] ?? ''}
                  onChange={(e) => set(i, e.target.value)}
                  disabled={submitting}
                  maxLength={5000}
                />
              </label>
            )}
            {invalid ? <p className={styles.required}>This question is required.</p> : null}
          </fieldset>
        );
      })}
      {missing.length > 0 ? <Notification kind="warning">{ANSWER_ALL}</Notification> : null}
      <div className={styles.submitRow}>
        <Button type="submit" loading={submitting} size="lg">
          {submitting ? 'Submitting…' : 'Submit Assessment'}
        </Button>
      </div>
    </form>
  );
}
