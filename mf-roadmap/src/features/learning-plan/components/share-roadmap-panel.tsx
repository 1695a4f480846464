// Sharing the roadmap: a read-only public link anyone can open (off until the learner turns it on), with
// their progress only when they tick it; copied with one click, stopped at any time.
import { useGoalShare, useRevokeShare, useShareRoadmap } from '@mindpath/sdk/roadmap-shares-hooks';
import { Button } from '@mindpath/ui/button';
import { Checkbox } from '@mindpath/ui/checkbox';
import { useId, useState } from 'react';
import panel from '../../../components/plan-panel.module.css';
import styles from './share-roadmap.module.css';

export const SHARE_FAILED = 'We could not change the link. Please try again.';
export const SHARE_WHAT =
  'Anyone with the link sees the goal, its sections and lesson titles — never your notes, scores or chats.';

const linkOf = (path: string) => `${window.location.origin}${path}`;

export function ShareRoadmapPanel({ goalId }: { goalId: string }) {
  const headingId = useId();
  const linkId = useId();
  const share = useGoalShare(goalId);
  const set = useShareRoadmap(goalId);
  const revoke = useRevokeShare(goalId);
  const [copied, setCopied] = useState(false);
  // ticked before the link exists: the link is made with it
  const [wantProgress, setWantProgress] = useState(false);
  const current = share.data;
  const busy = set.isPending || revoke.isPending;
  const failed = set.isError || revoke.isError;

  const copy = async (path: string) => {
    try {
      await navigator.clipboard.writeText(linkOf(path));
      setCopied(true);
    } catch {
      // no clipboard (permissions, an old browser): the link stays selectable in its field
      setCopied(false);
    }
  };

  return (
    <section className={`card ${panel.panel}`} aria-labelledby={headingId}>
      <div className={panel.head}>
        <h2 id={headingId} className={panel.title}>
          Share this roadmap
        </h2>
      </div>
      <p className={panel.muted}>
        {current ? 'Your roadmap is shared by this link. ' : 'Only you can see this roadmap. '}
        {SHARE_WHAT}
      </p>
      {current ? (
        <div className={styles.link}>
          <label htmlFor={linkId} className={styles.label}>
            Link
          </label>
          <input
            id={linkId}
            className={styles.field}
            readOnly
            value={linkOf(current.path)}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
      <Checkbox
        checked={current ? current.showProgress : wantProgress}
        disabled={busy}
        onChange={(e) =>
          current
            ? set.mutate({ showProgress: e.currentTarget.checked })
            : setWantProgress(e.currentTarget.checked)
        }
      >
        Show my progress (which lessons I have completed)
      </Checkbox>
      <div className={panel.actions}>
        {current ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => void copy(current.path)}>
              Copy link
            </Button>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => revoke.mutate()}>
              Stop sharing
            </Button>
            <span className={panel.muted} role="status">
              {copied ? 'Link copied.' : ''}
            </span>
          </>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || share.isPending}
            onClick={() => set.mutate({ showProgress: wantProgress })}
          >
            {set.isPending ? 'Making the link…' : 'Share roadmap'}
          </Button>
        )}
      </div>
      {failed ? (
        <p className={panel.error} role="alert">
          {SHARE_FAILED}
        </p>
      ) : null}
    </section>
  );
}
