import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTES } from '@mindpath/contracts/remotes';
import type { FederationManifest } from './contract-check.ts';

export const TEST_CONTRACT = 'test-contract-1';

/** A remote's manifest that passes the contract check beside shellManifest(): every remote's exposes. */
export function remoteManifest(): FederationManifest {
  return {
    metaData: { contractVersion: TEST_CONTRACT },
    exposes: Object.values(REMOTES).flatMap((r) => r.exposes.map((path) => ({ name: path.slice(2), path }))),
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: '@mindpath/sdk/hooks', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
    ],
  };
}

export function shellManifest(): FederationManifest {
  return {
    metaData: { contractVersion: TEST_CONTRACT },
    exposes: [],
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: '@mindpath/sdk/session', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
    ],
  };
}

/**
 * A temporary repository root with an `mf-goals` package (version 1.2.0), a built shell (`shell/dist`, the
 * live shell a release is checked against), and its `.deploy`.
 */
export async function tempRepo(): Promise<{ root: string; deployDir: string; shellDist: string }> {
  const root = await mkdtemp(join(tmpdir(), 'mp-release-'));
  await mkdir(join(root, 'mf-goals'), { recursive: true });
  await writeFile(join(root, 'mf-goals', 'package.json'), '{"version":"1.2.0"}');
  const shellDist = join(root, 'shell', 'dist');
  await mkdir(shellDist, { recursive: true });
  await writeFile(join(shellDist, 'mf-manifest.json'), JSON.stringify(shellManifest()));
  return { root, deployDir: join(root, '.deploy'), shellDist };
}

/** A stand-in for a remote's `dist/` whose every file depends on `content` (the tests' "source"). */
export async function writeBuild(
  dist: string,
  content: string,
  manifest: FederationManifest = remoteManifest(),
): Promise<void> {
  await rm(dist, { recursive: true, force: true });
  await mkdir(join(dist, 'static'), { recursive: true });
  await writeFile(join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dist, 'remoteEntry.js'), content);
  await writeFile(join(dist, 'static', 'a.123.js'), `chunk ${content}`);
}
