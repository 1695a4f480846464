import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@mindpath/contracts/remotes';

/**
 * `<deployDir>/releases.json`: for each remote, its versions in the order they were last made live, oldest
 * first (content-hash versions say nothing about age, and pruning keeps the last ones made live: the
 * rollback targets), and the log of every release, canary, promotion, abort and automatic rollback with
 * why. It lives beside remotes.json, outside remotes/, so the server does not serve it.
 */
export const RELEASE_ACTIONS = ['release', 'canary', 'promote', 'abort', 'rollback'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export interface ReleaseLogEntry {
  at: string;
  remote: RemoteName;
  /** rollback: the server took a canary back on its own; abort: an operator did */
  action: ReleaseAction;
  version: string;
  /** a canary's share of learners, in percent */
  share?: number;
  /** the contract check's refusals that --force overrode */
  forced?: string[];
  reason?: string;
}

export interface ReleaseHistory {
  versions: Partial<Record<RemoteName, string[]>>;
  log: ReleaseLogEntry[];
}

const historyFile = (deployDir: string) => join(deployDir, 'releases.json');

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isLogEntry(v: unknown): v is ReleaseLogEntry {
  return (
    isRecord(v) &&
    typeof v.at === 'string' &&
    (REMOTE_NAMES as string[]).includes(v.remote as string) &&
    (RELEASE_ACTIONS as readonly string[]).includes(v.action as string) &&
    typeof v.version === 'string' &&
    (v.share === undefined || typeof v.share === 'number') &&
    (v.forced === undefined || isStringList(v.forced)) &&
    (v.reason === undefined || typeof v.reason === 'string')
  );
}

/**
 * Reads releases.json; the first format (`{ "<remote>": [versions] }`, before the log) is read as the
 * versions with an empty log, and written in the new one at the next change.
 */
export async function readReleaseHistory(deployDir: string): Promise<ReleaseHistory> {
  let text: string;
  try {
    text = await readFile(historyFile(deployDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { versions: {}, log: [] };
    throw err;
  }
  const data: unknown = JSON.parse(text);
  if (isRecord(data) && isRecord(data.versions) && Array.isArray(data.log)) {
    if (Object.values(data.versions).every(isStringList) && data.log.every(isLogEntry))
      return data as unknown as ReleaseHistory;
  } else if (isRecord(data) && Object.values(data).every(isStringList)) {
    return { versions: data as ReleaseHistory['versions'], log: [] };
  }
  throw new Error(
    `${historyFile(deployDir)}: expected { "versions": { "<remote>": ["<version>", …] }, "log": [ … ] }`,
  );
}

/**
 * Rewrites one remote's version order with `change` and appends `entry` (if any) to the log, atomically.
 * Call it under the deployment's lock (release.ts withLock).
 */
export async function updateReleaseHistory(
  deployDir: string,
  name: RemoteName,
  change: (versions: string[]) => string[],
  entry?: Omit<ReleaseLogEntry, 'at' | 'remote'>,
): Promise<void> {
  const history = await readReleaseHistory(deployDir);
  history.versions[name] = change(history.versions[name] ?? []);
  if (entry) history.log.push({ at: new Date().toISOString(), remote: name, ...entry });
  const tmp = `${historyFile(deployDir)}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(history, null, 2)}\n`);
  await rename(tmp, historyFile(deployDir));
}
