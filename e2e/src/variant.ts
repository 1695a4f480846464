// Builds and releases variants of a remote, the way a feature team ships one: change its source, build it
// alone, `pnpm release:remote` it. Used by the deploy tests against the e2e server's deployment.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { type RemoteName, RemotesManifestSchema } from '@mindpath/contracts/remotes';
import { E2E_DEPLOY_DIR, REPO_ROOT } from './env.ts';

const run = promisify(execFile);

export interface Variant {
  /** the built remote, to release with `--dist` */
  dist: string;
  dispose(): Promise<void>;
}

/** The source file behind one of a remote's exposes, as its rspack.config.ts maps it. */
async function exposedFile(remoteDir: string, expose: string): Promise<string> {
  const config = await readFile(join(remoteDir, 'rspack.config.ts'), 'utf8');
  const m = new RegExp(`'${expose.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'\\s*:\\s*'([^']+)'`).exec(config);
  if (!m?.[1]) throw new Error(`mf-${basename(remoteDir)}: no ${expose} in rspack.config.ts`);
  return join(remoteDir, m[1]);
}

/**
 * A copy of `mf-<name>` beside a link to the real `shared/` (its relative imports still resolve), with its
 * node_modules linked to the original's (the same packages, so the same shared singletons), in which the
 * module behind `expose` is replaced by `source(importOfOriginal)`; then its own `rspack build`.
 */
export async function buildVariant(
  name: RemoteName,
  expose: `./${string}`,
  source: (original: string) => string,
): Promise<Variant> {
  const root = await mkdtemp(join(tmpdir(), `mindpath-variant-${name}-`));
  try {
    const original = join(REPO_ROOT, `mf-${name}`);
    const copy = join(root, `mf-${name}`);
    await symlink(join(REPO_ROOT, 'shared'), join(root, 'shared'));
    await symlink(join(REPO_ROOT, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
    await cp(original, copy, {
      recursive: true,
      filter: (src) => !/^(node_modules|dist)$/.test(relative(original, src).split('/')[0] ?? ''),
    });
    await symlink(join(original, 'node_modules'), join(copy, 'node_modules'));

    const file = await exposedFile(copy, expose);
    const kept = file.replace(/(\.[jt]sx?)$/, '.original$1');
    await cp(file, kept);
    await writeFile(file, source(`./${basename(kept)}`));
    await run(process.execPath, [join(copy, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build'], {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { dist: join(copy, 'dist'), dispose: () => rm(root, { recursive: true, force: true }) };
  } catch (err) {
    await rm(root, { recursive: true, force: true });
    throw err;
  }
}

/** `pnpm release:remote <name> [version] [--dist <dir>]` against the e2e server's deployment; the live version. */
export async function releaseRemote(
  name: RemoteName,
  opts: { version?: string; dist?: string },
): Promise<string> {
  const args = [join(REPO_ROOT, 'scripts', 'release-remote.ts'), name];
  if (opts.version) args.push(opts.version);
  if (opts.dist) args.push('--dist', opts.dist);
  args.push('--deploy-dir', E2E_DEPLOY_DIR);
  const { stdout } = await run(process.execPath, args, { cwd: REPO_ROOT });
  const version = new RegExp(`^${name} (\\S+):`).exec(stdout)?.[1];
  if (!version) throw new Error(`release:remote said: ${stdout}`);
  return version;
}

/** The version of a remote that the e2e server's remotes.json points at. */
export async function liveVersion(name: RemoteName): Promise<string> {
  const manifest = RemotesManifestSchema.parse(
    JSON.parse(await readFile(join(E2E_DEPLOY_DIR, 'remotes.json'), 'utf8')),
  );
  const version = manifest.remotes[name]?.version;
  if (!version) throw new Error(`${name} is not deployed in ${dirname(E2E_DEPLOY_DIR)}`);
  return version;
}
