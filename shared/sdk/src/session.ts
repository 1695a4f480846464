import { bus } from '@mindpath/events';
import { useSyncExternalStore } from 'react';
import { tokenStore } from './token-store.ts';

// The session without the data layer: whether a token is stored, and logout. A page's first render reads
// these before TanStack Query, the API client and the contracts have loaded.

const subscribeAuth = (onChange: () => void) => bus.on('auth-change', onChange);

/** Whether a token is stored, re-rendering on auth-change (login, register, logout, 401). */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribeAuth, tokenStore.isAuthenticated, () => false);
}

/** Logout: removes the token and drops every cached answer of the previous learner (the query cache). */
export function logout(cache?: { clear(): void }): void {
  tokenStore.clear();
  cache?.clear();
}
