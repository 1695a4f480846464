// pnpm release:remote <name> [version]       publish mf-<name>/dist as an immutable version and make it live
// pnpm release:remote <name> --dist <dir>     publish another build of the remote (a variant, e.g. in a test)
// pnpm release:remote <name> --list           the versions on disk, oldest first, the live one marked
// pnpm release:remote --all                   release every built remote (what `pnpm build` does)
// pnpm release:remote --prune [--keep N] [name] remove old versions (of every remote, or of one): keep the live
//                                              one and the N last made live before it (default 3), for rollback
// --deploy-dir <dir> (or DEPLOY_DIR) picks the deployment; default <repo>/.deploy
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@mindpath/contracts/remotes';
import { pruneRemote, versionsByAge } from '@mindpath/deploy/prune';
import { cleanStaging, parseRemoteName, readRemotesManifest, releaseRemote } from '@mindpath/deploy/release';

const USAGE =
  'usage: pnpm release:remote <name> [version] [--dist <dir>] | <name> --list | --all | --prune [--keep N] [<name>]' +
  '  [--deploy-dir <dir>]';
const DEFAULT_KEEP = 3;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      all: { type: 'boolean' },
      list: { type: 'boolean' },
      dist: { type: 'string' },
      prune: { type: 'boolean' },
      keep: { type: 'string' },
      'deploy-dir': { type: 'string' },
    },
  });
  const deployDir = resolve(values['deploy-dir'] || process.env.DEPLOY_DIR || join(root, '.deploy'));
  const [first, second, ...rest] = positionals;
  if (values.keep !== undefined && !values.prune) throw new Error(USAGE);
  if (values.prune) {
    if (second || values.all || values.list || values.dist) throw new Error(USAGE);
    const keep = values.keep === undefined ? DEFAULT_KEEP : Number(values.keep);
    for (const name of first ? [parseRemoteName(first)] : REMOTE_NAMES) {
      const r = await pruneRemote({ deployDir, name, keep });
      const kept = [r.live ? `${r.live} (live)` : '', ...r.kept].filter(Boolean).join(', ') || 'nothing';
      console.log(`${name}: kept ${kept}; removed ${r.removed.length ? r.removed.join(', ') : 'nothing'}`);
    }
    return;
  }
  if (values.all) {
    if (first || values.list || values.dist) throw new Error(USAGE);
    for (const name of REMOTE_NAMES) {
      const r = await releaseRemote({ root, deployDir, name });
      console.log(`${name}: ${r.version}${r.published ? ' (published)' : ''}`);
    }
    return;
  }
  if (!first || rest.length || (values.list && (second || values.dist))) throw new Error(USAGE);
  const name = parseRemoteName(first);
  await cleanStaging(deployDir, name);
  if (values.list) {
    const live = (await readRemotesManifest(deployDir)).remotes[name]?.version;
    for (const v of await versionsByAge(deployDir, name)) console.log(`${v === live ? '*' : ' '} ${v}`);
    return;
  }
  const r = await releaseRemote({
    root,
    deployDir,
    name,
    ...(second ? { version: second } : {}),
    ...(values.dist ? { distDir: resolve(values.dist) } : {}),
  });
  const what = r.published ? 'published and live' : 'live (existing version)';
  console.log(
    `${name} ${r.version}: ${what}${r.previous && r.previous !== r.version ? `, was ${r.previous}` : ''}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof Error && err.message === USAGE ? 2 : 1);
});
