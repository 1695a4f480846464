import type { GenerationJob } from '@mindpath/contracts/jobs';
import { isLiveJob } from '@mindpath/contracts/jobs-constants';
import type { OptimizedPlanData, PlanEdits } from '@mindpath/contracts/roadmaps';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from './errors.ts';
import { useIsAuthenticated } from './hooks.ts';
import { learningPlansApi } from './learning-plans-api.ts';
import { type CompletionChange, withCompletion } from './plan-completion.ts';
import { queryKeys } from './query-keys.ts';
import { roadmapsApi } from './roadmaps-api.ts';

/** spec 1 §9: the learning plan is fetched at most once per 5 s by mounts and tab switches. */
export const PLAN_FETCH_THROTTLE_MS = 5000;
/** spec 1 §9: waiting for generated content polls every second. */
export const JOB_POLL_MS = 1000;

/** A 4xx answer will not change on a retry (no such goal, no active goal). */
const retryServerErrors = (failures: number, err: Error) =>
  failures < 1 && !(err instanceof ApiRequestError && err.status < 500);

/**
 * The roadmap screen's data: the goal's optimized plan data, the active goal's when the goal is not found
 * or no id is given. A tab coming back into view refetches, throttled by the 5 s stale time. `enabled: false`
 * lets a caller that knows there is no plan to read (no active goal) not ask for one.
 */
export function usePlanData(goalId?: string, { enabled = true }: { enabled?: boolean } = {}) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.planData(goalId),
    queryFn: () => learningPlansApi.planData(goalId),
    enabled: authenticated && enabled,
    staleTime: PLAN_FETCH_THROTTLE_MS,
    refetchOnWindowFocus: true,
    retry: retryServerErrors,
  });
}

const readPlanAgain = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.learningPlan });

/** Records a started (or joined) roadmap job so the generation query follows it. */
function followRoadmapJob(client: QueryClient, goalId: string, job: GenerationJob) {
  client.setQueryData(queryKeys.roadmapGeneration(goalId), { isGenerating: isLiveJob(job.status), job });
  // joined a generation that had already finished: its roadmap is there to read
  if (!isLiveJob(job.status)) void readPlanAgain(client);
}

/**
 * How long one status request waits for a job under way to end: the API answers as soon as it does, so the
 * learner sees the roadmap then rather than at the next poll; under common proxies' idle timeouts.
 */
export const JOB_WAIT_MS = 25_000;

/**
 * The goal's roadmap generation (spec 1 §7 "is generating"): polled every second while a job is queued;
 * once it runs each status request waits for it to end (a long poll, asked again within a second when it
 * times out); when it ends the plan is read again. `planSaysGenerating` (the plan data's isGenerating) stands in until the first answer, so a
 * job that ends in between still counts as ended.
 */
export function useRoadmapGeneration(goalId: string | undefined, planSaysGenerating = false) {
  const client = useQueryClient();
  const key = queryKeys.roadmapGeneration(goalId ?? '');
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      // a queued job is asked at once, so the claim (the generator starting) shows; a running one waits
      const running = client.getQueryData<{ job: GenerationJob | null }>(key)?.job?.status === 'running';
      return roadmapsApi.generationStatus(goalId ?? '', { waitMs: running ? JOB_WAIT_MS : 0, signal });
    },
    enabled: Boolean(goalId),
    staleTime: 0,
    retry: retryServerErrors,
    // a tick during a long poll joins the request under way rather than sending another
    refetchInterval: (q) => (q.state.data?.isGenerating ? JOB_POLL_MS : false),
  });
  const isGenerating = query.data?.isGenerating ?? planSaysGenerating;
  const was = useRef(isGenerating);
  useEffect(() => {
    if (was.current && !isGenerating) void readPlanAgain(client);
    was.current = isGenerating;
  }, [isGenerating, client]);
  return { ...query, isGenerating };
}

/** Generates a goal's roadmap (or joins the generation under way). A free plan's limit rejects with 429. */
export function useGenerateRoadmap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; goalId: string; topics?: string[]; fromMaterial?: boolean }) =>
      roadmapsApi.generate(v.userId, v.goalId, v.topics, v.fromMaterial),
    onSuccess: (started, v) => followRoadmapJob(client, v.goalId, started.job),
  });
}

/**
 * Regenerates a goal's roadmap through its learning plan (spec 1 §7); progress starts over once the new
 * roadmap is stored. A goal without a plan record generates directly.
 */
export function useRegenerateRoadmap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { userId: string; goalId: string }) => {
      let planId: string;
      try {
        planId = (await learningPlansApi.ofGoal(v.goalId)).id;
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 404)
          return roadmapsApi.generate(v.userId, v.goalId);
        throw err;
      }
      return learningPlansApi.regenerateRoadmap(planId);
    },
    onSuccess: (started, v) => followRoadmapJob(client, v.goalId, started.job),
  });
}

/**
 * Marks a lesson, or a section with its lessons, done or not done. The plan of `goalId` (the key usePlanData
 * read it under) shows the change at once and goes back if the server refuses; then the plans, the goals,
 * home and the lessons are read again, so progress follows everywhere.
 */
export function useSetCompletion(goalId?: string) {
  const client = useQueryClient();
  const key = queryKeys.planData(goalId);
  return useMutation({
    mutationFn: async (change: CompletionChange): Promise<void> => {
      if (change.kind === 'lesson') await roadmapsApi.setLessonCompletion(change.id, change.isCompleted);
      else await roadmapsApi.setSectionCompletion(change.id, change.isCompleted);
    },
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<OptimizedPlanData>(key);
      if (before) client.setQueryData(key, withCompletion(before, change));
      return { before };
    },
    onError: (_err, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () =>
      Promise.all(
        [queryKeys.learningPlan, queryKeys.goals, queryKeys.home, queryKeys.lessons].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** A goal's plan edits (the history and the version the next edit is made on), read while editing. */
export function usePlanEdits(goalId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.planEdits(goalId),
    queryFn: () => roadmapsApi.edits(goalId),
    enabled,
    staleTime: 0,
    retry: retryServerErrors,
  });
}

/** An edit of a goal's plan: a milestone or a lesson renamed, moved, added or removed, or the last edit undone. */
export type PlanEditRequest =
  | { kind: 'rename-section'; id: string; name: string }
  | { kind: 'rename-lesson'; id: string; title: string }
  | { kind: 'move-section'; id: string; index: number }
  | { kind: 'move-lesson'; id: string; roadmapId: string; index: number }
  | { kind: 'add-section'; name: string; index?: number }
  | { kind: 'add-lesson'; roadmapId: string; title: string; index?: number }
  | { kind: 'remove-section'; id: string }
  | { kind: 'remove-lesson'; id: string }
  | { kind: 'restore'; to: number }
  | { kind: 'undo' };

function sendPlanEdit(goalId: string, request: PlanEditRequest, version: number) {
  switch (request.kind) {
    case 'rename-section':
      return roadmapsApi.renameSection(request.id, request.name, version);
    case 'rename-lesson':
      return roadmapsApi.renameLesson(request.id, request.title, version);
    case 'move-section':
      return roadmapsApi.moveSection(request.id, request.index, version);
    case 'move-lesson':
      return roadmapsApi.moveLesson(request.id, request.roadmapId, request.index, version);
    case 'add-section':
      return roadmapsApi.addSection(goalId, request.name, version, request.index);
    case 'add-lesson':
      return roadmapsApi.addLesson(request.roadmapId, request.title, version, request.index);
    case 'remove-section':
      return roadmapsApi.removeSection(request.id, version);
    case 'remove-lesson':
      return roadmapsApi.removeLesson(request.id, version);
    case 'restore':
      return roadmapsApi.restoreVersion(goalId, request.to, version);
    case 'undo':
      return roadmapsApi.undoEdit(goalId, version);
  }
}

/**
 * Makes an edit of the goal's plan on the edit version the learner last read; then the edits, the plans,
 * home and the lessons (their titles) are read again. A 409 means another tab edited first: the caller
 * says so and offers to reload.
 */
export function usePlanEdit(goalId: string) {
  const client = useQueryClient();
  const key = queryKeys.planEdits(goalId);
  return useMutation({
    mutationFn: async (request: PlanEditRequest) => {
      // an edit made before the history's first answer waits for it rather than claiming version 0
      const { version } = await client.ensureQueryData({
        queryKey: key,
        queryFn: () => roadmapsApi.edits(goalId),
      });
      return sendPlanEdit(goalId, request, version);
    },
    // the next edit, made before the history is read again, is made on the version this one stored
    onSuccess: (result) =>
      client.setQueryData<PlanEdits>(key, (old) =>
        old ? { version: result.version, edits: result.edit ? [result.edit, ...old.edits] : old.edits } : old,
      ),
    onSettled: () =>
      Promise.all(
        [queryKeys.planEdits(goalId), queryKeys.learningPlan, queryKeys.home, queryKeys.lessons].map(
          (queryKey) => client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export interface SectionLessonsGeneration {
  /** the section whose lessons are being generated */
  roadmapId: string | null;
  /** why the last generation failed, in words for the learner */
  error: string | null;
  start(roadmapId: string): void;
}

/**
 * Generates the lessons of one section as a job and follows it; when it ends the plan is read again.
 * A 409 (the section got its lessons meanwhile, e.g. from another tab) just reads the plan again.
 */
export function useSectionLessonsGeneration(): SectionLessonsGeneration {
  const client = useQueryClient();
  const [running, setRunning] = useState<{ roadmapId: string; jobId: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useQuery({
    queryKey: queryKeys.job(running?.jobId ?? ''),
    queryFn: () => roadmapsApi.job(running?.jobId ?? ''),
    enabled: Boolean(running?.jobId),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && !isLiveJob(q.state.data.status) ? false : JOB_POLL_MS),
  });
  useEffect(() => {
    if (!running || !job.data || isLiveJob(job.data.status)) return;
    if (job.data.status === 'failed') setError(job.data.error?.message ?? 'Failed to generate lessons');
    setRunning(null);
    void readPlanAgain(client);
  }, [running, job.data, client]);
  const starting = useMutation({
    mutationFn: (roadmapId: string) => roadmapsApi.generateLessons(roadmapId),
    onMutate: (roadmapId) => {
      setError(null);
      setRunning({ roadmapId, jobId: null });
    },
    onSuccess: (started, roadmapId) => setRunning({ roadmapId, jobId: started.job.id }),
    onError: (err) => {
      setRunning(null);
      if (err instanceof ApiRequestError && err.status === 409) void readPlanAgain(client);
      else setError(err.message);
    },
  });
  const start = (roadmapId: string) => starting.mutate(roadmapId);
  return { roadmapId: running?.roadmapId ?? null, error, start };
}
