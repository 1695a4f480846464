import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

/**
 * The common frame of a page: title, optional intro, actions on the right, then the body. `width="text"`
 * narrows the whole frame to a reading column, so the header's actions end where the text does.
 */
export function PageFrame({
  title,
  intro,
  actions,
  width = 'page',
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  width?: 'page' | 'text';
  children?: ReactNode;
}) {
  return (
    <div className={styles.page} data-width={width}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** An honest empty state: what will be here and when. */
export function EmptyState({
  title,
  children,
  icon,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <section className={styles.empty} aria-label={title}>
      {icon ? <div className={styles.emptyIcon}>{icon}</div> : null}
      <h2 className={styles.emptyTitle}>{title}</h2>
      {children ? <div className={styles.emptyBody}>{children}</div> : null}
    </section>
  );
}
