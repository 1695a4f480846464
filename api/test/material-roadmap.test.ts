// A roadmap built from a goal's material, through the API on PGlite (and PostgreSQL with DATABASE_URL): a
// Markdown guide's chapters become its sections and their sub-headings its lessons, each lesson naming the
// passages it covers; a PDF without headings is read by its pages; a roadmap generated again follows the
// material again; without a ready source the request is refused, and another learner's goal is not found.
import type { Roadmap, RoadmapWithLessonsSchema } from '@mindpath/contracts/roadmaps';
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { generationJobs, goals, lessons, sourcePassages, usageEvents } from '../src/db/schema.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { newGoal, pdfBytes, settledSource, upload } from './helpers/sources.ts';

type Headers = Record<string, string>;
type Section = z.infer<typeof RoadmapWithLessonsSchema>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function learner() {
  const l = await registerLearner(t.app);
  // a pro learner: the test generates more than the free plan's one roadmap per 72 hours
  await setTierByEmail(t.app.db, l.email, 'pro');
  const id = (await t.api('GET', '/user', l.headers)).json<{ id: string }>().id;
  return { headers: l.headers, id };
}

const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i % 7}`).join(' ');

const GUIDE = `# Python Handbook

This handbook teaches Python from the start.

## Getting started

Read this chapter first.

### Installing Python

Install Python from the official site. ${words(120, 'install')}.

### Your first program

Write a program that prints a greeting. ${words(150, 'print')}.

## Working with data

### Lists

A list holds values in order. ${words(200, 'list')}.

#### Slicing

Slices take part of a list. ${words(80, 'slice')}.

### Dictionaries

A dictionary maps keys to values. ${words(200, 'dict')}.
`;

async function addFile(headers: Headers, goalId: string, bytes: Uint8Array, name: string, type: string) {
  const res = await upload(t, 'POST', `/goals/${goalId}/sources`, headers, { bytes, name, type });
  expect(res.statusCode, res.body).toBe(202);
  const source = await settledSource(t, headers, res.json<{ id: string }>().id);
  expect(source.state, JSON.stringify(source)).toBe('ready');
  return source;
}

async function generate(l: { headers: Headers; id: string }, goalId: string, body: object) {
  // a start just after a finished generation joins it (a double click): the test's earlier ones are older
  await t.database.db
    .update(generationJobs)
    .set({ createdAt: sql`now() - interval '1 minute'` })
    .where(eq(generationJobs.target, goalId));
  const res = await t.api('POST', `/roadmaps/${l.id}/${goalId}`, l.headers, body);
  expect(res.statusCode, res.body).toBe(202);
  const status = (await t.api('GET', `/roadmaps/goal/${goalId}/generation?waitMs=30000`, l.headers)).json();
  expect(status.job.status, JSON.stringify(status.job)).toBe('succeeded');
  return status.job as { result: { source: string; fromMaterial: boolean } };
}

async function plan(headers: Headers, goalId: string): Promise<Section[]> {
  const sections = (await t.api('GET', `/roadmaps/goal/${goalId}`, headers)).json<Roadmap[]>();
  return Promise.all(
    sections.map(async (s) =>
      (await t.api('GET', `/roadmaps/${s.id}/with-lessons`, headers)).json<Section>(),
    ),
  );
}

/** The lessons' spans, in plan order. */
async function spans(sections: Section[]) {
  const ids = sections.flatMap((s) => s.lessons.map((l) => l.id));
  const rows = await t.database.db
    .select({ id: lessons.id, span: lessons.sourceSpan })
    .from(lessons)
    .where(inArray(lessons.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.span]));
  return ids.map((id) => byId.get(id) ?? null);
}

const passagesOf = (sourceId: string) =>
  t.database.db
    .select({
      ordinal: sourcePassages.ordinal,
      headingPath: sourcePassages.headingPath,
      page: sourcePassages.page,
    })
    .from(sourcePassages)
    .where(eq(sourcePassages.sourceId, sourceId))
    .orderBy(asc(sourcePassages.ordinal));

const fromMaterial = async (goalId: string) =>
  (await t.database.db.select({ v: goals.fromMaterial }).from(goals).where(eq(goals.id, goalId)))[0]!.v;

describe('a roadmap from the material', () => {
  it("follows a Markdown guide's chapters and headings, each lesson covering its passages", async () => {
    const l = await learner();
    const goalId = await newGoal(t, l.headers, 'Beginner: Learn Python');
    const source = await addFile(
      l.headers,
      goalId,
      new TextEncoder().encode(GUIDE),
      'handbook.md',
      'text/markdown',
    );

    const job = await generate(l, goalId, { fromMaterial: true });
    expect(job.result).toMatchObject({ source: 'material', fromMaterial: true });
    expect(await fromMaterial(goalId)).toBe(true);

    const sections = await plan(l.headers, goalId);
    // the document's title wraps everything: its chapters are the sections
    expect(sections.map((s) => s.name)).toEqual(['Getting started', 'Working with data']);
    expect(sections.map((s) => s.lessons.map((x) => x.title))).toEqual([
      ['Installing Python', 'Your first program'],
      ['Lists', 'Dictionaries'],
    ]);
    expect(sections.every((s) => s.source === 'material')).toBe(true);
    const first = sections[1]!.lessons[0]!;
    expect(first.summary).toBe('A list holds values in order.');
    expect(first.estimatedTimeInMinutes).toBeGreaterThanOrEqual(10);

    // every passage is in one lesson, in order, and a lesson's passages sit under its heading
    const passages = await passagesOf(source.id);
    const lessonTitles = sections.flatMap((s) => s.lessons.map((x) => x.title));
    const all = await spans(sections);
    let next = 0;
    all.forEach((span, i) => {
      expect(span).not.toBeNull();
      expect(span!.sourceId).toBe(source.id);
      expect(span!.from).toBe(next);
      expect(span!.to).toBeGreaterThanOrEqual(span!.from);
      const covered = passages.filter((p) => p.ordinal >= span!.from && p.ordinal <= span!.to);
      // the last of a lesson's passages is under its heading (its first may be the chapter's short opening)
      expect(covered.at(-1)!.headingPath).toContain(lessonTitles[i]);
      next = span!.to + 1;
    });
    expect(next).toBe(passages.length);

    // generated again without saying: it follows the material again, and counts as a generation
    const before = await t.database.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.kind, 'roadmap_generation'));
    const again = await generate(l, goalId, {});
    expect(again.result).toMatchObject({ source: 'material', fromMaterial: true });
    const regenerated = await plan(l.headers, goalId);
    expect(regenerated.map((s) => s.name)).toEqual(['Getting started', 'Working with data']);
    expect(regenerated.map((s) => s.id)).not.toEqual(sections.map((s) => s.id));
    const after = await t.database.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.kind, 'roadmap_generation'));
    expect(after.length).toBe(before.length + 1);

    // from the goal's text: the model's (here offline) roadmap, and the goal no longer follows its material
    const fromText = await generate(l, goalId, { fromMaterial: false });
    expect(fromText.result.fromMaterial).toBe(false);
    expect(await fromMaterial(goalId)).toBe(false);
    expect((await spans(await plan(l.headers, goalId))).every((s) => s === null)).toBe(true);
  }, 120_000);

  it('reads a PDF without headings by its pages', async () => {
    const l = await learner();
    const goalId = await newGoal(t, l.headers, 'Beginner: Learn history');
    const bytes = await pdfBytes((doc) => {
      for (let page = 1; page <= 12; page++) {
        if (page > 1) doc.addPage();
        doc.fontSize(11).text(`Page ${page} tells part of the story. ${words(90, `p${page}w`)}.`);
      }
    });
    const source = await addFile(l.headers, goalId, bytes, 'history.pdf', 'application/pdf');
    expect(source.pages).toBe(12);

    await generate(l, goalId, { fromMaterial: true });
    const sections = await plan(l.headers, goalId);
    expect(sections.map((s) => s.name)).toEqual(['Pages 1–10', 'Pages 11–12']);
    expect(sections[0]!.lessons.map((x) => x.title)).toEqual([
      'Pages 1–3',
      'Pages 4–5',
      'Pages 6–8',
      'Pages 9–10',
    ]);
    expect(sections[1]!.lessons.map((x) => x.title)).toEqual(['Pages 11–12']);
    // a lesson's span covers the passages of its pages
    const passages = await passagesOf(source.id);
    const [span] = await spans([sections[1]!]);
    const covered = passages.filter((p) => p.ordinal >= span!.from && p.ordinal <= span!.to);
    expect(new Set(covered.map((p) => p.page))).toEqual(new Set([11, 12]));
    expect(span!.to).toBe(passages.at(-1)!.ordinal);
  }, 120_000);

  it('is built the same with a model configured: the provider is never asked', async () => {
    // a provider at an address nothing answers: a generation that asked it would fail
    const configured = await createTestApp({
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
    });
    const outer = t;
    t = configured;
    try {
      const l = await learner();
      const goalId = await newGoal(t, l.headers, 'Beginner: Learn Python');
      await addFile(l.headers, goalId, new TextEncoder().encode(GUIDE), 'handbook.md', 'text/markdown');
      const job = await generate(l, goalId, { fromMaterial: true });
      expect(job.result).toMatchObject({ source: 'material', model: null, fromMaterial: true });
      const sections = await plan(l.headers, goalId);
      expect(sections.map((s) => s.name)).toEqual(['Getting started', 'Working with data']);
    } finally {
      t = outer;
      await configured.close();
    }
  }, 180_000);

  it('is refused without a ready source, and another learner finds no goal', async () => {
    const l = await learner();
    const goalId = await newGoal(t, l.headers);
    const res = await t.api('POST', `/roadmaps/${l.id}/${goalId}`, l.headers, { fromMaterial: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'no_ready_sources', message: SOURCE_MESSAGES.no_ready_sources });
    expect((await t.api('GET', `/roadmaps/goal/${goalId}/generation`, l.headers)).json().job).toBeNull();

    const other = await learner();
    const theirs = await t.api('POST', `/roadmaps/${other.id}/${goalId}`, other.headers, {
      fromMaterial: true,
    });
    expect(theirs.statusCode).toBe(404);
    const asThem = await t.api('POST', `/roadmaps/${l.id}/${goalId}`, other.headers, { fromMaterial: true });
    expect(asThem.statusCode).toBe(404);
  }, 60_000);
});
