import { OFFLINE_NOTICE } from '@mindpath/contracts/ai';
import styles from './wizard.module.css';

/** Says plainly that content came from the built-in offline generator. */
export function OfflineNote({ source }: { source: 'offline' | 'model' | 'material' | undefined }) {
  if (source !== 'offline') return null;
  return (
    <p className={styles.offline} data-testid="offline-note">
      {OFFLINE_NOTICE}
    </p>
  );
}
