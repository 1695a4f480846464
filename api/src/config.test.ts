import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT, resolveJwtSecret } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all: port 8080, PGlite in .data, the build in the repository', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: join(REPO_ROOT, '.data'),
      databaseUrl: undefined,
      deployDir: join(REPO_ROOT, '.deploy'),
      shellDist: join(REPO_ROOT, 'shell', 'dist'),
      authRateLimit: 30,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it('takes a postgres URL and refuses anything else, naming the variable', () => {
    const url = 'postgres://u:p@db:5432/mindpath';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres:// URL');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
  });
});

describe('resolveJwtSecret', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prefers JWT_SECRET', () => {
    const secret = 's'.repeat(40);
    expect(resolveJwtSecret({ jwtSecret: secret, dataDir: '/nonexistent' })).toBe(secret);
  });

  it('generates a secret once, keeps it owner-only in the data directory and reuses it', () => {
    dir = mkdtempSync(join(tmpdir(), 'mindpath-secret-'));
    const dataDir = join(dir, 'data');
    const first = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir })).toBe(first);
  });
});
