// The browsers' reports about remotes (POST /api/remote-loads, /api/client-errors): counted per published
// version in remote_load_counts, size- and rate-limited, never a 5xx whatever is sent; and the automatic
// rollback of a canary whose failures cross the threshold, in the deployment's remotes.json and releases.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName, RemotesManifest } from '@mindpath/contracts/remotes';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteLoadCounts } from '../src/db/schema.ts';
import { CLIENT_REPORT_BODY_LIMIT, CLIENT_REPORTS_PER_MINUTE } from '../src/modules/client-reports/routes.ts';
import { createTestApp, registerLearner, secondInstance, type TestApp } from './helpers/app.ts';
import { loadOperations } from './helpers/openapi.ts';
import { hostileRequest, type RequestContext, validRequest } from './helpers/request-arbitraries.ts';

let t: TestApp;
// the defaults, named so the figures below read against them
const MIN_LOADS = 20;
const FAILURE_RATE = 0.05;

beforeAll(async () => {
  t = await createTestApp({ CANARY_MIN_LOADS: String(MIN_LOADS), CANARY_FAILURE_RATE: String(FAILURE_RATE) });
});
afterAll(() => t?.close());

// ---- the deployment, as release:remote leaves it ----

const deployDir = () => t.config.deployDir;
const remotesJson = (): RemotesManifest =>
  JSON.parse(readFileSync(join(deployDir(), 'remotes.json'), 'utf8'));
const releasesJson = () =>
  JSON.parse(readFileSync(join(deployDir(), 'releases.json'), 'utf8')) as {
    log: { at: string; remote: string; action: string; version: string; reason?: string }[];
  };

/** Publishes `stable` (and `canary` at `share` %) of `remote` and makes them live. */
function release(remote: RemoteName, stable: string, canary?: string, share = 10) {
  for (const version of [stable, canary]) {
    if (!version) continue;
    const dir = join(deployDir(), 'remotes', remote, version);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'mf-manifest.json'),
      JSON.stringify({ id: `mf_${remote}`, name: `mf_${remote}` }),
    );
  }
  let manifest: RemotesManifest = { updatedAt: new Date().toISOString(), remotes: {} };
  let history: { versions: Record<string, string[]>; log: unknown[] } = { versions: {}, log: [] };
  try {
    manifest = remotesJson();
    history = releasesJson() as unknown as typeof history;
  } catch {
    // the first release of this deployment
  }
  const entry = (v: string) => `/remotes/${remote}/${v}/mf-manifest.json`;
  manifest.remotes[remote] = {
    version: stable,
    entry: entry(stable),
    ...(canary ? { canary: { version: canary, entry: entry(canary), share } } : {}),
  };
  history.versions[remote] = [stable, ...(canary ? [canary] : [])];
  mkdirSync(deployDir(), { recursive: true });
  writeFileSync(join(deployDir(), 'remotes.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(deployDir(), 'releases.json'), JSON.stringify(history, null, 2));
}

// ---- reports ----

const load = (remote: string, version: string, headers: Record<string, string> = {}) =>
  t.api('POST', '/remote-loads', headers, { remote, version });
const failure = (remote: string, version: string, phase: 'load' | 'render') =>
  t.api(
    'POST',
    '/client-errors',
    {},
    { remote, version, phase, name: 'TypeError', message: 'x is not a function' },
  );

async function counts(remote: string, version: string) {
  const [row] = await t.database.db
    .select()
    .from(remoteLoadCounts)
    .where(and(eq(remoteLoadCounts.remote, remote), eq(remoteLoadCounts.version, version)));
  return (
    row && {
      loads: Number(row.loads),
      loadFailures: Number(row.loadFailures),
      renderFailures: Number(row.renderFailures),
    }
  );
}

/** Sends `n` reports one after another (the order of a rollback's crossing matters). */
async function times(n: number, send: () => ReturnType<typeof load>) {
  for (let i = 0; i < n; i++) expect((await send()).statusCode).toBe(204);
}

describe('client reports', () => {
  it('count loads, load failures and render failures per published version, with or without a token', async () => {
    release('pomodoro', '1.0.0-aaa');
    const learner = await registerLearner(t.app);
    expect((await load('pomodoro', '1.0.0-aaa')).statusCode).toBe(204);
    expect((await load('pomodoro', '1.0.0-aaa', learner.headers)).statusCode).toBe(204);
    // a token that is no longer (or never was) valid does not matter: visitors report too
    expect((await load('pomodoro', '1.0.0-aaa', { authorization: 'Bearer not-a-token' })).statusCode).toBe(
      204,
    );
    expect((await failure('pomodoro', '1.0.0-aaa', 'load')).statusCode).toBe(204);
    await times(2, () => failure('pomodoro', '1.0.0-aaa', 'render'));
    expect(await counts('pomodoro', '1.0.0-aaa')).toEqual({ loads: 3, loadFailures: 1, renderFailures: 2 });
    const [row] = await t.database.db
      .select()
      .from(remoteLoadCounts)
      .where(eq(remoteLoadCounts.version, '1.0.0-aaa'));
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });

  it('answer 204 to a version that was never published, and count nothing for it', async () => {
    release('pomodoro', '1.0.0-aaa');
    for (const version of ['9.9.9-nope', '../../etc', '..', '.hidden'])
      expect((await load('pomodoro', version)).statusCode).toBe(204);
    expect(await counts('pomodoro', '9.9.9-nope')).toBeUndefined();
    expect(await counts('pomodoro', '..')).toBeUndefined();
  });

  it('answer 400 with the house error shape to a bad body', async () => {
    for (const [url, body] of [
      ['/remote-loads', { remote: 'nope', version: '1' }],
      ['/remote-loads', { remote: 'goals' }],
      ['/client-errors', { remote: 'goals', version: '1', phase: 'paint', name: 'E', message: 'm' }],
      [
        '/client-errors',
        { remote: 'goals', version: '1', phase: 'load', name: 'E', message: 'm'.repeat(501) },
      ],
    ] as const) {
      const res = await t.api('POST', url, {}, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });

  it(`answer 413 to a body over ${CLIENT_REPORT_BODY_LIMIT} bytes`, async () => {
    const payload = JSON.stringify({
      remote: 'goals',
      version: '1',
      phase: 'render',
      name: 'E',
      message: 'm'.repeat(5000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it(`answer 429 past ${CLIENT_REPORTS_PER_MINUTE} reports a minute from one client, and not to another client`, async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/remote-loads',
        remoteAddress,
        payload: { remote: 'goals', version: 'x' },
      });
    for (let i = 0; i < CLIENT_REPORTS_PER_MINUTE; i++) expect((await from('10.0.0.7')).statusCode).toBe(204);
    const refused = await from('10.0.0.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await from('10.0.0.8')).statusCode).toBe(204);
  }, 120_000);
});

describe('automatic rollback of a canary', () => {
  it('rolls back a canary whose failures cross the threshold, at the report that crosses it', async () => {
    release('goals', '1.0.0-stable', '1.1.0-broken', 10);
    // 18 loads, 2 renders failed: 10 % of attempts, but fewer than the minimum of loads
    await times(MIN_LOADS - 2, () => load('goals', '1.1.0-broken'));
    await times(2, () => failure('goals', '1.1.0-broken', 'render'));
    await times(1, () => load('goals', '1.1.0-broken'));
    expect(remotesJson().remotes.goals?.canary?.version).toBe('1.1.0-broken');
    // the 20th attempt: 2 failures in 20 is above 5 %
    await times(1, () => load('goals', '1.1.0-broken'));
    const goals = remotesJson().remotes.goals;
    expect(goals).toEqual({ version: '1.0.0-stable', entry: '/remotes/goals/1.0.0-stable/mf-manifest.json' });
    const rollbacks = releasesJson().log.filter((e) => e.remote === 'goals' && e.action === 'rollback');
    expect(rollbacks).toHaveLength(1);
    expect(rollbacks[0]).toMatchObject({
      version: '1.1.0-broken',
      reason: expect.stringMatching(/2 failures in 20 loads/),
    });
    // what the shell reads next: the stable version only
    const served = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(served.json().remotes.goals.canary).toBeUndefined();
    // later failures of the rolled-back version change nothing more
    await times(3, () => failure('goals', '1.1.0-broken', 'load'));
    expect(releasesJson().log.filter((e) => e.action === 'rollback' && e.remote === 'goals')).toHaveLength(1);
  });

  it('keeps a canary under the threshold, and one with too few loads', async () => {
    release('notes', '2.0.0-stable', '2.1.0-fine', 25);
    // 1 failure in 20 attempts is 5 %, not above it
    await times(MIN_LOADS - 1, () => load('notes', '2.1.0-fine'));
    await times(1, () => failure('notes', '2.1.0-fine', 'load'));
    await times(10, () => load('notes', '2.1.0-fine'));
    expect(await counts('notes', '2.1.0-fine')).toEqual({
      loads: MIN_LOADS + 9,
      loadFailures: 1,
      renderFailures: 0,
    });
    expect(remotesJson().remotes.notes?.canary).toMatchObject({ version: '2.1.0-fine', share: 25 });

    release('lessons', '3.0.0-stable', '3.1.0-new', 50);
    // every attempt failed, but only MIN_LOADS - 1 of them
    await times(MIN_LOADS - 1, () => failure('lessons', '3.1.0-new', 'load'));
    expect(remotesJson().remotes.lessons?.canary?.version).toBe('3.1.0-new');
    expect(releasesJson().log.filter((e) => e.action === 'rollback' && e.remote !== 'goals')).toEqual([]);
  });

  it("never rolls anything back for the stable version's failures", async () => {
    release('roadmap', '4.0.0-stable', '4.1.0-canary', 10);
    await times(MIN_LOADS, () => failure('roadmap', '4.0.0-stable', 'load'));
    await times(MIN_LOADS, () => failure('roadmap', '4.0.0-stable', 'render'));
    expect(remotesJson().remotes.roadmap).toMatchObject({
      version: '4.0.0-stable',
      canary: { version: '4.1.0-canary' },
    });
    expect(releasesJson().log.filter((e) => e.remote === 'roadmap')).toEqual([]);
  });

  it('rolls back once when two instances cross the threshold together', async () => {
    release('billing', '5.0.0-stable', '5.1.0-broken', 10);
    const second = await secondInstance(t);
    try {
      // 15 loads, then 10 failed loads at once across both: the threshold is crossed in the middle
      await times(MIN_LOADS - 5, () => load('billing', '5.1.0-broken'));
      const both = [t.app, second.app].flatMap((app) =>
        Array.from({ length: 5 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/client-errors',
            payload: {
              remote: 'billing',
              version: '5.1.0-broken',
              phase: 'load',
              name: 'Error',
              message: 'boom',
            },
          }),
        ),
      );
      for (const res of await Promise.all(both)) expect(res.statusCode).toBe(204);
    } finally {
      await second.close();
    }
    expect(remotesJson().remotes.billing).toEqual({
      version: '5.0.0-stable',
      entry: '/remotes/billing/5.0.0-stable/mf-manifest.json',
    });
    expect(releasesJson().log.filter((e) => e.remote === 'billing' && e.action === 'rollback')).toHaveLength(
      1,
    );
  });
});

describe('client reports under fuzz', () => {
  /** Beyond the whole document's fuzz: many more inputs for these two unauthenticated endpoints. */
  const RUNS = 150;
  const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

  it('never answer a 5xx, and every refusal is {message, code}', async () => {
    release('auth', '6.0.0-stable', '6.1.0-canary', 10);
    const operations = (await loadOperations(t.app)).filter((op) =>
      ['/api/remote-loads', '/api/client-errors'].includes(op.path),
    );
    expect(operations).toHaveLength(2);
    const ctx: RequestContext = { uuids: [], mediaNames: [] };
    let client = 0;
    for (const op of operations) {
      for (const arbitrary of [validRequest(op, ctx), hostileRequest(op, ctx)]) {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (req) => {
            client += 1;
            const res = await t.app.inject({
              method: op.method,
              url: req.url,
              // each input from its own address: the rate limit is not what is fuzzed here
              remoteAddress: `10.1.${client >> 8}.${client & 255}`,
              headers: req.body === undefined ? {} : { 'content-type': 'application/json' },
              ...(req.body === undefined ? {} : { payload: req.body }),
            });
            const what = `${op.method} ${op.path} ${req.body?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, what).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(res.json(), what).toMatchObject({
                message: expect.any(String),
                code: expect.any(String),
              });
            else expect(res.statusCode, what).toBe(204);
          }),
          { seed: SEED, numRuns: RUNS },
        );
      }
    }
    // and the published versions' reports, in any order and phase, from many clients
    const report = fc.record({
      version: fc.constantFrom('6.0.0-stable', '6.1.0-canary'),
      kind: fc.constantFrom('load', 'load-failure', 'render-failure'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(report, { minLength: 1, maxLength: 8 }), async (reports) => {
        const answers = await Promise.all(
          reports.map(({ version, kind }) =>
            kind === 'load'
              ? load('auth', version)
              : failure('auth', version, kind === 'load-failure' ? 'load' : 'render'),
          ),
        );
        for (const res of answers) expect(res.statusCode).toBe(204);
      }),
      { seed: SEED, numRuns: 40 },
    );
    // the manifest stays one the shell can read: the stable version, and the canary unless it was rolled back
    expect(remotesJson().remotes.auth?.version).toBe('6.0.0-stable');
  }, 120_000);
});
