// pnpm release:remote <name> [version]       publish mf-<name>/dist as an immutable version and make it live
// pnpm release:remote <name> --dist <dir>     publish another build of the remote (a variant, e.g. in a test)
// pnpm release:remote <name> --list           the versions on disk, the live one marked
// pnpm release:remote --all                   release every built remote (what `pnpm build` does)
// --deploy-dir <dir> (or DEPLOY_DIR) picks the deployment; default <repo>/.deploy
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@mindpath/contracts/remotes';
import {
  cleanStaging,
  listVersions,
  parseRemoteName,
  readRemotesManifest,
  releaseRemote,
} from './lib/release.ts';

const USAGE =
  'usage: pnpm release:remote <name> [version] [--dist <dir>] | <name> --list | --all  [--deploy-dir <dir>]';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      all: { type: 'boolean' },
      list: { type: 'boolean' },
      dist: { type: 'string' },
      'deploy-dir': { type: 'string' },
    },
  });
  const deployDir = resolve(values['deploy-dir'] || process.env.DEPLOY_DIR || join(root, '.deploy'));
  const [first, second, ...rest] = positionals;
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
    for (const v of await listVersions(deployDir, name)) console.log(`${v === live ? '*' : ' '} ${v}`);
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
