import { bus } from '@mindpath/events';
import { localStore } from './local-store.ts';

/** A stored token means logged in (spec 1 §4). Setting or clearing it raises auth-change. */
export const tokenStore = {
  get: (): string | undefined => localStore.get('token'),
  isAuthenticated: (): boolean => Boolean(localStore.get('token')),
  set(token: string): void {
    localStore.set('token', token);
    bus.emit('auth-change', { authenticated: true });
  },
  clear(): void {
    const had = Boolean(localStore.get('token'));
    localStore.remove('token');
    if (had) bus.emit('auth-change', { authenticated: false });
  },
};
