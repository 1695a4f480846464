import { type ReactNode, Suspense } from 'react';
import { lazyAfterFirstCommit } from '../first-commit.ts';

const DataScope = lazyAfterFirstCommit(() =>
  import('./data-scope.tsx').then((m) => ({ default: m.DataScope })),
);

/**
 * Whatever reads data (a remote's page, the session's subscriptions) renders inside this boundary: TanStack
 * Query, the SDK and the contracts (zod) load after the first render, which draws the frame without them.
 */
export function DataBoundary({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <DataScope>{children}</DataScope>
    </Suspense>
  );
}
