// One piece of synchronous work (WASM, SQLite) in a worker thread of its own, so the API's event loop keeps
// answering while it runs: the worker gets `data`, posts one message ({result} or {error}) and is ended.
import { Worker } from 'node:worker_threads';

/** What a worker started by runInWorker posts once. */
export type WorkerAnswer<T> = { result: T; error?: undefined } | { result?: undefined; error: string };

export function runInWorker<T>(script: URL, data: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(script, { workerData: data });
    worker.once('message', (answer: WorkerAnswer<T>) => {
      void worker.terminate();
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.result as T);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker ${script.pathname} exited with ${code}`)));
  });
}

/** The worker's side: answers its parent once with what `work` gives, or its error's message. */
export async function answerParent<T>(work: () => Promise<T> | T): Promise<void> {
  const { parentPort } = await import('node:worker_threads');
  let answer: WorkerAnswer<T>;
  try {
    answer = { result: await work() };
  } catch (err) {
    answer = { error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer);
}
