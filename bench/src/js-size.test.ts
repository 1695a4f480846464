import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTES } from '@mindpath/contracts/remotes';
import { afterEach, describe, expect, it } from 'vitest';
import { measureRemoteJs } from './js-size.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const js = (files: string[]) => ({ js: { sync: files, async: [] }, css: { sync: [], async: [] } });

describe('measureRemoteJs', () => {
  // a remote's shared modules are read from its mf-manifest.json, not from its minified remoteEntry.js
  it('counts the entry, the first exposed module and the files of each shared module the shell lacks', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-js-size-'));
    dirs.push(root);
    const shellDist = join(root, 'shell');
    const deployDir = join(root, 'deploy');
    const version = join(deployDir, 'remotes', 'goals', '1');
    mkdirSync(shellDist, { recursive: true });
    mkdirSync(version, { recursive: true });
    writeFileSync(join(shellDist, 'mf-manifest.json'), JSON.stringify({ shared: [{ name: 'react' }] }));
    writeFileSync(
      join(deployDir, 'remotes.json'),
      JSON.stringify({ remotes: { goals: { version: '1', entry: '/remotes/goals/1/mf-manifest.json' } } }),
    );
    const expose = REMOTES.goals.exposes[0];
    writeFileSync(
      join(version, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js' } },
        exposes: [{ path: expose, assets: js(['10.a.js', '11.b.js']) }],
        shared: [
          { name: 'react', assets: js(['20.c.js']) },
          { name: '@mindpath/ui/heatmap', assets: js(['30.d.js', '11.b.js']) },
        ],
      }),
    );
    for (const [file, size] of [
      ['remoteEntry.js', 100],
      ['10.a.js', 200],
      ['11.b.js', 300],
      ['20.c.js', 400],
      ['30.d.js', 500],
    ] as const)
      writeFileSync(join(version, file), 'x'.repeat(size));

    const { results, rows } = measureRemoteJs(deployDir, shellDist, {});
    expect(results).toHaveLength(1);
    expect(results[0]!.files).toEqual(['remoteEntry.js', '10.a.js', '11.b.js', '30.d.js']);
    expect(rows[0]!.metric).toBe(`mf-goals first route (${expose.slice(2)})`);
  });
});
