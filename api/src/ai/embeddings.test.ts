// The embeddings client against a real OpenAI-compatible server (@mindpath/fake-openai): batches in order,
// the chat calls' retries, and an answer that is not one vector per text refused as a typed AiError.
import { fakeEmbedding, type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddingsClient, type EmbeddingsClientOptions, embeddingsUrl } from './embeddings.ts';
import { AiError } from './errors.ts';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const client = (extra: Partial<EmbeddingsClientOptions> = {}) =>
  createEmbeddingsClient({
    baseUrl: server.url,
    apiKey: 'sk-test',
    model: 'test-embedding',
    retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 1_000 },
    random: () => 0.5,
    timeoutMs: 5_000,
    ...extra,
  });

async function failure(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(AiError);
    return e as AiError;
  }
  throw new Error('expected an AiError');
}

const answer = (data: { index: number; embedding: number[] }[]) => ({
  rawBody: JSON.stringify({ object: 'list', data, model: 'test-embedding' }),
});

describe('embeddings client', () => {
  it('posts {model, input} to {base}/embeddings with the key, in batches, vectors in the texts’ order', async () => {
    const texts = Array.from({ length: 5 }, (_, i) => `text number ${i} about topic ${i * 7}`);
    const vectors = await client({ batchSize: 2 }).embed(texts);
    expect(vectors).toEqual(texts.map((t) => fakeEmbedding(t)));
    expect(server.requests.map((r) => r.path)).toEqual(Array(3).fill('/v1/embeddings'));
    expect(server.requests.map((r) => r.body.input)).toEqual([
      texts.slice(0, 2),
      texts.slice(2, 4),
      [texts[4]],
    ]);
    expect(server.requests[0]!.body.model).toBe('test-embedding');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('asks nothing for no texts', async () => {
    expect(await client().embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('orders the vectors by their index, whatever order the answer lists them in', async () => {
    server.enqueueEmbeddings(
      answer([
        { index: 1, embedding: [0, 1] },
        { index: 0, embedding: [1, 0] },
      ]),
    );
    expect(await client().embed(['a', 'b'])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('retries what is transient (429, 5xx, a body cut short) and then answers', async () => {
    server.enqueueEmbeddings(
      { status: 429, error: 'slow down', headers: { 'retry-after-ms': '5' } },
      { rawBody: '{"data": [' },
    );
    expect(await client().embed(['one text'])).toEqual([fakeEmbedding('one text')]);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on a final 4xx at once, with the provider’s reason', async () => {
    server.enqueueEmbeddings({ status: 404, error: 'model not found' });
    const e = await failure(client().embed(['x']));
    expect(e.reason).toBe('not_found');
    expect(e.message).toContain('model not found');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses an answer that is not one vector per text, without asking again', async () => {
    const bad = [
      { rawBody: JSON.stringify({ data: [{ index: 0, embedding: 'nope' }] }) },
      answer([{ index: 0, embedding: [1, 2] }]),
      answer([
        { index: 0, embedding: [1, 2] },
        { index: 0, embedding: [3, 4] },
      ]),
      answer([
        { index: 0, embedding: [1, 2] },
        { index: 1, embedding: [3, 4, 5] },
      ]),
      answer([
        { index: 0, embedding: [] },
        { index: 1, embedding: [] },
      ]),
    ];
    for (const step of bad) {
      server.reset();
      server.enqueueEmbeddings(step);
      const e = await failure(client().embed(['a', 'b']));
      expect(e.reason).toBe('invalid_output');
      expect(e.task).toBe('embeddings');
      expect(server.requests).toHaveLength(1);
    }
  });

  it('refuses batches of different dimensions', async () => {
    server.enqueueEmbeddings(
      answer([{ index: 0, embedding: [1, 0] }]),
      answer([{ index: 0, embedding: [1, 0, 0] }]),
    );
    const e = await failure(client({ batchSize: 1 }).embed(['a', 'b']));
    expect(e.reason).toBe('invalid_output');
  });

  it('ends at its deadline, and when the caller cancels', async () => {
    server.enqueueEmbeddings({ hang: true });
    expect((await failure(client({ timeoutMs: 200 }).embed(['a']))).reason).toBe('timeout');
    server.enqueueEmbeddings({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect((await failure(client().embed(['a'], { signal: controller.signal }))).reason).toBe('aborted');
  });

  it('finds the endpoint beside the chat completions one', () => {
    expect(embeddingsUrl('http://h/v1')).toBe('http://h/v1/embeddings');
    expect(embeddingsUrl('http://h/v1/')).toBe('http://h/v1/embeddings');
    expect(embeddingsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/embeddings');
  });
});

describe('the test server’s embeddings', () => {
  const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

  it('puts words of one meaning close and unrelated texts apart', () => {
    const doctor = fakeEmbedding('When should I see a doctor?');
    expect(cosine(doctor, fakeEmbedding('A physician examines patients'))).toBeGreaterThan(0.3);
    expect(cosine(doctor, fakeEmbedding('Tables hold rows and columns'))).toBeLessThan(0.1);
    expect(Math.hypot(...doctor)).toBeCloseTo(1, 10);
  });
});
