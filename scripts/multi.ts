// `pnpm multi` (node scripts/multi.ts): Mindpath as several machines would run it, on this one. N API instances
// (WORKER=off) and M job workers on the PostgreSQL server of DATABASE_URL, behind a round-robin proxy on
// PORT (8080). All share one JWT secret and the media store: the data directory's media, or with --s3 an
// S3-protocol server (s3rver, the API tests' dev dependency) on loopback; REDIS_URL, when set, holds the
// auth rate limit (PostgreSQL does otherwise). Build first (`pnpm build`). Ctrl-C stops everything.
// --control <port> opens a loopback port that lists the processes and starts them again (lib/multi-control.ts).
//   pnpm multi [--api 2] [--workers 1] [--s3] [--control 8079]
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { controlServer, type ProcessInfo } from './lib/multi-control.ts';
import { roundRobinProxy } from './lib/round-robin-proxy.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    api: { type: 'string', default: '2' },
    workers: { type: 'string', default: '1' },
    s3: { type: 'boolean', default: false },
    control: { type: 'string' },
  },
});
const apiCount = Number(values.api);
const workerCount = Number(values.workers);
if (!process.env.DATABASE_URL) {
  console.error('multi: set DATABASE_URL to a PostgreSQL server (PGlite belongs to one process).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data-multi'));
mkdirSync(dataDir, { recursive: true });

const shared: Record<string, string> = {
  DATA_DIR: dataDir,
  // one secret for every instance: a token or a signed media URL from one is valid on all
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
};
let stopS3 = async () => {};
if (values.s3) {
  // s3rver is a dev dependency of the API package, not of the repository root
  const S3rver = createRequire(join(root, 'api', 'package.json'))('s3rver');
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dataDir, 's3'),
    configureBuckets: [{ name: 'mindpath-media' }],
  });
  const { port: s3Port } = await s3.run();
  stopS3 = () => s3.close();
  Object.assign(shared, {
    S3_BUCKET: 'mindpath-media',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
}

/** a process of the setup by name (api-1, worker-1, …): what it runs, so that it can be started again */
interface Managed {
  name: string;
  script: string;
  env: Record<string, string>;
  port?: number;
  child?: ChildProcess;
}
const managed = new Map<string, Managed>();
let stopping = false;
function start(m: Managed): void {
  managed.set(m.name, m);
  const child = spawn(process.execPath, [join(root, 'api', 'src', m.script)], {
    env: { ...process.env, ...shared, ...m.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  m.child = child;
  const prefix = `${m.name.padEnd(8)}│ `;
  console.log(`${prefix}pid ${child.pid}`);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code, signal) => !stopping && console.log(`${prefix}exited (${signal ?? code})`));
}
const alive = (m: Managed) => m.child?.exitCode === null && m.child.signalCode === null;
const apiOf = (i: number, port: number): Managed => ({
  name: `api-${i + 1}`,
  script: 'main.ts',
  env: { PORT: String(port), HOST: '127.0.0.1', WORKER: 'off' },
  port,
});
const workerOf = (name: string): Managed => ({ name, script: 'worker.ts', env: {} });

async function healthy(apiPort: number): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${apiPort}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the API on :${apiPort} did not come up`);
}

const backends = Array.from({ length: apiCount }, (_, i) => ({ host: '127.0.0.1', port: port + 1 + i }));
for (const [i, b] of backends.entries()) {
  start(apiOf(i, b.port));
  // the first applies the migrations alone; the others start once it answers
  if (i === 0) await healthy(b.port);
}
for (let i = 0; i < workerCount; i += 1) start(workerOf(`worker-${i + 1}`));
await Promise.all(backends.map((b) => healthy(b.port)));

const proxy = roundRobinProxy(backends).listen(port, () => {
  console.log(
    `\n  Mindpath, ${apiCount} API instances + ${workerCount} worker(s): http://localhost:${port}` +
      `\n  instances on ${backends.map((b) => `:${b.port}`).join(', ')}; media in ${values.s3 ? 's3rver' : dataDir}\n`,
  );
});

const info = (m: Managed): ProcessInfo => ({
  name: m.name,
  pid: m.child?.pid,
  alive: alive(m),
  ...(m.port === undefined ? {} : { port: m.port }),
  requests: proxy
    .inFlight()
    .filter((r) => r.backend.port === m.port)
    .map(({ method, url }) => ({ method, url })),
});
const control = values.control
  ? controlServer({
      list: () => [...managed.values()].map(info),
      async start(name) {
        const m = managed.get(name) ?? (/^worker-\d+$/.test(name) ? workerOf(name) : undefined);
        if (!m) throw new Error(`no process ${name}`);
        if (alive(m)) throw new Error(`${name} is running`);
        start(m);
        if (m.port !== undefined) await healthy(m.port);
        return info(m);
      },
    }).listen(Number(values.control), '127.0.0.1')
  : undefined;

async function stop() {
  if (stopping) return;
  stopping = true;
  proxy.close();
  control?.close();
  const running = [...managed.values()].filter(alive).map((m) => m.child!);
  for (const c of running) c.kill('SIGTERM');
  await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))));
  await stopS3();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
