import { Notification } from '@mindpath/ui/notification';
import { useState } from 'react';
import { useLocation } from 'react-router';
import styles from './account-deleted-notice.module.css';

/** Confirms, on the landing page a learner is sent to, that their account was deleted. */
export function AccountDeletedNotice() {
  const { state } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const deleted = (state as { accountDeleted?: unknown } | null)?.accountDeleted === true;
  if (!deleted || dismissed) return null;
  return (
    <div className={styles.notice}>
      <Notification
        kind="success"
        title="Your account has been deleted."
        onDismiss={() => setDismissed(true)}
      >
        Everything in it is being removed now, your files too. Thank you for learning with Mindpath.
      </Notification>
    </div>
  );
}
