// The protocol server as the pipeline bench's provider, on a thread of its own: a real provider is another
// machine, and on the bench's event loop its requests waited behind the bench's own client work (receiving
// the API's answer, sending the next request), 1-3 ms a call that were charged to Mindpath.
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { startOpenAiServer } from '@mindpath/fake-openai';

export interface ProviderAnswers {
  latencyMs: number;
  /** the content answered for the JSON-schema names the API asks for */
  bySchema: Record<string, string>;
  /** for any other */
  otherwise: string;
}

export interface ProviderThread {
  url: string;
  /** the requests the provider has received so far */
  requestCount(): Promise<number>;
  close(): Promise<void>;
}

type Message = { type: 'ready'; url: string } | { type: 'count'; n: number };

export async function startProviderThread(answers: ProviderAnswers): Promise<ProviderThread> {
  const worker = new Worker(new URL(import.meta.url), { workerData: answers });
  // rejects when the thread fails
  const next = async () => (await once(worker, 'message'))[0] as Message;
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the provider thread did not start');
  return {
    url: ready.url,
    async requestCount() {
      const answer = next();
      worker.postMessage('count');
      const got = await answer;
      return got.type === 'count' ? got.n : 0;
    },
    close: () => worker.terminate().then(() => undefined),
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const { latencyMs, bySchema, otherwise } = workerData as ProviderAnswers;
  const server = await startOpenAiServer();
  // the API asks for JSON-schema structured output named after the prompt
  server.setFallback((req) => ({
    latencyMs,
    content: bySchema[String(req.body?.response_format?.json_schema?.name)] ?? otherwise,
  }));
  port.on('message', () => port.postMessage({ type: 'count', n: server.requests.length } satisfies Message));
  port.postMessage({ type: 'ready', url: server.url } satisfies Message);
}
