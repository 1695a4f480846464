// The plan's versions in Edit mode: every edit newest first, what it changed and when, and Restore, which
// makes the plan as it was after that edit (or as generated) as one more edit, so Undo takes it back.
import type { PlanEdit } from '@mindpath/contracts/roadmaps';
import { usePlanEdits } from '@mindpath/sdk/roadmap-hooks';
import { Button } from '@mindpath/ui/button';
import { useId, useState } from 'react';
import { usePlanEditing } from './plan-editing.ts';
import styles from './plan-outline.module.css';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function PlanHistory({ goalId }: { goalId: string }) {
  const { submit } = usePlanEditing();
  const history = usePlanEdits(goalId).data;
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!history || history.version === 0) return null;
  const restore = (to: number) => void submit({ kind: 'restore', to });
  return (
    <div className={styles.history}>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open
          ? 'Hide history'
          : `History (${history.version} ${history.version === 1 ? 'change' : 'changes'})`}
      </Button>
      <div id={listId} hidden={!open}>
        <ol className={styles.versions} aria-label="Versions of this plan">
          {history.edits.map((edit) => (
            <Version
              key={edit.id}
              edit={edit}
              current={edit.version === history.version}
              onRestore={restore}
            />
          ))}
        </ol>
        <Button variant="secondary" size="sm" onClick={() => restore(0)}>
          Restore the plan as generated
        </Button>
      </div>
    </div>
  );
}

function Version({
  edit,
  current,
  onRestore,
}: {
  edit: PlanEdit;
  current: boolean;
  onRestore: (to: number) => void;
}) {
  const summaryId = useId();
  return (
    <li className={styles.version}>
      <span className={styles.versionText}>
        <span id={summaryId}>
          {edit.version}. {edit.summary}
        </span>
        <span className={styles.versionMeta}>
          {when(edit.createdAt)}
          {edit.undone ? ' · taken back' : ''}
          {current ? ' · current' : ''}
        </span>
      </span>
      {current ? null : (
        <Button
          variant="ghost"
          size="sm"
          aria-describedby={summaryId}
          onClick={() => onRestore(edit.version)}
        >
          Restore this version
        </Button>
      )}
    </li>
  );
}
