// TanStack Query hooks of goals and knowledge assessments (the new-goal flow); roadmap generation is in
// roadmap-hooks.ts.
import type { AssessmentAnswers, GoalLevel } from '@mindpath/contracts/ai';
import type { Goal } from '@mindpath/contracts/goals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assessmentsApi } from './assessments-api.ts';
import { goalsApi } from './goals-api.ts';
import { queryKeys } from './query-keys.ts';

export function useGoals() {
  return useQuery({ queryKey: queryKeys.goalList, queryFn: goalsApi.list });
}

/**
 * Whether the learner has an active goal, read from the goal list (GET /goals/active answers 404 for none,
 * a failed request on every page of a new learner); undefined until the list is read.
 */
export function useHasActiveGoal(): boolean | undefined {
  return useGoals().data?.some((goal) => goal.isActive);
}

export function useActiveGoal() {
  return useQuery({ queryKey: queryKeys.activeGoal, queryFn: goalsApi.active });
}

export function useGoal(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.goal(id ?? ''),
    queryFn: () => goalsApi.get(id ?? ''),
    enabled: Boolean(id),
  });
}

function useInvalidateGoals() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.goals });
}

export function useCreateGoal() {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: ({ description, level }: { description: string; level: GoalLevel }) =>
      goalsApi.create(description, level),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateGoal() {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: ({ id, description, level }: { id: string; description: string; level: GoalLevel }) =>
      goalsApi.update(id, {
        description: `${level}: ${description.trim()}`,
        metadata: JSON.stringify({ level }),
      }),
    onSuccess: () => invalidate(),
  });
}

/** Set as active: the lists are reloaded afterwards (spec 1 §4). */
export function useSetActiveGoal() {
  const invalidate = useInvalidateGoals();
  return useMutation({ mutationFn: goalsApi.setActive, onSettled: () => invalidate() });
}

/** Delete removes the goal from the list at once; a failed server call is only logged (spec 1 §4). */
export function useDeleteGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: goalsApi.remove,
    onMutate: async (id: string) => {
      await client.cancelQueries({ queryKey: queryKeys.goalList });
      client.setQueryData<Goal[]>(queryKeys.goalList, (list) => list?.filter((g) => g.id !== id));
    },
    onError: (err, id) => console.error(`Failed to delete goal ${id}`, err),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.goals }),
  });
}

/** Asks for the goal's image; the flow does not wait for it, the lists refresh when it is there. */
export function useGenerateGoalImage() {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: goalsApi.generateImage,
    onSuccess: () => invalidate(),
    onError: (err) => console.error('Goal image generation failed', err),
  });
}

export function usePrerequisites() {
  return useMutation({
    mutationFn: ({ goal, level }: { goal: string; level: GoalLevel }) => goalsApi.prerequisites(goal, level),
  });
}

export function useCreateGoalAssessment() {
  return useMutation({ mutationFn: (goalId: string) => assessmentsApi.createForGoal(goalId) });
}

/**
 * The assessment screen's assessment: generated once per visit (a POST, so never refetched behind the
 * learner's back while they answer).
 */
export function useGoalAssessment(goalId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.goalAssessment(goalId ?? ''),
    queryFn: () => assessmentsApi.createForGoal(goalId ?? ''),
    enabled: Boolean(goalId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Submit, then evaluate: the topics with recommendToComplete. */
export function useCompleteAssessment() {
  return useMutation({
    mutationFn: async ({ id, answers }: { id: string; answers: AssessmentAnswers }) => {
      await assessmentsApi.submit(id, answers);
      return assessmentsApi.evaluate(id, answers);
    },
  });
}
