import type { ReactNode } from 'react';
import styles from './notification.module.css';

export type NotificationKind = 'info' | 'success' | 'warning' | 'error';

export interface NotificationProps {
  kind?: NotificationKind;
  title?: ReactNode;
  children?: ReactNode;
  /** shows a dismiss button */
  onDismiss?: () => void;
  className?: string;
}

const ICONS: Record<NotificationKind, ReactNode> = {
  info: <path d="M12 8h.01M11 12h1v5h1" />,
  success: <path d="M8 12.5l2.8 2.8L16.5 9.5" />,
  warning: <path d="M12 8v5M12 16.5h.01" />,
  error: <path d="M9 9l6 6M15 9l-6 6" />,
};

/**
 * An inline notification (a banner in the page, unlike a toast). Errors and warnings are announced
 * assertively (role="alert"), the others politely (role="status").
 */
export function Notification({ kind = 'info', title, children, onDismiss, className }: NotificationProps) {
  const urgent = kind === 'error' || kind === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={[styles.root, className].filter(Boolean).join(' ')}
      data-kind={kind}
    >
      <svg
        className={styles.icon}
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9.5" />
        {ICONS[kind]}
      </svg>
      <div className={styles.content}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.body}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      ) : null}
    </div>
  );
}
