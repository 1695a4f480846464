import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CANARY_SHARE_MAX, CANARY_SHARE_MIN } from '@mindpath/contracts/canary-constants';
import {
  REMOTE_NAMES,
  type RemoteName,
  type RemotesManifest,
  RemotesManifestSchema,
} from '@mindpath/contracts/remotes';
import { lock } from 'proper-lockfile';
import { checkRelease, type FederationManifest, parseFederationManifest } from './contract-check.ts';
import { updateReleaseHistory } from './release-history.ts';

/**
 * Independent deployment of one remote (DESIGN.md §3): a built `mf-<name>/dist` becomes an immutable
 * version under `<deployDir>/remotes/<name>/<version>/`, and `<deployDir>/remotes.json` is repointed by an
 * atomic rename. The server reads both on every request, so nothing else is rebuilt or restarted.
 */
export interface ReleaseOptions {
  root: string;
  deployDir: string;
  name: RemoteName;
  /** omitted: `<package version>-<content hash>` of the build */
  version?: string;
  /** the build to publish; omitted: `<root>/mf-<name>/dist` (a variant build elsewhere, e.g. in a test) */
  distDir?: string;
  /** make it live for this share of learners (percent) beside the stable version, instead of for everyone */
  canary?: number;
  /**
   * check the build against the live shell (contract-check.ts) before it goes live; refused: a
   * ReleaseRefusedError and nothing changes, unless `force` (then the refusals are logged as `forced`)
   */
  check?: { shellDist: string; force?: boolean };
}

/** A release the contract check refused: `problems` says why, one line each. */
export class ReleaseRefusedError extends Error {
  readonly remote: RemoteName;
  readonly problems: string[];
  constructor(remote: RemoteName, problems: string[]) {
    super(`${remote}: release refused\n${problems.join('\n')}`);
    this.remote = remote;
    this.problems = problems;
  }
}

async function readManifestFile(file: string, what: string): Promise<FederationManifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${what}: no ${file}`);
    throw err;
  }
  return parseFederationManifest(JSON.parse(text), what);
}

/** The contract check's refusals for the build in `buildDir` beside the shell built in `shellDist`. */
export async function checkBuild(name: RemoteName, buildDir: string, shellDist: string): Promise<string[]> {
  let shell: FederationManifest;
  try {
    shell = await readManifestFile(join(shellDist, 'mf-manifest.json'), 'the live shell');
  } catch (err) {
    return [`${(err as Error).message}: build the shell or name its build with --shell-dist`];
  }
  return checkRelease(
    name,
    await readManifestFile(join(buildDir, 'mf-manifest.json'), `mf-${name}'s build`),
    shell,
  );
}

export interface ReleaseResult {
  name: RemoteName;
  version: string;
  /** false when the version already existed and was only repointed (a rollback or a no-op) */
  published: boolean;
  previous: string | undefined;
  /** the contract check's refusals that `check.force` overrode */
  forced: string[];
}

const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

export function parseRemoteName(arg: string): RemoteName {
  const name = arg.replace(/^mf-/, '');
  if (!(REMOTE_NAMES as string[]).includes(name)) {
    throw new Error(`Unknown remote '${arg}'. Known: ${REMOTE_NAMES.join(', ')}`);
  }
  return name as RemoteName;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** Hash of every file's path and bytes: the same build always gets the same default version. */
export async function contentHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(dir)) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

export async function readRemotesManifest(deployDir: string): Promise<RemotesManifest> {
  try {
    return RemotesManifestSchema.parse(JSON.parse(await readFile(join(deployDir, 'remotes.json'), 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { updatedAt: new Date(0).toISOString(), remotes: {} };
    throw err;
  }
}

/** Replaces remotes.json by a rename, so the server never reads half of it. Call it under the lock. */
export async function writeRemotesManifest(deployDir: string, manifest: RemotesManifest): Promise<void> {
  manifest.updatedAt = new Date().toISOString();
  const tmp = join(deployDir, `.remotes.json.${process.pid}.tmp`);
  await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(tmp, join(deployDir, 'remotes.json'));
}

/**
 * Serialises the writers of a deployment (two releases at once must not lose each other's update of
 * remotes.json, and a prune must not remove the version a release is making live), across processes and
 * instances. proper-lockfile keeps the lock's mtime fresh while it is held, so the lock of a process that was
 * killed holding it goes stale after LOCK_STALE_MS and is taken over: a crashed release never blocks the
 * next one or a canary's automatic rollback.
 */
export const LOCK_STALE_MS = 10_000;

export async function withLock<T>(deployDir: string, fn: () => Promise<T>): Promise<T> {
  await mkdir(deployDir, { recursive: true });
  let compromised: Error | undefined;
  const release = await lock(deployDir, {
    lockfilePath: join(deployDir, '.lock'),
    realpath: false,
    stale: LOCK_STALE_MS,
    retries: { retries: 200, minTimeout: 50, maxTimeout: 100, factor: 1 },
    // the default throws from a timer, which would end the API process that rolls a canary back
    onCompromised: (err) => {
      compromised = err;
    },
  });
  try {
    const result = await fn();
    if (compromised) throw compromised;
    return result;
  } finally {
    await release().catch(() => {}); // a compromised lock is no longer ours to release
  }
}

export async function listVersions(deployDir: string, name: RemoteName): Promise<string[]> {
  const dir = join(deployDir, 'remotes', name);
  if (!(await exists(dir))) return [];
  return (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

export async function releaseRemote(opts: ReleaseOptions): Promise<ReleaseResult> {
  const { root, deployDir, name } = opts;
  const distDir = opts.distDir ?? join(root, `mf-${name}`, 'dist');
  const versionsDir = join(deployDir, 'remotes', name);
  await mkdir(versionsDir, { recursive: true });

  let version = opts.version;
  if (version !== undefined && !VERSION_RE.test(version)) throw new Error(`Invalid version '${version}'`);
  const distBuilt = await exists(join(distDir, 'mf-manifest.json'));
  if (version === undefined) {
    if (!distBuilt)
      throw new Error(
        opts.distDir
          ? `${distDir} holds no build (no mf-manifest.json)`
          : `mf-${name} is not built: run pnpm --filter @mindpath/mf-${name} build`,
      );
    const pkg = JSON.parse(await readFile(join(root, `mf-${name}`, 'package.json'), 'utf8')) as {
      version: string;
    };
    version = `${pkg.version}-${await contentHash(distDir)}`;
  }

  const live = version;
  const target = join(versionsDir, live);
  const canary = opts.canary;
  if (canary !== undefined && !(canary >= CANARY_SHARE_MIN && canary <= CANARY_SHARE_MAX))
    throw new Error(
      `--canary takes a share of learners from ${CANARY_SHARE_MIN} to ${CANARY_SHARE_MAX} %, not ${canary}`,
    );
  return withLock(deployDir, async () => {
    const manifest = await readRemotesManifest(deployDir);
    const current = manifest.remotes[name];
    if (canary !== undefined && !current)
      throw new Error(`${name} has no stable version yet: release it without --canary first`);
    if (canary !== undefined && current?.version === live)
      throw new Error(`${name} ${live} is already the stable version`);
    // an existing version is never written again: the same content (a default version is its hash) or a rollback
    const published = !(await exists(target));
    if (published && !distBuilt)
      throw new Error(`Version ${live} of ${name} does not exist and ${distDir} holds no build`);
    let forced: string[] = [];
    if (opts.check) {
      const problems = await checkBuild(name, published ? distDir : target, opts.check.shellDist);
      if (problems.length && !opts.check.force) throw new ReleaseRefusedError(name, problems);
      forced = problems;
    }
    if (published) {
      // copy beside the target, then rename: a half-copied version is never visible
      const staging = join(versionsDir, `.staging-${randomBytes(4).toString('hex')}`);
      await cp(distDir, staging, { recursive: true });
      await rename(staging, target);
    }
    const entry = `/remotes/${name}/${live}/mf-manifest.json`;
    const previous = current?.version;
    if (canary !== undefined && current) {
      manifest.remotes[name] = { ...current, canary: { version: live, entry, share: canary } };
    } else {
      // a canary beside the stable one stays (it is tried against whatever is stable), unless it is what
      // becomes stable now
      const kept = current?.canary && current.canary.version !== live ? { canary: current.canary } : {};
      manifest.remotes[name] = { version: live, entry, ...kept };
    }
    await writeRemotesManifest(deployDir, manifest);
    await updateReleaseHistory(deployDir, name, (versions) => [...versions.filter((v) => v !== live), live], {
      action: canary === undefined ? 'release' : 'canary',
      version: live,
      ...(canary === undefined ? {} : { share: canary }),
      ...(forced.length ? { forced } : {}),
    });
    return { name, version: live, published, previous, forced };
  });
}

/** Drops staging folders a killed release left behind (under the lock: a running release's is its copy). */
export async function cleanStaging(deployDir: string, name: RemoteName): Promise<void> {
  const dir = join(deployDir, 'remotes', name);
  if (!(await exists(dir))) return;
  await withLock(deployDir, async () => {
    for (const e of await readdir(dir))
      if (e.startsWith('.staging-')) await rm(join(dir, e), { recursive: true });
  });
}
