import type { RemoteModuleId, RemoteName } from '@mindpath/contracts/remotes';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useContext, useState } from 'react';
import { clientReporter, isLoadError } from './client-reports.ts';
import type { RemoteRegistry } from './registry.ts';
import { RemoteRegistryContext } from './registry-context.ts';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import { RemoteLoading } from './remote-loading.tsx';

type Page = ComponentType<Record<string, never>>;

export { RemoteRegistryContext };

const LABELS: Record<RemoteName, string> = {
  auth: 'Account',
  goals: 'Goals',
  roadmap: 'Roadmap',
  lessons: 'Lessons',
  notes: 'Knowledge Base',
  pomodoro: 'Focus timer',
  billing: 'Subscription',
};

interface LazyRemote {
  registry: RemoteRegistry;
  component: LazyExoticComponent<Page>;
  /** the version the registry loaded it from, once loaded: what a render failure is reported against */
  version?: string;
}

/** React.lazy components by module id; a Retry drops a remote's entries so the next render loads afresh. */
const lazyCache = new Map<string, LazyRemote>();
/** registries whose version switches (login, logout) drop the switched remote's entries */
const heard = new WeakSet<RemoteRegistry>();

export function lazyRemote(registry: RemoteRegistry, id: RemoteModuleId): LazyRemote {
  const hit = lazyCache.get(id);
  if (hit && hit.registry === registry) return hit;
  if (!heard.has(registry)) {
    heard.add(registry);
    registry.onSwitch?.(forgetRemote);
  }
  const name = id.slice(0, id.indexOf('/')) as RemoteName;
  const entry: LazyRemote = {
    registry,
    component: lazy(async () => {
      const mod = await registry.load<{ default: Page }>(id);
      entry.version = registry.chosenVersion?.(name);
      return mod;
    }),
  };
  lazyCache.set(id, entry);
  return entry;
}

export function forgetRemote(name: RemoteName): void {
  for (const id of [...lazyCache.keys()]) if (id.startsWith(`${name}/`)) lazyCache.delete(id);
}

/** Renders a remote's exposed page or slot inside the shell's tree, with its own boundary and retry. */
export function RemoteSlot({ id, variant = 'page' }: { id: RemoteModuleId; variant?: 'page' | 'slot' }) {
  const registry = useContext(RemoteRegistryContext);
  if (!registry) throw new Error('RemoteSlot needs a RemoteRegistryContext');
  const name = id.slice(0, id.indexOf('/')) as RemoteName;
  const [attempt, setAttempt] = useState(0);
  const remote = lazyRemote(registry, id);
  const Component = remote.component;
  const retry = async () => {
    forgetRemote(name);
    try {
      await registry.reload(name);
    } finally {
      setAttempt((a) => a + 1); // a fresh boundary around a fresh lazy component
    }
  };
  // the registry reported a failed load already; a module that loaded and then threw is a render failure
  const reportRender = (error: Error) => {
    if (!isLoadError(error) && remote.version) clientReporter.failed(name, remote.version, 'render', error);
  };
  return (
    <RemoteErrorBoundary
      key={attempt}
      label={LABELS[name]}
      variant={variant}
      onRetry={retry}
      onError={reportRender}
    >
      <Suspense fallback={<RemoteLoading variant={variant} />}>
        <Component />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
