import type { GoalLevel, PrerequisitesResult } from '@mindpath/contracts/ai';
import type { KnowledgeAssessment } from '@mindpath/contracts/assessments';
import type { Goal, UpdateGoal } from '@mindpath/contracts/goals';
import { withTopics } from './assessments-api.ts';
import { ApiRequestError } from './errors.ts';
import { fetchJson } from './http.ts';

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
  list: () => fetchJson<Goal[]>('GET', '/goals'),
  /** The active goal, or null when there is none (404). */
  async active(): Promise<Goal | null> {
    try {
      return await fetchJson<Goal>('GET', '/goals/active');
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) return null;
      throw err;
    }
  },
  get: (id: string) => fetchJson<Goal>('GET', `/goals/${encodeURIComponent(id)}`),
  create: (description: string, level: GoalLevel) =>
    fetchJson<Goal>('POST', '/goals', goalCreateBody(description, level)),
  /** the Goals tab's create and change goal (spec 2 §7): 'description (Difficulty)' */
  createFromTab: (description: string, level: GoalLevel) =>
    fetchJson<Goal>('POST', '/goals', goalTabBody(description, level)),
  changeFromTab: (id: string, description: string, level: GoalLevel) =>
    fetchJson<Goal>('PUT', `/goals/${encodeURIComponent(id)}`, goalTabBody(description, level)),
  update: (id: string, body: UpdateGoal) => fetchJson<Goal>('PUT', `/goals/${encodeURIComponent(id)}`, body),
  setActive: (id: string) => fetchJson<Goal>('PUT', `/goals/${encodeURIComponent(id)}/set-active`),
  remove: (id: string) => fetchJson<unknown>('DELETE', `/goals/${encodeURIComponent(id)}`),
  prerequisites: (goal: string, level: GoalLevel) =>
    fetchJson<PrerequisitesResult>('POST', '/goals/prerequisite-courses', { goal, level }),
  generateImage: (id: string) => fetchJson<Goal>('POST', `/goals/${encodeURIComponent(id)}/generate-image`),
  knowledgeAssessment: async (id: string) =>
    withTopics(
      await fetchJson<KnowledgeAssessment>('POST', `/goals/${encodeURIComponent(id)}/knowledge-assessment`),
    ),
};
