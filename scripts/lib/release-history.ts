import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@mindpath/contracts/remotes';

/**
 * `<deployDir>/releases.json`: for each remote, its versions in the order they were last made live, oldest
 * first. Content-hash versions say nothing about age, and pruning keeps the last ones made live (the
 * rollback targets). It lives beside remotes.json, outside remotes/, so the server does not serve it.
 */
export type ReleaseHistory = Partial<Record<RemoteName, string[]>>;

const historyFile = (deployDir: string) => join(deployDir, 'releases.json');

export async function readReleaseHistory(deployDir: string): Promise<ReleaseHistory> {
  let text: string;
  try {
    text = await readFile(historyFile(deployDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const history: unknown = JSON.parse(text);
  const valid =
    typeof history === 'object' &&
    history !== null &&
    Object.values(history).every((list) => Array.isArray(list) && list.every((v) => typeof v === 'string'));
  if (!valid) throw new Error(`${historyFile(deployDir)}: expected { "<remote>": ["<version>", …] }`);
  return history as ReleaseHistory;
}

/** Rewrites one remote's history with `change`. Call it under the deployment's lock (release.ts). */
export async function updateReleaseHistory(
  deployDir: string,
  name: RemoteName,
  change: (versions: string[]) => string[],
): Promise<void> {
  const history = await readReleaseHistory(deployDir);
  history[name] = change(history[name] ?? []);
  const tmp = `${historyFile(deployDir)}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(history, null, 2)}\n`);
  await rename(tmp, historyFile(deployDir));
}
