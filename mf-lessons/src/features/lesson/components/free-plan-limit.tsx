import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { Notification } from '@mindpath/ui/notification';
import { countOf } from '@mindpath/ui/plural';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import styles from './lesson.module.css';

/** spec 1 §4, the lesson-open gate */
export const GATE_TITLE = 'Free Plan Limit Reached';

/**
 * The lesson-open gate (spec 1 §4): a free learner who completed a lesson of this goal within the window
 * meets the Free Plan Limit Reached modal; its upgrade goes to the settings' subscription tab (spec 1 §2).
 * Dismissed, the page keeps a short notice with the same way out, so the learner is never left on a blank page.
 */
export function FreePlanLimit({ info }: { info: RateLimitInfo }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const upgrade = () => navigate('/settings', { state: { activeTab: 'subscription' } });
  const hours = countOf(info.hoursUntilReset, 'hour', 'hours');
  return (
    <div className={styles.limit}>
      <Notification kind="warning" title={GATE_TITLE}>
        <p>{info.message}</p>
        <p>This lesson opens in {hours}.</p>
        <p className={styles.gateActions}>
          <Button size="sm" onClick={upgrade}>
            Upgrade to Pro
          </Button>
        </p>
      </Notification>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        size="sm"
        title={GATE_TITLE}
        description={info.message}
        footer={
          <>
            <Link to="/learning-plan" className={buttonClassName({ variant: 'secondary' })}>
              Back to Roadmap
            </Link>
            <Button onClick={upgrade}>Upgrade to Pro</Button>
          </>
        }
      >
        <dl className={styles.gateFacts}>
          <div>
            <dt>Resets in</dt>
            <dd>{hours}</dd>
          </div>
          <div>
            <dt>Used</dt>
            <dd>
              {info.currentCount} of {info.maxRequests}
            </dd>
          </div>
        </dl>
        {info.subscriptionMessage ? <p className={styles.muted}>{info.subscriptionMessage}</p> : null}
      </Modal>
    </div>
  );
}
