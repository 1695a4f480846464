import { PLAN_EDIT_MESSAGES, PLAN_TITLE_MAX } from '@mindpath/contracts/roadmaps-constants';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { type PlanEditRequest, usePlanEdit, usePlanEdits } from '@mindpath/sdk/roadmap-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { TextField } from '@mindpath/ui/text-field';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import styles from './plan-editor.module.css';

interface PlanEditing {
  /** the plan is in Edit mode: milestones and lessons offer Rename */
  editing: boolean;
  /** makes an edit; the learner's message when it was refused, null when stored */
  submit(request: PlanEditRequest): Promise<string | null>;
}

const PlanEditingContext = createContext<PlanEditing>({ editing: false, submit: async () => null });
export const usePlanEditing = () => useContext(PlanEditingContext);

/** What a refused edit tells the learner: the schema's words for a bad title, else the server's or ours. */
function messageOf(err: unknown): string {
  if (!(err instanceof ApiRequestError)) return PLAN_EDIT_MESSAGES.failed;
  const issue = Array.isArray(err.details)
    ? (err.details[0] as { message?: unknown } | undefined)
    : undefined;
  if (err.status === 400 && typeof issue?.message === 'string') return issue.message;
  return err.status < 500 ? err.message : PLAN_EDIT_MESSAGES.failed;
}

/** The plan's title rule, checked before the request (the API checks it again). */
export function titleProblem(title: string): string | null {
  const t = title.trim();
  if (!t) return PLAN_EDIT_MESSAGES.titleRequired;
  return t.length > PLAN_TITLE_MAX ? PLAN_EDIT_MESSAGES.titleTooLong : null;
}

/**
 * Edit mode of a goal's plan (spec: the plan bends to the learner): Edit plan / Done editing, Undo of the
 * last edit, what the last edit did (announced), and the stale-tab message with Reload. Its children (the
 * timeline) offer Rename while editing.
 */
export function PlanEditor({
  goalId,
  reloadPlan,
  children,
}: {
  goalId: string;
  reloadPlan: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState('');
  const [stale, setStale] = useState(false);
  const edits = usePlanEdits(goalId, { enabled: editing });
  const edit = usePlanEdit(goalId);
  const undoable = edits.data?.edits.find((e) => e.kind !== 'undo' && !e.undone) ?? null;

  const submit = async (request: PlanEditRequest) => {
    try {
      const result = await edit.mutateAsync(request);
      setSaid(result.edit?.summary ?? '');
      return null;
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === 'PLAN_CHANGED') setStale(true);
      return messageOf(err);
    }
  };
  const reload = async () => {
    setStale(false);
    await Promise.all([reloadPlan(), edits.refetch()]);
  };

  return (
    <PlanEditingContext.Provider value={{ editing, submit }}>
      <div className={styles.bar}>
        {editing ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={!undoable || edit.isPending}
              aria-describedby={undoable ? `${goalId}-undo` : undefined}
              onClick={() => void submit({ kind: 'undo' })}
            >
              Undo
            </Button>
            <Button size="sm" onClick={() => setEditing(false)}>
              Done editing
            </Button>
            {undoable ? (
              <span id={`${goalId}-undo`} className={styles.last}>
                Last change: {undoable.summary}
              </span>
            ) : null}
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit plan
          </Button>
        )}
        <span className="visually-hidden" role="status">
          {said}
        </span>
      </div>
      {stale ? (
        <Notification kind="warning" onDismiss={() => setStale(false)}>
          <span className={styles.staleText}>{PLAN_EDIT_MESSAGES.stale}</span>
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            Reload
          </Button>
        </Notification>
      ) : null}
      {children}
    </PlanEditingContext.Provider>
  );
}

/**
 * Rename for a milestone or a lesson while editing: a button described by the thing's title (`titleId`),
 * opening a field in place; Save stores it, Cancel or Escape leaves it, and focus comes back to the button.
 */
export function RenameControl({
  what,
  current,
  titleId,
  toRequest,
}: {
  what: 'milestone' | 'lesson';
  current: string;
  titleId: string;
  toRequest: (title: string) => PlanEditRequest;
}) {
  const { editing, submit } = usePlanEditing();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // focus goes back to Rename once it is on the page again: after the commit that closes the field
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [open]);
  if (!editing) return null;

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
        aria-describedby={titleId}
        onClick={() => {
          setValue(current);
          setOpen(true);
        }}
      >
        Rename
      </Button>
    );
  return (
    <form
      className={styles.rename}
      onSubmit={(e) => void save(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <TextField
        label={what === 'milestone' ? 'Milestone name' : 'Lesson title'}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error ?? undefined}
        // focus moves into the field the learner's Rename opened
        autoFocus
      />
      <div className={styles.renameActions}>
        <Button type="submit" size="sm" loading={saving}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
