// The retrieval evaluation: a chapter written for it (25 headed sections) and 72 questions a learner could
// ask, each with the passage that answers it. The chapter is read and cut into passages as a pasted source
// is, stored as a goal's passages, and each question searched as the tutor will; recall@5 must stay ≥ 0.9.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals, users } from '../src/db/schema.ts';
import { extractPastedText } from '../src/modules/sources/extract/index.ts';
import { searchPassages } from '../src/modules/sources/index.ts';
import { insertSource, replacePassages } from '../src/modules/sources/repository.ts';
import { readRetrievalSet, recallAtK } from '../src/modules/sources/retrieval/evaluation.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';

const set = readRetrievalSet(
  join(import.meta.dirname, 'fixtures/retrieval/relational-databases.questions.json'),
);

let database: TestDatabase;
let owner: { userId: string; goalId: string };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ username: 'reader', email: 'reader@example.com', passwordHash: 'not used' })
    .returning();
  const [goal] = await db
    .insert(goals)
    .values({ userId: user!.id, description: 'Understand relational databases' })
    .returning();
  owner = { userId: user!.id, goalId: goal!.id };
  const document = extractPastedText(set.title, set.text);
  const source = await insertSource(db, {
    ...owner,
    title: document.title,
    origin: 'paste',
    format: document.format,
    sections: document.sections,
    passages: document.passages.length,
    state: 'ready',
    progress: 100,
    text: document.text,
  });
  await db.transaction((tx) => replacePassages(tx, { id: source.id, ...owner }, document.passages));
});

afterAll(async () => {
  await database?.dispose();
});

describe('retrieval evaluation', () => {
  it('has a document of at least 15 sections and at least 40 questions', () => {
    expect(extractPastedText(set.title, set.text).sections).toBeGreaterThanOrEqual(15);
    expect(set.questions.length).toBeGreaterThanOrEqual(40);
  });

  it('finds the passage answering at least 9 questions in 10 among the first 5 hits', async () => {
    const report = await recallAtK(set.questions, (query) =>
      searchPassages(database.db, { ...owner, query, limit: 5 }),
    );
    // the message lists the misses, so a drop says which questions and where their answers went
    expect(report.recall, JSON.stringify(report.misses, null, 1)).toBeGreaterThanOrEqual(0.9);
  });
});
