import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { listVersions, releaseRemote } from '@mindpath/deploy/release';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const remoteDir = join(root, 'mf-goals');
let work: string;

/** `rspack build` of mf-goals as `pnpm build` runs it, into `out` instead of its dist/. */
function buildGoals(out: string) {
  return promisify(execFile)(
    process.execPath,
    [join(remoteDir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--output-path', out],
    { cwd: remoteDir, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mp-repro-'));
  // at the same time, like `pnpm build` builds the remotes: rspack's build order varies most under load
  await Promise.all([buildGoals(join(work, 'a')), buildGoals(join(work, 'b'))]);
}, 120_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('two builds of unchanged sources', () => {
  it('are byte for byte the same, mf-stats.json and mf-manifest.json included', async () => {
    const files = (await readdir(join(work, 'a'), { recursive: true })).sort();
    expect((await readdir(join(work, 'b'), { recursive: true })).sort()).toEqual(files);
    for (const file of ['mf-stats.json', 'mf-manifest.json', 'remoteEntry.js']) {
      expect(await readFile(join(work, 'b', file), 'utf8'), file).toBe(
        await readFile(join(work, 'a', file), 'utf8'),
      );
    }
  });

  it('publish one version: releasing the second is a no-op', async () => {
    const deployDir = join(work, 'deploy');
    const first = await releaseRemote({ root, deployDir, name: 'goals', distDir: join(work, 'a') });
    const second = await releaseRemote({ root, deployDir, name: 'goals', distDir: join(work, 'b') });
    expect(first.published).toBe(true);
    expect(second).toMatchObject({ version: first.version, published: false, previous: first.version });
    expect(await listVersions(deployDir, 'goals')).toEqual([first.version]);
  });
});
