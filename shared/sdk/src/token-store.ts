import { bus } from '@mindpath/events';
// by the package's name, not './local-store.ts': the shared module then, so the shell's first render
// fetches the local store once (a relative import copied it into this module's chunk as well)
import { localStore } from '@mindpath/sdk/local-store';

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
