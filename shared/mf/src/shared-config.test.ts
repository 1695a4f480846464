import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedConfig } from './create-config.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

const modulesOf = (pkg: 'sdk' | 'contracts') =>
  readdirSync(resolve(ROOT, 'shared', pkg, 'src'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `@mindpath/${pkg}/${f.slice(0, -3)}`);

describe('sharedConfig', () => {
  // a module the shell did not provide was loaded from the remote's own build, with its own zod and contracts
  it('has the shell provide every SDK and contracts module, versioned, whether the shell imports it or not', () => {
    const shared = sharedConfig(resolve(ROOT, 'shell'), true) as Record<
      string,
      { import?: string; version?: string; singleton: boolean }
    >;
    for (const key of [...modulesOf('sdk'), ...modulesOf('contracts')]) {
      const config = shared[key];
      expect(config, key).toBeDefined();
      expect(config?.import, key).toMatch(/^\/.*\/shared\/(sdk|contracts)\/src\/[\w-]+\.ts$/);
      expect(config?.version, key).toBe('0.1.0');
      expect(config?.singleton, key).toBe(true);
    }
  });

  it('has a remote consume the contracts from the shell instead of bundling its own', () => {
    const shared = sharedConfig(resolve(ROOT, 'mf-goals'));
    expect(shared['@mindpath/contracts/']).toMatchObject({ singleton: true, requiredVersion: '^0.1.0' });
    expect(Object.keys(shared).filter((k) => k.startsWith('@mindpath/sdk/'))).toEqual(['@mindpath/sdk/']);
  });
});
