import { bus } from '@mindpath/events';
import { rememberUnauthorized } from './unauthorized.ts';

/**
 * A 401 before the session's listener has loaded, remembered from the data layer's start (data-scope.tsx
 * imports this).
 */
export const earlyUnauthorized = rememberUnauthorized(bus);
