import { Notification } from '@mindpath/ui/notification';
import { useState } from 'react';
import { useLocation } from 'react-router';
import styles from './account-deleted-notice.module.css';

/** Confirms, on the landing page a learner is sent to, that their account was deleted. */
export function AccountDeletedNotice() {
  const { search } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  // Settings → Privacy opens the landing page at /?account=deleted once the account is deleted
  const deleted = new URLSearchParams(search).get('account') === 'deleted';
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
