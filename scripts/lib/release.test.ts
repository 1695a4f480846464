import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listVersions, parseRemoteName, readRemotesManifest, releaseRemote } from './release.ts';
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
    expect((await readReleaseHistory(deployDir)).goals).toEqual([two.version, one.version]);
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

describe('pnpm release:remote', () => {
  const cli = resolve(import.meta.dirname, '..', 'release-remote.ts');
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, [cli, ...args], { env: { ...process.env, DEPLOY_DIR: '' } });

  it('releases --dist into --deploy-dir, lists it, and rolls back by version', async () => {
    await build('a', join(root, 'a'));
    await build('b', join(root, 'b'));
    const first = await run('notes', '--dist', join(root, 'a'), '--deploy-dir', deployDir);
    const v1 = /^notes (\S+): published and live/.exec(first.stdout)?.[1];
    const second = await run('mf-notes', '--dist', join(root, 'b'), '--deploy-dir', deployDir);
    const v2 = /^notes (\S+): published and live, was (\S+)/.exec(second.stdout);
    expect(v2?.[2]).toBe(v1);
    expect((await run('notes', '--list', '--deploy-dir', deployDir)).stdout.split('\n').sort()).toEqual(
      ['', `  ${v1}`, `* ${v2?.[1]}`].sort(),
    );
    const back = await run('notes', v1!, '--deploy-dir', deployDir);
    expect(back.stdout).toContain(`notes ${v1}: live (existing version), was ${v2?.[1]}`);
    expect((await readRemotesManifest(deployDir)).remotes.notes?.version).toBe(v1);
  });

  it('prunes one remote or all of them, keeping the live version and the last --keep before it', async () => {
    for (const v of ['a', 'b', 'c']) {
      await build(v, join(root, v));
      await run('notes', `v-${v}`, '--dist', join(root, v), '--deploy-dir', deployDir);
      await run('goals', `v-${v}`, '--dist', join(root, v), '--deploy-dir', deployDir);
    }
    expect((await run('notes', '--list', '--deploy-dir', deployDir)).stdout).toBe('  v-a\n  v-b\n* v-c\n');
    const one = await run('--prune', '--keep', '1', 'notes', '--deploy-dir', deployDir);
    expect(one.stdout).toBe('notes: kept v-c (live), v-b; removed v-a\n');
    const all = await run('--prune', '--deploy-dir', deployDir);
    expect(all.stdout).toContain('goals: kept v-c (live), v-b, v-a; removed nothing\n');
    expect(all.stdout).toContain('notes: kept v-c (live), v-b; removed nothing\n');
    expect(all.stdout).toContain('billing: kept nothing; removed nothing\n');
    const none = await run('--prune', '--keep', '0', '--deploy-dir', deployDir);
    expect(none.stdout).toContain('goals: kept v-c (live); removed v-a, v-b\n');
    expect(await listVersions(deployDir, 'goals')).toEqual(['v-c']);
  }, 30_000); // nine releases, each a process of its own

  it('exits 2 with the usage on bad arguments', async () => {
    for (const args of [
      ['notes', '--list', 'v1'],
      ['notes', '--keep', '2'],
      ['--prune', 'notes', 'v1'],
      ['--prune', '--all'],
    ]) {
      await expect(run(...args, '--deploy-dir', deployDir)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('usage:'),
      });
    }
    await expect(run('--prune', '--keep', 'many', '--deploy-dir', deployDir)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--keep must be a whole number'),
    });
  });
});
