// Goals (spec 1 §3, §7): created as 'Level: description' with metadata (JSON text) holding the level.
import { z } from 'zod';
import { GoalLevelSchema } from './ai.ts';
import { RateLimitInfoSchema } from './errors.ts';
import { freeFormJson } from './storable.ts';

export const GoalProgressSchema = z.object({
  completionPercentage: z.number().int().min(0).max(100),
  completedLessons: z.number().int().min(0),
  totalLessons: z.number().int().min(0),
});
export type GoalProgress = z.infer<typeof GoalProgressSchema>;

export const GoalSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  /** JSON text holding at least {"level"} */
  metadata: z.string(),
  level: GoalLevelSchema,
  /** its owner's signed /api/media URL (the same for an hour, valid one to two); null before it is made */
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  /** integer percent, 100 when completed */
  progress: z.number().int().min(0).max(100),
  goalProgress: GoalProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Goal = z.infer<typeof GoalSchema>;

/** What a learner may write as a goal: the wizard's limit, shown by its counter. */
export const GOAL_DESCRIPTION_MAX_LENGTH = 2000;
export const GOAL_DESCRIPTION_TOO_LONG = 'Please keep your goal description to 2,000 characters.';
/** The client stores a goal as 'Level: description' (spec 1 §3), so the server allows the longest prefix more. */
const LONGEST_LEVEL_PREFIX = Math.max(...GoalLevelSchema.options.map((level) => `${level}: `.length));

/** A goal's text as the API takes it, with the message a learner reads when it is missing or too long. */
export const goalTextSchema = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(GOAL_DESCRIPTION_MAX_LENGTH + LONGEST_LEVEL_PREFIX, GOAL_DESCRIPTION_TOO_LONG);

/** metadata: JSON text (or an object, stored as text) */
const MetadataSchema = freeFormJson({ maxDepth: 8, maxChars: 4000 }).optional().nullable();

export const CreateGoalSchema = z.object({
  description: goalTextSchema('Please enter a goal description'),
  metadata: MetadataSchema,
});
export type CreateGoal = z.infer<typeof CreateGoalSchema>;

export const UpdateGoalSchema = z.object({
  description: goalTextSchema('Please enter a goal description').optional(),
  isActive: z.boolean().optional(),
  metadata: MetadataSchema,
});
export type UpdateGoal = z.infer<typeof UpdateGoalSchema>;

export const PrerequisiteRequestSchema = z.object({
  goal: goalTextSchema('goal is required'),
  level: GoalLevelSchema.default('Beginner'),
});

/** The body of every plan-limit refusal (429): the spec's rate-limit info plus the error code. */
export const PlanLimitErrorSchema = RateLimitInfoSchema.extend({ code: z.literal('PLAN_LIMIT') });
export type PlanLimitError = z.infer<typeof PlanLimitErrorSchema>;

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
