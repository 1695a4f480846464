import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LOCK_STALE_MS,
  listVersions,
  parseRemoteName,
  readRemotesManifest,
  releaseRemote,
} from './release.ts';
import { readReleaseHistory } from './release-history.ts';
import { tempRepo, writeBuild } from './testing.ts';

let root: string;
let deployDir: string;

const build = (content: string, dist = join(root, 'mf-goals', 'dist')) => writeBuild(dist, content);

beforeEach(async () => {
  ({ root, deployDir } = await tempRepo());
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('releaseRemote', () => {
  it('publishes an immutable content-addressed version and points remotes.json at it', async () => {
    await build('v1');
    const r = await releaseRemote({ root, deployDir, name: 'goals' });
    expect(r.version).toMatch(/^1\.2\.0-[0-9a-f]{10}$/);
    expect(r.published).toBe(true);
    const manifest = await readRemotesManifest(deployDir);
    expect(manifest.remotes.goals).toEqual({
      version: r.version,
      entry: `/remotes/goals/${r.version}/mf-manifest.json`,
    });
    expect(await readFile(join(deployDir, 'remotes', 'goals', r.version, 'static', 'a.123.js'), 'utf8')).toBe(
      'chunk v1',
    );
    // the same build again is a no-op
    expect(await releaseRemote({ root, deployDir, name: 'goals' })).toMatchObject({
      version: r.version,
      published: false,
    });
  });

  it('rolls back by naming an older version, keeping both on disk', async () => {
    await build('v1');
    const one = await releaseRemote({ root, deployDir, name: 'goals' });
    await build('v2');
    const two = await releaseRemote({ root, deployDir, name: 'goals' });
    expect(two.version).not.toBe(one.version);
    expect(two.previous).toBe(one.version);
    const back = await releaseRemote({ root, deployDir, name: 'goals', version: one.version });
    expect(back).toMatchObject({ published: false, previous: two.version });
    expect((await readRemotesManifest(deployDir)).remotes.goals?.version).toBe(one.version);
    expect(await listVersions(deployDir, 'goals')).toHaveLength(2);
    // the order they were last made live, which --prune and --list go by
    expect((await readReleaseHistory(deployDir)).versions.goals).toEqual([two.version, one.version]);
  });

  it('never overwrites an existing version with other content', async () => {
    await build('v1');
    await releaseRemote({ root, deployDir, name: 'goals', version: 'stable' });
    await build('v2');
    await releaseRemote({ root, deployDir, name: 'goals', version: 'stable' });
    expect(await readFile(join(deployDir, 'remotes', 'goals', 'stable', 'remoteEntry.js'), 'utf8')).toBe(
      'v1',
    );
  });

  it('keeps the other remotes when two releases run at once', async () => {
    await build('v1');
    await mkdir(join(root, 'mf-notes', 'dist'), { recursive: true });
    await writeFile(join(root, 'mf-notes', 'package.json'), '{"version":"0.1.0"}');
    await writeFile(join(root, 'mf-notes', 'dist', 'mf-manifest.json'), '{}');
    await Promise.all([
      releaseRemote({ root, deployDir, name: 'goals' }),
      releaseRemote({ root, deployDir, name: 'notes' }),
    ]);
    expect(Object.keys((await readRemotesManifest(deployDir)).remotes).sort()).toEqual(['goals', 'notes']);
  });

  it('takes over the lock a killed release left behind once it is stale, and the lock is free after', async () => {
    await build('v1');
    const lockDir = join(deployDir, '.lock');
    await mkdir(lockDir, { recursive: true });
    const past = new Date(Date.now() - LOCK_STALE_MS - 5_000);
    await utimes(lockDir, past, past);
    const r = await releaseRemote({ root, deployDir, name: 'goals' });
    expect((await readRemotesManifest(deployDir)).remotes.goals?.version).toBe(r.version);
    await expect(stat(lockDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses unknown remotes, bad versions and a missing build', async () => {
    expect(() => parseRemoteName('payments')).toThrow(/Unknown remote/);
    expect(parseRemoteName('mf-goals')).toBe('goals');
    await expect(releaseRemote({ root, deployDir, name: 'goals', version: '../x' })).rejects.toThrow(
      /Invalid/,
    );
    await expect(releaseRemote({ root, deployDir, name: 'goals' })).rejects.toThrow(/not built/);
  });
});

describe('releasing a variant build (--dist)', () => {
  it('publishes another directory as a version of the remote, leaving mf-<name>/dist alone', async () => {
    await build('v1');
    const one = await releaseRemote({ root, deployDir, name: 'goals' });
    const variant = join(root, 'variant', 'dist');
    await build('variant', variant);
    const two = await releaseRemote({ root, deployDir, name: 'goals', distDir: variant });
    expect(two).toMatchObject({ published: true, previous: one.version });
    expect(two.version).toMatch(/^1\.2\.0-[0-9a-f]{10}$/);
    expect(two.version).not.toBe(one.version);
    expect(await readFile(join(deployDir, 'remotes', 'goals', two.version, 'remoteEntry.js'), 'utf8')).toBe(
      'variant',
    );
    expect(await readFile(join(root, 'mf-goals', 'dist', 'remoteEntry.js'), 'utf8')).toBe('v1');
    // rollback needs no build at all
    const back = await releaseRemote({
      root,
      deployDir,
      name: 'goals',
      version: one.version,
      distDir: join(root, 'nowhere'),
    });
    expect(back).toMatchObject({ version: one.version, published: false, previous: two.version });
  });

  it('refuses a directory that holds no build', async () => {
    await mkdir(join(root, 'empty'));
    await expect(
      releaseRemote({ root, deployDir, name: 'goals', distDir: join(root, 'empty') }),
    ).rejects.toThrow(/holds no build/);
  });
});
