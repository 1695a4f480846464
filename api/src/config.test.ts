import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_AI_MODEL, loadConfig, OPENAI_BASE_URL, REPO_ROOT, resolveJwtSecret } from './config.ts';
import { defaultPoolSize } from './db/client.ts';

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

  it('takes a pool size of 1 to 100 connections, unset by default (twice the cores, 4 to 10)', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    for (const wrong of ['0', '101', 'many', '2.5'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: wrong }), wrong).toThrow('DATABASE_POOL_SIZE');
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(4);
    expect(defaultPoolSize()).toBeLessThanOrEqual(10);
  });

  it('reads the URL sources allow-list as host:port pairs, empty unless set', () => {
    expect(loadConfig({}).sourceFetchAllowHosts).toEqual([]);
    expect(
      loadConfig({ SOURCE_FETCH_ALLOW_HOSTS: '127.0.0.1:4000, Localhost:80' }).sourceFetchAllowHosts,
    ).toEqual(['127.0.0.1:4000', 'localhost:80']);
  });
});

describe('loadConfig: the AI provider', () => {
  it('is the offline generator when nothing is set', () => {
    expect(loadConfig({}).ai).toEqual({ provider: 'offline' });
    expect(loadConfig({ AI_BASE_URL: '', AI_MODEL: 'x' }).ai).toEqual({ provider: 'offline' });
  });

  it('is openai as soon as AI_BASE_URL is set, with the model for Pro falling back to AI_MODEL', () => {
    expect(loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.1' }).ai).toEqual({
      provider: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      modelPro: 'llama3.1',
    });
    expect(
      loadConfig({
        AI_BASE_URL: 'https://api.example.com/v1',
        AI_API_KEY: 'k',
        AI_MODEL: 'small',
        AI_MODEL_PRO: 'big',
      }).ai,
    ).toMatchObject({ apiKey: 'k', model: 'small', modelPro: 'big' });
  });

  it('can be forced offline even with AI_BASE_URL set', () => {
    expect(loadConfig({ AI_PROVIDER: 'offline', AI_BASE_URL: 'http://localhost:8000/v1' }).ai).toEqual({
      provider: 'offline',
    });
  });

  it('uses api.openai.com for AI_PROVIDER=openai without a URL, and then needs a key', () => {
    expect(loadConfig({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-1' }).ai).toMatchObject({
      provider: 'openai',
      baseUrl: OPENAI_BASE_URL,
      model: DEFAULT_AI_MODEL,
    });
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(/AI_API_KEY/);
  });

  it('streams offline text at the pace MINDPATH_TEST_STREAM_DELAY_MS asks for (e2e), else the default', () => {
    expect(loadConfig({ MINDPATH_TEST_STREAM_DELAY_MS: '100' }).ai).toEqual({
      provider: 'offline',
      streamDelayMs: 100,
    });
    expect(loadConfig({}).ai).toMatchObject({ streamDelayMs: undefined });
    expect(() => loadConfig({ MINDPATH_TEST_STREAM_DELAY_MS: '-1' })).toThrow(
      /MINDPATH_TEST_STREAM_DELAY_MS/,
    );
  });

  it('embeds passages on the provider’s server only when AI_EMBEDDING_MODEL is set there', () => {
    expect(loadConfig({}).embeddings).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1' }).embeddings).toBeNull();
    // the offline provider has no server to ask
    expect(loadConfig({ AI_EMBEDDING_MODEL: 'nomic-embed-text' }).embeddings).toBeNull();
    expect(
      loadConfig({
        AI_BASE_URL: 'http://localhost:11434/v1/',
        AI_API_KEY: 'k',
        AI_EMBEDDING_MODEL: 'nomic-embed-text',
      }).embeddings,
    ).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: 'k', model: 'nomic-embed-text' });
  });

  it('names bad AI variables', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'anthropic' })).toThrow('AI_PROVIDER must be openai or offline');
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x' })).toThrow('AI_BASE_URL must be an http(s) URL');
  });
});

describe('loadConfig: payments', () => {
  const stripe = {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_PRICE_ID: 'price_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  };

  it('is the sandbox when nothing is set', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
  });

  it('is Stripe with its four keys, on api.stripe.com unless STRIPE_API_BASE says otherwise', () => {
    expect(loadConfig(stripe).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      priceId: 'price_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
      apiBase: undefined,
    });
    expect(loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:9' }).payments).toMatchObject({
      apiBase: 'http://127.0.0.1:9',
    });
  });

  it('names the Stripe variables that are missing, and a bad PAYMENTS', () => {
    expect(() => loadConfig({ ...stripe, STRIPE_PRICE_ID: '', STRIPE_WEBHOOK_SECRET: undefined })).toThrow(
      'PAYMENTS=stripe needs STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ PAYMENTS: 'paypal' })).toThrow('PAYMENTS must be sandbox or stripe');
  });
});

describe('loadConfig: the rate-limit store', () => {
  it('is Redis with REDIS_URL, else PostgreSQL with DATABASE_URL, else memory; RATE_LIMIT_STORE overrides', () => {
    const pg = 'postgres://u:p@127.0.0.1:5432/db';
    expect(loadConfig({}).rateLimitStore).toEqual({ kind: 'memory' });
    expect(loadConfig({ DATABASE_URL: pg }).rateLimitStore).toEqual({ kind: 'database' });
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
    });
    expect(loadConfig({ DATABASE_URL: pg, RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toEqual({
      kind: 'memory',
    });
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow('RATE_LIMIT_STORE=redis needs REDIS_URL');
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL',
    );
  });
});

describe('loadConfig: media store', () => {
  it('is the data directory unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeNull();
  });

  it('is the bucket, path-style on an endpoint of its own unless S3_FORCE_PATH_STYLE says otherwise', () => {
    expect(loadConfig({ S3_BUCKET: 'media' }).s3).toEqual({
      bucket: 'media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    const minio = {
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(minio).s3).toEqual({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('refuses half a key pair and a bad endpoint', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(
      'S3_ENDPOINT must be an http(s) URL',
    );
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
