import type { LessonVersion } from '@mindpath/contracts/lessons-versions';
import { bus } from '@mindpath/events';
import { useRestoreLessonVersion } from '@mindpath/sdk/lessons-versions-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { useId, useState } from 'react';
import styles from './lesson-versions.module.css';

export const VERSION_MESSAGES = {
  hint: 'Not what you need? Ask for a new version: simpler, more examples, more practice…',
  restored: (version: number) => `Version ${version} restored.`,
  restoreFailed: (message: string) => `Failed to restore the version: ${message}`,
} as const;

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The lesson's versions bar: Regenerate lesson, and once the lesson has been regenerated a disclosure listing
 * its versions with their number, date and instruction, the current one marked, the others with Restore. A
 * restore keeps the version it replaces, so nothing is lost; neither is offered while a new version is being
 * written.
 */
export function LessonVersions({
  lessonId,
  versions,
  busy,
  onRegenerate,
}: {
  lessonId: string;
  /** newest first; empty before the first regeneration */
  versions: LessonVersion[];
  /** a new version is being written: no other is started or restored meanwhile */
  busy: boolean;
  onRegenerate: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [restored, setRestored] = useState<number | null>(null);
  const restore = useRestoreLessonVersion(lessonId);
  const listId = useId();

  const restoreVersion = (v: LessonVersion) => {
    setRestored(null);
    restore.mutate(v.id, {
      onSuccess: () => {
        setRestored(v.version);
        bus.emit('toast', { message: VERSION_MESSAGES.restored(v.version), kind: 'success' });
      },
    });
  };

  return (
    <section className={`card ${styles.versions}`} aria-label="Versions">
      <div className={styles.bar}>
        {versions.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            className={styles.toggle}
          >
            <span aria-hidden="true" className={styles.chevron} data-open={open || undefined}>
              ▸
            </span>
            Versions ({versions.length})
          </Button>
        ) : (
          <p className={styles.hint}>{VERSION_MESSAGES.hint}</p>
        )}
        {/* what Restore did, said where it was done */}
        <p className={styles.status} role="status">
          {restored !== null ? VERSION_MESSAGES.restored(restored) : ''}
        </p>
        <Button variant="secondary" size="sm" onClick={onRegenerate} disabled={busy}>
          Regenerate lesson
        </Button>
      </div>
      {open && versions.length > 0 ? (
        <div id={listId} className="stack">
          {restore.isError ? (
            <Notification kind="error">{VERSION_MESSAGES.restoreFailed(restore.error.message)}</Notification>
          ) : null}
          <ol className={styles.list}>
            {versions.map((v) => (
              <li key={v.id} className={styles.item}>
                <div className={styles.itemText}>
                  <p className={styles.itemTitle}>
                    Version {v.version}
                    {v.isCurrent ? <span className="badge">Current</span> : null}
                  </p>
                  <p className={styles.meta}>
                    <time dateTime={v.createdAt}>{when(v.createdAt)}</time>
                    {' · '}
                    {v.instruction ? <q>{v.instruction}</q> : <span>No instruction</span>}
                    {v.contentSource === 'offline' ? ' · offline generator' : null}
                  </p>
                </div>
                {v.isCurrent ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => restoreVersion(v)}
                    disabled={busy || (restore.isPending && restore.variables !== v.id)}
                    loading={restore.isPending && restore.variables === v.id}
                    aria-label={`Restore version ${v.version}`}
                  >
                    Restore
                  </Button>
                )}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
