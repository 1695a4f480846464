// pnpm release:remote <name> [version]   publish mf-<name>/dist as an immutable version and make it live
// pnpm release:remote <name> --list      the versions on disk, the live one marked
// pnpm release:remote --all              release every built remote (what `pnpm build` does)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '@mindpath/contracts/remotes';
import {
  cleanStaging,
  listVersions,
  parseRemoteName,
  readRemotesManifest,
  releaseRemote,
} from './lib/release.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const deployDir = resolve(process.env.DEPLOY_DIR ?? join(root, '.deploy'));
const [first, second] = process.argv.slice(2);

async function main(): Promise<void> {
  if (!first) {
    console.error('usage: pnpm release:remote <name> [version] | <name> --list | --all');
    process.exit(2);
  }
  if (first === '--all') {
    for (const name of REMOTE_NAMES) {
      const r = await releaseRemote({ root, deployDir, name });
      console.log(`${name}: ${r.version}${r.published ? ' (published)' : ''}`);
    }
    return;
  }
  const name = parseRemoteName(first);
  await cleanStaging(deployDir, name);
  if (second === '--list') {
    const live = (await readRemotesManifest(deployDir)).remotes[name]?.version;
    for (const v of await listVersions(deployDir, name)) console.log(`${v === live ? '*' : ' '} ${v}`);
    return;
  }
  const r = await releaseRemote({ root, deployDir, name, ...(second ? { version: second } : {}) });
  const what = r.published ? 'published and live' : 'live (existing version)';
  console.log(
    `${name} ${r.version}: ${what}${r.previous && r.previous !== r.version ? `, was ${r.previous}` : ''}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
