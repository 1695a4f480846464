import { CHAT_PAGE_SIZE, type ChatHistory } from '@mindpath/contracts/chat';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { chatApi } from './chat-api.ts';
import { useIsAuthenticated } from './hooks.ts';
import { queryKeys } from './query-keys.ts';

/** How many messages the loaded pages hold: the skip of the next, older page (skip counts from the newest). */
export const loadedCount = (pages: ChatHistory[]) => pages.reduce((n, p) => n + p.messages.length, 0);

/** A conversation oldest first, from pages loaded newest first. */
export const threadOf = (data: InfiniteData<ChatHistory> | undefined) =>
  data ? [...data.pages].reverse().flatMap((p) => p.messages) : [];

/**
 * A conversation (a lesson's, or the general one about the active goal) paged by 10 from the newest
 * (spec 2 §9); fetchNextPage loads the next older page.
 */
export function useChatHistory(lessonId?: string) {
  const authenticated = useIsAuthenticated();
  return useInfiniteQuery({
    queryKey: queryKeys.chatHistory(lessonId),
    queryFn: ({ pageParam }) => chatApi.history({ lessonId, skip: pageParam, take: CHAT_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? loadedCount(pages) : undefined),
    enabled: authenticated,
  });
}

export interface AskVariables {
  message: string;
  /** `reset`: the text replaces the answer so far (a stream resumed after a cut) */
  onDelta: (text: string, reset: boolean) => void;
  signal?: AbortSignal;
}

/**
 * Asks the tutor with the answer streamed. Once answered, the loaded pages are read again (skip counts from
 * the newest, so each page moves by the new exchange and the pages stay contiguous) before it resolves.
 */
export function useAskChat(lessonId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, onDelta, signal }: AskVariables) =>
      chatApi.stream(
        { message, ...(lessonId ? { lessonId } : {}) },
        { onDelta, ...(signal ? { signal } : {}) },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.chatHistory(lessonId) }),
  });
}

export function useClearChat(lessonId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => chatApi.clear(lessonId),
    // back to a single empty first page
    onSuccess: () => client.resetQueries({ queryKey: queryKeys.chatHistory(lessonId) }),
  });
}
