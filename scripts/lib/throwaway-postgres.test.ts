import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPostgresBin, POSTGRES_MISSING, startThrowawayPostgres } from './throwaway-postgres.ts';

describe('findPostgresBin', () => {
  it('picks the newest version that has initdb and pg_ctl', () => {
    const lib = mkdtempSync(join(tmpdir(), 'pg-lib-'));
    try {
      for (const [v, tools] of [
        ['9.6', ['initdb', 'pg_ctl']],
        ['15', ['initdb', 'pg_ctl']],
        ['17', ['psql']], // a client only: no server to start
      ] as const) {
        mkdirSync(join(lib, v, 'bin'), { recursive: true });
        for (const t of tools) writeFileSync(join(lib, v, 'bin', t), '');
      }
      expect(findPostgresBin(lib)).toBe(join(lib, '15', 'bin'));
    } finally {
      rmSync(lib, { recursive: true, force: true });
    }
  });

  it('finds nothing where no server is installed', () => {
    expect(findPostgresBin(join(tmpdir(), 'no-such-postgresql'))).toBeUndefined();
  });
});

describe('startThrowawayPostgres', () => {
  it('names the package and the apt command when PostgreSQL is missing', async () => {
    await expect(startThrowawayPostgres(undefined)).rejects.toThrow(POSTGRES_MISSING);
    expect(POSTGRES_MISSING).toContain('apt-get install -y postgresql');
  });

  // Debian's postgresql is what `npm test` installs (as root) for its PostgreSQL suites; without it this
  // fails with POSTGRES_MISSING, as the suites themselves would.
  it('starts a cluster on a loopback port that answers queries, then stops it and removes its folder', async () => {
    const pg = await startThrowawayPostgres(findPostgresBin());
    try {
      const port = new URL(pg.url).port;
      const bin = findPostgresBin() as string;
      const res = spawnSync(
        join(bin, 'psql'),
        ['-h', '127.0.0.1', '-p', port, '-U', 'postgres', '-tAc', 'select 40 + 2'],
        { encoding: 'utf8' },
      );
      expect(res.stderr).toBe('');
      expect(res.stdout.trim()).toBe('42');
    } finally {
      pg.stop();
    }
    expect(existsSync(pg.dataDir)).toBe(false);
  }, 60_000); // initdb and a server start: seconds, and more on a busy machine
});
