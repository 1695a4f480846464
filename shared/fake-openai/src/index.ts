// A real HTTP server speaking the OpenAI Chat Completions protocol (JSON answers and SSE streaming), scripted
// per test: each request takes the next queued step (or the fallback). Steps can be slow, malformed,
// truncated, fail with any status and headers, or hang until the client gives up. POST /v1/embeddings
// answers deterministic embeddings (embeddings.ts) unless a step queued for it says otherwise.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddingsJson } from './embeddings.ts';

export { embeddingsJson, FAKE_EMBEDDING_DIMENSIONS, fakeEmbedding } from './embeddings.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: a request body as the client sent it
  body: any;
}

export interface Step {
  /** HTTP status (default 200) */
  status?: number;
  headers?: Record<string, string>;
  /** wait before answering */
  latencyMs?: number;
  /** never answer: the client's timeout (or the server's close) ends the request */
  hang?: boolean;
  /** the assistant's content on a 2xx answer; null for a message without content */
  content?: string | null;
  /** streaming: the deltas to send (default: the content in pieces of 7 characters) */
  chunks?: string[];
  /** streaming: wait between deltas */
  chunkDelayMs?: number;
  /** streaming: after this many deltas, stop sending and keep the connection open */
  hangAfterChunks?: number;
  /** streaming: after this many deltas, destroy the connection */
  dropAfterChunks?: number;
  /** streaming: after this many deltas, wait until `until` settles, then send the rest */
  holdAfterChunks?: { chunks: number; until: Promise<unknown> };
  finishReason?: string;
  /** the error message of a non-2xx answer, sent as {error:{message,type}} */
  error?: string;
  /** an exact body instead of a generated one */
  rawBody?: string;
  /** streaming: an exact body written in these pieces, chunkDelayMs apart (so each arrives on its own) */
  rawChunks?: string[];
  /** audio/speech: the audio bytes answered (audio/mpeg) */
  audio?: Buffer;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export type Script = Step | ((req: RecordedRequest, index: number) => Step);

export interface OpenAiTestServer {
  /** base URL to use as AI_BASE_URL, ending in /v1 */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** queue steps for the next requests, in order */
  enqueue(...steps: Script[]): void;
  /** what requests get once the queue is empty (default: 500 'no step scripted') */
  setFallback(step: Script): void;
  /**
   * queue steps for the next /v1/embeddings requests, apart from the chat queue; a 2xx step without rawBody
   * answers the deterministic embeddings, as every request does once this queue is empty
   */
  enqueueEmbeddings(...steps: Script[]): void;
  /** forget requests and queued steps */
  reset(): void;
  close(): Promise<void>;
}

const completionJson = (model: string, step: Step) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_700_000_000,
  model,
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: step.content ?? null },
      finish_reason: step.finishReason ?? 'stop',
    },
  ],
  usage: step.usage ?? { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
});

const chunkJson = (model: string, delta: Record<string, unknown>, finish: string | null) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model,
  choices: [{ index: 0, delta, finish_reason: finish }],
});

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startOpenAiServer(): Promise<OpenAiTestServer> {
  const requests: RecordedRequest[] = [];
  let queue: Script[] = [];
  let embeddingsQueue: Script[] = [];
  let fallback: Script = { status: 500, error: 'no step scripted for this request' };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {}
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
    };
    requests.push(recorded);
    // chat completions; images generations and audio speech answer the scripted rawBody/audio (or error)
    const embeddings = req.url?.endsWith('/v1/embeddings') === true;
    const routed =
      embeddings ||
      req.url?.endsWith('/v1/chat/completions') ||
      req.url?.endsWith('/v1/images/generations') ||
      req.url?.endsWith('/v1/audio/speech');
    if (req.method !== 'POST' || !routed) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `no route ${req.method} ${req.url}`, type: 'invalid_request_error' },
        }),
      );
      return;
    }
    const script = embeddings ? (embeddingsQueue.shift() ?? {}) : (queue.shift() ?? fallback);
    const step = typeof script === 'function' ? script(recorded, requests.length - 1) : script;
    if (step.latencyMs) await delay(step.latencyMs);
    if (step.hang) return; // the socket stays open until the client aborts or close() destroys it
    const status = step.status ?? 200;
    const model = (recorded.body as { model?: string } | undefined)?.model ?? 'test-model';
    if (status < 200 || status >= 300) {
      res.writeHead(status, { 'content-type': 'application/json', ...step.headers });
      res.end(
        step.rawBody ??
          JSON.stringify({ error: { message: step.error ?? `status ${status}`, type: 'test_error' } }),
      );
      return;
    }
    if (step.audio) {
      res.writeHead(status, { 'content-type': 'audio/mpeg', ...step.headers });
      res.end(step.audio);
      return;
    }
    if (embeddings) {
      res.writeHead(status, { 'content-type': 'application/json', ...step.headers });
      res.end(step.rawBody ?? JSON.stringify(embeddingsJson(recorded.body)));
      return;
    }
    const stream = (recorded.body as { stream?: boolean } | undefined)?.stream === true;
    if (!stream) {
      res.writeHead(status, { 'content-type': 'application/json', ...step.headers });
      res.end(step.rawBody ?? JSON.stringify(completionJson(model, step)));
      return;
    }
    res.writeHead(status, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...step.headers,
    });
    if (step.rawBody !== undefined) {
      res.end(step.rawBody);
      return;
    }
    if (step.rawChunks) {
      for (const piece of step.rawChunks) {
        if (step.chunkDelayMs) await delay(step.chunkDelayMs);
        res.write(piece);
      }
      res.end();
      return;
    }
    const content = step.content ?? '';
    const deltas = step.chunks ?? content.match(/[\s\S]{1,7}/g) ?? [];
    res.write(`data: ${JSON.stringify(chunkJson(model, { role: 'assistant', content: '' }, null))}\n\n`);
    for (let i = 0; i < deltas.length; i++) {
      if (step.hangAfterChunks === i) return;
      if (step.dropAfterChunks === i) {
        // let what was written reach the client first, then cut the connection
        await delay(30);
        res.socket?.destroy();
        return;
      }
      if (step.holdAfterChunks?.chunks === i) await step.holdAfterChunks.until;
      if (step.chunkDelayMs) await delay(step.chunkDelayMs);
      // an SSE comment now and then, as real servers send keep-alives
      if (i % 5 === 4) res.write(': keep-alive\n\n');
      res.write(`data: ${JSON.stringify(chunkJson(model, { content: deltas[i] }, null))}\n\n`);
    }
    res.write(`data: ${JSON.stringify(chunkJson(model, {}, step.finishReason ?? 'stop'))}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...steps) => {
      queue.push(...steps);
    },
    setFallback: (step) => {
      fallback = step;
    },
    enqueueEmbeddings: (...steps) => {
      embeddingsQueue.push(...steps);
    },
    reset: () => {
      requests.length = 0;
      queue = [];
      embeddingsQueue = [];
      fallback = { status: 500, error: 'no step scripted for this request' };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
