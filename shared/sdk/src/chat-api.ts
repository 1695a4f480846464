import {
  CHAT_ERROR_REPLY,
  CHAT_PAGE_SIZE,
  type ChatAnswer,
  ChatAnswerSchema,
  ChatHistorySchema,
  ChatStreamEventSchema,
  type SendChat,
} from '@mindpath/contracts/chat';
import { z } from 'zod';
import { ApiRequestError } from './errors.ts';
import { authorizedFetch, request } from './http.ts';
import { readSse } from './sse.ts';
import { reconnectDelay, STREAM_RECONNECTS } from './stream-reconnect.ts';

export interface ChatHistoryPage {
  /** no lesson: the general conversation about the active goal */
  lessonId?: string | undefined;
  /** counted back from the newest message */
  skip?: number;
  take?: number;
}

export interface ChatStreamOptions {
  /** each piece of the answer as it is written; `reset`: it replaces the answer so far (a resumed stream) */
  onDelta: (text: string, reset: boolean) => void;
  signal?: AbortSignal;
}

const lessonQuery = (lessonId: string | undefined) =>
  lessonId ? `lessonId=${encodeURIComponent(lessonId)}` : '';

/** The AI tutor's calls (spec 2 §7 Chat): ask, ask with the answer streamed, read and delete a conversation. */
export const chatApi = {
  send: (body: SendChat) => request('POST', '/chat', ChatAnswerSchema, body),

  history: ({ lessonId, skip = 0, take = CHAT_PAGE_SIZE }: ChatHistoryPage = {}) => {
    const query = [lessonQuery(lessonId), `skip=${skip}`, `take=${take}`].filter(Boolean).join('&');
    return request('GET', `/chat/history?${query}`, ChatHistorySchema);
  },

  clear: (lessonId?: string) => {
    const query = lessonQuery(lessonId);
    return request('DELETE', `/chat/history${query ? `?${query}` : ''}`, z.unknown());
  },

  /**
   * POST /chat/stream: the answer piece by piece, resolving with the whole of it once stored. A refusal
   * before the stream opens is the SDK's usual error (429 → RateLimitError); a failure in the stream is an
   * ApiRequestError carrying the server's message (the spec's error reply). A stream cut before its end is
   * followed again by its turn's id (GET /chat/stream/{id}, any instance), the answer so far replaced by
   * what the server holds: `onDelta(text, true)`.
   */
  async stream(body: SendChat, { onDelta, signal }: ChatStreamOptions): Promise<ChatAnswer> {
    const options = { accept: 'text/event-stream', ...(signal ? { signal } : {}) };
    let turnId: string | null = null;
    /** the answer, or null when the connection ended first */
    const follow = async (res: Response): Promise<ChatAnswer | null> => {
      if (!res.body) return null;
      let failure: ApiRequestError | null = null;
      try {
        for await (const { data } of readSse(res.body)) {
          const parsed = ChatStreamEventSchema.safeParse(JSON.parse(data));
          if (!parsed.success) continue;
          const event = parsed.data;
          if (event.type === 'turn') turnId = event.id;
          else if (event.type === 'delta') onDelta(event.text, event.reset ?? false);
          else if (event.type === 'done')
            return { response: event.response, source: event.source, citations: event.citations };
          else {
            failure = new ApiRequestError(event.code === 'PLAN_LIMIT' ? 429 : 502, event.message, event.code);
            break;
          }
        }
      } catch (err) {
        if (signal?.aborted) throw err;
        return null; // cut mid-stream
      }
      if (failure) throw failure;
      return null;
    };

    const first = await follow(await authorizedFetch('POST', '/chat/stream', body, options));
    if (first) return first;
    for (let reconnects = 0; turnId && reconnects < STREAM_RECONNECTS; reconnects += 1) {
      await reconnectDelay(reconnects);
      if (signal?.aborted) break;
      try {
        const res = await authorizedFetch('GET', `/chat/stream/${turnId}`, undefined, options);
        const answer = await follow(res);
        if (answer) return answer;
      } catch (err) {
        // a refusal (not yours, signed out) or the stream's own error will not change on a retry
        if (signal?.aborted || (err instanceof ApiRequestError && err.status < 500)) throw err;
      }
    }
    // the connection kept ending before the answer was complete
    throw new ApiRequestError(502, CHAT_ERROR_REPLY, 'CHAT_STREAM_ENDED');
  },
};
