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
