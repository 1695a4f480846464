import {
  GenerationStartedSchema,
  LearningPlanSchema,
  type OptimizedPlanData,
  OptimizedPlanDataSchema,
} from '@mindpath/contracts/roadmaps';
import { ApiRequestError } from './errors.ts';
import { request } from './http.ts';

export const learningPlansApi = {
  optimizedData: (goalId: string) =>
    request('GET', `/learningplan/optimized-data/${encodeURIComponent(goalId)}`, OptimizedPlanDataSchema),

  /** The optimized data of the active goal; 404 'No active goal found…' when there is none. */
  activeData: () => request('GET', '/learningplan/data', OptimizedPlanDataSchema),

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

  ofGoal: (goalId: string) => request('GET', `/learningplans/goal/${goalId}`, LearningPlanSchema),

  /** Regenerates the plan's roadmap as a job; progress starts over once the new roadmap is stored. */
  regenerateRoadmap: (planId: string) =>
    request('POST', `/learningplans/${planId}/regenerate-roadmap`, GenerationStartedSchema),
};
