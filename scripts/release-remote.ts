// pnpm release:remote <name> [version]       check mf-<name>/dist against the live shell, publish it as an immutable
//                                              version and make it live
// pnpm release:remote <name> --dist <dir>     publish another build of the remote (a variant, e.g. in a test)
// pnpm release:remote <name> --canary <pct>   make it live for that share of learners beside the stable version
// pnpm release:remote <name> --promote        the canary becomes the stable version, for everyone
// pnpm release:remote <name> --abort [--reason <text>]  take the canary back: the stable version for everyone
// pnpm release:remote <name> --list           the versions on disk, oldest first, stable (*) and canary (~) marked
// pnpm release:remote --all                   release every built remote (what `pnpm build` does)
// pnpm release:remote --prune [--keep N] [name] remove old versions (of every remote, or of one): keep the live
//                                              ones and the N last made live before them (default 3), for rollback
// --force releases what the contract check refuses (recorded in releases.json); --shell-dist <dir> (or SHELL_DIST)
// is the live shell's build it checks against, default <repo>/shell/dist; --deploy-dir <dir> (or DEPLOY_DIR)
// picks the deployment, default <repo>/.deploy
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@mindpath/contracts/remotes';
import { abortCanary, promoteCanary } from '@mindpath/deploy/canary';
import { pruneRemote, versionsByAge } from '@mindpath/deploy/prune';
import {
  cleanStaging,
  parseRemoteName,
  ReleaseRefusedError,
  readRemotesManifest,
  releaseRemote,
} from '@mindpath/deploy/release';

const USAGE =
  'usage: pnpm release:remote <name> [version] [--dist <dir>] [--canary <percent>] [--force] [--shell-dist <dir>]' +
  ' | <name> --promote | <name> --abort [--reason <text>] | <name> --list | --all | --prune [--keep N] [<name>]' +
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
      canary: { type: 'string' },
      promote: { type: 'boolean' },
      abort: { type: 'boolean' },
      reason: { type: 'string' },
      force: { type: 'boolean' },
      'shell-dist': { type: 'string' },
      'deploy-dir': { type: 'string' },
    },
  });
  const deployDir = resolve(values['deploy-dir'] || process.env.DEPLOY_DIR || join(root, '.deploy'));
  const shellDist = resolve(values['shell-dist'] || process.env.SHELL_DIST || join(root, 'shell', 'dist'));
  const [first, second, ...rest] = positionals;
  const releasing = values.dist !== undefined || values.canary !== undefined || values.force;
  const modes = [values.all, values.list, values.prune, values.promote, values.abort].filter(Boolean).length;
  if (modes > 1 || (modes === 1 && releasing)) throw new Error(USAGE);
  if (values.keep !== undefined && !values.prune) throw new Error(USAGE);
  if (values.reason !== undefined && !values.abort) throw new Error(USAGE);

  if (values.prune) {
    if (second) throw new Error(USAGE);
    const keep = values.keep === undefined ? DEFAULT_KEEP : Number(values.keep);
    for (const name of first ? [parseRemoteName(first)] : REMOTE_NAMES) {
      const r = await pruneRemote({ deployDir, name, keep });
      const kept = [r.live ? `${r.live} (live)` : '', ...r.kept].filter(Boolean).join(', ') || 'nothing';
      console.log(`${name}: kept ${kept}; removed ${r.removed.length ? r.removed.join(', ') : 'nothing'}`);
    }
    return;
  }
  if (values.all) {
    if (first) throw new Error(USAGE);
    for (const name of REMOTE_NAMES) {
      const r = await releaseRemote({ root, deployDir, name, check: { shellDist } });
      console.log(`${name}: ${r.version}${r.published ? ' (published)' : ''}`);
    }
    return;
  }
  if (!first || rest.length || (modes === 1 && second)) throw new Error(USAGE);
  const name = parseRemoteName(first);
  await cleanStaging(deployDir, name);

  if (values.list) {
    const live = (await readRemotesManifest(deployDir)).remotes[name];
    const canary = live?.canary;
    for (const v of await versionsByAge(deployDir, name)) {
      if (canary && v === canary.version) console.log(`~ ${v}  canary, ${canary.share} % of learners`);
      else if (canary && v === live.version)
        console.log(`* ${v}  stable, ${100 - canary.share} % of learners`);
      else console.log(`${v === live?.version ? '*' : ' '} ${v}`);
    }
    return;
  }
  if (values.promote) {
    const r = await promoteCanary({ deployDir, name });
    console.log(`${name} ${r.version}: promoted, live for every learner, was ${r.previous}`);
    return;
  }
  if (values.abort) {
    const r = await abortCanary({
      deployDir,
      name,
      by: 'operator',
      reason: values.reason || 'aborted by an operator',
    });
    const stable = (await readRemotesManifest(deployDir)).remotes[name]?.version ?? '(none)';
    console.log(
      `${name} ${stable}: live for every learner; ${r.aborted ? `canary ${r.version} aborted` : 'no canary to abort'}`,
    );
    return;
  }

  const canary = values.canary === undefined ? undefined : Number(values.canary);
  try {
    const r = await releaseRemote({
      root,
      deployDir,
      name,
      ...(second ? { version: second } : {}),
      ...(values.dist ? { distDir: resolve(values.dist) } : {}),
      ...(canary === undefined ? {} : { canary }),
      check: { shellDist, force: values.force ?? false },
    });
    const was = r.previous && r.previous !== r.version ? `, was ${r.previous}` : '';
    const what = r.published ? 'published and live' : 'live (existing version)';
    console.log(
      canary === undefined
        ? `${name} ${r.version}: ${what}${was}`
        : `${name} ${r.version}: ${r.published ? 'published, ' : ''}live for ${canary} % of learners (canary), stable ${r.previous}`,
    );
    for (const problem of r.forced) console.log(`forced past: ${problem}`);
  } catch (err) {
    if (!(err instanceof ReleaseRefusedError)) throw err;
    for (const problem of err.problems) console.error(`refused: ${problem}`);
    console.error(`${name}: nothing was repointed (--force releases it anyway, recorded in releases.json)`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof Error && err.message === USAGE ? 2 : 1);
});
