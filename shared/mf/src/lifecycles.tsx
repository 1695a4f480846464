import type { RemoteLifecycleProps } from '@mindpath/contracts/remotes';
import { ToastProvider } from '@mindpath/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { type ReactNode, useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import singleSpaReact from 'single-spa-react';

export interface RemoteRoute {
  path: string;
  element: ReactNode;
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
}

function StandaloneRoot({ initialPath, remote }: RootProps) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
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
 */
export function createLifecycles(remote: RootProps['remote']): RemoteLifecycles {
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
    [K in keyof RemoteLifecycles]: (props: RemoteLifecycleProps & RootProps) => Promise<unknown>;
  };
  return {
    bootstrap: (props) => spa.bootstrap({ ...props, remote }),
    mount: (props) => spa.mount({ ...props, remote }),
    unmount: (props) => spa.unmount({ ...props, remote }),
  };
}
