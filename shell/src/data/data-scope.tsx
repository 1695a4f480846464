import { RemoteLoaderContext } from '@mindpath/ui/remote-loader';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
// remembers a refused request until the session's listener has loaded: imported with the data layer,
// since every SDK call is made inside a data scope, and not by app.tsx, which put it (and unauthorized.ts)
// before the shell's first render
import '../features/session/early-unauthorized.ts';
import { RemoteRegistryContext } from '../remotes/registry-context.ts';
import { QueryClientBoxContext } from './query-client-box.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/**
 * The app's QueryClient around `children` (every scope of one app shares the same client), and the registry
 * as the remotes' loader of other remotes: what a remote's page needs from the shell.
 */
export function DataScope({ children }: { children: ReactNode }) {
  const box = useContext(QueryClientBoxContext);
  const registry = useContext(RemoteRegistryContext);
  box.client ??= createQueryClient();
  return (
    <QueryClientProvider client={box.client}>
      <RemoteLoaderContext.Provider value={registry}>{children}</RemoteLoaderContext.Provider>
    </QueryClientProvider>
  );
}
