// Environment → typed config. Everything has an embedded default so `npm start` needs no setup.

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The repository root (api/src/config.ts → ../..): the defaults of the directories hang off it. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** Empty strings count as unset: scripts pass `DATABASE_URL: ''` to force the embedded database. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const EnvSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }),
  ),
  DATABASE_POOL_SIZE: optional(
    z.coerce
      .number({ error: 'DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
      .int()
      .min(1)
      .max(100),
  ),
  JWT_SECRET: optional(z.string().min(32, 'JWT_SECRET must be at least 32 characters')),
  DEPLOY_DIR: optional(z.string()),
  SHELL_DIST: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  AUTH_RATE_LIMIT: optional(z.coerce.number().int().positive()),
  AI_PROVIDER: optional(z.enum(['openai', 'offline'], { error: 'AI_PROVIDER must be openai or offline' })),
  AI_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'AI_BASE_URL must be an http(s) URL' })),
  AI_API_KEY: optional(z.string()),
  AI_MODEL: optional(z.string()),
  AI_MODEL_PRO: optional(z.string()),
  AI_IMAGE_MODEL: optional(z.string()),
  AI_EMBEDDING_MODEL: optional(z.string()),
  AI_TTS_MODEL: optional(z.string()),
  AI_TTS_VOICE: optional(z.string()),
  WORKER: optional(z.enum(['in-process', 'off'], { error: 'WORKER must be in-process or off' })),
  JOB_STALE_MS: optional(z.coerce.number().int().positive()),
  JOB_RETENTION_DAYS: optional(
    z.coerce
      .number({ error: 'JOB_RETENTION_DAYS must be a number of days (decimals allowed), at least 1 minute' })
      .min(1 / 1440, 'JOB_RETENTION_DAYS must be at least 1 minute (0.000695)'),
  ),
  PAYMENTS: optional(z.enum(['sandbox', 'stripe'], { error: 'PAYMENTS must be sandbox or stripe' })),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_PRICE_ID: optional(z.string()),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  STRIPE_PUBLISHABLE_KEY: optional(z.string()),
  MINDPATH_TEST_CLOCK: optional(z.enum(['on', 'off'])),
  MINDPATH_TEST_STREAM_DELAY_MS: optional(z.coerce.number().int().min(0).max(10_000)),
  STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/, error: 'STRIPE_API_BASE must be an http(s) URL' })),
  METRICS_PORT: optional(
    z.coerce.number({ error: 'METRICS_PORT must be a port number' }).int().min(0).max(65535),
  ),
  METRICS_TOKEN: optional(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters')),
  CANARY_FAILURE_RATE: optional(
    z.coerce
      .number({ error: 'CANARY_FAILURE_RATE must be a fraction from 0 to 1 (0.05 is 5 %)' })
      .min(0)
      .max(1),
  ),
  CANARY_MIN_LOADS: optional(
    z.coerce.number({ error: 'CANARY_MIN_LOADS must be a whole number, at least 1' }).int().min(1),
  ),
  REDIS_URL: optional(
    z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }),
  ),
  RATE_LIMIT_STORE: optional(
    z.enum(['memory', 'database', 'redis'], { error: 'RATE_LIMIT_STORE must be memory, database or redis' }),
  ),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' })),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(
    z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }),
  ),
  SOURCE_FETCH_ALLOW_HOSTS: optional(z.string()),
});

/** Used when AI_PROVIDER=openai names no AI_BASE_URL. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Used when AI_MODEL is unset (a model name OpenAI knows; local servers usually ignore the name). */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

export type AiConfig =
  /**
   * streamDelayMs: e2e only (MINDPATH_TEST_STREAM_DELAY_MS), a slower pace for the offline text streams, so a
   * test can stop an API instance or a worker while a lesson or a chat answer is being written
   */
  | { provider: 'offline'; streamDelayMs?: number }
  | { provider: 'openai'; baseUrl: string; apiKey: string | undefined; model: string; modelPro: string };

export interface StripeConfig {
  secretKey: string;
  priceId: string;
  webhookSecret: string;
  publishableKey: string;
  /** Stripe's API elsewhere (tests run a local server that speaks its protocol); api.stripe.com when unset */
  apiBase: string | undefined;
}

/** `sandbox`: the built-in hosted checkout (the default); `stripe`: Stripe Checkout in test or live mode. */
export type PaymentsConfig = { provider: 'sandbox' } | ({ provider: 'stripe' } & StripeConfig);

const STRIPE_VARS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PRICE_ID',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
] as const;

function paymentsConfig(e: z.infer<typeof EnvSchema>): PaymentsConfig {
  if ((e.PAYMENTS ?? 'sandbox') === 'sandbox') return { provider: 'sandbox' };
  const missing = STRIPE_VARS.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new Error(`Invalid environment:\n  PAYMENTS=stripe needs ${missing.join(', ')}`);
  }
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY ?? '',
    priceId: e.STRIPE_PRICE_ID ?? '',
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
    apiBase: e.STRIPE_API_BASE,
  };
}

function rateLimitStoreConfig(e: z.infer<typeof EnvSchema>): Config['rateLimitStore'] {
  const kind = e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'database' : 'memory');
  if (kind !== 'redis') return { kind };
  if (!e.REDIS_URL) throw new Error('Invalid environment:\n  RATE_LIMIT_STORE=redis needs REDIS_URL');
  return { kind, url: e.REDIS_URL };
}

/** An S3-compatible bucket for media (AWS S3, MinIO, R2, …). */
export interface S3Config {
  bucket: string;
  /** unset: AWS S3 itself */
  endpoint: string | undefined;
  region: string;
  /** unset: the AWS SDK's own credential chain (instance role, AWS_* variables) */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most local stores */
  forcePathStyle: boolean;
}

function s3Config(e: z.infer<typeof EnvSchema>): S3Config | null {
  if (!e.S3_BUCKET) return null;
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // an endpoint of one's own is most often MinIO or a local store, which want the bucket in the path
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
  };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** unset: PGlite persisted in `<dataDir>/pglite` */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per process; unset: twice the cores, 4 to 10 (client.ts) */
  databasePoolSize: number | undefined;
  /** unset: generated once and kept in `<dataDir>/jwt-secret` (see resolveJwtSecret) */
  jwtSecret: string | undefined;
  deployDir: string;
  shellDist: string;
  logLevel: string;
  /** requests per minute per IP on each /api/auth/* route */
  authRateLimit: number;
  /**
   * where the auth rate limit counts, so that every instance counts alike: `redis` (REDIS_URL), else
   * `database` on PostgreSQL, else `memory` (PGlite belongs to one process); RATE_LIMIT_STORE overrides
   */
  rateLimitStore: { kind: 'memory' } | { kind: 'database' } | { kind: 'redis'; url: string };
  /** the AI provider: `offline` (embedded, the default) unless AI_BASE_URL or AI_PROVIDER=openai */
  ai: AiConfig;
  /** an OpenAI-compatible images API (AI_BASE_URL + AI_API_KEY) when AI_IMAGE_MODEL is set; else SVG illustrations */
  images: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  /**
   * an OpenAI-compatible embeddings API (POST /embeddings, AI_BASE_URL + AI_API_KEY) when AI_EMBEDDING_MODEL is
   * set: sources' passages are embedded too and searched by meaning beside full text; else full text only
   */
  embeddings: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  /** an OpenAI-compatible speech API (POST /audio/speech) when AI_TTS_MODEL is set; else eSpeak NG offline */
  tts: { baseUrl: string; apiKey: string | undefined; model: string; voice: string } | null;
  /**
   * generation jobs: run by a worker inside the API process unless WORKER=off (then `pnpm worker` runs them);
   * finished ones are deleted after retentionMs (JOB_RETENTION_DAYS, 7 by default) by a worker's periodic task
   */
  worker: { inProcess: boolean; staleMs: number; retentionMs: number };
  /** how learners pay for Pro: PAYMENTS=sandbox (default) or stripe with the STRIPE_* variables */
  payments: PaymentsConfig;
  /** media in this S3-compatible bucket when S3_BUCKET is set; else under `<dataDir>/media` */
  s3: S3Config | null;
  /** e2e only (MINDPATH_TEST_CLOCK=on): a learner may move their review clock forward (reviews/clock.ts) */
  testClock: boolean;
  /**
   * GET /metrics (Prometheus): on its own listener at `port` (METRICS_PORT) and/or on the API's port behind
   * `Authorization: Bearer <token>` (METRICS_TOKEN); neither set: not served at all (never public by default)
   */
  metrics: { port: number | undefined; token: string | undefined };
  /**
   * a canary release is rolled back when its failures exceed `failureRate` of its loads once it has had
   * `minLoads` (CANARY_FAILURE_RATE, 0.05; CANARY_MIN_LOADS, 20)
   */
  canary: { failureRate: number; minLoads: number };
  /** tests only (SOURCE_FETCH_ALLOW_HOSTS, comma-separated host:port): URL sources fetched there skip the private-address check */
  sourceFetchAllowHosts: string[];
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const provider = e.AI_PROVIDER ?? (e.AI_BASE_URL ? 'openai' : 'offline');
  if (provider === 'openai' && !e.AI_BASE_URL && !e.AI_API_KEY) {
    throw new Error(
      `Invalid environment:\n  AI_API_KEY: AI_PROVIDER=openai without AI_BASE_URL uses ${OPENAI_BASE_URL} and needs AI_API_KEY`,
    );
  }
  const model = e.AI_MODEL ?? DEFAULT_AI_MODEL;
  const ai: AiConfig =
    provider === 'offline'
      ? { provider, streamDelayMs: e.MINDPATH_TEST_STREAM_DELAY_MS }
      : {
          provider,
          baseUrl: (e.AI_BASE_URL ?? OPENAI_BASE_URL).replace(/\/+$/, ''),
          apiKey: e.AI_API_KEY,
          model,
          modelPro: e.AI_MODEL_PRO ?? model,
        };
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: resolve(e.DATA_DIR ?? join(REPO_ROOT, '.data')),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    deployDir: resolve(e.DEPLOY_DIR ?? join(REPO_ROOT, '.deploy')),
    shellDist: resolve(e.SHELL_DIST ?? join(REPO_ROOT, 'shell', 'dist')),
    logLevel: e.LOG_LEVEL ?? 'info',
    // Generous by default: e2e registers many learners from 127.0.0.1 against `npm start` as well.
    authRateLimit: e.AUTH_RATE_LIMIT ?? 30,
    rateLimitStore: rateLimitStoreConfig(e),
    ai,
    images:
      ai.provider === 'openai' && e.AI_IMAGE_MODEL
        ? { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: e.AI_IMAGE_MODEL }
        : null,
    embeddings:
      ai.provider === 'openai' && e.AI_EMBEDDING_MODEL
        ? { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: e.AI_EMBEDDING_MODEL }
        : null,
    tts:
      ai.provider === 'openai' && e.AI_TTS_MODEL
        ? { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: e.AI_TTS_MODEL, voice: e.AI_TTS_VOICE ?? 'alloy' }
        : null,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    canary: { failureRate: e.CANARY_FAILURE_RATE ?? 0.05, minLoads: e.CANARY_MIN_LOADS ?? 20 },
    worker: {
      inProcess: (e.WORKER ?? 'in-process') === 'in-process',
      staleMs: e.JOB_STALE_MS ?? 30_000,
      retentionMs: Math.round((e.JOB_RETENTION_DAYS ?? 7) * 86_400_000),
    },
    payments: paymentsConfig(e),
    s3: s3Config(e),
    testClock: e.MINDPATH_TEST_CLOCK === 'on',
    sourceFetchAllowHosts: (e.SOURCE_FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}

/**
 * The JWT secret: JWT_SECRET when set, otherwise a random one generated on first start and kept in
 * `<dataDir>/jwt-secret` (mode 0600) so tokens survive restarts. The file holds the secret as text; e2e
 * reads it to forge an expired token.
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  // writeFileSync's mode only applies to a new file (and is masked by umask): make it exact.
  chmodSync(file, 0o600);
  return secret;
}
