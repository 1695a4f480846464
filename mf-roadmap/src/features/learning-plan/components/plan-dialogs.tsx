import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { countOf } from '@mindpath/ui/plural';
import { useNavigate } from 'react-router';
import styles from './learning-plan.module.css';

/** The regenerate warning: a new roadmap replaces this one and every bit of progress on it. */
export function RegenerateDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      title="Regenerate roadmap?"
      description="Regeneration resets your progress: a new roadmap replaces the current milestones and lessons, and completed lessons and scores are lost."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Regenerate
          </Button>
        </>
      }
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
