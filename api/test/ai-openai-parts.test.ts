// The parts of the openai provider, each alone against the fake Chat Completions server: one request with
// its deadline and retries, the structured-output fallbacks, streaming.

import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AiTask } from '../src/ai/constants.ts';
import { AiError } from '../src/ai/errors.ts';
import {
  chatCompletionsUrl,
  createRequester,
  type RequestOptions,
  type RetryEvent,
  startCall,
} from '../src/ai/openai-request.ts';
import { sseData, streamCompletion } from '../src/ai/openai-stream.ts';
import { createStructuredOutput } from '../src/ai/openai-structured.ts';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

function requester(extra: Partial<RequestOptions> = {}) {
  const retries: RetryEvent[] = [];
  const r = createRequester({
    baseUrl: server.url,
    retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 10_000 },
    random: () => 0.5,
    onRetry: (e) => retries.push(e),
    ...extra,
  });
  return { r, retries };
}

const newCall = (timeoutMs = 5_000, task: AiTask = 'chat') =>
  startCall(task, timeoutMs, undefined, {
    source: 'model',
    provider: 'openai',
    model: 'test-model',
    promptId: undefined,
    promptVersion: undefined,
    requests: 0,
    reasked: false,
    repaired: false,
    mode: 'json_schema',
    durationMs: 0,
    usage: undefined,
  });

const body = (i: number) => server.requests[i]?.body;
const ask = { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] };

async function failure(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(AiError);
    return e as AiError;
  }
  throw new Error('expected the call to fail');
}

describe('one request (openai-request)', () => {
  it('keeps a full endpoint URL and appends the path to a base URL', () => {
    expect(chatCompletionsUrl('https://h/v1/')).toBe('https://h/v1/chat/completions');
    expect(chatCompletionsUrl('https://h/openai/chat/completions')).toBe('https://h/openai/chat/completions');
  });

  it('retries what the reader of a 2xx reports as a failure, counting every request', async () => {
    const { r, retries } = requester();
    server.enqueue({ content: 'first' }, { content: 'second' });
    const call = newCall();
    let reads = 0;
    const text = await r.exchange(call, ask, async (res) => {
      reads++;
      const json = (await res.json()) as { choices: { message: { content: string } }[] };
      const content = json.choices[0]?.message.content ?? '';
      return content === 'first' ? new AiError('unavailable', 'not this one') : content;
    });
    expect(text).toBe('second');
    expect(reads).toBe(2);
    expect(call.meta.requests).toBe(2);
    expect(retries).toEqual([{ retry: 1, delayMs: 1, reason: 'unavailable', status: undefined }]);
  });

  it('adds up the usage of every request of a call', async () => {
    const { r } = requester();
    server.enqueue(
      { content: '', usage: { prompt_tokens: 1, completion_tokens: 2 } },
      { content: 'ok', usage: { prompt_tokens: 3, completion_tokens: 4 } },
    );
    const call = newCall();
    expect((await r.complete(call, ask)).content).toBe('ok');
    expect(call.meta.usage).toEqual({ promptTokens: 4, completionTokens: 6 });
  });

  it('ends at once on a refusal, which no retry would change', async () => {
    const { r, retries } = requester();
    server.setFallback({
      rawBody: JSON.stringify({ choices: [{ message: { content: null, refusal: 'I will not.' } }] }),
    });
    const err = await failure(r.complete(newCall(), ask));
    expect(err.reason).toBe('bad_request');
    expect(err.message).toContain('I will not.');
    expect(retries).toEqual([]);
  });

  it('reads the detail of error bodies that are not shaped like OpenAI’s', async () => {
    const { r } = requester();
    server.enqueue({ status: 400, rawBody: JSON.stringify({ detail: 'model "x" is not loaded' }) });
    expect((await failure(r.complete(newCall(), ask))).message).toContain('model "x" is not loaded');
  });

  it('gives up without waiting when a retry-after would outlast the call’s deadline', async () => {
    const { r, retries } = requester();
    server.enqueue({ status: 429, headers: { 'retry-after': '5' }, error: 'slow down' });
    const err = await failure(r.complete(newCall(1_000), ask));
    expect(err).toMatchObject({ reason: 'rate_limited', status: 429 });
    expect(retries).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('is cancelled by the caller’s signal while waiting to retry', async () => {
    const { r } = requester({ retry: { maxRetries: 2, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    server.setFallback({ status: 503 });
    const controller = new AbortController();
    const call = startCall('chat', 120_000, controller.signal, newCall().meta);
    const pending = r.complete(call, ask);
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).reason).toBe('aborted');
    expect(server.requests).toHaveLength(1);
  });
});

describe('structured output (openai-structured)', () => {
  const Item = z.object({ title: z.string() });
  const build = (s: ReturnType<typeof createStructuredOutput>, call: ReturnType<typeof newCall>) => ({
    schema: Item,
    schemaName: 'item',
    messages: [{ role: 'user' as const, content: 'One item' }],
    body: (messages: unknown[]) => ({ model: 'test-model', messages, ...s.maxTokens(call.task) }),
  });

  it('starting in prompt mode, sends no response_format and puts the schema in a system message', async () => {
    const s = createStructuredOutput(requester().r, 'prompt');
    server.enqueue({ content: '{"title":"x"}' });
    const call = newCall();
    expect(await s.generate(call, build(s, call))).toEqual({ title: 'x' });
    expect(body(0).response_format).toBeUndefined();
    expect(body(0).messages[0]).toMatchObject({ role: 'system' });
    expect(body(0).messages[0].content).toContain('"title"');
    expect(call.meta.mode).toBe('prompt');
  });

  it('records a repaired answer in the call’s meta', async () => {
    const s = createStructuredOutput(requester().r, 'json_schema');
    server.enqueue({ content: '{"title":"cut', finishReason: 'length' });
    const call = newCall();
    expect(await s.generate(call, build(s, call))).toEqual({ title: 'cut' });
    expect(call.meta).toMatchObject({ repaired: true, reasked: false, mode: 'json_schema' });
  });

  it('remembers a refused max_tokens for the next calls', async () => {
    const s = createStructuredOutput(requester().r, 'json_schema');
    server.enqueue(
      { status: 400, error: "Unsupported parameter: 'max_tokens'" },
      { content: 'a' },
      { content: 'b' },
    );
    expect(s.maxTokens('chat')).toEqual({ max_tokens: 2_048 });
    const call = newCall();
    await s.complete(call, () => build(s, call).body([]), false);
    expect(s.maxTokens('chat')).toEqual({});
    await s.complete(newCall(), () => build(s, call).body([]), false);
    expect(body(2).max_tokens).toBeUndefined();
  });

  it('leaves the mode alone for a request without response_format', async () => {
    const s = createStructuredOutput(requester().r, 'json_schema');
    server.enqueue({ status: 400, error: 'response_format is not supported' });
    const err = await failure(s.complete(newCall(), () => ({ ...ask }), false));
    expect(err).toMatchObject({ reason: 'bad_request', status: 400 });
    expect(s.mode).toBe('json_schema');
    expect(server.requests).toHaveLength(1);
  });

  it('passes on a 400 about something else without retrying', async () => {
    const s = createStructuredOutput(requester().r, 'json_schema');
    server.enqueue({ status: 400, error: 'messages must not be empty' });
    const call = newCall();
    expect((await failure(s.generate(call, build(s, call)))).status).toBe(400);
    expect(s.mode).toBe('json_schema');
    expect(server.requests).toHaveLength(1);
  });
});

describe('streaming (openai-stream)', () => {
  const collect = async (iterable: AsyncIterable<string>) => {
    const out: string[] = [];
    for await (const d of iterable) out.push(d);
    return out;
  };

  it('reads the data payloads of a server-sent event stream', async () => {
    server.enqueue({ content: 'Hello', chunks: ['He', 'llo'] });
    const res = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ ...ask, stream: true }),
    });
    const events = await collect(sseData(res.body as ReadableStream<Uint8Array>));
    expect(events.at(-1)).toBe('[DONE]');
    const deltas = events
      .slice(0, -1)
      .map(
        (d) => (JSON.parse(d) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content,
      );
    expect(deltas.join('')).toBe('Hello');
  });

  it('starts the call (and its deadline) at the first delta asked for, not before', async () => {
    const { r } = requester();
    server.enqueue({ content: 'streamed' });
    let started = 0;
    const stream = streamCompletion(
      r,
      () => {
        started++;
        return newCall();
      },
      () => ({ ...ask }),
    );
    expect(started).toBe(0);
    expect((await collect(stream)).join('')).toBe('streamed');
    expect(started).toBe(1);
    expect(body(0).stream).toBe(true);
  });

  it('ends with the error event a server sends mid-stream', async () => {
    const { r } = requester();
    server.enqueue({
      rawBody: `data: ${JSON.stringify({ choices: [{ delta: { content: 'Hi' } }] })}\n\ndata: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`,
    });
    const seen: string[] = [];
    const err = await failure(
      (async () => {
        for await (const d of streamCompletion(
          r,
          () => newCall(),
          () => ({ ...ask }),
        ))
          seen.push(d);
      })(),
    );
    expect(seen).toEqual(['Hi']);
    expect(err.reason).toBe('unavailable');
    expect(err.message).toContain('overloaded');
    expect(server.requests).toHaveLength(1);
  });

  it('reports a stream that stays empty after the last retry as empty_answer', async () => {
    const { r, retries } = requester({ retry: { maxRetries: 1, baseDelayMs: 1 } });
    server.setFallback({ content: '' });
    const err = await failure(
      collect(
        streamCompletion(
          r,
          () => newCall(),
          () => ({ ...ask }),
        ),
      ),
    );
    expect(err.reason).toBe('empty_answer');
    expect(server.requests).toHaveLength(2);
    expect(retries.map((e) => e.reason)).toEqual(['empty_answer']);
  });
});
