import type { RemoteModuleId, RemoteName } from '@mindpath/contracts/remotes';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useContext, useState } from 'react';
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

/** React.lazy components by module id; a Retry drops a remote's entries so the next render loads afresh. */
const lazyCache = new Map<string, { registry: RemoteRegistry; component: LazyExoticComponent<Page> }>();

export function lazyRemote(registry: RemoteRegistry, id: RemoteModuleId): LazyExoticComponent<Page> {
  const hit = lazyCache.get(id);
  if (hit && hit.registry === registry) return hit.component;
  const component = lazy(() => registry.load<{ default: Page }>(id));
  lazyCache.set(id, { registry, component });
  return component;
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
  const Component = lazyRemote(registry, id);
  const retry = async () => {
    forgetRemote(name);
    try {
      await registry.reload(name);
    } finally {
      setAttempt((a) => a + 1); // a fresh boundary around a fresh lazy component
    }
  };
  return (
    <RemoteErrorBoundary key={attempt} label={LABELS[name]} variant={variant} onRetry={retry}>
      <Suspense fallback={<RemoteLoading variant={variant} />}>
        <Component />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
