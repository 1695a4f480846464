import type { GoalSources, PastedSourceBody, Source, UrlSourceBody } from '@mindpath/contracts/sources';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './errors.ts';
import { useIsAuthenticated } from './hooks.ts';
import { sourcesApi } from './sources-api.ts';

/** How often a goal's sources are read again while one of them is being processed. */
export const SOURCES_POLL_MS = 1_500;

/** Every sources query starts with this. */
export const sourcesKey = ['sources'] as const;
export const goalSourcesKey = (goalId: string) => [...sourcesKey, 'goal', goalId] as const;
export const passageKey = (passageId: string) => [...sourcesKey, 'passage', passageId] as const;
export const sourceStorageKey = [...sourcesKey, 'storage'] as const;

const refused = (err: unknown) => err instanceof ApiRequestError && err.status < 500;

/** The source as answered, in place of the one with its id, or added last (the list is oldest first). */
function withSource(list: GoalSources | undefined, source: Source): GoalSources | undefined {
  if (!list) return list;
  const known = list.sources.some((s) => s.id === source.id);
  return {
    ...list,
    sources: known ? list.sources.map((s) => (s.id === source.id ? source : s)) : [...list.sources, source],
  };
}

/** An added or replaced source shows at once (processing, so the list polls); then the list is read again. */
function sourceChanged(client: QueryClient, source: Source) {
  client.setQueryData<GoalSources>(goalSourcesKey(source.goalId), (list) => withSource(list, source));
  void client.invalidateQueries({ queryKey: goalSourcesKey(source.goalId) });
}

/**
 * A goal's sources and the plan's limits. Read again every SOURCES_POLL_MS while any source is processing,
 * so its progress moves and it turns Ready (or failed, with why) without a reload.
 */
export function useGoalSources(goalId: string | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: goalSourcesKey(goalId ?? ''),
    queryFn: () => sourcesApi.list(goalId ?? ''),
    enabled: authenticated && Boolean(goalId),
    retry: (failures, err) => failures < 1 && !refused(err),
    refetchInterval: (query) =>
      query.state.data?.sources.some((s) => s.state === 'processing') ? SOURCES_POLL_MS : false,
  });
}

/** Adds a file (PDF, Markdown, text, saved HTML) to the goal; the server checks its bytes, not its name. */
export function useAddSourceFile(goalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sourcesApi.addFile(goalId, file),
    onSuccess: (source) => sourceChanged(client, source),
  });
}

/** Adds a pasted text with its title. */
export function useAddPastedSource(goalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PastedSourceBody) => sourcesApi.addText(goalId, body),
    onSuccess: (source) => sourceChanged(client, source),
  });
}

/** Adds a web page or PDF by its address; the server fetches it. */
export function useAddUrlSource(goalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UrlSourceBody) => sourcesApi.addUrl(goalId, body),
    onSuccess: (source) => sourceChanged(client, source),
  });
}

/** Replaces a source's file: the same source, read again. */
export function useReplaceSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceId, file }: { sourceId: string; file: File }) => sourcesApi.replace(sourceId, file),
    onSuccess: (source) => sourceChanged(client, source),
  });
}

/** Removes a source with its passages; it leaves the list at once. */
export function useDeleteSource(goalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => sourcesApi.remove(sourceId),
    onSuccess: (_, sourceId) => {
      client.setQueryData<GoalSources>(goalSourcesKey(goalId), (list) =>
        list ? { ...list, sources: list.sources.filter((s) => s.id !== sourceId) } : list,
      );
      client.removeQueries({ queryKey: sourcesKey, predicate: (q) => q.queryKey[1] === 'passage' });
      void client.invalidateQueries({ queryKey: goalSourcesKey(goalId) });
    },
  });
}

/** A passage with the text around it, for the viewer a citation opens. */
export function usePassage(passageId: string | null | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: passageKey(passageId ?? ''),
    queryFn: () => sourcesApi.passage(passageId ?? ''),
    enabled: authenticated && Boolean(passageId),
    retry: (failures, err) => failures < 1 && !refused(err),
    staleTime: 60_000,
  });
}

/** What the learner's material takes (Settings), read again whenever Settings opens. */
export function useSourceStorage() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: sourceStorageKey,
    queryFn: sourcesApi.storage,
    enabled: authenticated,
    retry: (failures, err) => failures < 1 && !refused(err),
  });
}
