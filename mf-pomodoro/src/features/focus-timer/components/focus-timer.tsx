import styles from './focus-timer.module.css';

/** The floating focus timer's slot. The timer itself arrives with the pomodoro feature. */
export default function FocusTimer() {
  return (
    <button
      type="button"
      className={styles.fab}
      disabled
      aria-label="Focus timer (arrives with the pomodoro feature)"
      title="The focus timer arrives with the pomodoro feature"
      data-testid="focus-timer"
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2 2M9 2h6" />
      </svg>
    </button>
  );
}
