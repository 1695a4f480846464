import type { RemoteModuleId, RemoteName } from '@mindpath/contracts/remotes';
import { Spinner } from '@mindpath/ui/spinner';
import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useContext,
  useState,
} from 'react';
import type { RemoteRegistry } from './registry.ts';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import styles from './remote-slot.module.css';

type Page = ComponentType<Record<string, never>>;

/** The registry in use: the real one in the app, a fake in tests. */
export const RemoteRegistryContext = createContext<RemoteRegistry | null>(null);

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

export function RemoteLoading({ variant }: { variant: 'page' | 'slot' }) {
  if (variant === 'slot') return null;
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <Spinner />
      <span>Loading…</span>
    </div>
  );
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
