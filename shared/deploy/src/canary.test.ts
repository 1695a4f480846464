import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abortCanary, promoteCanary } from './canary.ts';
import { pruneRemote } from './prune.ts';
import { listVersions, ReleaseRefusedError, readRemotesManifest, releaseRemote } from './release.ts';
import { readReleaseHistory } from './release-history.ts';
import { remoteManifest, tempRepo, writeBuild } from './testing.ts';

let root: string;
let deployDir: string;
let shellDist: string;

/** Publishes a build of goals as `version`: for everyone, or for `canary` % beside the stable one. */
async function release(
  version: string,
  opts: { canary?: number; manifest?: ReturnType<typeof remoteManifest>; force?: boolean } = {},
) {
  const dist = join(root, 'builds', version);
  await writeBuild(dist, version, opts.manifest);
  return releaseRemote({
    root,
    deployDir,
    name: 'goals',
    version,
    distDir: dist,
    ...(opts.canary === undefined ? {} : { canary: opts.canary }),
    check: { shellDist, force: opts.force ?? false },
  });
}

const goals = async () => (await readRemotesManifest(deployDir)).remotes.goals;
const log = async () => (await readReleaseHistory(deployDir)).log.map(({ at, ...e }) => e);

beforeEach(async () => {
  ({ root, deployDir, shellDist } = await tempRepo());
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('a canary release', () => {
  it('is live for its share beside the stable version, and logged', async () => {
    await release('v1');
    const r = await release('v2', { canary: 10 });
    expect(r).toMatchObject({ version: 'v2', published: true, previous: 'v1' });
    expect(await goals()).toEqual({
      version: 'v1',
      entry: '/remotes/goals/v1/mf-manifest.json',
      canary: { version: 'v2', entry: '/remotes/goals/v2/mf-manifest.json', share: 10 },
    });
    expect(await log()).toEqual([
      { remote: 'goals', action: 'release', version: 'v1' },
      { remote: 'goals', action: 'canary', version: 'v2', share: 10 },
    ]);
    // another share or another canary version replaces it
    await release('v3', { canary: 25 });
    expect((await goals())?.canary).toMatchObject({ version: 'v3', share: 25 });
  });

  it('needs a stable version, another version than it, and a share the contract allows', async () => {
    await expect(release('v1', { canary: 10 })).rejects.toThrow(/no stable version yet/);
    await release('v1');
    await expect(release('v1', { canary: 10 })).rejects.toThrow(/already the stable version/);
    await expect(release('v2', { canary: 100 })).rejects.toThrow(/--canary takes a share/);
    await expect(release('v2', { canary: 0 })).rejects.toThrow(/--canary takes a share/);
    expect((await goals())?.canary).toBeUndefined();
  });

  it('stays beside a new stable version, and ends when it is itself released for everyone', async () => {
    await release('v1');
    await release('v2', { canary: 10 });
    await release('v0');
    expect(await goals()).toMatchObject({ version: 'v0', canary: { version: 'v2' } });
    await release('v2');
    expect(await goals()).toEqual({ version: 'v2', entry: '/remotes/goals/v2/mf-manifest.json' });
  });

  it('is kept by a prune, and does not count against --keep', async () => {
    for (const v of ['v1', 'v2', 'v3']) await release(v);
    await release('v4', { canary: 5 });
    const r = await pruneRemote({ deployDir, name: 'goals', keep: 1 });
    expect(r).toMatchObject({ live: 'v3', kept: ['v2'], removed: ['v1'] });
    expect(await listVersions(deployDir, 'goals')).toEqual(['v2', 'v3', 'v4']);
  });
});

describe('promoteCanary', () => {
  it('makes the canary the stable version for everyone', async () => {
    await release('v1');
    await release('v2', { canary: 10 });
    expect(await promoteCanary({ deployDir, name: 'goals' })).toEqual({ version: 'v2', previous: 'v1' });
    expect(await goals()).toEqual({ version: 'v2', entry: '/remotes/goals/v2/mf-manifest.json' });
    expect((await log()).at(-1)).toEqual({ remote: 'goals', action: 'promote', version: 'v2' });
    expect((await readReleaseHistory(deployDir)).versions.goals).toEqual(['v1', 'v2']);
    await expect(promoteCanary({ deployDir, name: 'goals' })).rejects.toThrow(/no canary to promote/);
  });
});

describe('abortCanary', () => {
  it('leaves the stable version the only one and logs who and why', async () => {
    await release('v1');
    await release('v2', { canary: 10 });
    const before = await readFile(join(deployDir, 'remotes.json'), 'utf8');
    expect(
      await abortCanary({ deployDir, name: 'goals', by: 'automatic', reason: '3 of 20 loads failed' }),
    ).toEqual({ aborted: true, version: 'v2' });
    expect(await goals()).toEqual({ version: 'v1', entry: '/remotes/goals/v1/mf-manifest.json' });
    expect(await readFile(join(deployDir, 'remotes.json'), 'utf8')).not.toBe(before);
    expect((await log()).at(-1)).toEqual({
      remote: 'goals',
      action: 'rollback',
      version: 'v2',
      reason: '3 of 20 loads failed',
    });
    // the version stays on disk: it can be tried again
    expect(await listVersions(deployDir, 'goals')).toEqual(['v1', 'v2']);
  });

  it('is idempotent: with no canary nothing changes, and of two at once one aborts', async () => {
    await release('v1');
    expect(await abortCanary({ deployDir, name: 'goals', by: 'operator', reason: 'x' })).toEqual({
      aborted: false,
    });
    expect(await abortCanary({ deployDir, name: 'notes', by: 'operator', reason: 'x' })).toEqual({
      aborted: false,
    });
    await release('v2', { canary: 10 });
    const results = await Promise.all(
      [1, 2, 3].map(() => abortCanary({ deployDir, name: 'goals', by: 'automatic', reason: 'failures' })),
    );
    expect(results.filter((r) => r.aborted)).toEqual([{ aborted: true, version: 'v2' }]);
    expect((await log()).filter((e) => e.action === 'rollback')).toHaveLength(1);
  });

  it('leaves another canary than the one it was asked about', async () => {
    await release('v1');
    await release('v3', { canary: 10 });
    expect(
      await abortCanary({ deployDir, name: 'goals', by: 'automatic', reason: 'failures', version: 'v2' }),
    ).toEqual({ aborted: false });
    expect((await goals())?.canary?.version).toBe('v3');
    expect(await abortCanary({ deployDir, name: 'goals', by: 'operator', reason: 'wrong copy' })).toEqual({
      aborted: true,
      version: 'v3',
    });
    expect((await log()).at(-1)).toMatchObject({ action: 'abort', reason: 'wrong copy' });
  });
});

describe('the contract check at release', () => {
  it('refuses a build missing an expose and repoints nothing', async () => {
    await release('v1');
    const before = await readFile(join(deployDir, 'remotes.json'), 'utf8');
    const manifest = remoteManifest();
    manifest.exposes = manifest.exposes?.filter((e) => e.path !== './HomePage');
    const refused = await release('v2', { manifest }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ReleaseRefusedError);
    expect((refused as ReleaseRefusedError).problems).toEqual([
      'mf-goals does not expose ./HomePage, which the shell loads',
    ]);
    await expect(release('v3', { manifest, canary: 10 })).rejects.toThrow(/release refused/);
    expect(await readFile(join(deployDir, 'remotes.json'), 'utf8')).toBe(before);
    expect(await listVersions(deployDir, 'goals')).toEqual(['v1']);
  });

  it('--force releases it anyway and records what it overrode', async () => {
    await release('v1');
    const manifest = remoteManifest();
    manifest.metaData = { contractVersion: 'other' };
    const r = await release('v2', { manifest, force: true });
    expect(r.forced).toEqual([expect.stringMatching(/built against contract other/)]);
    expect((await goals())?.version).toBe('v2');
    expect((await log()).at(-1)).toEqual({
      remote: 'goals',
      action: 'release',
      version: 'v2',
      forced: r.forced,
    });
  });

  it('checks a rollback to an existing version too, and refuses without a shell to check against', async () => {
    const manifest = remoteManifest();
    manifest.metaData = { contractVersion: 'old' };
    await release('v1', { manifest, force: true });
    await release('v2');
    await expect(release('v1')).rejects.toThrow(/built against contract old/);
    await rm(shellDist, { recursive: true });
    await expect(release('v3')).rejects.toThrow(/the live shell: no .*mf-manifest.json: build the shell/);
  });
});

describe('releases.json', () => {
  it('reads the first format (versions only) and writes the new one with its log', async () => {
    await release('v0');
    await writeFile(join(deployDir, 'releases.json'), JSON.stringify({ goals: ['v9', 'v0'], notes: ['n1'] }));
    expect(await readReleaseHistory(deployDir)).toEqual({
      versions: { goals: ['v9', 'v0'], notes: ['n1'] },
      log: [],
    });
    await release('v1');
    expect(JSON.parse(await readFile(join(deployDir, 'releases.json'), 'utf8'))).toEqual({
      versions: { goals: ['v9', 'v0', 'v1'], notes: ['n1'] },
      log: [{ at: expect.any(String), remote: 'goals', action: 'release', version: 'v1' }],
    });
  });

  it('refuses a file that is neither format', async () => {
    await release('v0');
    for (const bad of [{ goals: 'v1' }, { versions: {}, log: [{ action: 'deploy' }] }, []]) {
      await writeFile(join(deployDir, 'releases.json'), JSON.stringify(bad));
      await expect(readReleaseHistory(deployDir)).rejects.toThrow(/expected \{ "versions"/);
    }
  });
});
