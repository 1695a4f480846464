// The multi-instance setup's processes as the tests see them, through its control port
// (scripts/lib/multi-control.ts): which API instance holds a request, a process killed as a crash would, one
// started again.
import { expect } from '@playwright/test';
import type { ProcessInfo } from '../../scripts/lib/multi-control.ts';
import { E2E_MULTI_CONTROL_PORT } from './env.ts';

const control = `http://127.0.0.1:${E2E_MULTI_CONTROL_PORT}`;

export async function processes(): Promise<ProcessInfo[]> {
  return (await fetch(`${control}/processes`)).json() as Promise<ProcessInfo[]>;
}

export async function startProcess(name: string): Promise<ProcessInfo> {
  const res = await fetch(`${control}/processes/${name}`, { method: 'POST' });
  if (!res.ok) throw new Error(`start ${name}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<ProcessInfo>;
}

/** SIGKILL: the process gets no chance to hand its work back (its open streams are cut, its job stays taken). */
export async function kill(target: ProcessInfo): Promise<void> {
  process.kill(target.pid!, 'SIGKILL');
  await expect.poll(async () => (await processes()).find((p) => p.name === target.name)?.alive).toBe(false);
}

/** The live API instance that holds a request to `path` (the proxy's view), once one does. */
export async function holderOf(path: string): Promise<ProcessInfo> {
  let holder: ProcessInfo | undefined;
  await expect
    .poll(async () => {
      holder = (await processes()).find((p) => p.alive && p.requests.some((r) => r.url.startsWith(path)));
      return holder?.name;
    })
    .toBeDefined();
  return holder!;
}

export const liveWorkers = async () =>
  (await processes()).filter((p) => p.alive && p.name.startsWith('worker-'));

/** Every API instance running and a worker: a test begins with the whole setup, whatever the last one left. */
export async function allUp(): Promise<void> {
  const all = await processes();
  for (const p of all) if (!p.alive && p.port !== undefined) await startProcess(p.name);
  if ((await liveWorkers()).length === 0) await startProcess(nextWorkerName(all));
}

/** A worker name not used yet in this run. */
export const nextWorkerName = (all: ProcessInfo[]) =>
  `worker-${all.filter((p) => p.name.startsWith('worker-')).length + 1}`;
