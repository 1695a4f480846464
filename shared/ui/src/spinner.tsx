import styles from './spinner.module.css';

/** The busy ring beside a loading message (the message, not the ring, is what assistive tech reads). */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return <span className={styles.spinner} data-size={size} aria-hidden="true" />;
}
