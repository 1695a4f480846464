import { createContext } from 'react';
import type { RemoteRegistry } from './registry.ts';

/** The registry in use: the real one in the app, a fake in tests. */
export const RemoteRegistryContext = createContext<RemoteRegistry | null>(null);
