import styles from './goals.module.css';

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className={styles.progressFill} style={{ width: `${value}%` }} />
    </div>
  );
}
