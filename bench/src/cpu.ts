// CPU time per request next to req/s. On a machine shared with other work the throughput of a run swings
// with the load average, while the CPU a request costs (the API process, PostgreSQL's backends, the load
// generator) moves far less: it tells a real change from noise. Linux only (/proc); elsewhere it reads 0.
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in ticks of 10 ms. */
const TICK_MS = 10;

/** User plus system CPU time of a process in ms; 0 when it cannot be read. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS || 0;
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
    const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, requests));
    return {
      api: perRequest(processCpuMs(apiPid) - api0),
      db: perRequest(sum(dbPids) - db0),
      loadGenerator: perRequest((self.user + self.system) / 1000),
    };
  };
}

export const cpuTotal = (c: CpuPerRequest) => c.api + c.db + c.loadGenerator;
