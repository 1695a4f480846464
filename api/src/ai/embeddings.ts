// Embeddings from an OpenAI-compatible server (POST {AI_BASE_URL}/embeddings, AI_EMBEDDING_MODEL): texts in
// batches, each batch one call with its own deadline and the chat calls' retries and backoff
// (openai-request.ts). The answer is checked before use: one vector per text, in the texts' order (by
// `index`), all of one dimension, every number finite.
import { z } from 'zod';
import { AI_TIMEOUTS } from './constants.ts';
import { AiError } from './errors.ts';
import { createRequester, type RequestOptions, startCall } from './openai-request.ts';
import type { CallMeta } from './types.ts';

/** Texts per request: far below providers' limits (OpenAI: 2048 inputs), few enough to retry cheaply. */
export const EMBEDDING_BATCH = 64;
/** Characters of one text sent at most (a passage is ~250 words; providers refuse inputs over ~8k tokens). */
export const EMBEDDING_TEXT_CHARS = 8_000;

const EmbeddingsAnswerSchema = z.object({
  data: z.array(
    z.object({
      index: z.number().int().min(0),
      embedding: z.array(z.number().refine(Number.isFinite, 'not a finite number')).min(1),
    }),
  ),
});

export interface EmbeddingsClientOptions extends Omit<RequestOptions, 'endpoint'> {
  model: string;
  /** texts per request (default EMBEDDING_BATCH) */
  batchSize?: number;
  /** one batch's budget in ms, every attempt included (default AI_TIMEOUTS.embeddings) */
  timeoutMs?: number;
}

export interface EmbeddingsClient {
  readonly model: string;
  /** One vector per text, in order; an AiError when the server fails or answers something unusable. */
  embed(texts: readonly string[], options?: { signal?: AbortSignal | undefined }): Promise<number[][]>;
}

/** `https://host/v1` → `https://host/v1/embeddings` (a chat completions URL given as the base loses its path). */
export function embeddingsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '').replace(/\/chat\/completions$/, '')}/embeddings`;
}

/** The batch's vectors in the texts' order, or why the answer cannot be used. */
function vectorsOf(json: unknown, count: number): number[][] | string {
  const parsed = EmbeddingsAnswerSchema.safeParse(json);
  if (!parsed.success) return `the answer is not embeddings: ${z.prettifyError(parsed.error).slice(0, 300)}`;
  const { data } = parsed.data;
  if (data.length !== count) return `${data.length} embeddings for ${count} texts`;
  const vectors: number[][] = new Array(count);
  for (const item of data) {
    if (item.index >= count || vectors[item.index]) return `embedding index ${item.index} out of place`;
    vectors[item.index] = item.embedding;
  }
  const dimensions = vectors[0]!.length;
  if (vectors.some((v) => v.length !== dimensions)) return 'embeddings of different dimensions';
  return vectors;
}

export function createEmbeddingsClient(options: EmbeddingsClientOptions): EmbeddingsClient {
  const requester = createRequester({ ...options, endpoint: embeddingsUrl(options.baseUrl) });
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? EMBEDDING_BATCH));
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUTS.embeddings;

  async function embedBatch(texts: string[], signal: AbortSignal | undefined): Promise<number[][]> {
    // what a call records of itself (requests made: an error's attempts)
    const meta: CallMeta = {
      source: 'model',
      provider: 'openai',
      model: options.model,
      promptId: undefined,
      promptVersion: undefined,
      requests: 0,
      reasked: false,
      repaired: false,
      mode: 'prompt',
      durationMs: 0,
      usage: undefined,
    };
    const call = startCall('embeddings', timeoutMs, signal, meta);
    try {
      return await requester.exchange(call, { model: options.model, input: texts }, async (res) => {
        let json: unknown;
        try {
          json = await res.json();
        } catch (e) {
          if (call.signal.aborted) throw requester.toAiError(call, e);
          // a body cut short is worth another request, as an empty completion is
          return new AiError('unavailable', 'the provider answered with a body that is not JSON', {
            status: res.status,
            task: 'embeddings',
          });
        }
        const vectors = vectorsOf(json, texts.length);
        // a server answering the wrong shape answers it again: final
        if (typeof vectors === 'string') throw new AiError('invalid_output', vectors, { task: 'embeddings' });
        return vectors;
      });
    } catch (e) {
      throw requester.toAiError(call, e);
    }
  }

  return {
    model: options.model,
    async embed(texts, { signal } = {}) {
      const inputs = texts.map((t) => t.slice(0, EMBEDDING_TEXT_CHARS));
      const out: number[][] = [];
      for (let i = 0; i < inputs.length; i += batchSize) {
        out.push(...(await embedBatch(inputs.slice(i, i + batchSize), signal)));
      }
      if (out.length > 0 && out.some((v) => v.length !== out[0]!.length)) {
        throw new AiError('invalid_output', 'embeddings of different dimensions across batches', {
          task: 'embeddings',
        });
      }
      return out;
    },
  };
}
