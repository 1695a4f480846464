import type { AssessmentAnswers, EvaluationResult, GoalLevel } from '@mindpath/contracts/ai';
import type { KnowledgeAssessment, SubmitResultSchema } from '@mindpath/contracts/assessments';
import type { z } from 'zod';
import { parseAssessmentTopics } from './assessment-parser.ts';
import { fetchJson } from './http.ts';

export type ParsedKnowledgeAssessment = KnowledgeAssessment;

/** The assessment with `questions` read leniently (JSON text or object, 'General Knowledge' fallback). */
export function withTopics(assessment: KnowledgeAssessment): ParsedKnowledgeAssessment {
  const topics = parseAssessmentTopics(assessment.questions);
  if (topics.length === 0) throw new Error('the assessment holds no questions');
  return { ...assessment, questions: { topics } };
}

const id = encodeURIComponent;

export const assessmentsApi = {
  createForGoal: async (goalId: string) =>
    withTopics(
      await fetchJson<KnowledgeAssessment>('POST', `/assessments/knowledge/create-for-goal/${id(goalId)}`),
    ),
  createForDescription: async (goalDescription: string, level: GoalLevel) =>
    withTopics(
      await fetchJson<KnowledgeAssessment>('POST', '/assessments/knowledge/create-for-goal', {
        goalDescription,
        level,
      }),
    ),
  submit: (assessmentId: string, answers: AssessmentAnswers) =>
    fetchJson<z.infer<typeof SubmitResultSchema>>(
      'POST',
      `/assessments/knowledge/${id(assessmentId)}/submit`,
      { answers },
    ),
  evaluate: (assessmentId: string, userAnswers: AssessmentAnswers) =>
    fetchJson<EvaluationResult>('POST', `/assessments/knowledge/${id(assessmentId)}/evaluate`, {
      userAnswers,
    }),
};
