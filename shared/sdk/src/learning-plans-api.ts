import type { GenerationStartedSchema, LearningPlan, OptimizedPlanData } from '@mindpath/contracts/roadmaps';
import type { z } from 'zod';
import { ApiRequestError } from './errors.ts';
import { fetchJson } from './http.ts';

export const learningPlansApi = {
  optimizedData: (goalId: string) =>
    fetchJson<OptimizedPlanData>('GET', `/learningplan/optimized-data/${encodeURIComponent(goalId)}`),

  /** The optimized data of the active goal; 404 'No active goal found…' when there is none. */
  activeData: () => fetchJson<OptimizedPlanData>('GET', '/learningplan/data'),

  /**
   * What the roadmap screen shows (spec 1 §4, §7): the goal's optimized data; when that goal is not found
   * (or no id is given) the active goal's, through the fallback call.
   */
  async planData(goalId?: string): Promise<OptimizedPlanData> {
    if (!goalId) return learningPlansApi.activeData();
    try {
      return await learningPlansApi.optimizedData(goalId);
    } catch (err) {
      // 400: not an id at all; 404: no such goal of this learner
      if (err instanceof ApiRequestError && (err.status === 404 || err.status === 400)) {
        return learningPlansApi.activeData();
      }
      throw err;
    }
  },

  ofGoal: (goalId: string) => fetchJson<LearningPlan>('GET', `/learningplans/goal/${goalId}`),

  /** Regenerates the plan's roadmap as a job; progress starts over once the new roadmap is stored. */
  regenerateRoadmap: (planId: string) =>
    fetchJson<z.infer<typeof GenerationStartedSchema>>('POST', `/learningplans/${planId}/regenerate-roadmap`),
};
