// The route table of spec 1 §2: the shell routes by it and each remote's standalone lifecycles take their
// pages' paths from it, so a path is written once. No zod: the shell reads it before its first render.
import type { RemoteModuleId, RemoteName } from './remotes-constants.ts';

/**
 * `guest`: public, but a logged-in user is sent to /home; `public`: anyone; `auth`: a visitor is sent to
 * /login.
 */
export type Access = 'guest' | 'public' | 'auth';
/** A page the shell renders itself. */
export type ShellPage = 'shell/settings';
export interface RouteEntry {
  path: string;
  access: Access;
  /** the remote module (typed against the remotes' contract) or a page of the shell itself */
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
  { path: '/share/:slug', access: 'public', page: 'roadmap/SharedRoadmapPage' },
  { path: '/home', access: 'auth', page: 'goals/HomePage' },
  { path: '/goals', access: 'auth', page: 'goals/GoalsPage' },
  { path: '/goals/new', access: 'auth', page: 'goals/NewGoalPage' },
  { path: '/goals/:goalId/assessment', access: 'auth', page: 'goals/GoalAssessmentPage' },
  { path: '/learning-plan', access: 'auth', page: 'roadmap/LearningPlanPage' },
  { path: '/learning-plan/:goalId', access: 'auth', page: 'roadmap/LearningPlanPage' },
  { path: '/learning-plan/:goalId/course', access: 'auth', page: 'lessons/CoursePrintPage' },
  { path: '/knowledge-graph', access: 'auth', page: 'notes/KnowledgeGraphPage' },
  { path: '/settings', access: 'auth', page: 'shell/settings' },
  { path: '/lessons/:lessonId', access: 'auth', page: 'lessons/LessonPage' },
  { path: '/lessons/:lessonId/assessment', access: 'auth', page: 'lessons/LessonAssessmentPage' },
  { path: '/review', access: 'auth', page: 'lessons/ReviewPage' },
] as const satisfies readonly RouteEntry[];

type RoutedPage = (typeof ROUTES)[number]['page'];
/** The exposes of remote N that the table routes to, by name: 'HomePage', 'GoalsPage'… */
export type RoutedPageOf<N extends RemoteName> = RoutedPage extends infer P
  ? P extends `${N}/${infer E}`
    ? E
    : never
  : never;
