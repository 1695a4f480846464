import type { AiTask } from './constants.ts';

/** Why an AI call failed, coarse enough for a UI to explain and a job to record. */
export type AiErrorReason =
  | 'timeout'
  | 'aborted'
  | 'rate_limited'
  | 'unavailable'
  | 'network'
  | 'auth'
  | 'bad_request'
  | 'not_found'
  | 'empty_answer'
  | 'invalid_output';

const REASON_TEXT: Record<AiErrorReason, string> = {
  timeout: 'The AI provider took too long to answer.',
  aborted: 'The generation was cancelled.',
  rate_limited: 'The AI provider is rate limiting requests. Please try again in a few minutes.',
  unavailable: 'The AI provider is unavailable right now. Please try again later.',
  network: 'The AI provider could not be reached. Check AI_BASE_URL.',
  auth: 'The AI provider refused the credentials. Check AI_API_KEY.',
  bad_request: 'The AI provider rejected the request.',
  not_found: 'The AI provider does not know this endpoint or model. Check AI_BASE_URL and AI_MODEL.',
  empty_answer: 'The AI provider returned an empty answer.',
  invalid_output: 'The AI provider returned content that could not be used.',
};

/** A failed AI call. `userMessage` is safe to show; `message` may carry provider detail for logs. */
export class AiError extends Error {
  readonly reason: AiErrorReason;
  readonly status: number | undefined;
  readonly task: AiTask | undefined;
  readonly attempts: number;
  readonly userMessage: string;

  constructor(
    reason: AiErrorReason,
    message: string,
    opts: { status?: number; task?: AiTask; attempts?: number; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AiError';
    this.reason = reason;
    this.status = opts.status;
    this.task = opts.task;
    this.attempts = opts.attempts ?? 1;
    this.userMessage = userMessageFor(reason, opts.task);
  }

  /** What a job records: the reason and the text a UI shows. */
  toJSON() {
    return {
      reason: this.reason,
      message: this.userMessage,
      status: this.status ?? null,
      attempts: this.attempts,
    };
  }
}

/** The spec's timeout texts (spec 1 §8) for timeouts, a plain sentence otherwise. */
export function userMessageFor(reason: AiErrorReason, task?: AiTask): string {
  if (reason === 'timeout' && task === 'assessment') return 'Assessment generation timeout';
  if (reason === 'timeout' && task === 'content') return 'Content generation timeout';
  return REASON_TEXT[reason];
}

export const isAiError = (e: unknown): e is AiError => e instanceof AiError;
