import type { AiSource, ChatMessage } from '@mindpath/contracts/ai';
import type { z } from 'zod';
import type { AiTask } from './constants.ts';
import type { PromptRequest } from './prompts/define.ts';

export type { PromptRequest } from './prompts/define.ts';

/** Which model a call gets: Pro learners get AI_MODEL_PRO when it is set. */
export type ModelTier = 'free' | 'pro';

export interface CallOptions {
  /** picks the timeout; defaults to the prompt's task */
  task?: AiTask;
  tier?: ModelTier;
  /** overrides the task's timeout for this call */
  timeoutMs?: number;
  /** cancels the call (a job being cancelled, a server shutting down) */
  signal?: AbortSignal;
}

export interface GenerateObjectRequest<S extends z.ZodType> extends CallOptions {
  schema: S;
  /** the name the JSON schema is sent under ([a-zA-Z0-9_-], at most 64) */
  schemaName: string;
  prompt: PromptRequest;
}

export interface StreamTextRequest extends CallOptions {
  prompt: PromptRequest;
}

/** How a call went, for logs, job records and the bench. */
export interface CallMeta {
  source: AiSource;
  provider: 'openai' | 'offline';
  model: string;
  promptId: string | undefined;
  promptVersion: number | undefined;
  /** HTTP requests made (1 for offline) */
  requests: number;
  /** whether the answer was re-asked once after failing validation */
  reasked: boolean;
  /** whether the JSON had to be repaired (truncated, trailing commas…) */
  repaired: boolean;
  /** the structured-output mode used: json_schema, json_object or prompt-only */
  mode: 'json_schema' | 'json_object' | 'prompt' | 'offline';
  durationMs: number;
  usage: { promptTokens: number; completionTokens: number } | undefined;
}

export interface GenerateObjectResult<T> {
  object: T;
  meta: CallMeta;
}

export interface ChatResult {
  content: string;
  meta: CallMeta;
}

/** The one interface of the AI layer (DESIGN.md §5). */
export interface AiProvider {
  readonly name: 'openai' | 'offline';
  readonly source: AiSource;
  /** A JSON object validated against `schema` (re-asked once with the validation error when it fails). */
  generateObject<S extends z.ZodType>(
    request: GenerateObjectRequest<S>,
  ): Promise<GenerateObjectResult<z.output<S>>>;
  /** Text deltas as they are written. */
  streamText(request: StreamTextRequest): AsyncIterable<string>;
  /** One complete answer to a conversation. */
  chat(
    messages: ChatMessage[],
    options?: CallOptions & { promptId?: string; promptVersion?: number },
  ): Promise<ChatResult>;
}
