import type { ReactNode } from 'react';
import styles from './result-layout.module.css';

/** The frame of both subscription result pages: a centred card with an icon, the title, the body, actions. */
export function ResultLayout({
  icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  tone: 'success' | 'neutral';
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <section className={`card stack ${styles.card}`} aria-labelledby="subscription-result-title">
        <div className={styles.icon} data-tone={tone} aria-hidden="true">
          {icon}
        </div>
        <h1 id="subscription-result-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>{children}</div>
        <div className={styles.actions}>{actions}</div>
      </section>
    </div>
  );
}
