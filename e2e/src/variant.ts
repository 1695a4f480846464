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
 * node_modules linked to the original's (the same packages, so the same shared singletons), changed by
 * `change`; then its own `rspack build`.
 */
async function buildCopy(name: RemoteName, change: (copy: string) => Promise<void>): Promise<Variant> {
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
    await change(copy);
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

/** A build of `mf-<name>` in which the module behind `expose` is replaced by `source(importOfOriginal)`. */
export function buildVariant(
  name: RemoteName,
  expose: `./${string}`,
  source: (original: string) => string,
): Promise<Variant> {
  return buildCopy(name, async (copy) => {
    const file = await exposedFile(copy, expose);
    const kept = file.replace(/(\.[jt]sx?)$/, '.original$1');
    await cp(file, kept);
    await writeFile(file, source(`./${basename(kept)}`));
  });
}

/**
 * A build of `mf-<name>` that does not expose `expose`: a page dropped from the federation config after the
 * config's own check of the contract (what a team's build made some other way could ship), so only the
 * release's check stands between it and the shell.
 */
export function buildWithoutExpose(name: RemoteName, expose: `./${string}`): Promise<Variant> {
  return buildCopy(name, async (copy) => {
    const configFile = join(copy, 'rspack.config.ts');
    const config = await readFile(configFile, 'utf8');
    if (!config.includes('export default createMfConfig('))
      throw new Error(`${configFile}: not a createMfConfig`);
    await writeFile(
      configFile,
      `${config.replace('export default createMfConfig(', 'const config = createMfConfig(')}
const federation = config.plugins?.find((p) => p?.constructor.name === 'ModuleFederationPlugin') as unknown as {
  _options: { exposes: Record<string, string> };
};
delete federation._options.exposes[${JSON.stringify(expose)}];
export default config;
`,
    );
  });
}

export interface ReleaseOptions {
  /** a version on disk (a rollback), or the version to publish `dist` as */
  version?: string;
  /** the build to publish (a variant's) */
  dist?: string;
  /** live for this share of learners (percent) beside the stable version */
  canary?: number;
  /** the canary becomes the stable version */
  promote?: true;
  /** the canary is taken back (by an operator) */
  abort?: true;
  /** past the contract check's refusals */
  force?: true;
}

/**
 * `pnpm release:remote <name> …` against the e2e server's deployment (checked against the server's shell,
 * shell/dist). Returns the version acted on: the one released (for everyone, or as the canary), the one
 * promoted, or after an abort the stable one. A refused release rejects with the command's stderr.
 */
export async function releaseRemote(name: RemoteName, opts: ReleaseOptions = {}): Promise<string> {
  const args = [join(REPO_ROOT, 'scripts', 'release-remote.ts'), name];
  if (opts.version) args.push(opts.version);
  if (opts.dist) args.push('--dist', opts.dist);
  if (opts.canary !== undefined) args.push('--canary', String(opts.canary));
  if (opts.promote) args.push('--promote');
  if (opts.abort) args.push('--abort', '--reason', 'an e2e test took it back');
  if (opts.force) args.push('--force');
  args.push('--deploy-dir', E2E_DEPLOY_DIR);
  const { stdout } = await run(process.execPath, args, { cwd: REPO_ROOT }).catch(
    (err: { stderr?: string }) => {
      throw new Error(`release:remote ${name} failed: ${err.stderr ?? err}`);
    },
  );
  const version = new RegExp(`^${name} (\\S+):`).exec(stdout)?.[1];
  if (!version) throw new Error(`release:remote said: ${stdout}`);
  return version;
}

/** `pnpm release:remote <name> --abort`: the stable version for every learner again; the stable version. */
export function abortCanary(name: RemoteName): Promise<string> {
  return releaseRemote(name, { abort: true });
}

/** The canary of a remote that the e2e server's remotes.json has, if any. */
export async function liveCanary(name: RemoteName): Promise<{ version: string; share: number } | undefined> {
  const canary = (await readLiveManifest()).remotes[name]?.canary;
  return canary && { version: canary.version, share: canary.share };
}

async function readLiveManifest() {
  return RemotesManifestSchema.parse(
    JSON.parse(await readFile(join(E2E_DEPLOY_DIR, 'remotes.json'), 'utf8')),
  );
}

/** The version of a remote that the e2e server's remotes.json points at. */
export async function liveVersion(name: RemoteName): Promise<string> {
  const manifest = await readLiveManifest();
  const version = manifest.remotes[name]?.version;
  if (!version) throw new Error(`${name} is not deployed in ${dirname(E2E_DEPLOY_DIR)}`);
  return version;
}
