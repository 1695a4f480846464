import { Spinner } from '@mindpath/ui/spinner';
import styles from './remote-slot.module.css';

// Apart from the slot: the first render draws the loading status, the slot's machinery loads after it.

export function RemoteLoading({ variant }: { variant: 'page' | 'slot' }) {
  if (variant === 'slot') return null;
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <Spinner />
      <span>Loading…</span>
    </div>
  );
}
