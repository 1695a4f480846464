// The AI tutor chat (spec 2 §3 Chat message, §5, §8, §9; spec 1 §9 free chat): per lesson, or about the
// active goal when no lesson is given.
import { z } from 'zod';
import { AiSourceSchema, ChatRoleSchema } from './ai.ts';
import { ChatCitationSchema } from './citations.ts';

/** spec 1 §9: free plan, 5 AI chat queries per day (a rolling 24 h). */
export const CHAT_LIMITS = { freeMessagesPerWindow: 5, windowHours: 24 } as const;
export const CHAT_LIMIT_MESSAGE = 'You can send 5 AI chat queries per day with your current plan.';
/** spec 2 §8: what the chat shows as the assistant's message when a request fails */
export const CHAT_ERROR_REPLY = 'Sorry, there was an error processing your request. Please try again later.';
/** spec 2 §9 */
export const CHAT_PAGE_SIZE = 10;
export const CHAT_MESSAGE_MAX = 4_000;

export const SendChatSchema = z.object({
  // spec 2 §5: an empty or whitespace-only message is not sent
  message: z.string().trim().min(1, 'message is required').max(CHAT_MESSAGE_MAX),
  lessonId: z.uuid().nullable().optional(),
});
export type SendChat = z.infer<typeof SendChatSchema>;

export const ChatAnswerSchema = z.object({
  /** spec: the answer field is response */
  response: z.string(),
  source: AiSourceSchema,
  /**
   * what the answer's [n] markers name (a goal with sources); empty otherwise. Defaulted: an API instance of
   * the release before answers without it while a deploy rolls.
   */
  citations: z.array(ChatCitationSchema).default([]),
});
export type ChatAnswer = z.infer<typeof ChatAnswerSchema>;

export const StoredChatMessageSchema = z.object({
  id: z.uuid(),
  role: ChatRoleSchema,
  content: z.string(),
  lessonId: z.uuid().nullable(),
  source: AiSourceSchema.nullable(),
  /** an answer's citations (empty for the learner's messages and answers that cite nothing) */
  citations: z.array(ChatCitationSchema).default([]),
  createdAt: z.string(),
});
export type StoredChatMessage = z.infer<typeof StoredChatMessageSchema>;

export const ChatHistoryQuerySchema = z.object({
  lessonId: z.uuid().optional(),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});

/** A page of a conversation: `skip` counts back from the newest; `messages` are oldest first. */
export const ChatHistorySchema = z.object({
  messages: z.array(StoredChatMessageSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

/**
 * Events of POST /chat/stream and GET /chat/stream/{id} (text/event-stream; `event:` names the type). `turn`
 * comes first: the id to follow the same answer again by when the stream is cut. A delta with `reset`
 * replaces the answer so far (a connection's first; an answer started over).
 */
export const ChatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('turn'), id: z.uuid() }),
  z.object({ type: z.literal('delta'), text: z.string(), reset: z.boolean().optional() }),
  z.object({
    type: z.literal('done'),
    response: z.string(),
    source: AiSourceSchema,
    citations: z.array(ChatCitationSchema).default([]),
  }),
  /** the spec's error reply (or the plan limit's message, code PLAN_LIMIT) */
  z.object({ type: z.literal('error'), message: z.string(), code: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;
