import { describe, expect, it } from 'vitest';
import { consumedPackageOf, type FederationStats, stabilizeStats } from './stable-stats.ts';

const context = '/app';
const expose = (id: string, file: string, requires: string[] = []) => ({ id, file, requires });
const shared = (name: string, usedIn: string[] = [], usedExports: string[] = []) => ({
  id: `mf_goals:${name}`,
  name,
  usedIn,
  usedExports,
});

describe('consumedPackageOf', () => {
  it('reads the package of a consume-shared module, scoped and subpath keys included', () => {
    expect(consumedPackageOf('consume shared module (default) react@^19.3.1 (strict) (fallback: /x)')).toBe(
      'react',
    );
    expect(
      consumedPackageOf('consume shared module (default) @mindpath/ui/modal@^0.1.0 (strict) (fallback: /x)'),
    ).toBe('@mindpath/ui/modal');
    expect(consumedPackageOf('provide shared module (default) react@19.3.1 = /x')).toBeUndefined();
  });
});

describe('stabilizeStats', () => {
  // two builds of the same sources as rspack reports them: lists in another order, issuer-picked relations
  const first: FederationStats = {
    shared: [shared('react', ['src/home.tsx'], ['b', 'a']), shared('@mindpath/ui/modal')],
    exposes: [expose('mf_goals:Home', 'src/home.tsx', ['react']), expose('mf_goals:Goals', 'src/goals.tsx')],
  };
  const second: FederationStats = {
    shared: [shared('@mindpath/ui/modal', ['src/goals.tsx']), shared('react', [], ['a', 'b'])],
    exposes: [
      expose('mf_goals:Goals', 'src/goals.tsx', ['@mindpath/ui/modal']),
      expose('mf_goals:Home', 'src/home.tsx'),
    ],
  };
  const importers = new Map([
    ['react', new Set(['/app/src/home.tsx', '/app/src/goals.tsx', '/app/node_modules/x/index.js'])],
    ['@mindpath/ui/modal', new Set(['/app/src/goals.tsx', '/app/src/dialog.tsx'])],
  ]);

  it('gives the same stats for both builds', () => {
    expect(JSON.stringify(stabilizeStats(first, importers, context))).toBe(
      JSON.stringify(stabilizeStats(second, importers, context)),
    );
  });

  it('lists every exposed module that imports a shared package, and every package an expose imports', () => {
    expect(stabilizeStats(first, importers, context)).toEqual({
      shared: [
        shared('@mindpath/ui/modal', ['src/goals.tsx']),
        shared('react', ['src/goals.tsx', 'src/home.tsx'], ['a', 'b']),
      ],
      exposes: [
        expose('mf_goals:Goals', 'src/goals.tsx', ['@mindpath/ui/modal', 'react']),
        expose('mf_goals:Home', 'src/home.tsx', ['react']),
      ],
    });
  });
});
