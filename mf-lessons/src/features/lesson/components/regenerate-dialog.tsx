import type { InstructionReading } from '@mindpath/contracts/lessons-versions';
import {
  LESSON_INSTRUCTION_MAX,
  OFFLINE_INSTRUCTION_LABELS,
} from '@mindpath/contracts/lessons-versions-constants';
import { RateLimitError } from '@mindpath/sdk/errors';
import { useRegenerateLesson } from '@mindpath/sdk/lessons-versions-hooks';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { Notification } from '@mindpath/ui/notification';
import { type FormEvent, useId, useState } from 'react';
import styles from './lesson-versions.module.css';

export const REGENERATE_MESSAGES = {
  title: 'Regenerate lesson',
  description:
    'A new version of this lesson is written; the one you see now is kept under Versions, where you can restore it. Your assessment, progress, notes and chat stay as they are.',
  failed: (message: string) => `Failed to regenerate the lesson: ${message}`,
} as const;

/** The instructions the offline generator follows, as examples under the field. */
const EXAMPLES = `For example: ${OFFLINE_INSTRUCTION_LABELS.slice(0, 4).join(', ')}, or focus on a term of the lesson.`;

/**
 * Regenerate lesson: an optional instruction (at most 300 characters) for the new version, then Regenerate.
 * A started version closes the dialog (the page follows it); the free plan's refusal is the page's to show
 * (the Daily Limit Reached panel); any other failure stays in the dialog.
 */
export function RegenerateDialog({
  lessonId,
  onClose,
  onStarted,
  onLimit,
}: {
  lessonId: string;
  onClose: () => void;
  onStarted: (reading: InstructionReading | null) => void;
  onLimit: (error: RateLimitError) => void;
}) {
  const [instruction, setInstruction] = useState('');
  const regenerate = useRegenerateLesson(lessonId);
  const fieldId = useId();
  const hintId = useId();
  const countId = useId();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (regenerate.isPending) return;
    regenerate.mutate(instruction.trim() || null, {
      onSuccess: (out) => {
        onStarted(out.instruction);
        onClose();
      },
      onError: (err) => {
        if (err instanceof RateLimitError) {
          onLimit(err);
          onClose();
        }
      },
    });
  };
  const failure = regenerate.error && !(regenerate.error instanceof RateLimitError) ? regenerate.error : null;

  return (
    <Modal
      open
      onClose={onClose}
      title={REGENERATE_MESSAGES.title}
      description={REGENERATE_MESSAGES.description}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={regenerate.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={regenerate.isPending}>
            Regenerate
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={submit}>
        {failure ? (
          <Notification kind="error">{REGENERATE_MESSAGES.failed(failure.message)}</Notification>
        ) : null}
        <div className="field">
          <label htmlFor={fieldId} className="field-label">
            Instruction (optional)
          </label>
          <textarea
            id={fieldId}
            className={`text-area ${styles.instruction}`}
            value={instruction}
            rows={3}
            maxLength={LESSON_INSTRUCTION_MAX}
            autoFocus
            aria-describedby={`${hintId} ${countId}`}
            placeholder="What should the new version do differently?"
            onChange={(e) => setInstruction(e.target.value)}
            onKeyDown={(e) => {
              // Enter regenerates, as a one-line field would; Shift+Enter starts a new line
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
            }}
          />
          <div className={styles.fieldFoot}>
            <span id={hintId}>{EXAMPLES}</span>
            <span id={countId} className={styles.count}>
              {instruction.length} / {LESSON_INSTRUCTION_MAX}
            </span>
          </div>
        </div>
      </form>
    </Modal>
  );
}
