import { cp, rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneRemote, versionsByAge, versionsToPrune } from './prune.ts';
import { listVersions, readRemotesManifest, releaseRemote } from './release.ts';
import { readReleaseHistory } from './release-history.ts';
import { tempRepo, writeBuild } from './testing.ts';

let root: string;
let deployDir: string;

/** Publishes a build of `content` as `version` of goals and makes it live. */
async function release(version: string, content = version) {
  const dist = join(root, 'builds', version);
  await writeBuild(dist, content);
  return releaseRemote({ root, deployDir, name: 'goals', version, distDir: dist });
}

beforeEach(async () => {
  ({ root, deployDir } = await tempRepo());
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('versionsToPrune', () => {
  it('removes all but the live version and the newest `keep` others', () => {
    expect(versionsToPrune(['a', 'b', 'c', 'd', 'e'], 'e', 2)).toEqual(['a', 'b']);
    // a rolled-back live version keeps its place and does not count against `keep`
    expect(versionsToPrune(['a', 'b', 'c', 'd', 'e'], 'b', 2)).toEqual(['a', 'c']);
    expect(versionsToPrune(['a', 'b'], 'b', 0)).toEqual(['a']);
    expect(versionsToPrune(['a', 'b'], 'b', 5)).toEqual([]);
    expect(versionsToPrune(['a', 'b', 'c'], undefined, 1)).toEqual(['a', 'b']);
  });
});

describe('pruneRemote', () => {
  it('keeps the live version and the ones last made live before it, rollbacks included', async () => {
    for (const v of ['v1', 'v2', 'v3', 'v4', 'v5']) await release(v);
    await release('v2'); // roll back: v2 is live again, v5 the last before it
    const result = await pruneRemote({ deployDir, name: 'goals', keep: 2 });
    expect(result).toEqual({ name: 'goals', live: 'v2', kept: ['v5', 'v4'], removed: ['v1', 'v3'] });
    expect(await listVersions(deployDir, 'goals')).toEqual(['v2', 'v4', 'v5']);
    expect((await readReleaseHistory(deployDir)).versions.goals).toEqual(['v4', 'v5', 'v2']);
    expect((await readRemotesManifest(deployDir)).remotes.goals?.version).toBe('v2');
  });

  it('counts versions the history does not know as the oldest, by folder time', async () => {
    await release('v1');
    await release('v2');
    // released before releases.json existed (or copied in from another deployment)
    for (const [v, time] of [
      ['old-b', 2_000],
      ['old-a', 1_000],
    ] as const) {
      const dir = join(deployDir, 'remotes', 'goals', v);
      await cp(join(deployDir, 'remotes', 'goals', 'v1'), dir, { recursive: true });
      await utimes(dir, time, time);
    }
    expect(await versionsByAge(deployDir, 'goals')).toEqual(['old-a', 'old-b', 'v1', 'v2']);
    const result = await pruneRemote({ deployDir, name: 'goals', keep: 2 });
    expect(result.removed).toEqual(['old-a']);
    expect(result.kept).toEqual(['v1', 'old-b']);
  });

  it('lets a pruned version be published again from its build', async () => {
    await release('v1');
    await release('v2');
    await pruneRemote({ deployDir, name: 'goals', keep: 0 });
    expect(await listVersions(deployDir, 'goals')).toEqual(['v2']);
    expect(await release('v1')).toMatchObject({ published: true, previous: 'v2' });
  });

  it('refuses a --keep that is not a whole number', async () => {
    await expect(pruneRemote({ deployDir, name: 'goals', keep: -1 })).rejects.toThrow(/whole number/);
    await expect(pruneRemote({ deployDir, name: 'goals', keep: Number.NaN })).rejects.toThrow(/whole number/);
  });
});
