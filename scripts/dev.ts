// pnpm dev: the API (node --watch) on :8080, the shell dev server on :3000 and every remote's dev server
// (:3001…:3007) with HMR. The shell dev server serves a dev /remotes.json pointing at the remotes' dev
// servers and proxies /api to :8080. Ctrl-C stops everything.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '@mindpath/contracts/remotes';
import { API_PORT, DEV_PORTS } from '../shared/mf/src/ports.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const COLORS = [36, 35, 33, 32, 34, 31, 96, 95, 93];

function start(label: string, cwd: string, args: string[], env: Record<string, string> = {}): void {
  const color = COLORS[children.length % COLORS.length];
  const prefix = `\x1b[${color}m${label.padEnd(9)}\x1b[0m│ `;
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pipe = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`${prefix}exited (${signal ?? code})`);
  });
  children.push(child);
}

const rspack = (app: string) => join(root, app, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');

const api = join(root, 'api', 'src', 'main.ts');
if (existsSync(api)) start('api', root, ['--watch', api], { PORT: String(API_PORT) });
else console.warn(`api/src/main.ts not found: starting the front-end dev servers only`);

start('shell', join(root, 'shell'), [rspack('shell'), 'serve']);
for (const name of REMOTE_NAMES) start(name, join(root, `mf-${name}`), [rspack(`mf-${name}`), 'serve']);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 1500).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

setTimeout(() => {
  console.log(`\n  Mindpath dev: http://localhost:${DEV_PORTS.shell}  (API http://localhost:${API_PORT})`);
  console.log(
    `  remotes standalone: ${REMOTE_NAMES.map((n) => `${n} http://localhost:${DEV_PORTS[n]}`).join(', ')}\n`,
  );
}, 4000);
