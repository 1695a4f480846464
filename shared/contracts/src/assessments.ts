// Knowledge assessment calls (spec 1 §7): the new style (topics) and the old style (Q:/A:–D:/Correct: lines).
import { z } from 'zod';
import {
  AiSourceSchema,
  AssessmentAnswersSchema,
  AssessmentTopicSchema,
  GoalLevelSchema,
  OldStyleAnswerSchema,
  OldStyleQuestionSchema,
} from './ai.ts';
import { goalTextSchema } from './goals.ts';

export const CreateAssessmentForGoalSchema = z.object({
  goalDescription: goalTextSchema('goalDescription is required'),
  level: GoalLevelSchema.default('Beginner'),
});

/** POST /assessments/knowledge/create: the goal is the body's, else the active goal's, else the user's. */
export const CreateOldStyleAssessmentSchema = z
  .object({
    goalDescription: goalTextSchema('goalDescription is required').optional(),
    level: GoalLevelSchema.optional(),
  })
  .optional()
  .nullable();

export const KnowledgeAssessmentSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid().nullable(),
  goalDescription: z.string(),
  level: GoalLevelSchema,
  questions: z.object({ topics: z.array(AssessmentTopicSchema) }),
  source: AiSourceSchema,
  createdAt: z.string(),
});
export type KnowledgeAssessment = z.infer<typeof KnowledgeAssessmentSchema>;

export const OldStyleKnowledgeAssessmentSchema = z.object({
  id: z.uuid(),
  questions: z.array(OldStyleQuestionSchema),
  source: AiSourceSchema,
});

/** Either style's answers. */
export const SubmitAssessmentSchema = z.object({
  answers: z.union([z.array(OldStyleAnswerSchema).min(1), AssessmentAnswersSchema.min(1)]),
});

export const SubmitResultSchema = z.object({
  id: z.uuid(),
  answered: z.number().int(),
  /** multiple-choice questions answered correctly, out of `total` multiple-choice questions */
  correct: z.number().int(),
  total: z.number().int(),
  /** 0–100 over the multiple-choice questions */
  score: z.number().int(),
});

export const EvaluateAssessmentSchema = z
  .object({ userAnswers: AssessmentAnswersSchema.optional() })
  .optional()
  .nullable();
