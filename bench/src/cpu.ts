// CPU time per request next to req/s. On a machine shared with other work the throughput of a run swings
// with the load average, while the CPU a request costs (the API process, PostgreSQL's backends, the load
// generator) moves far less: it tells a real change from noise. Linux only (/proc); elsewhere it reads 0.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of a process in ms, to the nanosecond: the time each of its threads has run (schedstat), summed;
 * 0 when it cannot be read. Not /proc/PID/stat's user + system: it counts in ticks of 10 ms, 2 % of a
 * half-second round of one busy core. A thread that ended takes its time with it; the API's threads (the
 * database's, libuv's, V8's) live as long as the process.
 */
export function processCpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) || 0;
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return ns / 1e6;
  } catch {
    return 0;
  }
}

export interface CpuPerRequest {
  /** µs of CPU per request in the API process */
  api: number;
  /** in the database's server processes (0 for the embedded database, which runs inside the API) */
  db: number;
  /** in this process, which generates the load */
  loadGenerator: number;
}

/** Starts counting; the returned function gives the CPU per request of `requests` made since. */
export function cpuMeter(apiPid: number, dbPids: readonly number[]) {
  const sum = (pids: readonly number[]) => pids.reduce((ms, pid) => ms + processCpuMs(pid), 0);
  const api0 = processCpuMs(apiPid);
  const db0 = sum(dbPids);
  const self0 = process.cpuUsage();
  return (requests: number): CpuPerRequest => {
    const self = process.cpuUsage(self0);
    // not rounded: at ~50 µs a request, whole µs would move a ratio in steps of 2 %
    const perRequest = (ms: number) => (ms * 1000) / Math.max(1, requests);
    return {
      api: perRequest(processCpuMs(apiPid) - api0),
      db: perRequest(sum(dbPids) - db0),
      loadGenerator: perRequest((self.user + self.system) / 1000),
    };
  };
}

export const cpuTotal = (c: CpuPerRequest) => c.api + c.db + c.loadGenerator;

/**
 * Pins a process, every thread it has, to `cpus` (taskset's list, e.g. "1" or "0-1"); false where that
 * cannot be done (no taskset, fewer CPUs). A server and its load generator on cores of their own: left to
 * the scheduler, the same requests cost 46-94 µs of CPU (43-52 pinned) as the two shared a core or not.
 */
export function pinToCpus(pid: number, cpus: string): boolean {
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}
