// The runner's Worker code in a Node thread, for the client's tests: the same worker-host and cores as the
// browser's Workers, with the files from the installed packages.
import { parentPort, workerData } from 'node:worker_threads';
import { loadJsRuntime } from '../js-runtime.ts';
import type { RunnerReply, RunnerRequest } from '../protocol.ts';
import { serveRuntime } from '../worker-host.ts';

if (!parentPort) throw new Error('node-worker.ts runs as a worker thread');
const port = parentPort;
const runtime = (workerData as { runtime: string }).runtime;
if (runtime !== 'js') throw new Error(`node-worker.ts serves js in tests, not ${runtime}`);

serveRuntime(
  {
    postMessage: (message: RunnerReply) => port.postMessage(message),
    addEventListener: (_type, listener) =>
      port.on('message', (data: RunnerRequest) => listener({ data } as MessageEvent<RunnerRequest>)),
  },
  loadJsRuntime,
);
