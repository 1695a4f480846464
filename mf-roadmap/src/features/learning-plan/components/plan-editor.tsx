import type { PlanEdit } from '@mindpath/contracts/roadmaps';
import { PLAN_EDIT_MESSAGES } from '@mindpath/contracts/roadmaps-constants';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { type PlanEditRequest, usePlanEdit, usePlanEdits } from '@mindpath/sdk/roadmap-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { Spinner } from '@mindpath/ui/spinner';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { Outline } from '../utils/plan-moves.ts';
import { messageOf, PlanEditingContext } from './plan-editing.ts';
import styles from './plan-editor.module.css';

// dnd-kit and the outline load when the learner first edits, not with the plan
const PlanOutline = lazy(() => import('./plan-outline.tsx'));

/** How long a removal offers its own Undo (the bar's Undo stays for longer). */
export const REMOVAL_UNDO_MS = 10_000;

/**
 * Edit mode of a goal's plan (the plan bends to the learner): Edit plan shows the plan as an outline to
 * reshape (plan-outline.tsx) in place of `children` (the timeline); Done editing brings the timeline back.
 * Undo of the last edit, what the last edit did (announced), a removal's own Undo for 10 s, and the
 * stale-tab message with Reload.
 */
export function PlanEditor({
  goalId,
  reloadPlan,
  outline,
  children,
}: {
  goalId: string;
  reloadPlan: () => Promise<unknown>;
  outline: Outline;
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState('');
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [removal, setRemoval] = useState<PlanEdit | null>(null);
  const edits = usePlanEdits(goalId, { enabled: editing });
  const edit = usePlanEdit(goalId);
  const undoable = edits.data?.edits.find((e) => e.kind !== 'undo' && !e.undone) ?? null;

  const submit = async (request: PlanEditRequest) => {
    setFailure(null);
    try {
      const result = await edit.mutateAsync(request);
      setSaid(result.edit?.summary ?? '');
      setRemoval(result.edit?.kind.startsWith('remove-') ? result.edit : null);
      return null;
    } catch (err) {
      const message = messageOf(err);
      if (err instanceof ApiRequestError && err.code === 'PLAN_CHANGED') setStale(true);
      // a title's problem is shown at its field; any other refusal here
      else if (!(err instanceof ApiRequestError && err.status === 400)) setFailure(message);
      return message;
    }
  };
  const reload = async () => {
    setStale(false);
    await Promise.all([reloadPlan(), edits.refetch()]);
  };
  const stop = () => {
    setEditing(false);
    setRemoval(null);
    setFailure(null);
  };

  return (
    <PlanEditingContext.Provider value={{ submit }}>
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
            <Button size="sm" onClick={stop}>
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
      {failure ? (
        <Notification kind="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Notification>
      ) : null}
      {removal ? (
        <RemovalNotice
          edit={removal}
          onUndo={() => {
            setRemoval(null);
            void submit({ kind: 'undo' });
          }}
          onExpire={() => setRemoval(null)}
        />
      ) : null}
      {editing ? (
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              <Spinner size="sm" />
              Loading the editor...
            </p>
          }
        >
          <PlanOutline goalId={goalId} outline={outline} />
        </Suspense>
      ) : (
        children
      )}
    </PlanEditingContext.Provider>
  );
}

/**
 * What a removal did, with its own Undo for 10 s. Focus comes here (the removed row is gone); the time
 * stops while the learner's pointer or focus is on it, so it never vanishes under them.
 */
function RemovalNotice({
  edit,
  onUndo,
  onExpire,
}: {
  edit: PlanEdit;
  onUndo: () => void;
  onExpire: () => void;
}) {
  const undo = useRef<HTMLButtonElement>(null);
  const [held, setHeld] = useState({ focus: true, pointer: false });
  // the plan's re-renders pass a new callback; the 10 s run from when the notice was let go
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => undo.current?.focus(), []);
  useEffect(() => {
    if (held.focus || held.pointer) return;
    const timer = setTimeout(() => expire.current(), REMOVAL_UNDO_MS);
    return () => clearTimeout(timer);
  }, [held]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only notes where focus and the pointer are, to hold the time
    <div
      className={styles.removal}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
      }}
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
    >
      <Notification kind="info">
        <span className={styles.staleText}>{edit.summary}.</span>
        <Button ref={undo} variant="secondary" size="sm" onClick={onUndo}>
          Undo removal
        </Button>
      </Notification>
    </div>
  );
}
