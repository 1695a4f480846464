// A PostgreSQL cluster that belongs to one test run (`npm test`): initdb in a temporary folder, a free
// loopback port, trust auth, no fsync (nothing in it outlives the run), stopped and removed by stop().
// The binaries are Debian's `postgresql` (/usr/lib/postgresql/<version>/bin), which the bootstrap installs
// when it runs as root. initdb refuses to run as root, so as root the cluster runs as the `postgres` user
// the package creates.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const POSTGRES_MISSING =
  "PostgreSQL not found: install Debian's postgresql (apt-get install -y postgresql) or set DATABASE_URL";

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  dataDir: string;
  stop(): void;
}

/** The newest `…/bin` under `lib` that holds initdb and pg_ctl, or undefined. */
export function findPostgresBin(lib = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(lib)) return undefined;
  const versions = readdirSync(lib)
    .filter((v) => existsSync(join(lib, v, 'bin', 'initdb')) && existsSync(join(lib, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(lib, versions[0], 'bin') : undefined;
}

export async function freeLoopbackPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/** uid and gid of the `postgres` user when this process is root (initdb will not run as root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error("running as root, but there is no `postgres` user (Debian's postgresql creates it)");
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startThrowawayPostgres(bin: string | undefined): Promise<ThrowawayPostgres> {
  if (!bin) throw new Error(POSTGRES_MISSING);
  const owner = postgresUser();
  const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-pg-'));
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  const run = (cmd: string, args: string[]) => {
    const res = spawnSync(join(bin, cmd), args, {
      encoding: 'utf8',
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    });
    if (res.status !== 0)
      throw new Error(
        `${cmd} failed (${res.status ?? res.signal}): ${res.stderr || res.stdout || res.error}`,
      );
  };
  const stop = () => {
    if (existsSync(join(dataDir, 'postmaster.pid')))
      spawnSync(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
        stdio: 'ignore',
        ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const port = await freeLoopbackPort();
    const options = [
      `-p ${port}`,
      `-k ${dataDir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      join(dataDir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dataDir, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

/** Stops the cluster when this process exits, or is interrupted or terminated (then exiting with 1). */
export function stopWithProcess(pg: ThrowawayPostgres): void {
  process.on('exit', pg.stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      pg.stop();
      process.exit(1);
    });
}
