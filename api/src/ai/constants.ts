// Every time budget and retry figure of the AI layer, in one place.

/** What a call is for: it picks the timeout (spec 1 §8: 'Assessment generation timeout', 'Content generation timeout'). */
export type AiTask = GenerationTask | 'embeddings';
/** The calls that write text (a completion), with an output budget. */
export type GenerationTask = 'assessment' | 'content' | 'chat';

/**
 * Per-call time budgets in ms, covering every attempt of one call (spec: assessment 30 s, content 60 s);
 * embeddings: one batch of texts.
 */
export const AI_TIMEOUTS: Readonly<Record<AiTask, number>> = {
  assessment: 30_000,
  content: 60_000,
  chat: 60_000,
  embeddings: 30_000,
};

export interface RetryPolicy {
  /** retries after the first attempt */
  maxRetries: number;
  /** first backoff step; doubles each retry */
  baseDelayMs: number;
  /** cap of one backoff step */
  maxDelayMs: number;
  /** a server's retry-after beyond this (or beyond the call's remaining time) ends the call instead */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/** HTTP statuses worth another attempt; every other 4xx is final (400/401/403/404/422 in particular). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const isRetryableStatus = (status: number) => RETRYABLE_STATUSES.has(status) || status >= 500;

/** How much of a failed answer is sent back when re-asking (keeps the re-ask prompt bounded). */
export const REASK_ECHO_CHARS = 6_000;
/** Output token budgets per task, sent as max_tokens. */
export const MAX_TOKENS: Readonly<Record<GenerationTask, number>> = {
  assessment: 4_096,
  content: 8_192,
  chat: 2_048,
};
