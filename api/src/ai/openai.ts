// The `openai` provider: any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure, Ollama, vLLM,
// llama.cpp server, OpenRouter…) over global fetch.
//
// Structured output: JSON schema (response_format json_schema, from the zod schema) first; when the server
// answers 400 about response_format it falls back to JSON mode, then to the prompt alone, and remembers.
// Whatever comes back is extracted (fences, prose), repaired (truncation) and validated with zod; a failed
// validation is re-asked once with the error. Transient failures (408/409/425/429/5xx, network errors,
// empty answers) are retried with exponential backoff and jitter, honouring retry-after; other 4xx are
// final. One deadline per call (AbortSignal) covers every attempt.
import type { ChatMessage } from '@mindpath/contracts/ai';
import { readSse } from '@mindpath/sdk/sse';
import { z } from 'zod';
import { backoffDelay, parseRetryAfter, sleep } from './backoff.ts';
import {
  AI_TIMEOUTS,
  type AiTask,
  DEFAULT_RETRY,
  isRetryableStatus,
  MAX_TOKENS,
  REASK_ECHO_CHARS,
  type RetryPolicy,
} from './constants.ts';
import { AiError, type AiErrorReason } from './errors.ts';
import { extractJson, JsonExtractError } from './json.ts';
import type {
  AiProvider,
  CallMeta,
  CallOptions,
  GenerateObjectRequest,
  ModelTier,
  StreamTextRequest,
} from './types.ts';

export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

export interface RetryEvent {
  /** 1 for the first retry */
  retry: number;
  delayMs: number;
  reason: string;
  status: number | undefined;
}

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1 (…/chat/completions is appended unless already there) */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Pro learners' model; falls back to `model` */
  modelPro?: string | undefined;
  /** per-task budgets in ms (default AI_TIMEOUTS) */
  timeouts?: Partial<Record<AiTask, number>>;
  retry?: Partial<RetryPolicy>;
  /** the first structured-output mode to try (default json_schema) */
  structuredMode?: StructuredMode;
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

const schemaCache = new WeakMap<z.ZodType, Record<string, unknown>>();

/** The JSON schema sent for a zod schema: draft-7, output side, without keywords strict servers refuse. */
export function jsonSchemaFor(schema: z.ZodType): Record<string, unknown> {
  const cached = schemaCache.get(schema);
  if (cached) return cached;
  const raw = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$schema' || k === 'format') continue;
      out[k] = strip(v);
    }
    return out;
  };
  const clean = strip(raw) as Record<string, unknown>;
  schemaCache.set(schema, clean);
  return clean;
}

const RESPONSE_FORMAT_RE = /response_format|json_schema|json_object|structured output|\bschema\b|\bformat\b/i;
const MAX_TOKENS_RE = /max_tokens/i;

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

interface Completion {
  content: string;
  finishReason: string | undefined;
}

interface Call {
  task: AiTask;
  timeoutMs: number;
  signal: AbortSignal;
  timeoutSignal: AbortSignal;
  userSignal: AbortSignal | undefined;
  deadline: number;
  started: number;
  meta: CallMeta;
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider & {
  /** the structured-output mode the provider has settled on */
  readonly structuredMode: StructuredMode;
} {
  const endpoint = chatCompletionsUrl(options.baseUrl);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const timeouts = { ...AI_TIMEOUTS, ...options.timeouts };
  const random = options.random ?? Math.random;
  let mode: StructuredMode = options.structuredMode ?? 'json_schema';
  let sendMaxTokens = true;

  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    ...options.headers,
  };

  const modelFor = (tier: ModelTier | undefined) =>
    tier === 'pro' && options.modelPro ? options.modelPro : options.model;

  function startCall(opts: CallOptions, task: AiTask, promptId?: string, promptVersion?: number): Call {
    const timeoutMs = opts.timeoutMs ?? timeouts[task];
    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeoutSignal]) : timeoutSignal;
    const started = Date.now();
    return {
      task,
      timeoutMs,
      signal,
      timeoutSignal,
      userSignal: opts.signal,
      deadline: started + timeoutMs,
      started,
      meta: {
        source: 'model',
        provider: 'openai',
        model: modelFor(opts.tier),
        promptId,
        promptVersion,
        requests: 0,
        reasked: false,
        repaired: false,
        mode,
        durationMs: 0,
        usage: undefined,
      },
    };
  }

  /** An abort (ours or the caller's) as an AiError; any AiError as it is; anything else as a network error. */
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

  /** Waits before retry `retry` (0-based), unless the wait would outlast the call: then `last` is final. */
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

  /** POSTs until a 2xx (retrying what is transient) and hands the response to `read`, which may ask for a retry. */
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

  function baseBody(call: Call, messages: ChatMessage[], tier: ModelTier | undefined) {
    return {
      model: modelFor(tier),
      messages,
      ...(sendMaxTokens ? { max_tokens: MAX_TOKENS[call.task] } : {}),
    };
  }

  /** One non-streaming completion; empty answers count as transient. */
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

  /** A completion with the request adjusted to what the server accepts (structured mode, max_tokens). */
  async function completeAdapting(
    call: Call,
    build: () => Record<string, unknown>,
    usesResponseFormat: boolean,
  ): Promise<Completion> {
    for (;;) {
      try {
        return await complete(call, build());
      } catch (e) {
        if (!(e instanceof AiError) || e.reason !== 'bad_request' || (e.status !== 400 && e.status !== 422))
          throw e;
        // what the server said, without our own words (the endpoint URL could match anything)
        const said = e.message.split(endpoint).pop() ?? '';
        if (sendMaxTokens && MAX_TOKENS_RE.test(said)) {
          sendMaxTokens = false;
          continue;
        }
        if (usesResponseFormat && mode !== 'prompt' && RESPONSE_FORMAT_RE.test(said)) {
          mode = mode === 'json_schema' ? 'json_object' : 'prompt';
          call.meta.mode = mode;
          continue;
        }
        throw e;
      }
    }
  }

  function structuredMessages(messages: ChatMessage[], schema: Record<string, unknown>): ChatMessage[] {
    if (mode === 'json_schema') return messages;
    const instruction = `Answer with one JSON object only, no prose and no code fences. It must validate against this JSON Schema:\n${JSON.stringify(schema)}`;
    const [first, ...rest] = messages;
    if (first?.role === 'system')
      return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
    return [{ role: 'system', content: instruction }, ...messages];
  }

  function responseFormat(schemaName: string, schema: Record<string, unknown>) {
    if (mode === 'json_schema') {
      return { type: 'json_schema', json_schema: { name: schemaName.slice(0, 64), schema, strict: true } };
    }
    if (mode === 'json_object') return { type: 'json_object' };
    return undefined;
  }

  type Checked<T> = { ok: true; value: T; repaired: boolean } | { ok: false; error: string };

  function check<T>(schema: z.ZodType<T>, content: string, finishReason: string | undefined): Checked<T> {
    let extracted: { value: unknown; repaired: boolean };
    try {
      extracted = extractJson(content);
    } catch (e) {
      if (e instanceof JsonExtractError)
        return { ok: false, error: `Your answer was not valid JSON (${e.message}).` };
      throw e;
    }
    const parsed = schema.safeParse(extracted.value);
    if (parsed.success) return { ok: true, value: parsed.data, repaired: extracted.repaired };
    const cut = finishReason === 'length' ? ' Your answer was cut off: keep it shorter.' : '';
    return { ok: false, error: `${z.prettifyError(parsed.error).slice(0, 2_000)}${cut}` };
  }

  const finish = (call: Call) => {
    call.meta.durationMs = Date.now() - call.started;
    return { ...call.meta };
  };

  return {
    name: 'openai',
    source: 'model',
    get structuredMode() {
      return mode;
    },

    async generateObject<S extends z.ZodType>(request: GenerateObjectRequest<S>) {
      const task = request.task ?? request.prompt.task;
      const call = startCall(request, task, request.prompt.id, request.prompt.version);
      const schema = jsonSchemaFor(request.schema);
      let messages = request.prompt.messages;
      try {
        for (let round = 0; ; round++) {
          const sent = messages;
          const answer = await completeAdapting(
            call,
            () => {
              const rf = responseFormat(request.schemaName, schema);
              return {
                ...baseBody(call, structuredMessages(sent, schema), request.tier),
                ...(rf ? { response_format: rf } : {}),
              };
            },
            true,
          );
          const checked = check(request.schema, answer.content, answer.finishReason);
          if (checked.ok) {
            call.meta.repaired = checked.repaired;
            call.meta.mode = mode;
            return { object: checked.value as z.output<S>, meta: finish(call) };
          }
          if (round >= 1) {
            throw new AiError(
              'invalid_output',
              `the answer failed validation after a re-ask: ${checked.error}`,
              {
                task,
                attempts: call.meta.requests,
              },
            );
          }
          call.meta.reasked = true;
          messages = [
            ...messages,
            { role: 'assistant', content: answer.content.slice(0, REASK_ECHO_CHARS) },
            {
              role: 'user',
              content: `Your previous answer could not be used:\n${checked.error}\n\nAnswer again with the complete, corrected JSON object only.`,
            },
          ];
        }
      } catch (e) {
        throw toAiError(call, e);
      }
    },

    streamText(request: StreamTextRequest): AsyncIterable<string> {
      const task = request.task ?? request.prompt.task;
      return {
        [Symbol.asyncIterator]: () =>
          streamCompletion(request.prompt.messages, request, task, request.prompt),
      };
    },

    async chat(messages, opts = {}) {
      const task = opts.task ?? 'chat';
      const call = startCall(opts, task, opts.promptId ?? 'chat', opts.promptVersion);
      try {
        const answer = await completeAdapting(call, () => baseBody(call, messages, opts.tier), false);
        return { content: answer.content.trim(), meta: finish(call) };
      } catch (e) {
        throw toAiError(call, e);
      }
    },
  };

  async function* streamCompletion(
    messages: ChatMessage[],
    opts: CallOptions,
    task: AiTask,
    prompt: { id: string; version: number },
  ): AsyncGenerator<string> {
    const call = startCall(opts, task, prompt.id, prompt.version);
    try {
      for (let retry = 0; ; retry++) {
        const body = { ...baseBody(call, messages, opts.tier), stream: true };
        // opening the stream retries like any request; the body is read here, not in exchange()
        const res = await exchange(call, body, async (r) => r);
        if (!res.body) throw new AiError('unavailable', 'the provider sent no stream body', { task });
        let yielded = false;
        try {
          for await (const data of sseData(res.body)) {
            if (data === '[DONE]') break;
            let event: { choices?: { delta?: { content?: string | null } }[]; error?: { message?: string } };
            try {
              event = JSON.parse(data) as typeof event;
            } catch {
              continue; // a keep-alive or a non-JSON comment line
            }
            if (event.error) {
              throw new AiError('unavailable', `stream error: ${event.error.message ?? 'unknown'}`, { task });
            }
            const delta = event.choices?.[0]?.delta?.content;
            if (delta) {
              yielded = true;
              yield delta;
            }
          }
        } catch (e) {
          const err = toAiError(call, e);
          if (err.reason === 'network') {
            throw new AiError('network', `the stream broke off: ${err.message}`, { task, cause: e });
          }
          throw err;
        }
        if (yielded) return;
        const empty = new AiError('empty_answer', 'the provider streamed an empty answer', { task });
        if (retry >= policy.maxRetries) throw empty;
        await waitBeforeRetry(call, retry, empty);
      }
    } catch (e) {
      throw toAiError(call, e);
    }
  }
}

/** The `data:` payloads of a server-sent event stream, one per event (the SDK's reader, eventsource-parser). */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const { data } of readSse(body)) yield data;
}
