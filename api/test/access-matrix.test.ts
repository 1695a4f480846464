// The access matrix, driven by the OpenAPI document (/api/docs/json), so an operation added later is covered
// unedited. Two learners each own one of everything. Learner A calls every operation with B's ids of every
// kind in each path parameter (A's own ids in the others), and in every id field of its body and query; and
// every authenticated operation is called with no, forged, expired, alg=none and malformed tokens, and a
// genuine one of a user that does not exist. Nothing of B's reaches A, nothing of either learner changes,
// path ids answer 404 and bad tokens 401.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, getTableColumns, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../src/config.ts';
import * as schema from '../src/db/schema.ts';
import type { TestApp } from './helpers/app.ts';
import { type IdKind, type LearnerWorld, learnerWorld } from './helpers/learner-world.ts';
import { appWithOperations, type JsonSchema, type Operation, urlOf } from './helpers/openapi.ts';
import { fullValue } from './helpers/request-arbitraries.ts';

let t: TestApp;
let a: LearnerWorld;
let b: LearnerWorld;
let operations: Operation[];
let calls = 0;

({ t, operations } = await appWithOperations());

beforeAll(async () => {
  a = await learnerWorld(t.app, 'a');
  b = await learnerWorld(t.app, 'b');
}, 180_000);
afterAll(async () => {
  console.log(`access matrix: ${operations.length} operations, ${calls} calls`);
  await t.close();
});

/** Every row of every table that belongs to the learner, and the size of each media file: what must not change. */
async function ownedState(world: LearnerWorld): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, PgTable)) continue;
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const owner = name === 'users' ? columns.id : columns.userId;
    if (!owner) continue;
    const rows = await t.database.db.select().from(table).where(eq(owner, world.ids.user));
    parts[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  for (const media of world.mediaNames) {
    parts[media] = (await stat(join(t.config.dataDir, 'media', media))).size;
  }
  return JSON.stringify(parts);
}

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

async function call(
  op: Operation,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  calls += 1;
  return t.app.inject({
    method: op.method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** What A may never see of B: B's texts, and B's ids other than those A itself sent. */
function expectNoLeak(res: Answer, sent: string, what: string) {
  for (const secret of b.secrets) expect(res.body, `${what} leaks B's text`).not.toContain(secret);
  for (const id of [...Object.values(b.ids), ...b.mediaNames]) {
    if (!sent.includes(id)) expect(res.body, `${what} leaks B's id ${id}`).not.toContain(id);
  }
}

function expectErrorShape(res: Answer, what: string) {
  const body = res.json();
  expect(typeof body.message, what).toBe('string');
  expect(typeof body.code, what).toBe('string');
}

const kinds = () => Object.keys(a.ids) as IdKind[];
/** The values a path parameter takes from a learner: ids of every kind, or media names for the wildcard. */
const pathValuesOf = (world: LearnerWorld, name: string) =>
  name === '*' ? world.mediaNames : kinds().map((k) => world.ids[k]);

function combinations(lists: string[][]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((c) => list.map((v) => [...c, v])), [[]]);
}

/** A request body with every optional field present and every uuid field set to `id`. */
function withIds(schema: JsonSchema, id: string): unknown {
  return fullValue(schema, { uuids: [id], mediaNames: [] });
}
/** The operation's required query parameters (a removal's `version`) with valid values, ids set to `id`. */
const requiredQuery = (op: Operation, id: string) =>
  op.queryParams
    .filter((p) => p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(withIds(p.schema, id)))}`)
    .join('&');
const hasUuid = (schema: JsonSchema | undefined): boolean =>
  !!schema && JSON.stringify(schema).includes('"format":"uuid"');

const authenticated = (op: Operation) => op.auth !== 'none';
const takesPathIds = (op: Operation) => op.pathParams.length > 0;
const takesBodyOrQueryIds = (op: Operation) =>
  authenticated(op) && (hasUuid(op.body?.schema) || op.queryParams.some((p) => hasUuid(p.schema)));

describe("another learner's ids, in every operation", () => {
  it('covers every operation with a path parameter or an id in its body or query', () => {
    expect(operations.filter(takesPathIds).length).toBeGreaterThanOrEqual(45);
    expect(operations.filter(takesBodyOrQueryIds).length).toBeGreaterThanOrEqual(5);
  });

  // the document is loaded before tests are declared
  for (const op of operations.filter(takesPathIds)) {
    it(`${op.name}: 404 for B's ids in the path, nothing leaks or changes`, async () => {
      const before = [await ownedState(a), await ownedState(b)];
      const names = op.pathParams.map((p) => p.name);
      for (const target of names) {
        const lists = names.map((n) => (n === target ? pathValuesOf(b, n) : pathValuesOf(a, n)));
        for (const values of combinations(lists)) {
          // ids in the body and query agree with the path's foreign one, so a mismatch is never the reason
          // for refusal, and a required query parameter is there, so a 400 is not either
          const foreign = values[names.indexOf(target)]!;
          const url = urlOf(
            op,
            Object.fromEntries(names.map((n, i) => [n, values[i]!])),
            requiredQuery(op, foreign),
          );
          const body = op.body ? withIds(op.body.schema, foreign) : undefined;
          const res = await call(op, url, a.headers, body);
          const what = `${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBe(404);
          expectErrorShape(res, what);
          expectNoLeak(res, url, what);
        }
      }
      expect([await ownedState(a), await ownedState(b)]).toEqual(before);
    }, 60_000);
  }

  for (const op of operations.filter(takesBodyOrQueryIds)) {
    it(`${op.name}: B's ids in the body or query are refused or ignored, nothing leaks or changes`, async () => {
      const before = await ownedState(b);
      for (const kind of kinds()) {
        const foreign = b.ids[kind];
        const query = op.queryParams
          .filter((p) => hasUuid(p.schema))
          .map((p) => `${encodeURIComponent(p.name)}=${foreign}`)
          .join('&');
        const body = op.body ? withIds(op.body.schema, foreign) : undefined;
        // A's own ids in the path, of every kind, so only the foreign id can be the reason for a refusal
        const names = op.pathParams.map((p) => p.name);
        for (const values of combinations(names.map((n) => pathValuesOf(a, n)))) {
          const url = urlOf(op, Object.fromEntries(names.map((n, i) => [n, values[i]!])), query);
          const res = await call(op, url, a.headers, body);
          const what = `${op.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          // refused, or the id ignored (an imported note's lesson link is dropped): never stored, never answered
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) expectErrorShape(res, what);
          expectNoLeak(res, `${url} ${JSON.stringify(body)}`, what);
          const stateOfA = await ownedState(a);
          for (const id of Object.values(b.ids))
            expect(stateOfA, `${what}: A's data holds B's id`).not.toContain(id);
        }
      }
      expect(await ownedState(b)).toEqual(before);
    }, 60_000);
  }
});

describe('bad tokens, on every authenticated operation', () => {
  const b64url = (v: string) => Buffer.from(v).toString('base64url');
  const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
  const sign = (head: object, payload: object, secret: string) => {
    const unsigned = `${b64url(JSON.stringify(head))}.${b64url(JSON.stringify(payload))}`;
    return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
  };
  const badTokens = (): Record<string, Record<string, string>> => {
    const token = a.headers.authorization!.replace(/^Bearer /, '');
    const payload = payloadOf(token);
    const now = Math.floor(Date.now() / 1000);
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    const bearer = (v: string) => ({ authorization: `Bearer ${v}` });
    return {
      none: {},
      forged: bearer(sign(hs256, payload, randomBytes(32).toString('hex'))),
      expired: bearer(
        sign(hs256, { ...payload, iat: now - 7200, exp: now - 3600 }, resolveJwtSecret(t.config)),
      ),
      'alg=none': bearer(
        `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.`,
      ),
      malformed: bearer('not.a.token'),
      // signed with the real secret, for a user that does not exist (a deleted account's token)
      'no such user': bearer(sign(hs256, { ...payload, sub: randomUUID() }, resolveJwtSecret(t.config))),
      'another scheme': { authorization: `Basic ${token}` },
    };
  };

  it('covers every authenticated operation', () => {
    expect(operations.filter(authenticated).length).toBeGreaterThanOrEqual(60);
  });

  for (const op of operations.filter(authenticated)) {
    it(`${op.name}: refused with every bad token, nothing changes`, async () => {
      const before = await ownedState(a);
      const names = op.pathParams.map((p) => p.name);
      const url = urlOf(op, Object.fromEntries(names.map((n) => [n, pathValuesOf(a, n)[0]!])));
      const body = op.body ? withIds(op.body.schema, a.ids.goal) : undefined;
      for (const [name, headers] of Object.entries(badTokens())) {
        const res = await call(op, url, headers, body);
        const what = `${op.method} ${url} with ${name} token → ${res.statusCode} ${res.body.slice(0, 200)}`;
        // media also answer a signed URL, so without one a bad token finds nothing rather than 401
        expect(res.statusCode, what).toBe(op.auth === 'required' ? 401 : 404);
        expectErrorShape(res, what);
      }
      expect(await ownedState(a)).toEqual(before);
    }, 60_000);
  }
});
