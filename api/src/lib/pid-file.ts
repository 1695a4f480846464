// PGlite is single-process: a second process opening the same data directory would corrupt it. The server
// records its pid next to the data so the set-tier CLI can refuse while the server holds the database.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

export function writePidFile(dataDir: string): void {
  writeFileSync(pidFile(dataDir), String(process.pid));
}

export function removePidFile(dataDir: string): void {
  rmSync(pidFile(dataDir), { force: true });
}

/** The pid of a live server holding `dataDir`, if any (a stale file from a crash does not count). */
export function runningServerPid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive but another user's; ESRCH: gone.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  // After a crash the pid may have been reused by an unrelated process (containers restart at low pids).
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts')) return undefined;
  } catch {
    // no /proc (macOS) or no access: trust the pid
  }
  return pid;
}
