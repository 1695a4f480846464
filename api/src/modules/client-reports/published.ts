// Only versions published in the deployment are counted: anyone may post a report, and arbitrary remote
// versions would grow the counts table (and the metrics' label sets) without bound.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The shape `pnpm release:remote` gives versions: no path separators, no dots first. */
const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/** Whether `<deployDir>/remotes/<remote>/<version>/` exists (a release put it there; a prune removes it). */
export async function isPublishedVersion(
  deployDir: string,
  remote: string,
  version: string,
): Promise<boolean> {
  if (!VERSION_RE.test(version)) return false;
  try {
    return (await stat(join(deployDir, 'remotes', remote, version))).isDirectory();
  } catch {
    return false;
  }
}
