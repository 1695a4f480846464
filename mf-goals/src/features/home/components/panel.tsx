import { Button } from '@mindpath/ui/button';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import styles from './home.module.css';

/** One panel of the dashboard: a titled region. */
export function Panel({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  /** spans the whole row (the heatmap) */
  wide?: boolean;
}) {
  const id = useId();
  return (
    <section className={`card stack ${styles.panel}`} data-wide={wide || undefined} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Grey bars where the panel's content will be, announced once as loading. */
export function PanelSkeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className={styles.skeleton} role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars have nothing but their position
        <span key={i} className={styles.skeletonLine} />
      ))}
    </div>
  );
}

/** A panel whose call failed: the others stay, this one offers to try again. */
export function PanelError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The loading, error and loaded states of a panel fed by one query. */
function QueryBody<T>({
  query,
  loadingLabel,
  errorMessage,
  lines,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'refetch'>;
  loadingLabel: string;
  errorMessage: string;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PanelSkeleton label={loadingLabel} lines={lines} />;
  if (query.isError || query.data === undefined)
    return <PanelError message={errorMessage} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** A panel fed by one query: its skeleton is announced as "Loading <title>". */
export function QueryPanel<T>({
  title,
  query,
  errorMessage,
  wide,
  lines,
  children,
}: {
  title: string;
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'refetch'>;
  errorMessage: string;
  wide?: boolean;
  /** skeleton bars: about the height of the filled panel, so the panels below do not move when it fills */
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  return (
    <Panel title={title} wide={wide}>
      <QueryBody query={query} loadingLabel={`Loading ${title}`} errorMessage={errorMessage} lines={lines}>
        {children}
      </QueryBody>
    </Panel>
  );
}
