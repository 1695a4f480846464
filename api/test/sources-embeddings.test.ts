// Sources searched by meaning: with AI_EMBEDDING_MODEL set, a source's passages are embedded by the
// provider (@mindpath/fake-openai's deterministic embeddings, in which synonyms point the same way) and
// stored with pgvector; a search fuses the nearest passages with the full-text hits by reciprocal rank. On
// PGlite pgvector is always there; on a PostgreSQL server without it (DATABASE_URL), the same steps show the
// full-text fallback: nothing embedded, nothing asked, the same hits as before.

import { join } from 'node:path';
import { fakeEmbedding, type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationJobs } from '../src/db/schema.ts';
import { searchPassages } from '../src/modules/sources/index.ts';
import {
  embeddingsTableReady,
  nearestPassages,
  passageEmbeddings,
} from '../src/modules/sources/passage-embeddings.ts';
import { readRetrievalSet, recallAtK } from '../src/modules/sources/retrieval/evaluation.ts';
import { fuseByReciprocalRank } from '../src/modules/sources/retrieval/fusion.ts';
import { SOURCE_INGEST_JOB } from '../src/modules/sources/service.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { openTestDatabase } from './helpers/database.ts';
import { newGoal, pasteSource } from './helpers/sources.ts';

const MODEL = 'test-embedding';

const NOTES = `# Health and home

## Seeing a physician

A physician examines patients, listens to their symptoms and orders tests when something seems wrong.
Regular checkups with a physician find problems early, before they grow.

## Buying a vehicle

Before you purchase an automobile, compare insurance, fuel use and the price of repairs. A used vehicle
needs an inspection by a mechanic.

## Kitchen garden

Tomatoes need sun, water and rich soil; basil grows well beside them and keeps some pests away.

## Brakes and tyres

Checkups of brakes and tyres keep a car safe: a mechanic measures the tread and the brake pads.
`;

let t: TestApp;
let server: OpenAiTestServer;
let headers: Record<string, string>;
let userId: string;
/** pgvector on this database: PGlite always; a PostgreSQL server only with pgvector installed */
let vectors: boolean;

beforeAll(async () => {
  server = await startOpenAiServer();
  t = await createTestApp({ AI_BASE_URL: server.url, AI_EMBEDDING_MODEL: MODEL });
  const learner = await registerLearner(t.app);
  headers = learner.headers;
  // two goals at once
  await setTierByEmail(t.app.db, learner.email, 'pro');
  userId = (await t.api('GET', '/user', headers)).json<{ id: string }>().id;
  vectors = await embeddingsTableReady(t.app.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
});

async function search(goalId: string, q: string, limit = 10) {
  const res = await t.api(
    'GET',
    `/goals/${goalId}/sources/search?${new URLSearchParams({ q, limit: String(limit) })}`,
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ hits: { passageId: string; headingPath: string[]; snippet: string; text: string }[] }>()
    .hits;
}

/** The goal's stored embeddings (none where the table cannot exist). */
const embeddingRows = async (goalId: string) =>
  vectors
    ? t.app.db
        .select({
          passageId: passageEmbeddings.passageId,
          model: passageEmbeddings.model,
          userId: passageEmbeddings.userId,
        })
        .from(passageEmbeddings)
        .where(eq(passageEmbeddings.goalId, goalId))
    : [];

async function jobResult(sourceId: string) {
  const [job] = await t.app.db
    .select({ result: generationJobs.result })
    .from(generationJobs)
    .where(and(eq(generationJobs.kind, SOURCE_INGEST_JOB), eq(generationJobs.target, sourceId)));
  return job?.result as {
    passages: number;
    embeddings?: { model: string; embedded: number; error?: string };
  };
}

const embeddingRequests = () => server.requests.filter((r) => r.path === '/v1/embeddings');

describe('a source read with embeddings', () => {
  let goalId: string;
  let sourceId: string;

  beforeAll(async () => {
    goalId = await newGoal(t, headers);
    server.reset();
    const source = await pasteSource(t, headers, goalId, 'Notes', NOTES);
    expect(source.state).toBe('ready');
    sourceId = source.id;
  });

  it('stores one embedding per passage, of the configured model, asked in one request', async () => {
    const result = await jobResult(sourceId);
    expect(result.passages).toBe(4);
    if (!vectors) {
      // no pgvector: nothing is asked of the provider, and the job says why
      expect(result.embeddings).toEqual({
        model: MODEL,
        embedded: 0,
        error: 'pgvector_unavailable',
      });
      expect(embeddingRequests()).toHaveLength(0);
      return;
    }
    expect(result.embeddings).toEqual({ model: MODEL, embedded: 4 });
    const rows = await embeddingRows(goalId);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.model === MODEL && r.userId === userId)).toBe(true);
    const [request] = embeddingRequests();
    expect(request!.body.model).toBe(MODEL);
    // each passage is embedded with the headings it sits under
    expect(request!.body.input).toContainEqual(
      expect.stringMatching(/^Health and home › Seeing a physician\n\nA physician/),
    );
  });

  it('finds by meaning a passage that shares no word with the question', async () => {
    server.reset();
    const hits = await search(goalId, 'When should I visit a doctor?');
    if (!vectors) {
      // full text alone knows no doctor in these notes
      expect(hits).toEqual([]);
      expect(embeddingRequests()).toHaveLength(0);
      return;
    }
    expect(hits[0]!.headingPath).toEqual(['Health and home', 'Seeing a physician']);
    // found by meaning only: no words to mark, the passage's opening
    expect(hits[0]!.snippet).toMatch(/^A physician examines patients/);
    expect(hits[0]!.snippet).not.toContain('«');
    expect(embeddingRequests().map((r) => r.body.input)).toEqual([['When should I visit a doctor?']]);
  });

  it('fuses the full-text hits and the nearest passages by reciprocal rank', async () => {
    const query = 'doctor checkups';
    const hits = await search(goalId, query, 3);
    const fullText = await searchPassages(t.app.db, { userId, goalId, query, limit: 20 });
    if (!vectors) {
      expect(hits.map((h) => h.passageId)).toEqual(fullText.slice(0, 3).map((h) => h.passageId));
      return;
    }
    const nearest = await nearestPassages(t.app.db, {
      userId,
      goalId,
      model: MODEL,
      vector: fakeEmbedding(query),
      limit: 20,
    });
    // the two lists disagree: full text ranks the car's checkups first (the word twice), meaning the physician
    expect(fullText.map((h) => h.headingPath.at(-1))).toEqual(['Brakes and tyres', 'Seeing a physician']);
    expect(nearest[0]!.headingPath.at(-1)).toBe('Seeing a physician');
    const fused = fuseByReciprocalRank([fullText, nearest], (h) => h.passageId).slice(0, 3);
    expect(hits.map((h) => h.passageId)).toEqual(fused.map((h) => h.passageId));
    // a passage both lists found keeps the full text's snippet, its words marked
    const physician = hits.find((h) => h.headingPath.at(-1) === 'Seeing a physician')!;
    expect(physician.snippet).toContain('«checkups»');
  });

  it('searches by full text alone when the question cannot be embedded', async () => {
    server.reset();
    server.enqueueEmbeddings({ status: 400, error: 'the input is not allowed' });
    const hits = await search(goalId, 'tomatoes basil');
    expect(hits.map((h) => h.headingPath.at(-1))).toEqual(['Kitchen garden']);
    expect(embeddingRequests()).toHaveLength(vectors ? 1 : 0);
  });

  it('drops a source’s embeddings with the source', async () => {
    const other = await pasteSource(
      t,
      headers,
      goalId,
      'Short',
      'Basil and mint grow in pots on a sunny sill.',
    );
    const before = (await embeddingRows(goalId)).length;
    expect(before).toBe(vectors ? 5 : 0);
    const res = await t.api('DELETE', `/sources/${other.id}`, headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await embeddingRows(goalId)).toHaveLength(vectors ? 4 : 0);
  });
});

describe('a source whose embeddings fail', () => {
  it('is ready and searchable by full text, and its job says why nothing was embedded', async () => {
    const goalId = await newGoal(t, headers);
    server.reset();
    server.enqueueEmbeddings({ status: 400, error: 'this model does not exist' });
    const source = await pasteSource(t, headers, goalId, 'Garden', 'Tomatoes need sun, water and rich soil.');
    expect(source.state).toBe('ready');
    expect(source.error).toBeNull();
    const result = await jobResult(source.id);
    expect(result.embeddings).toEqual({
      model: MODEL,
      embedded: 0,
      // the provider's words go to the log; its learner may read the job's result
      error: vectors ? 'bad_request' : 'pgvector_unavailable',
    });
    expect(await embeddingRows(goalId)).toHaveLength(0);
    server.reset();
    const hits = await search(goalId, 'tomatoes');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.snippet).toContain('«Tomatoes»');
    // nothing of this goal is embedded: the question is not sent either
    expect(embeddingRequests()).toHaveLength(0);
  });
});

describe('the retrieval evaluation with embeddings', () => {
  it('still finds the answer of at least 9 questions in 10 among the first 5 hits', async () => {
    const set = readRetrievalSet(
      join(import.meta.dirname, 'fixtures/retrieval/relational-databases.questions.json'),
    );
    const goalId = await newGoal(t, headers, 'Understand relational databases');
    server.reset();
    const source = await pasteSource(t, headers, goalId, set.title, set.text);
    expect(source.state).toBe('ready');
    expect((await jobResult(source.id)).embeddings).toMatchObject({
      embedded: vectors ? source.passages : 0,
    });
    const report = await recallAtK(set.questions, (q) => search(goalId, q, 5));
    expect(report.recall, JSON.stringify(report.misses, null, 1)).toBeGreaterThanOrEqual(0.9);
    // every question was embedded where the passages were
    expect(embeddingRequests().length).toBe(vectors ? 1 + set.questions.length : 0);
  }, 120_000);
});

describe('pgvector installed after the migrations ran', () => {
  it('gets the embeddings table when the API next asks for it (at its start)', async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      const table = async () =>
        (
          await db
            .select({ name: sql<string | null>`to_regclass('source_passage_embeddings')::text` })
            .from(sql`(select 1) as once`)
        )[0]?.name ?? null;
      if (vectors) {
        // as a database migrated before pgvector was there: neither the extension nor the table
        await db.execute(sql`drop table source_passage_embeddings`);
        await db.execute(sql`drop extension vector`);
        expect(await table()).toBeNull();
      }
      expect(await embeddingsTableReady(db)).toBe(vectors);
      expect(await table()).toBe(vectors ? 'source_passage_embeddings' : null);
    } finally {
      await database.dispose();
    }
  }, 120_000);
});
