import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { listVersions, readRemotesManifest } from '@mindpath/deploy/release';
import { readReleaseHistory } from '@mindpath/deploy/release-history';
import { remoteManifest, tempRepo, writeBuild } from '@mindpath/deploy/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let root: string;
let deployDir: string;

const build = (content: string, dist = join(root, 'mf-goals', 'dist')) => writeBuild(dist, content);

beforeEach(async () => {
  ({ root, deployDir } = await tempRepo());
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('pnpm release:remote', () => {
  const cli = resolve(import.meta.dirname, 'release-remote.ts');
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, [cli, ...args], {
      env: { ...process.env, DEPLOY_DIR: '', SHELL_DIST: join(root, 'shell', 'dist') },
    });

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

  it('releases a canary beside the stable version, lists both with their shares, promotes and aborts', async () => {
    for (const v of ['a', 'b', 'c']) await build(v, join(root, v));
    await run('goals', 'v-a', '--dist', join(root, 'a'), '--deploy-dir', deployDir);
    const canary = await run(
      'goals',
      'v-b',
      '--dist',
      join(root, 'b'),
      '--canary',
      '10',
      '--deploy-dir',
      deployDir,
    );
    expect(canary.stdout).toBe('goals v-b: published, live for 10 % of learners (canary), stable v-a\n');
    expect((await run('goals', '--list', '--deploy-dir', deployDir)).stdout).toBe(
      '* v-a  stable, 90 % of learners\n~ v-b  canary, 10 % of learners\n',
    );
    expect((await run('goals', '--promote', '--deploy-dir', deployDir)).stdout).toBe(
      'goals v-b: promoted, live for every learner, was v-a\n',
    );
    await run('goals', 'v-c', '--dist', join(root, 'c'), '--canary', '2.5', '--deploy-dir', deployDir);
    expect((await readRemotesManifest(deployDir)).remotes.goals?.canary).toMatchObject({
      version: 'v-c',
      share: 2.5,
    });
    const abort = await run(
      'goals',
      '--abort',
      '--reason',
      'the new copy confuses',
      '--deploy-dir',
      deployDir,
    );
    expect(abort.stdout).toBe('goals v-b: live for every learner; canary v-c aborted\n');
    expect((await run('goals', '--abort', '--deploy-dir', deployDir)).stdout).toBe(
      'goals v-b: live for every learner; no canary to abort\n',
    );
    expect((await run('goals', '--list', '--deploy-dir', deployDir)).stdout).toBe('  v-a\n* v-b\n  v-c\n');
    const history = await readReleaseHistory(deployDir);
    expect(history.log.map((e) => `${e.action} ${e.version}${e.reason ? ` ${e.reason}` : ''}`)).toEqual([
      'release v-a',
      'canary v-b',
      'promote v-b',
      'canary v-c',
      'abort v-c the new copy confuses',
    ]);
  }, 30_000);

  it('refuses a build that breaks the contract in a line or two, and --force releases it, recorded', async () => {
    await build('a', join(root, 'a'));
    await run('goals', '--dist', join(root, 'a'), '--deploy-dir', deployDir);
    const before = await readFile(join(deployDir, 'remotes.json'), 'utf8');
    const broken = remoteManifest();
    broken.exposes = broken.exposes?.filter((e) => e.path !== './GoalsPage');
    await writeBuild(join(root, 'b'), 'b', broken);
    const refused = await run('goals', '--dist', join(root, 'b'), '--deploy-dir', deployDir).catch((e) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.stderr).toBe(
      'refused: mf-goals does not expose ./GoalsPage, which the shell loads\n' +
        'goals: nothing was repointed (--force releases it anyway, recorded in releases.json)\n',
    );
    expect(await readFile(join(deployDir, 'remotes.json'), 'utf8')).toBe(before);
    const forced = await run('goals', '--dist', join(root, 'b'), '--force', '--deploy-dir', deployDir);
    expect(forced.stdout).toMatch(
      /^goals \S+: published and live, was \S+\nforced past: mf-goals does not expose/,
    );
    expect((await readReleaseHistory(deployDir)).log.at(-1)?.forced).toEqual([
      'mf-goals does not expose ./GoalsPage, which the shell loads',
    ]);
  }, 30_000);

  it('exits 2 with the usage on bad arguments', async () => {
    for (const args of [
      ['notes', '--list', 'v1'],
      ['notes', '--keep', '2'],
      ['--prune', 'notes', 'v1'],
      ['--prune', '--all'],
      ['notes', '--promote', '--abort'],
      ['notes', '--abort', '--canary', '5'],
      ['notes', '--reason', 'x'],
      ['--all', '--force'],
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
  }, 30_000);
});
