import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const shellDir = path.resolve(import.meta.dirname, '../../../shell');

describe('createMfConfig', () => {
  // every build printed Node's DEP0155 twice per app: Module Federation looked the trailing-slash shared keys
  // ('@mindpath/sdk/') up as package subpaths
  it('gives a compiler whose plugins resolve no deprecated package subpath', () => {
    const script = `
      import { rspack } from '@rspack/core';
      import { createMfConfig } from '@mindpath/mf/create-config';
      rspack(createMfConfig({ name: 'shell', dir: ${JSON.stringify(shellDir)} }));`;
    const run = spawnSync(process.execPath, ['--throw-deprecation', '--input-type=module', '-e', script], {
      cwd: shellDir,
      encoding: 'utf8',
    });
    expect(run.stderr).not.toContain('DEP0');
    expect(run.status, run.stderr).toBe(0);
  }, 60_000);
});

describe("mf-lessons' config", () => {
  it("copies the code runner's built runtimes into runtimes/ of its output", async () => {
    const { rspack } = await import('@rspack/core');
    const config = (await import('../../../mf-lessons/rspack.config.ts')).default;
    const copy = config.plugins?.find((p) => p instanceof rspack.CopyRspackPlugin) as
      | { _args: [{ patterns: { from: string; to: string }[] }] }
      | undefined;
    expect(copy?._args[0].patterns).toEqual([
      expect.objectContaining({
        from: expect.stringMatching(/@mindpath\/runner\/dist\/runtimes$/),
        to: 'runtimes',
      }),
    ]);
  });
});
