import type { RoadmapShare, ShareSettings } from '@mindpath/contracts/roadmap-shares';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './errors.ts';
import { useIsAuthenticated } from './hooks.ts';
import { queryKeys } from './query-keys.ts';
import { roadmapSharesApi } from './roadmap-shares-api.ts';

/** Every roadmap-share query starts with this. */
export const roadmapSharesKey = ['roadmap-shares'] as const;
export const goalShareKey = (goalId: string) => [...roadmapSharesKey, 'goal', goalId] as const;
export const sharedRoadmapKey = (slug: string) => [...roadmapSharesKey, 'shared', slug] as const;

const refused = (err: unknown) => err instanceof ApiRequestError && err.status < 500;

/** The goal's public link, or null while its roadmap is not shared. */
export function useGoalShare(goalId: string | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: goalShareKey(goalId ?? ''),
    queryFn: () => roadmapSharesApi.get(goalId ?? ''),
    enabled: authenticated && Boolean(goalId),
  });
}

/** Shares the roadmap (or changes whether the progress shows); the link stays the same. */
export function useShareRoadmap(goalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShareSettings) => roadmapSharesApi.set(goalId, settings),
    onSuccess: (share) => client.setQueryData<RoadmapShare | null>(goalShareKey(goalId), share),
  });
}

/** Stops sharing: the link no longer opens. */
export function useRevokeShare(goalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => roadmapSharesApi.revoke(goalId),
    onSuccess: () => client.setQueryData<RoadmapShare | null>(goalShareKey(goalId), null),
  });
}

/** A shared roadmap as anyone with the link sees it; a revoked or unknown link is a 404 (not retried). */
export function useSharedRoadmap(slug: string | undefined) {
  return useQuery({
    queryKey: sharedRoadmapKey(slug ?? ''),
    queryFn: () => roadmapSharesApi.read(slug ?? ''),
    enabled: Boolean(slug),
    retry: (failures, err) => failures < 2 && !refused(err),
  });
}

/** Copies a shared roadmap as the learner's new goal; their goals are read again. */
export function useCopySharedRoadmap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => roadmapSharesApi.copy(slug),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.goals }),
  });
}
