// One Chat Completions request of the `openai` provider: POSTed until a 2xx, retrying what is transient
// (408/409/425/429/5xx, network errors, and what the reader of the answer reports, such as an empty answer)
// with exponential backoff and jitter, honouring retry-after; other 4xx are final. One deadline per call
// (AbortSignal) covers every attempt; the caller's signal cancels it.
import { backoffDelay, parseRetryAfter, sleep } from './backoff.ts';
import { type AiTask, DEFAULT_RETRY, isRetryableStatus, type RetryPolicy } from './constants.ts';
import { AiError, type AiErrorReason } from './errors.ts';
import type { CallMeta } from './types.ts';

export interface RetryEvent {
  /** 1 for the first retry */
  retry: number;
  delayMs: number;
  reason: string;
  status: number | undefined;
}

export interface RequestOptions {
  /** e.g. https://api.openai.com/v1 (…/chat/completions is appended unless already there) */
  baseUrl: string;
  /** the URL requests go to when not the chat completions one (the embeddings client's) */
  endpoint?: string;
  apiKey?: string | undefined;
  retry?: Partial<RetryPolicy>;
  /** jitter source (tests make it fixed) */
  random?: () => number;
  /** called before each retry's wait: logs, metrics, tests */
  onRetry?: (event: RetryEvent) => void;
  headers?: Record<string, string>;
}

/** `https://host/v1` → `https://host/v1/chat/completions`; a full endpoint URL is kept. */
export function chatCompletionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

function reasonForStatus(status: number): AiErrorReason {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  if (isRetryableStatus(status)) return 'unavailable';
  return 'bad_request';
}

/** The readable part of an error body: OpenAI's {error:{message}}, other servers' {message} or {detail}, else text. */
function errorDetail(body: string): string {
  try {
    const j = JSON.parse(body) as {
      error?: { message?: string } | string;
      message?: string;
      detail?: string;
    };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message ?? j.detail);
    if (m) return String(m).slice(0, 500);
  } catch {}
  return body.slice(0, 500);
}

/** One provider call (which may take several requests): its deadline, its signals and the meta it reports. */
export interface Call {
  task: AiTask;
  timeoutMs: number;
  signal: AbortSignal;
  timeoutSignal: AbortSignal;
  userSignal: AbortSignal | undefined;
  deadline: number;
  started: number;
  meta: CallMeta;
}

export function startCall(
  task: AiTask,
  timeoutMs: number,
  userSignal: AbortSignal | undefined,
  meta: CallMeta,
): Call {
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = userSignal ? AbortSignal.any([userSignal, timeoutSignal]) : timeoutSignal;
  const started = Date.now();
  return { task, timeoutMs, signal, timeoutSignal, userSignal, deadline: started + timeoutMs, started, meta };
}

/** The meta of a call that ended, with its duration. */
export function finishCall(call: Call): CallMeta {
  call.meta.durationMs = Date.now() - call.started;
  return { ...call.meta };
}

export interface Completion {
  content: string;
  finishReason: string | undefined;
}

export interface Requester {
  readonly endpoint: string;
  readonly policy: RetryPolicy;
  /** POSTs until a 2xx (retrying what is transient) and hands the response to `read`, which may ask for a retry. */
  exchange<T>(
    call: Call,
    body: Record<string, unknown>,
    read: (res: Response) => Promise<T | AiError>,
  ): Promise<T>;
  /** One non-streaming completion; empty answers count as transient. */
  complete(call: Call, body: Record<string, unknown>): Promise<Completion>;
  /** Waits before retry `retry` (0-based), unless the wait would outlast the call: then `last` is final. */
  waitBeforeRetry(call: Call, retry: number, last: AiError, retryAfter?: number): Promise<void>;
  /** An abort (ours or the caller's) as an AiError; any AiError as it is; anything else as a network error. */
  toAiError(call: Call, e: unknown): AiError;
}

export function createRequester(options: RequestOptions): Requester {
  const endpoint = options.endpoint ?? chatCompletionsUrl(options.baseUrl);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const random = options.random ?? Math.random;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    ...options.headers,
  };

  function toAiError(call: Call, e: unknown): AiError {
    if (e instanceof AiError) return e;
    if (call.userSignal?.aborted)
      return new AiError('aborted', 'the call was cancelled', { task: call.task, cause: e });
    if (call.timeoutSignal.aborted || Date.now() >= call.deadline) {
      return new AiError('timeout', `no answer within ${call.timeoutMs} ms`, {
        task: call.task,
        attempts: call.meta.requests,
        cause: e,
      });
    }
    const msg = e instanceof Error ? e.message : String(e);
    return new AiError('network', `cannot reach ${endpoint}: ${msg}`, { task: call.task, cause: e });
  }

  async function waitBeforeRetry(call: Call, retry: number, last: AiError, retryAfter?: number) {
    const delayMs = retryAfter ?? backoffDelay(retry, policy, random);
    if (retryAfter !== undefined && retryAfter > policy.maxRetryAfterMs) throw last;
    if (Date.now() + delayMs >= call.deadline) throw last;
    options.onRetry?.({ retry: retry + 1, delayMs, reason: last.reason, status: last.status });
    try {
      await sleep(delayMs, call.signal);
    } catch (e) {
      throw toAiError(call, e);
    }
  }

  async function exchange<T>(
    call: Call,
    body: Record<string, unknown>,
    read: (res: Response) => Promise<T | AiError>,
  ): Promise<T> {
    for (let retry = 0; ; retry++) {
      let failure: AiError;
      let retryAfter: number | undefined;
      call.meta.requests++;
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: call.signal,
        });
        if (res.ok) {
          const out = await read(res);
          if (!(out instanceof AiError)) return out;
          failure = out;
        } else {
          const detail = errorDetail(await res.text());
          failure = new AiError(
            reasonForStatus(res.status),
            `HTTP ${res.status} from ${endpoint}: ${detail}`,
            {
              status: res.status,
              task: call.task,
              attempts: call.meta.requests,
            },
          );
          if (!isRetryableStatus(res.status)) throw failure;
          retryAfter = parseRetryAfter(res.headers);
        }
      } catch (e) {
        const err = toAiError(call, e);
        if (err.reason !== 'network') throw err;
        failure = err;
      }
      if (retry >= policy.maxRetries) throw failure;
      await waitBeforeRetry(call, retry, failure, retryAfter);
    }
  }

  async function complete(call: Call, body: Record<string, unknown>): Promise<Completion> {
    return exchange(call, body, async (res) => {
      let json: {
        choices?: {
          message?: { content?: string | null; refusal?: string | null };
          finish_reason?: string;
        }[];
        usage?: { prompt_tokens?: number; completion_tokens?: number };
      };
      try {
        json = (await res.json()) as typeof json;
      } catch (e) {
        if (call.signal.aborted) throw toAiError(call, e);
        return new AiError('unavailable', 'the provider answered with a body that is not JSON', {
          status: res.status,
          task: call.task,
        });
      }
      if (json.usage) {
        const u = call.meta.usage ?? { promptTokens: 0, completionTokens: 0 };
        u.promptTokens += json.usage.prompt_tokens ?? 0;
        u.completionTokens += json.usage.completion_tokens ?? 0;
        call.meta.usage = u;
      }
      const choice = json.choices?.[0];
      const content = choice?.message?.content ?? '';
      if (!content.trim()) {
        if (choice?.message?.refusal) {
          throw new AiError('bad_request', `the model refused: ${choice.message.refusal.slice(0, 300)}`, {
            task: call.task,
          });
        }
        return new AiError('empty_answer', 'the provider returned an empty answer', { task: call.task });
      }
      return { content, finishReason: choice?.finish_reason };
    });
  }

  return { endpoint, policy, exchange, complete, waitBeforeRetry, toAiError };
}
