// The bench's CPU readings: a process's CPU time to well under /proc's 10 ms ticks, and a process pinned, every
// thread of it, to the cores named.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { pinToCpus, processCpuMs } from './cpu.ts';

/** Burns `ms` of this thread's CPU (not of wall time: a busy machine may take the core away meanwhile). */
function spin(ms: number) {
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  const until = cpuMs() + ms;
  while (cpuMs() < until);
}

const allowed = (pid: number, tid: string) =>
  /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8'))?.[1];

let child: ReturnType<typeof spawn> | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

describe('cpu', () => {
  it("reads a process's CPU time finer than the kernel's 10 ms ticks", () => {
    const before = processCpuMs(process.pid);
    spin(30);
    const spent = processCpuMs(process.pid) - before;
    expect(spent).toBeGreaterThanOrEqual(25);
    // some reading that is not a whole tick: ticks would give multiples of 10 only
    const readings = Array.from({ length: 5 }, () => {
      spin(3);
      return processCpuMs(process.pid);
    });
    expect(readings.some((ms) => Math.abs(ms / 10 - Math.round(ms / 10)) > 0.01)).toBe(true);
  });

  it('reads 0 for a process that is gone', () => {
    expect(processCpuMs(2 ** 22 + 1)).toBe(0);
  });

  it('pins every thread of a process to the cores named', async () => {
    // a Node child: several threads (V8's, libuv's) from the start
    child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const pid = child.pid as number;
    // until Node has started its threads
    for (let waited = 0; readdirSync(`/proc/${pid}/task`).length < 2 && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pinToCpus(pid, '0')).toBe(true);
    const threads = readdirSync(`/proc/${pid}/task`);
    expect(threads.length).toBeGreaterThan(1);
    for (const tid of threads) expect(allowed(pid, tid)).toBe('0');
    const all = cpus().length > 1 ? `0-${cpus().length - 1}` : '0';
    expect(pinToCpus(pid, all)).toBe(true);
    expect(allowed(pid, String(pid))).toBe(all);
  });

  it('answers false for cores the machine does not have', () => {
    expect(pinToCpus(process.pid, String(cpus().length + 63))).toBe(false);
  });
});
