// The Worker side of the protocol: one request at a time, each answered with its id.
import type { RunnerReply, RunnerRequest, RunOutcome, TestOutcome } from './protocol.ts';

export type RunRequest = Extract<RunnerRequest, { type: 'run' }>;
export type CheckRequest = Extract<RunnerRequest, { type: 'check' }>;

export interface WorkerRuntime {
  /** `started()` is called once everything is ready and the learner's code starts (its time limit starts) */
  run(request: RunRequest, started: () => void): Promise<RunOutcome> | RunOutcome;
  check(request: CheckRequest, started: () => void): Promise<TestOutcome> | TestOutcome;
  reset(setup: string | null): Promise<void> | void;
}

interface Port {
  postMessage(message: RunnerReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RunnerRequest>) => void): void;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Answers the client's requests on `port` (the Worker's global scope) with the runtime `load` makes once. */
export function serveRuntime(port: Port, load: () => Promise<WorkerRuntime>): void {
  let runtime: Promise<WorkerRuntime> | null = null;
  let queue: Promise<void> = Promise.resolve();
  const handle = async (request: RunnerRequest): Promise<RunnerReply> => {
    runtime ??= load();
    const rt = await runtime;
    const started = () => port.postMessage({ id: request.id, type: 'started' });
    switch (request.type) {
      case 'load':
        return { id: request.id, type: 'loaded' };
      case 'run':
        return { id: request.id, type: 'ran', outcome: await rt.run(request, started) };
      case 'check':
        return {
          id: request.id,
          type: 'checked',
          outcome: await rt.check(request, started),
        };
      case 'reset':
        await rt.reset(request.setup);
        return { id: request.id, type: 'reset' };
    }
  };
  port.addEventListener('message', (event) => {
    const request = event.data;
    queue = queue.then(async () => {
      try {
        port.postMessage(await handle(request));
      } catch (e) {
        if (request.type === 'load') runtime = null;
        port.postMessage({ id: request.id, type: 'failed', error: messageOf(e) });
      }
    });
  });
}
