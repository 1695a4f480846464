import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary repository root with an `mf-goals` package (version 1.2.0), and its `.deploy`. */
export async function tempRepo(): Promise<{ root: string; deployDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'mp-release-'));
  await mkdir(join(root, 'mf-goals'), { recursive: true });
  await writeFile(join(root, 'mf-goals', 'package.json'), '{"version":"1.2.0"}');
  return { root, deployDir: join(root, '.deploy') };
}

/** A stand-in for a remote's `dist/` whose every file depends on `content` (the tests' "source"). */
export async function writeBuild(dist: string, content: string): Promise<void> {
  await rm(dist, { recursive: true, force: true });
  await mkdir(join(dist, 'static'), { recursive: true });
  await writeFile(join(dist, 'mf-manifest.json'), '{}');
  await writeFile(join(dist, 'remoteEntry.js'), content);
  await writeFile(join(dist, 'static', 'a.123.js'), `chunk ${content}`);
}
