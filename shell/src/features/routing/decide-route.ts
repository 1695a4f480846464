import type { RouteEntry } from '@mindpath/contracts/routes-constants';
import { AUTH_ALIASES, matchRoute, normalizePath } from './route-table.ts';

export type RouteDecision = { kind: 'render'; route: RouteEntry } | { kind: 'redirect'; to: string };

export interface RouteContext {
  /**
   * The session's 'from registration' flag (spec 1 §2), which mf-auth sets before the new token is stored.
   * A learner who is logged in at /register with it set has just registered: the guard sends them on to
   * /goals, where registration leads, instead of /home — whichever of the two navigations runs first.
   */
  fromRegistration?: boolean;
}

/**
 * The guards of spec 1 §2 as a pure function: where `path` leads for a visitor (`authenticated` false)
 * or a logged-in user.
 */
export function decideRoute(path: string, authenticated: boolean, context: RouteContext = {}): RouteDecision {
  const p = normalizePath(path);
  const alias = AUTH_ALIASES[p];
  if (alias) return { kind: 'redirect', to: authenticated ? alias : '/login' };
  const route = matchRoute(p);
  if (!route) return { kind: 'redirect', to: authenticated ? '/home' : '/' };
  if (route.access === 'guest' && authenticated) {
    return {
      kind: 'redirect',
      to: route.path === '/register' && context.fromRegistration ? '/goals' : '/home',
    };
  }
  if (route.access === 'auth' && !authenticated) return { kind: 'redirect', to: '/login' };
  return { kind: 'render', route };
}
