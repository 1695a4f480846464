// The table itself is in the contracts (the remotes' standalone lifecycles take their paths from it); what
// the shell adds is how a path finds its entry.
import { ROUTES, type RouteEntry } from '@mindpath/contracts/routes-constants';

/** Link targets that resolve to the home dashboard (spec 1 §2: Dashboard links to /today). */
const HOME_ALIASES = ['/today', '/dashboard'] as const;

/**
 * Older link targets of authenticated pages and where they lead now: /roadmap, the landing-era create-goal
 * screen's target (spec 1 §2), is the learning plan.
 */
export const AUTH_ALIASES: Readonly<Record<string, string>> = {
  '/roadmap': '/learning-plan',
  ...Object.fromEntries(HOME_ALIASES.map((alias) => [alias, '/home'])),
};

const toRegExp = (pattern: string) =>
  new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\//g, '\\/')}$`);
const MATCHERS = ROUTES.map((r) => ({ route: r as RouteEntry, re: toRegExp(r.path) }));

/** '/goals/' → '/goals'; '' → '/'. */
export const normalizePath = (path: string) => {
  const p = path.split(/[?#]/)[0] ?? '/';
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : '/';
};

export function matchRoute(path: string): RouteEntry | undefined {
  const p = normalizePath(path);
  return MATCHERS.find((m) => m.re.test(p))?.route;
}
