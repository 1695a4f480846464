import { describe, expect, it } from 'vitest';
import { runInWorker } from './worker-once.ts';

const script = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);
const WORKER = "import { parentPort, workerData } from 'node:worker_threads';";

describe('runInWorker', () => {
  it('answers what the worker posts, given its data', async () => {
    const doubled = await runInWorker<number[]>(
      script(`${WORKER} parentPort.postMessage({ result: workerData.map((n) => n * 2) });`),
      [1, 2, 3],
    );
    expect(doubled).toEqual([2, 4, 6]);
  });

  it("rejects with the worker's error, or when it exits without answering", async () => {
    await expect(
      runInWorker(script(`${WORKER} parentPort.postMessage({ error: 'no cards' });`), null),
    ).rejects.toThrow('no cards');
    await expect(runInWorker(script('process.exit(3);'), null)).rejects.toThrow(/exited with 3/);
    await expect(runInWorker(script("throw new Error('broken');"), null)).rejects.toThrow('broken');
  });
});
