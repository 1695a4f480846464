import type { RemoteModuleId } from '@mindpath/contracts/remotes';

/**
 * The route table of spec 1 §2. `guest`: public, but a logged-in user is sent to /home; `public`: anyone;
 * `auth`: a visitor is sent to /login. `page` is the remote module (typed against the contract) or a
 * page of the shell itself.
 */
export type Access = 'guest' | 'public' | 'auth';
export type ShellPage = 'shell/settings';
export interface RouteEntry {
  path: string;
  access: Access;
  page: RemoteModuleId | ShellPage;
}

export const ROUTES = [
  { path: '/', access: 'guest', page: 'auth/LandingPage' },
  { path: '/login', access: 'guest', page: 'auth/LoginPage' },
  { path: '/register', access: 'guest', page: 'auth/RegisterPage' },
  { path: '/privacy-policy', access: 'public', page: 'auth/PrivacyPolicyPage' },
  { path: '/about', access: 'public', page: 'auth/AboutPage' },
  { path: '/pricing', access: 'public', page: 'billing/PricingPage' },
  { path: '/subscription/success', access: 'public', page: 'billing/SubscriptionSuccessPage' },
  { path: '/subscription/cancel', access: 'public', page: 'billing/SubscriptionCancelPage' },
  { path: '/home', access: 'auth', page: 'goals/HomePage' },
  { path: '/goals', access: 'auth', page: 'goals/GoalsPage' },
  { path: '/goals/new', access: 'auth', page: 'goals/NewGoalPage' },
  { path: '/goals/:goalId/assessment', access: 'auth', page: 'goals/GoalAssessmentPage' },
  { path: '/learning-plan', access: 'auth', page: 'roadmap/LearningPlanPage' },
  { path: '/learning-plan/:goalId', access: 'auth', page: 'roadmap/LearningPlanPage' },
  { path: '/knowledge-graph', access: 'auth', page: 'notes/KnowledgeGraphPage' },
  { path: '/settings', access: 'auth', page: 'shell/settings' },
  { path: '/lessons/:lessonId', access: 'auth', page: 'lessons/LessonPage' },
  { path: '/lessons/:lessonId/assessment', access: 'auth', page: 'lessons/LessonAssessmentPage' },
  { path: '/review', access: 'auth', page: 'lessons/ReviewPage' },
] as const satisfies readonly RouteEntry[];

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
