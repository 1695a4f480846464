// The goals' limits and messages, apart from the zod schemas (goals.ts) so the pages use them without zod.

/** What a learner may write as a goal: the wizard's limit, shown by its counter. */
export const GOAL_DESCRIPTION_MAX_LENGTH = 2000;
export const GOAL_DESCRIPTION_TOO_LONG = 'Please keep your goal description to 2,000 characters.';
/** spec 1 §6, §9 */
export const PLAN_LIMITS = {
  freeGoalsInProgress: 1,
  proGoalsInProgress: 10,
  freeTopicsPerGoal: 1,
  freeGoalCreationsPerWindow: 1,
  freeRoadmapGenerationsPerWindow: 1,
  windowHours: 72,
} as const;

/** spec 1 §8 default messages */
export const LIMIT_MESSAGES = {
  goalCreation: 'You can create 1 goal every 3 days with your current plan.',
  roadmapGeneration: 'You can generate 1 roadmap every 3 days with your current plan.',
  freeGoalsInProgress: 'You can have 1 goal in progress with your current plan.',
  proGoalsInProgress: 'You can have up to 10 goals in progress.',
  freeTopics: 'You can select 1 topic per goal with your current plan.',
} as const;
