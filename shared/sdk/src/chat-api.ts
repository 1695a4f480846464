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

export interface ChatHistoryPage {
  /** no lesson: the general conversation about the active goal */
  lessonId?: string | undefined;
  /** counted back from the newest message */
  skip?: number;
  take?: number;
}

export interface ChatStreamOptions {
  /** each piece of the answer as it is written */
  onDelta: (text: string) => void;
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
   * ApiRequestError carrying the server's message (the spec's error reply).
   */
  async stream(body: SendChat, { onDelta, signal }: ChatStreamOptions): Promise<ChatAnswer> {
    const res = await authorizedFetch('POST', '/chat/stream', body, { accept: 'text/event-stream', signal });
    if (!res.body) throw new ApiRequestError(502, CHAT_ERROR_REPLY, 'CHAT_FAILED');
    for await (const { data } of readSse(res.body)) {
      const parsed = ChatStreamEventSchema.safeParse(JSON.parse(data));
      if (!parsed.success) continue;
      const event = parsed.data;
      if (event.type === 'delta') onDelta(event.text);
      else if (event.type === 'done') return { response: event.response, source: event.source };
      else throw new ApiRequestError(event.code === 'PLAN_LIMIT' ? 429 : 502, event.message, event.code);
    }
    // the connection ended before the answer was complete
    throw new ApiRequestError(502, CHAT_ERROR_REPLY, 'CHAT_STREAM_ENDED');
  },
};
