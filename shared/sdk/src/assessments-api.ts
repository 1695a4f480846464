import { type AssessmentAnswers, EvaluationResultSchema, type GoalLevel } from '@mindpath/contracts/ai';
import { KnowledgeAssessmentSchema, SubmitResultSchema } from '@mindpath/contracts/assessments';
import { z } from 'zod';
import { parseAssessmentTopics } from './assessment-parser.ts';
import { request } from './http.ts';

/** The contract's assessment with `questions` read leniently (JSON text or object, 'General Knowledge' fallback). */
export const assessmentWithTopics = (schema: typeof KnowledgeAssessmentSchema) =>
  schema.extend({
    questions: z.unknown().transform((raw, ctx) => {
      const topics = parseAssessmentTopics(raw);
      if (topics.length === 0) ctx.addIssue({ code: 'custom', message: 'the assessment holds no questions' });
      return { topics };
    }),
  });

const Assessment = assessmentWithTopics(KnowledgeAssessmentSchema);
export type ParsedKnowledgeAssessment = z.infer<typeof Assessment>;

const id = encodeURIComponent;

export const assessmentsApi = {
  createForGoal: (goalId: string) =>
    request('POST', `/assessments/knowledge/create-for-goal/${id(goalId)}`, Assessment),
  createForDescription: (goalDescription: string, level: GoalLevel) =>
    request('POST', '/assessments/knowledge/create-for-goal', Assessment, { goalDescription, level }),
  submit: (assessmentId: string, answers: AssessmentAnswers) =>
    request('POST', `/assessments/knowledge/${id(assessmentId)}/submit`, SubmitResultSchema, { answers }),
  evaluate: (assessmentId: string, userAnswers: AssessmentAnswers) =>
    request('POST', `/assessments/knowledge/${id(assessmentId)}/evaluate`, EvaluationResultSchema, {
      userAnswers,
    }),
};
