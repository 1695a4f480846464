import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { DataBoundary } from './data/data-boundary.tsx';
import { type QueryClientBox, QueryClientBoxContext } from './data/query-client-box.ts';
import { AppRoutes } from './features/routing/app-routes.tsx';
import { FirstCommit, lazyAfterFirstCommit } from './first-commit.ts';
import type { RemoteRegistry } from './remotes/registry.ts';
import { RemoteRegistryContext } from './remotes/registry-context.ts';

// Not drawn by the first render: they load once it is committed (first-commit.ts).
const SessionEvents = lazyAfterFirstCommit(() =>
  import('./features/session/session-events.tsx').then((m) => ({ default: m.SessionEvents })),
);
const Toaster = lazyAfterFirstCommit(() =>
  import('@mindpath/ui/toast').then((m) => ({ default: m.Toaster })),
);
const CookieBanner = lazyAfterFirstCommit(() =>
  import('./cookie-consent/cookie-banner.tsx').then((m) => ({ default: m.CookieBanner })),
);

/**
 * The shell: one Router, one QueryClient and one registry shared with every remote rendered inside. The
 * build's prerender (shell/src/prerender/server.tsx) renders it at one `location`, without a browser, with
 * its own `queryClient`; in the browser the first data scope makes it (data/data-scope.tsx).
 */
export function App({
  registry,
  queryClient,
  location,
}: {
  registry: RemoteRegistry;
  queryClient?: QueryClient;
  location?: string;
}) {
  const [box] = useState<QueryClientBox>(() => ({ client: queryClient }));
  const routes = (
    <>
      <DataBoundary fallback={null}>
        <SessionEvents />
      </DataBoundary>
      <AppRoutes />
    </>
  );
  return (
    <QueryClientBoxContext.Provider value={box}>
      <RemoteRegistryContext.Provider value={registry}>
        {location === undefined ? (
          <BrowserRouter>{routes}</BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[location]}>{routes}</MemoryRouter>
        )}
        <Suspense fallback={null}>
          <Toaster />
          <CookieBanner />
        </Suspense>
        <FirstCommit />
      </RemoteRegistryContext.Provider>
    </QueryClientBoxContext.Provider>
  );
}
