import { type GoalLevel, PrerequisitesResultSchema } from '@mindpath/contracts/ai';
import { KnowledgeAssessmentSchema } from '@mindpath/contracts/assessments';
import { type Goal, GoalSchema, type UpdateGoal } from '@mindpath/contracts/goals';
import { z } from 'zod';
import { assessmentWithTopics } from './assessments-api.ts';
import { ApiRequestError } from './errors.ts';
import { request } from './http.ts';

const LEVEL_PREFIX = /^(Beginner|Practitioner|Advanced)\s*:\s*/;

/** spec 1 §3: goals are created with description 'Level: description' and metadata holding the level. */
export function goalCreateBody(description: string, level: GoalLevel) {
  return { description: `${level}: ${description.trim()}`, metadata: JSON.stringify({ level }) };
}

/** spec 2 §5: the Goals tab sends the description followed by the difficulty in parentheses. */
export function goalTabBody(description: string, level: GoalLevel) {
  return { description: `${description.trim()} (${level})`, metadata: JSON.stringify({ level }) };
}

/** The description without its 'Level: ' prefix (the level shows as a badge). */
export const goalTitle = (description: string) => description.replace(LEVEL_PREFIX, '').trim() || description;

export const goalsApi = {
  list: () => request('GET', '/goals', z.array(GoalSchema)),
  /** The active goal, or null when there is none (404). */
  async active(): Promise<Goal | null> {
    try {
      return await request('GET', '/goals/active', GoalSchema);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) return null;
      throw err;
    }
  },
  get: (id: string) => request('GET', `/goals/${encodeURIComponent(id)}`, GoalSchema),
  create: (description: string, level: GoalLevel) =>
    request('POST', '/goals', GoalSchema, goalCreateBody(description, level)),
  /** the Goals tab's create and change goal (spec 2 §7): 'description (Difficulty)' */
  createFromTab: (description: string, level: GoalLevel) =>
    request('POST', '/goals', GoalSchema, goalTabBody(description, level)),
  changeFromTab: (id: string, description: string, level: GoalLevel) =>
    request('PUT', `/goals/${encodeURIComponent(id)}`, GoalSchema, goalTabBody(description, level)),
  update: (id: string, body: UpdateGoal) =>
    request('PUT', `/goals/${encodeURIComponent(id)}`, GoalSchema, body),
  setActive: (id: string) => request('PUT', `/goals/${encodeURIComponent(id)}/set-active`, GoalSchema),
  remove: (id: string) => request('DELETE', `/goals/${encodeURIComponent(id)}`, z.unknown()),
  prerequisites: (goal: string, level: GoalLevel) =>
    request('POST', '/goals/prerequisite-courses', PrerequisitesResultSchema, { goal, level }),
  generateImage: (id: string) =>
    request('POST', `/goals/${encodeURIComponent(id)}/generate-image`, GoalSchema),
  knowledgeAssessment: (id: string) =>
    request(
      'POST',
      `/goals/${encodeURIComponent(id)}/knowledge-assessment`,
      assessmentWithTopics(KnowledgeAssessmentSchema),
    ),
};
