import type { AssessmentQuestion } from '@mindpath/contracts/ai';
import { InlineCode } from '@mindpath/ui/inline-code';
import { useId } from 'react';
import styles from './wizard.module.css';

const ROWS = { short: 2, medium: 4, long: 6 } as const;

/**
 * One assessment question's answer: the options as radio buttons for multiple choice, free text for an
 * open-ended question. The answer is the chosen option's text or the text typed.
 */
export function QuestionField({
  question,
  value,
  onChange,
  label,
}: {
  question: AssessmentQuestion;
  value: string;
  onChange: (value: string) => void;
  /** the accessible name of the answer control (defaults to the question) */
  label?: string;
}) {
  const id = useId();
  if (question.type === 'multiple-choice' && question.options.length > 0) {
    return (
      <fieldset className={styles.options}>
        <legend className={styles.question}>
          <InlineCode text={question.question} />
        </legend>
        {question.options.map((option) => (
          <label key={option} className={styles.option} data-checked={value === option || undefined}>
            <input
              type="radio"
              name={id}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>
              <InlineCode text={option} />
            </span>
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <div className={styles.openField}>
      <label htmlFor={id} className={styles.question}>
        <InlineCode text={question.question} />
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={ROWS[question.expectedLength]}
        value={value}
        aria-label={label}
        placeholder="Your answer"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
