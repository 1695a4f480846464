// An e2e server's run directory, made afresh at each start: an empty data directory and a private copy of
// the built deployment (release tests repoint its remotes without touching the developer's .deploy).
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './env.ts';

export function freshRunDir(runDir: string): { dataDir: string; deployDir: string } {
  const built = join(REPO_ROOT, '.deploy', 'remotes.json');
  if (!existsSync(built) || !existsSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'))) {
    console.error('e2e needs the production build: run `pnpm build` first');
    process.exit(1);
  }
  const dataDir = join(runDir, 'data');
  const deployDir = join(runDir, 'deploy');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(REPO_ROOT, '.deploy'), deployDir, { recursive: true });
  return { dataDir, deployDir };
}
