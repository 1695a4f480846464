import { ROUTES } from '@mindpath/contracts/routes-constants';
import { describe, expect, it } from 'vitest';
import { decideRoute } from './decide-route.ts';

const concrete = (path: string) => path.replace(':goalId', 'g1').replace(':lessonId', 'l1');

describe('decideRoute (spec 1 §2 route table)', () => {
  it.each([
    ['/', 'auth/LandingPage'],
    ['/login', 'auth/LoginPage'],
    ['/register', 'auth/RegisterPage'],
  ])('%s renders for a visitor and sends a logged-in user to /home', (path, page) => {
    expect(decideRoute(path, false)).toEqual({ kind: 'render', route: expect.objectContaining({ page }) });
    expect(decideRoute(path, true)).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('sends a learner who just registered (session flag) from /register on to /goals, not /home', () => {
    expect(decideRoute('/register', true, { fromRegistration: true })).toEqual({
      kind: 'redirect',
      to: '/goals',
    });
    expect(decideRoute('/register?plan=pro', true, { fromRegistration: true })).toEqual({
      kind: 'redirect',
      to: '/goals',
    });
    // the flag only settles the race at /register: elsewhere the table's rules hold
    expect(decideRoute('/login', true, { fromRegistration: true })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
    expect(decideRoute('/', true, { fromRegistration: true })).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideRoute('/goals', true, { fromRegistration: true })).toMatchObject({ kind: 'render' });
    // a visitor with a stale flag (registration failed, or logged out since) still sees the form
    expect(decideRoute('/register', false, { fromRegistration: true })).toMatchObject({ kind: 'render' });
    expect(decideRoute('/register', true, { fromRegistration: false })).toEqual({
      kind: 'redirect',
      to: '/home',
    });
  });

  it('keeps the query string out of matching (/register?plan=pro)', () => {
    expect(decideRoute('/register?plan=pro', false)).toMatchObject({ kind: 'render' });
  });

  it.each(['/subscription/success', '/subscription/cancel', '/privacy-policy', '/about', '/pricing'])(
    '%s is public for everyone',
    (path) => {
      expect(decideRoute(path, false)).toMatchObject({ kind: 'render' });
      expect(decideRoute(path, true)).toMatchObject({ kind: 'render' });
    },
  );

  const authPaths = [
    ['/home', 'goals/HomePage'],
    ['/goals', 'goals/GoalsPage'],
    ['/goals/new', 'goals/NewGoalPage'],
    ['/goals/42/assessment', 'goals/GoalAssessmentPage'],
    ['/learning-plan', 'roadmap/LearningPlanPage'],
    ['/learning-plan/42', 'roadmap/LearningPlanPage'],
    ['/knowledge-graph', 'notes/KnowledgeGraphPage'],
    ['/settings', 'shell/settings'],
    ['/lessons/7', 'lessons/LessonPage'],
    ['/lessons/7/assessment', 'lessons/LessonAssessmentPage'],
  ] as const;

  it.each(authPaths)('%s sends a visitor to /login and renders %s for a logged-in user', (path, page) => {
    expect(decideRoute(path, false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute(path, true)).toEqual({ kind: 'render', route: expect.objectContaining({ page }) });
  });

  it.each(['/today', '/dashboard'])('%s resolves to /home (or /login for a visitor)', (path) => {
    expect(decideRoute(path, true)).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideRoute(path, false)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('/roadmap (the landing-era target) leads to the learning plan, or /login for a visitor', () => {
    expect(decideRoute('/roadmap', true)).toEqual({ kind: 'redirect', to: '/learning-plan' });
    expect(decideRoute('/roadmap/', true)).toEqual({ kind: 'redirect', to: '/learning-plan' });
    expect(decideRoute('/roadmap', false)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it.each(['/nope', '/goals/1', '/lessons', '/learning-plan/1/2'])(
    'unknown %s → /home when logged in, / otherwise',
    (path) => {
      expect(decideRoute(path, true)).toEqual({ kind: 'redirect', to: '/home' });
      expect(decideRoute(path, false)).toEqual({ kind: 'redirect', to: '/' });
    },
  );

  it('ignores a trailing slash', () => {
    expect(decideRoute('/goals/', true)).toMatchObject({
      kind: 'render',
      route: { page: 'goals/GoalsPage' },
    });
  });

  it('covers every row of the table', () => {
    for (const r of ROUTES) {
      const decision = decideRoute(concrete(r.path), r.access === 'auth');
      expect(decision).toEqual({ kind: 'render', route: r });
    }
  });
});
