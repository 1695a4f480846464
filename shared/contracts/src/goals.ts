// Goals (spec 1 §3, §7): created as 'Level: description' with metadata (JSON text) holding the level. The
// plan limits and messages are in goals-constants.ts (no zod), re-exported here.
import { z } from 'zod';
import { GoalLevelSchema } from './ai.ts';
import { RateLimitInfoSchema } from './errors.ts';
import { GOAL_DESCRIPTION_MAX_LENGTH, GOAL_DESCRIPTION_TOO_LONG } from './goals-constants.ts';
import { freeFormJson } from './storable.ts';

export * from './goals-constants.ts';

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
export const PlanLimitErrorSchema = RateLimitInfoSchema.extend({
  code: z.literal('PLAN_LIMIT'),
  /** the request's id, as in every error body (ApiErrorSchema) */
  requestId: z.string().optional(),
});
export type PlanLimitError = z.infer<typeof PlanLimitErrorSchema>;
