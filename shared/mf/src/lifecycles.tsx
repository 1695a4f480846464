import type { RemoteLifecycleProps, RemoteName } from '@mindpath/contracts/remotes';
import { ROUTES, type RoutedPageOf } from '@mindpath/contracts/routes-constants';
import { ToastProvider } from '@mindpath/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import singleSpaReact from 'single-spa-react';

export interface RemoteRoute {
  path: string;
  element: ReactNode;
}

/**
 * The routes of remote N's pages at the route table's paths (shared/contracts), an element for each page the
 * table routes to: the standalone page opens them at the paths the shell does.
 */
export function pageRoutes<N extends RemoteName>(
  name: N,
  elements: { [P in RoutedPageOf<N>]: ReactNode },
): RemoteRoute[] {
  return ROUTES.filter((r) => r.page.startsWith(`${name}/`)).map((r) => ({
    path: r.path,
    element: elements[r.page.slice(name.length + 1) as RoutedPageOf<N>],
  }));
}

/** The single-spa lifecycles every remote exposes at './lifecycles'. */
export interface RemoteLifecycles {
  bootstrap(props: RemoteLifecycleProps): Promise<unknown>;
  mount(props: RemoteLifecycleProps): Promise<unknown>;
  unmount(props: RemoteLifecycleProps): Promise<unknown>;
}

interface RootProps {
  initialPath?: string;
  remote: { name: string; routes: RemoteRoute[]; defaultPath: string };
  queryClient: QueryClient;
}

function StandaloneRoot({ initialPath, remote, queryClient }: RootProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[initialPath ?? remote.defaultPath]}>
          <Routes>
            {remote.routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
            <Route path="*" element={<p>mf-{remote.name}: no page at this path.</p>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/**
 * Lifecycles for running a remote alone (its standalone dev page, tests): the remote's routes in a
 * MemoryRouter with a QueryClient of its own. Inside the shell the pages are rendered by the shell instead.
 * A mount gets a fresh QueryClient; unmount cancels its queries and clears it, so no fetch finishing late
 * and no garbage-collection timer outlives the mount.
 */
export function createLifecycles(remote: RootProps['remote']): RemoteLifecycles {
  const clients = new Map<HTMLElement, QueryClient>();
  const spa = singleSpaReact<RemoteLifecycleProps & RootProps>({
    React,
    ReactDOMClient,
    rootComponent: StandaloneRoot,
    renderType: 'createRoot',
    errorBoundary: (err) => (
      <p role="alert">
        mf-{remote.name} failed: {err.message}
      </p>
    ),
  }) as unknown as {
    [K in keyof RemoteLifecycles]: (
      props: RemoteLifecycleProps & Omit<RootProps, 'queryClient'> & { queryClient?: QueryClient },
    ) => Promise<unknown>;
  };
  return {
    bootstrap: (props) => spa.bootstrap({ ...props, remote }),
    mount: (props) => {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
      });
      clients.set(props.domElement, queryClient);
      return spa.mount({ ...props, remote, queryClient });
    },
    unmount: async (props) => {
      const queryClient = clients.get(props.domElement);
      clients.delete(props.domElement);
      const result = await spa.unmount({ ...props, remote });
      if (queryClient) {
        await queryClient.cancelQueries();
        queryClient.clear();
      }
      return result;
    },
  };
}
