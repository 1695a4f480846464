import { useSubscriptionUpdates } from '@mindpath/sdk/subscriptions-hooks';
import { RemoteLoaderContext } from '@mindpath/ui/remote-loader';
import { Toaster } from '@mindpath/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { CookieBanner } from './cookie-consent/cookie-banner.tsx';
import { AppRoutes } from './features/routing/app-routes.tsx';
import { useSessionEvents } from './features/session/use-session-events.ts';
import type { RemoteRegistry } from './remotes/registry.ts';
import { RemoteRegistryContext } from './remotes/remote-slot.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

function SessionEvents() {
  useSessionEvents();
  useSubscriptionUpdates();
  return null;
}

/**
 * The shell: one Router, one QueryClient and one registry shared with every remote rendered inside. The
 * build's prerender (shell/src/prerender/server.tsx) renders it at one `location`, without a browser.
 */
export function App({
  registry,
  queryClient,
  location,
}: {
  registry: RemoteRegistry;
  queryClient: QueryClient;
  location?: string;
}) {
  const routes = (
    <>
      <SessionEvents />
      <AppRoutes />
    </>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RemoteRegistryContext.Provider value={registry}>
        <RemoteLoaderContext.Provider value={registry}>
          {location === undefined ? (
            <BrowserRouter>{routes}</BrowserRouter>
          ) : (
            <MemoryRouter initialEntries={[location]}>{routes}</MemoryRouter>
          )}
          <Toaster />
          <CookieBanner />
        </RemoteLoaderContext.Provider>
      </RemoteRegistryContext.Provider>
    </QueryClientProvider>
  );
}
