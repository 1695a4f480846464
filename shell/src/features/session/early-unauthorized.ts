import { bus } from '@mindpath/events';
import { rememberUnauthorized } from './unauthorized.ts';

/** A 401 before the session's listener has loaded, remembered from the shell's start (app.tsx imports this). */
export const earlyUnauthorized = rememberUnauthorized(bus);
