// The controls of the plan's Edit mode beside a milestone or a lesson: a title typed in place (Rename, Add),
// Move to another milestone, and the removal's confirmation.
import type { RateLimitInfo } from '@mindpath/contracts/errors';
import type { LessonSuggestion } from '@mindpath/contracts/roadmaps';
import { ApiRequestError, RateLimitError } from '@mindpath/sdk/errors';
import type { PlanEditRequest } from '@mindpath/sdk/roadmap-hooks';
import { roadmapsApi } from '@mindpath/sdk/roadmaps-api';
import { Button } from '@mindpath/ui/button';
import { RateLimitPanel } from '@mindpath/ui/rate-limit-panel';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { titleProblem, usePlanEditing } from './plan-editing.ts';
import styles from './plan-outline.module.css';

/**
 * A button that opens a title field in place: Rename (the field holds the current title) or Add (empty).
 * Save stores it, Cancel or Escape leaves it, and focus comes back to the button.
 */
export function TitleEditor({
  action,
  label,
  initial = '',
  describedBy,
  toRequest,
}: {
  /** the button's words: 'Rename', 'Add lesson' */
  action: string;
  /** the field's label */
  label: string;
  initial?: string;
  describedBy?: string;
  toRequest: (title: string) => PlanEditRequest;
}) {
  const { submit } = usePlanEditing();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // focus goes back to the button once it is on the page again: after the commit that closes the field
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [open]);

  const close = () => {
    refocus.current = true;
    setOpen(false);
    setError(null);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = titleProblem(value);
    if (problem) return setError(problem);
    setSaving(true);
    const refused = await submit(toRequest(value.trim()));
    setSaving(false);
    if (refused) setError(refused);
    else close();
  };

  if (!open)
    return (
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-describedby={describedBy}
        onClick={() => {
          setValue(initial);
          setOpen(true);
        }}
      >
        {action}
      </Button>
    );
  return (
    <form
      className={styles.titleForm}
      onSubmit={(e) => void save(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <TextField
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error ?? undefined}
        // focus moves into the field the learner's button opened
        autoFocus
      />
      <div className={styles.formActions}>
        <Button type="submit" size="sm" loading={saving}>
          {initial ? 'Save' : 'Add'}
        </Button>
        <Button variant="ghost" size="sm" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** "Move to…": the other milestones as buttons, shown under the lesson; Escape closes it. */
export function MoveToMenu({
  describedBy,
  targets,
  onMove,
}: {
  describedBy: string;
  targets: { id: string; label: string }[];
  onMove: (sectionId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (targets.length === 0) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-describedby={describedBy}
        onClick={() => setOpen((o) => !o)}
      >
        Move to…
      </Button>
      {open ? (
        <fieldset className={styles.moveTargets}>
          <legend className="visually-hidden">Move to milestone</legend>
          {targets.map((t) => (
            <Button
              key={t.id}
              variant="secondary"
              size="sm"
              onKeyDown={(e) => {
                if (e.key === 'Escape') close();
              }}
              onClick={() => {
                setOpen(false);
                onMove(t.id);
              }}
            >
              {t.label}
            </Button>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

const SUGGEST_FAILED = 'Failed to suggest a lesson. Please try again.';

/** What a removal keeps, said before it is confirmed. */
const KEPT =
  'Notes stay in your knowledge base, review cards are paused, and focus time still counts. You can undo this.';

/** The removal's confirmation: what goes and what stays. */
export function RemoveDialog({
  what,
  onCancel,
  onConfirm,
}: {
  /** the milestone or lesson to remove, null when closed */
  what: { kind: 'milestone' | 'lesson'; title: string; lessons: number } | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  let description: ReactNode = KEPT;
  if (what?.kind === 'milestone' && what.lessons > 0)
    description = `Its ${what.lessons === 1 ? 'lesson goes' : `${what.lessons} lessons go`} with it. ${KEPT}`;
  return (
    <ConfirmDialog
      open={what !== null}
      onCancel={onCancel}
      onConfirm={onConfirm}
      title={what ? `Remove the ${what.kind} “${what.title}”?` : ''}
      description={description}
      confirm="Remove"
      danger
    />
  );
}

/**
 * "Suggest one": the AI proposes a lesson for the milestone, shown with Add it, Another and Dismiss; nothing is
 * added until the learner adds it. Over the free plan's lesson limit, the Daily Limit Reached panel.
 */
export function SuggestLesson({ roadmapId, describedBy }: { roadmapId: string; describedBy: string }) {
  const { submit } = usePlanEditing();
  const [suggestion, setSuggestion] = useState<LessonSuggestion | null>(null);
  const [passed, setPassed] = useState<string[]>([]);
  const [limit, setLimit] = useState<RateLimitInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = async (exclude: string[]) => {
    setBusy(true);
    setError(null);
    try {
      setSuggestion(await roadmapsApi.suggestLesson(roadmapId, exclude));
    } catch (err) {
      setSuggestion(null);
      if (err instanceof RateLimitError) setLimit(err);
      else setError(err instanceof ApiRequestError && err.status < 500 ? err.message : SUGGEST_FAILED);
    } finally {
      setBusy(false);
    }
  };
  const add = async () => {
    if (!suggestion) return;
    const { title, index } = suggestion;
    setSuggestion(null);
    setPassed([]);
    await submit({ kind: 'add-lesson', roadmapId, title, index });
  };

  if (limit)
    return (
      <div className={styles.suggestionLimit}>
        <RateLimitPanel
          title="Daily Limit Reached"
          info={limit}
          actions={
            <Button variant="secondary" size="sm" onClick={() => setLimit(null)}>
              I Understand
            </Button>
          }
        />
      </div>
    );
  if (!suggestion)
    return (
      <>
        <Button
          variant="ghost"
          size="sm"
          aria-describedby={describedBy}
          loading={busy}
          onClick={() => void ask(passed)}
        >
          Suggest one
        </Button>
        {error ? (
          <p className={styles.suggestError} role="alert">
            {error}
          </p>
        ) : null}
      </>
    );
  return (
    <section className={styles.suggestion} aria-label="Suggested lesson">
      <p className={styles.suggestionTitle}>
        {suggestion.title}{' '}
        <span className={styles.suggestionMeta}>· {suggestion.estimatedTimeInMinutes} min</span>
      </p>
      <p className={styles.suggestionMeta}>{suggestion.summary}</p>
      <div className={styles.formActions}>
        <Button size="sm" onClick={() => void add()}>
          Add it
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={() => {
            const next = [...passed, suggestion.title];
            setPassed(next);
            void ask(next);
          }}
        >
          Another
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setSuggestion(null)}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
