import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { countOf } from '@mindpath/ui/plural';
import { useNavigate } from 'react-router';
import { ConfirmDialog, type ConfirmProps } from '../../../components/confirm-dialog.tsx';
import styles from './learning-plan.module.css';

/** The regenerate warning: a new roadmap replaces this one and every bit of progress on it. */
export function RegenerateDialog(props: ConfirmProps) {
  return (
    <ConfirmDialog
      {...props}
      title="Regenerate roadmap?"
      description="Regeneration resets your progress: a new roadmap replaces the current milestones and lessons, and completed lessons and scores are lost."
      confirm="Regenerate"
      danger
    />
  );
}

/** Regenerating the lessons not started: what is done stays, and nothing written is lost. */
export function RegenerateRemainingDialog(props: ConfirmProps) {
  return (
    <ConfirmDialog
      {...props}
      title="Regenerate remaining lessons?"
      description="Lessons you have not started are written again when you open them; their current text is kept as an earlier version. Completed and started lessons stay as they are."
      confirm="Regenerate remaining lessons"
      danger={false}
    />
  );
}

/** The free-plan limit (a 429's rate-limit info); the upgrade goes to the settings' subscription tab. */
export function PlanLimitDialog({ info, onClose }: { info: RateLimitInfo | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={info !== null}
      onClose={onClose}
      size="sm"
      title="Roadmap Generation Limit Reached"
      description={info?.message}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => navigate('/settings', { state: { activeTab: 'subscription' } })}>
            Upgrade to Pro
          </Button>
        </>
      }
    >
      {info ? (
        <dl className={styles.limitFacts}>
          <div>
            <dt>Resets in</dt>
            <dd>{countOf(info.hoursUntilReset, 'hour', 'hours')}</dd>
          </div>
          <div>
            <dt>Used</dt>
            <dd>
              {info.currentCount} of {info.maxRequests}
            </dd>
          </div>
        </dl>
      ) : null}
      {info?.subscriptionMessage ? <p className={styles.limitNote}>{info.subscriptionMessage}</p> : null}
    </Modal>
  );
}
