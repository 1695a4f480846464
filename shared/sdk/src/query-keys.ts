/** Every TanStack Query key in one place, so invalidation after a mutation cannot miss a cache entry. */
export const queryKeys = {
  user: ['user'] as const,
  /** every subscription query starts with this */
  subscriptions: ['subscriptions'] as const,
  subscriptionStatus: ['subscriptions', 'status'] as const,
  /** the status read without the free fallback (the Subscription tab) */
  subscriptionDetails: ['subscriptions', 'details'] as const,
  billingHistory: ['subscriptions', 'payments'] as const,
  notes: ['notes'] as const,
  noteConnections: ['notes', 'connections'] as const,
  /** prefix of everything the roadmap screen reads about plans */
  learningPlan: ['learning-plan'] as const,
  /** the optimized plan data of a goal, or of the active goal when no id is given */
  planData: (goalId?: string) => ['learning-plan', 'data', goalId ?? 'active'] as const,
  roadmapGeneration: (goalId: string) => ['roadmaps', 'generation', goalId] as const,
  /** a goal's plan edits and its edit version */
  planEdits: (goalId: string) => ['roadmaps', 'edits', goalId] as const,
  /** under the plan's prefix: an edit, a completion or a regeneration reads the planned days again */
  planSchedule: (goalId: string) => ['learning-plan', 'schedule', goalId] as const,
  /** under home's prefix, which plan changes invalidate too */
  todayPlan: ['home', 'today-plan'] as const,
  calendarFeed: ['schedule', 'feed'] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  /** every goal query starts with this, so one invalidation refreshes lists, the active goal and each goal */
  goals: ['goals'] as const,
  goalList: ['goals', 'list'] as const,
  activeGoal: ['goals', 'active'] as const,
  goal: (id: string) => ['goals', 'one', id] as const,
  goalAssessment: (goalId: string) => ['assessments', 'knowledge', 'goal', goalId] as const,
  /** every lesson query starts with this */
  lessons: ['lessons'] as const,
  /** every query about one lesson starts with this */
  lesson: (lessonId: string) => ['lessons', lessonId] as const,
  lessonAudio: (lessonId: string) => ['lessons', lessonId, 'audio'] as const,
  lessonContentStatus: (lessonId: string) => ['lessons', lessonId, 'content-status'] as const,
  lessonAssessment: (lessonId: string) => ['lessons', lessonId, 'assessment'] as const,
  lessonAssessmentStatus: (lessonId: string) => ['lessons', lessonId, 'assessment-status'] as const,
  nextLesson: (lessonId: string) => ['lessons', lessonId, 'next'] as const,
  /** a lesson's exercises and the learner's results */
  lessonPractice: (lessonId: string) => ['lessons', lessonId, 'practice'] as const,
  /** the home dashboard and the activity by day: every home query starts with this */
  home: ['home'] as const,
  dashboard: ['home', 'dashboard'] as const,
  activity: (timeZone: string) => ['home', 'activity', timeZone] as const,
  /** every review query starts with this */
  reviews: ['reviews'] as const,
  reviewQueue: ['reviews', 'queue'] as const,
  reviewStats: ['reviews', 'stats'] as const,
  noteReviews: ['reviews', 'notes'] as const,
  lessonReviews: (goalId: string) => ['reviews', 'lessons', goalId] as const,
  reviewSettings: ['reviews', 'settings'] as const,
  /** a lesson's conversation with the AI tutor, or the general one about the active goal */
  chatHistory: (lessonId?: string) => ['chat', 'history', lessonId ?? 'goal'] as const,
  pomodoroSettings: ['pomodoro', 'settings'] as const,
  /** focus minutes per day, goal and lesson: invalidated whenever the timer records a session */
  pomodoroStats: ['pomodoro', 'stats'] as const,
};

/**
 * The queries whose answers depend on the learner's plan, refreshed on `subscription-updated`: the status
 * (Get Pro, the pro badge, client-side limits like the goal limit) and billing history, and the lessons,
 * whose answers carry the free plan's lesson-open gate (`limit`, the Free Plan Limit Reached panel) and next
 * lesson. Plan-limit refusals of goals, roadmaps and chat are answers to actions, never cached.
 */
export const PLAN_DEPENDENT_KEYS = [queryKeys.subscriptions, queryKeys.lessons] as const;
