import { HOME_ALIASES, matchRoute, normalizePath, type RouteEntry } from './route-table.ts';

export type RouteDecision = { kind: 'render'; route: RouteEntry } | { kind: 'redirect'; to: string };

/**
 * The guards of spec 1 §2 as a pure function: where `path` leads for a visitor (`authenticated` false)
 * or a logged-in user.
 */
export function decideRoute(path: string, authenticated: boolean): RouteDecision {
  const p = normalizePath(path);
  if ((HOME_ALIASES as readonly string[]).includes(p)) {
    return { kind: 'redirect', to: authenticated ? '/home' : '/login' };
  }
  const route = matchRoute(p);
  if (!route) return { kind: 'redirect', to: authenticated ? '/home' : '/' };
  if (route.access === 'guest' && authenticated) return { kind: 'redirect', to: '/home' };
  if (route.access === 'auth' && !authenticated) return { kind: 'redirect', to: '/login' };
  return { kind: 'render', route };
}
